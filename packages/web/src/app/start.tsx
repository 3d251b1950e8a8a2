import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './i18n.ts';
import './app.css';
import { Providers } from './Providers.tsx';
import { createAppRouter } from './router.tsx';
import { preloadSignedIn } from './preload.ts';
import { queryClient } from './queryClient.ts';

// Signed in: the user's data and the page's code are asked for now, together (preload.ts).
preloadSignedIn(queryClient, window.location.pathname);

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
