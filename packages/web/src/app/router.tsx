import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Root } from './Root.tsx';
import { RouteError } from './RouteError.tsx';
import { WEB_SERVICES } from '../services.ts';

const NotFoundPage = lazy(() => import('./NotFoundPage.tsx').then((module) => ({ default: module.NotFoundPage })));

/** '/sites/{siteId}/pages/{pageStateId?}' → '/sites/:siteId/pages/:pageStateId?' for React Router. */
function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)(\?)?\}/g, (_whole, name: string, optional?: string) => `:${name}${optional ?? ''}`);
}

/**
 * Every page hangs under Root, which applies the guards (signed out, an unknown path goes to '/';
 * signed in, it shows "page not found" in the shell). A page that fails (a chunk that does not
 * load) shows its error inside the shell, under the top bar and beside the menu. The pages are
 * the web services' (services.ts): their screens and the pages outside the registry.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError inShell />,
        children: [
          ...WEB_SERVICES.flatMap((service) => Object.entries({ ...service.routes, ...service.screens })).map(([path, Page]) => ({ path: toRouterPath(path), element: <Page /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
