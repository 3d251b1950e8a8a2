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
  // sites.context
  '/sites.context/sites/create': lazy(() => import('../services/sites.context/SiteCreatePage.tsx')),
  '/sites.context/sites/{siteId}/settings': lazy(() => import('../services/sites.context/SiteSettingsPage.tsx')),
  '/sites.context/sites/{siteId}/users': lazy(() => import('../services/sites.context/SiteUsersPage.tsx')),
  '/sites.context/groups': lazy(() => import('../services/sites.context/SiteGroupsPage.tsx')),
  '/sites.context/forks': lazy(() => import('../services/sites.context/ForksPage.tsx')),
  '/sites.context/dealers': lazy(() => import('../services/sites.context/DealersPage.tsx')),
  '/clients.storage/clients/': lazy(() => import('../services/clients.storage/ClientsPage.tsx')),
  '/clients.storage/groups/': lazy(() => import('../services/clients.storage/GroupsPage.tsx')),
  '/auth.processing/root/': lazy(() => import('../services/auth.processing/RootPage.tsx')),
  '/auth.processing/custom_tokens/': lazy(() => import('../services/auth.processing/CustomTokensPage.tsx')),
  '/clients.storage/clients/{clientId}': lazy(() => import('../services/clients.storage/ClientPage.tsx')),
  '/clients.storage/users/': lazy(() => import('../services/clients.storage/UsersPage.tsx')),
  '/clients.storage/users/{userId}': lazy(() => import('../services/clients.storage/UserPage.tsx')),
  '/clients.storage/roles/': lazy(() => import('../services/clients.storage/RolesPage.tsx')),
  '/clients.storage/roles/{roleId}': lazy(() => import('../services/clients.storage/RolePage.tsx')),
  '/clients.storage/permissions/': lazy(() => import('../services/clients.storage/PermissionsPage.tsx')),
  '/clients.storage/permissions/{permissionId}': lazy(() => import('../services/clients.storage/PermissionPage.tsx')),
  '/clients.storage/routes/': lazy(() => import('../services/clients.storage/RoutesPage.tsx')),
  '/clients.storage/routes/{routeId}': lazy(() => import('../services/clients.storage/RoutePage.tsx')),
  '/clients.storage/audit/': lazy(() => import('../services/clients.storage/AuditPage.tsx')),
  '/gateway.processing/routes/': lazy(() => import('../services/gateway.processing/GatewayRoutesPage.tsx')),
  '/gateway.processing/routes/{routeId}': lazy(() => import('../services/gateway.processing/GatewayRoutePage.tsx')),
  '/gateway.processing/restrictions/': lazy(() => import('../services/gateway.processing/RestrictionsPage.tsx')),
  // marketplace
  '/marketplace/settings': lazy(() => import('../services/marketplace/MarketplaceSettingsPage.tsx')),
  '/marketplace/settings/module_edit/{moduleCode}': lazy(() => import('../services/marketplace/ModuleEditPage.tsx')),
  '/marketplace/marketplace/{siteId}': lazy(() => import('../services/marketplace/SiteMarketplacePage.tsx')),
  '/mulitlanuge/settings/{siteId}': lazy(() => import('../services/marketplace/MultiLanguageSettingsPage.tsx')),
  // sites.controller
  '/sites.controller/tasks_page/': lazy(() => import('../services/sites.controller/TasksPage.tsx')),
};

export const SCREEN_PATHS = Object.keys(SCREENS);

/** '/sites/{siteId}/pages/{pageStateId?}' → '/sites/:siteId/pages/:pageStateId?' for React Router. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)(\?)?\}/g, (_whole, name: string, optional?: string) => `:${name}${optional ?? ''}`);
}
