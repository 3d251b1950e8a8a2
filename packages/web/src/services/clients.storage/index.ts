import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** clients.storage: the personal area; clients, client groups, users, roles, permissions, screen routes, the audit trail. */
export const clientsStorageWeb = defineWebService({
  name: 'clients.storage',
  screens: {
    '/personal/': lazy(() => import('./PersonalPage.tsx')),
    '/clients.storage/clients/': lazy(() => import('./ClientsPage.tsx')),
    '/clients.storage/clients/{clientId}': lazy(() => import('./ClientPage.tsx')),
    '/clients.storage/groups/': lazy(() => import('./GroupsPage.tsx')),
    '/clients.storage/users/': lazy(() => import('./UsersPage.tsx')),
    '/clients.storage/users/{userId}': lazy(() => import('./UserPage.tsx')),
    '/clients.storage/roles/': lazy(() => import('./RolesPage.tsx')),
    '/clients.storage/roles/{roleId}': lazy(() => import('./RolePage.tsx')),
    '/clients.storage/permissions/': lazy(() => import('./PermissionsPage.tsx')),
    '/clients.storage/permissions/{permissionId}': lazy(() => import('./PermissionPage.tsx')),
    '/clients.storage/routes/': lazy(() => import('./RoutesPage.tsx')),
    '/clients.storage/routes/{routeId}': lazy(() => import('./RoutePage.tsx')),
    '/clients.storage/audit/': lazy(() => import('./AuditPage.tsx')),
  },
});
