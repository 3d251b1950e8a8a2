import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screens the web has, by registry path. A route of the registry without an entry here is
 * neither listed in the menu nor reachable.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/home-page': lazy(() => import('../services/platform/HomePage.tsx')),
  '/personal/': lazy(() => import('../services/clients.storage/PersonalPage.tsx')),
  '/sites.context/select': lazy(() => import('../services/sites.context/SiteSelectPage.tsx')),
  '/sites.context/all_sites': lazy(() => import('../services/sites.context/AllSitesPage.tsx')),
  '/clients.storage/clients/': lazy(() => import('../services/clients.storage/ClientsPage.tsx')),
  '/clients.storage/groups/': lazy(() => import('../services/clients.storage/GroupsPage.tsx')),
};

export const SCREEN_PATHS = Object.keys(SCREENS);

/** '/sites/{siteId}/pages/{pageStateId?}' → '/sites/:siteId/pages/:pageStateId?' for React Router. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)(\?)?\}/g, (_whole, name: string, optional?: string) => `:${name}${optional ?? ''}`);
}
