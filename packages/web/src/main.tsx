// The page's CSP settings must be in place before any module builds a zod schema, and the bundler
// may run shared chunks before the entry's own code: so they run first and the app loads after.
import './app/csp-setup.ts';
// antd's styles, built from the app's theme at build time (antd-styles.tsx): a CSS file index.html links.
import 'virtual:antd-styles.css';

import { AUTH_KEY } from './kit/storage.ts';

// Signed in: the user, the routes, the texts, the shell's and the page's code are asked for as soon
// as this small part of the app is in (preload.ts), while the rest of it (antd, React DOM) loads.
// Signed out, the sign-in page does not load it.
if (localStorage.getItem(AUTH_KEY)) void import('./app/preload.ts').then(({ preloadSignedIn }) => preloadSignedIn());
void import('./app/start.tsx');
