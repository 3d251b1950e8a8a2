import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Root } from './Root.tsx';
import { RouteError } from './RouteError.tsx';
import { SCREENS, toRouterPath } from './screens.tsx';

const SignInPage = lazy(() => import('../services/auth.processing/SignInPage.tsx'));
const RestorePage = lazy(() => import('../services/auth.processing/RestorePage.tsx'));
const LogoutPage = lazy(() => import('../services/auth.processing/LogoutPage.tsx'));
const ClientChoicePage = lazy(() => import('../services/auth.processing/ClientChoicePage.tsx'));
const SecondFactorPage = lazy(() => import('../services/auth.processing/SecondFactorPage.tsx'));
const OidcCallbackPage = lazy(() => import('../services/auth.processing/OidcCallbackPage.tsx'));
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx').then((module) => ({ default: module.NotFoundPage })));

/**
 * Every page hangs under Root, which applies the guards (signed out, an unknown path goes to '/';
 * signed in, it shows "page not found" in the shell). A page that fails (a chunk that does not
 * load) shows its error inside the shell, under the top bar and beside the menu.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError inShell />,
        children: [
          { index: true, element: <SignInPage /> },
          { path: 'restore', element: <RestorePage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'auth.processing/auth', element: <ClientChoicePage /> },
          { path: 'auth.processing/oidc/callback', element: <OidcCallbackPage /> },
          { path: 'auth.processing/second_factor', element: <SecondFactorPage /> },
          ...Object.entries(SCREENS).map(([path, Screen]) => ({ path: toRouterPath(path), element: <Screen /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
