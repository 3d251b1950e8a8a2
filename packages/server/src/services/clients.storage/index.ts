import { auditResource, clientGroupResource, clientResource, permissionResource, roleResource, screenRouteResource, userResource } from '@dp/contracts';
import { auditLog } from '../../kit/audit.table.ts';
import { defineServerService, type ResourceBinding } from '../../kit/service.ts';
import * as clientTables from './client.table.ts';
import * as personalizationTables from './personalization.table.ts';
import * as screenRouteTables from './screen-route.table.ts';
import * as userTables from './user.table.ts';
import { auditHooks } from './audit-labels.ts';
import { clientHooks, roleHooks, userHooks } from './user.hooks.ts';
import { registerMeRoutes } from './me.routes.ts';
import { registerPersonalizationRoutes } from './personalization.routes.ts';
import { registerSatisfactionRoutes } from './satisfaction.routes.ts';
import { registerUserRoutes } from './user.routes.ts';

const { clientGroups, clients } = clientTables;
const { screenRoutes } = screenRouteTables;
const { permissions, rolePermissions, roles, userClients, userGroups, userPermissions, userRoles, users } = userTables;

/** Clients, users, roles, permissions, screens, the audit trail; a user's own page and settings. */
export const clientsStorage = defineServerService({
  name: 'clients.storage',
  tables: [clientTables, userTables, screenRouteTables, personalizationTables],
  // Typed: the two links objects differ in their keys.
  resources: (registry, config): ResourceBinding[] => [
    { resource: clientResource, table: clients, hooks: clientHooks },
    { resource: clientGroupResource, table: clientGroups },
    {
      resource: userResource,
      table: users,
      links: {
        client_ids: { table: userClients, owner: userClients.user_id, target: userClients.client_id },
        group_ids: { table: userGroups, owner: userGroups.user_id, target: userGroups.group_id },
        role_ids: { table: userRoles, owner: userRoles.user_id, target: userRoles.role_id },
        permission_ids: { table: userPermissions, owner: userPermissions.user_id, target: userPermissions.permission_id },
      },
      hooks: userHooks(config),
    },
    {
      resource: roleResource,
      table: roles,
      links: { permission_ids: { table: rolePermissions, owner: rolePermissions.role_id, target: rolePermissions.permission_id } },
      hooks: roleHooks,
      sharedWhenNull: true,
    },
    { resource: permissionResource, table: permissions },
    { resource: screenRouteResource, table: screenRoutes },
    { resource: auditResource, table: auditLog as never, hooks: auditHooks(registry) },
  ],
  async register(app, ctx, { registry }) {
    registerMeRoutes(app, ctx);
    registerPersonalizationRoutes(app, ctx);
    registerSatisfactionRoutes(app, ctx);
    registerUserRoutes(app, ctx, registry);
  },
});
