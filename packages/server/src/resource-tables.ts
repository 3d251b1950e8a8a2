import {
  apiRouteResource,
  auditResource,
  clientGroupResource,
  clientResource,
  permissionResource,
  restrictionResource,
  roleResource,
  screenRouteResource,
  siteResource,
  userResource,
  type AnyResource,
} from '@dp/contracts';
import { moduleResource } from '@dp/contracts';
import type { ResourceRegistry } from './kit/crud-routes.ts';
import type { Config } from './kit/config.ts';
import { auditLog } from './kit/audit.table.ts';
import { clientGroups, clients } from './services/clients.storage/client.table.ts';
import { permissions, rolePermissions, roles, userClients, userGroups, userPermissions, userRoles, users } from './services/clients.storage/user.table.ts';
import { screenRoutes } from './services/clients.storage/screen-route.table.ts';
import { clientHooks, roleHooks, userHooks } from './services/clients.storage/user.hooks.ts';
import { auditHooks } from './services/clients.storage/audit-labels.ts';
import { apiRoutes } from './services/gateway.processing/api-route.table.ts';
import { restrictions } from './services/gateway.processing/restriction.table.ts';
import { dealers, siteGroups, sites } from './services/sites.context/site.table.ts';
import { siteHooks } from './services/sites.context/site.hooks.ts';
import { dealerResource, siteGroupResource } from '@dp/contracts';
import { modules } from './services/marketplace/module.table.ts';
import { moduleHooks } from './services/marketplace/module.hooks.ts';

const bindable = (r: unknown) => r as AnyResource;

/** Each declared resource and the table that stores it: the one line a new resource adds here. */
export function bindResourceTables(registry: ResourceRegistry, config: Pick<Config, 'internalEmailDomains' | 'technicalDomain'>) {
  registry.bind(bindable(clientResource), clients, { hooks: clientHooks });
  registry.bind(bindable(clientGroupResource), clientGroups);
  // sites.context
  registry.bind(bindable(siteResource), sites, { hooks: siteHooks(config, () => registry) });
  registry.bind(bindable(siteGroupResource), siteGroups);
  registry.bind(bindable(dealerResource), dealers);
  registry.bind(bindable(userResource), users, {
    links: {
      client_ids: { table: userClients, owner: userClients.user_id, target: userClients.client_id },
      group_ids: { table: userGroups, owner: userGroups.user_id, target: userGroups.group_id },
      role_ids: { table: userRoles, owner: userRoles.user_id, target: userRoles.role_id },
      permission_ids: { table: userPermissions, owner: userPermissions.user_id, target: userPermissions.permission_id },
    },
    hooks: userHooks(config),
  });
  registry.bind(bindable(roleResource), roles, {
    links: { permission_ids: { table: rolePermissions, owner: rolePermissions.role_id, target: rolePermissions.permission_id } },
    hooks: roleHooks,
    sharedWhenNull: true,
  });
  registry.bind(bindable(permissionResource), permissions);
  registry.bind(bindable(screenRouteResource), screenRoutes);
  registry.bind(bindable(auditResource), auditLog as never, { hooks: auditHooks(registry) });
  registry.bind(bindable(apiRouteResource), apiRoutes);
  registry.bind(bindable(restrictionResource), restrictions);
  // marketplace
  registry.bind(bindable(moduleResource), modules, { hooks: moduleHooks(Object.keys(moduleResource.entity.shape)) });
}
