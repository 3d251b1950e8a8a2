import type { AnyResource } from './kit/resource.ts';
import { clientGroupResource, clientResource } from './clients.storage/client.resource.ts';
import { siteResource } from './sites.context/site.resource.ts';
import { ACTION_ROUTES, resourceApiRoutes, type ApiRoute } from './permissions.ts';

/** Every declared resource; the server registers and the conformance suite tests each one. */
export const RESOURCES: AnyResource[] = [clientResource, clientGroupResource, siteResource] as unknown as AnyResource[];

export const resourceKey = (r: { service: string; name: string }) => `${r.service}/${r.name}`;

export function findResource(service: string, name: string): AnyResource | undefined {
  return RESOURCES.find((r) => r.service === service && r.name === name);
}

/** The default gateway route table: action routes and the five routes of each resource. */
export const DEFAULT_API_ROUTES: ApiRoute[] = [...ACTION_ROUTES, ...RESOURCES.flatMap(resourceApiRoutes)];
