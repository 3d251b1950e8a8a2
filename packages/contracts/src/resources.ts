import type { AnyResource } from './kit/resource.ts';
import { resourceApiRoutes, type ApiRoute } from './kit/routes.ts';
import { SERVICE_CONTRACTS } from './services.ts';
import { ACTION_ROUTES, SERVICE_MODULES } from './permissions.ts';
import { permissionResource } from './clients.storage/permission.resource.ts';
import { screenRouteResource } from './clients.storage/route.resource.ts';
import { auditResource } from './clients.storage/audit.resource.ts';
import { apiRouteResource, restrictionResource } from './gateway.processing/api-route.resource.ts';

/**
 * The resources whose choices are every service or every screen: the permission codes, the
 * screens registry and the audit trail of clients.storage, the gateway's route table and its
 * restrictions. Their schemas are made from the walked lists (permissions.ts), so they are listed
 * here, after the list of services, instead of in their services' contracts.
 */
const REGISTRY_RESOURCES = [permissionResource, screenRouteResource, auditResource, apiRouteResource, restrictionResource] as unknown as AnyResource[];

/** Every declared resource; the server registers and the conformance suite tests each one. */
export const RESOURCES: AnyResource[] = [...SERVICE_CONTRACTS.flatMap((service) => service.resources), ...REGISTRY_RESOURCES];

export const resourceKey = (r: { service: string; name: string }) => `${r.service}/${r.name}`;

export function findResource(service: string, name: string): AnyResource | undefined {
  return RESOURCES.find((r) => r.service === service && r.name === name);
}

/** A route's module: its own or its resource's (null: none), else its service's (public routes have no caller to refuse). */
const withServiceModule = (route: ApiRoute): ApiRoute => {
  const { module = route.public ? null : (SERVICE_MODULES[route.service as keyof typeof SERVICE_MODULES] ?? null), ...rest } = route;
  return module ? { ...rest, module } : rest;
};

/** The default gateway route table: action routes and the five routes of each resource, tied to their modules. */
export const DEFAULT_API_ROUTES: ApiRoute[] = [...ACTION_ROUTES, ...RESOURCES.flatMap(resourceApiRoutes)].map(withServiceModule);
