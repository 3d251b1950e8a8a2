import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { clientGroupResource, clientResource } from './client.resource.ts';
import { userResource } from './user.resource.ts';
import { roleResource } from './role.resource.ts';
import { DEMO_CLIENT_GROUPS, DEMO_ROLES } from './demo-texts.ts';

export * from './client.resource.ts';
export * from './user.resource.ts';
export * from './role.resource.ts';
export * from './personalization.ts';
export * from './demo-texts.ts';

/**
 * clients.storage: clients and their groups, users, roles, the personal area. Its permission
 * codes, screens registry and audit trail are declared beside the list of services
 * (resources.ts), since their choices are every service and screen.
 */
export const clientsStorageContract = defineService({
  name: 'clients.storage',
  permissions: {
    codes: [
      'clients.get_full_list', 'clients.create', 'clients.patch', 'clients.delete',
      'users.get_list', 'roles.get_list', 'permissions.get_list', 'routes.get_list',
      'groups.list', 'groups.create', 'groups.patch', 'groups.delete',
      'satisfaction.report',
      'users.create', 'users.patch', 'users.delete',
      'roles.create', 'roles.patch', 'roles.delete',
      'permissions.create', 'permissions.patch', 'permissions.delete',
      'routes.create', 'routes.patch', 'routes.delete',
      'audit.get_list',
    ],
    entities: {
      clients: text('Клиенты', 'Clients'),
      groups: text('Группы клиентов', 'Client groups'),
      users: text('Пользователи', 'Users'),
      roles: text('Роли', 'Roles'),
      permissions: text('Права', 'Permissions'),
      routes: text('Маршруты экранов', 'Screen routes'),
      audit: text('Журнал аудита', 'Audit trail'),
      satisfaction: text('Опрос удовлетворённости', 'Satisfaction survey'),
    },
    special: {
      'satisfaction.report': special(
        text('Отчёт об удовлетворённости', 'Satisfaction report'),
        text('Скачивать оценки пользователей за месяц в CSV', 'Download the users\' ratings of a month as CSV'),
      ),
    },
  },
  resources: [clientResource, clientGroupResource, userResource, roleResource],
  screens: [
    screen('client_groups', '/clients.storage/groups/', 'dictionaries', 'clients', 10, ['groups.list']),
    screen('clients', '/clients.storage/clients/', 'settings', 'access', 10, ['clients.get_full_list']),
    screen('users', '/clients.storage/users/', 'settings', 'access', 20, ['users.get_list']),
    screen('roles', '/clients.storage/roles/', 'settings', 'access', 30, ['roles.get_list']),
    screen('permissions', '/clients.storage/permissions/', 'settings', 'access', 40, ['permissions.get_list']),
    screen('routes', '/clients.storage/routes/', 'settings', 'access', 50, ['routes.get_list']),
    screen('audit', '/clients.storage/audit/', 'settings', 'access', 55, ['audit.get_list']),
    screen('client_edit', '/clients.storage/clients/{clientId}', null, 'access', 11, ['clients.get_full_list']),
    screen('user_edit', '/clients.storage/users/{userId}', null, 'access', 21, ['users.get_list']),
    screen('role_edit', '/clients.storage/roles/{roleId}', null, 'access', 31, ['roles.get_list']),
    screen('permission_edit', '/clients.storage/permissions/{permissionId}', null, 'access', 41, ['permissions.get_list']),
    screen('route_edit', '/clients.storage/routes/{routeId}', null, 'access', 51, ['routes.get_list']),
  ],
  routes: [
    api('GET', '/api/v1/me'),
    api('PATCH', '/api/v1/me'),
    // Account removal from the personal area: deactivates the own account (no codes: a person's route).
    api('DELETE', '/api/v1/me'),
    api('GET', '/api/v1/me/routes'),
    api('GET', '/api/v1/personalization'),
    api('POST', '/api/v1/personalization'),
    api('PATCH', '/api/v1/personalization'),
    api('POST', '/api/v1/satisfaction'),
    api('GET', '/api/v1/satisfaction/report/csv', ['satisfaction.report']),
    api('PATCH', '/api/v1/users/{id}/activate', ['users.patch']),
    api('GET', '/api/v1/users/{id}/sessions', ['users.get_list']),
    // Another user's second factor: whether it is set up; a reset under the takeover rule.
    api('GET', '/api/v1/users/{id}/second_factor', ['users.get_list']),
    api('DELETE', '/api/v1/users/{id}/second_factor', ['users.patch']),
    api('GET', '/api/v1/users/filtered', ['users.get_list']),
    api('GET', '/api/v1/clients/by_user', ['users.get_list']),
  ],
  seeded: [...Object.values(DEMO_ROLES).flatMap((role) => [role.name, role.description]), ...Object.values(DEMO_CLIENT_GROUPS)],
});
