// The page's CSP settings must be in place before any module builds a zod schema, and the bundler
// may run shared chunks before the entry's own code: so they run first and the app loads after.
import './app/csp-setup.ts';

void import('./app/start.tsx');
