import { clientGroupResource, clientResource, siteResource, type AnyResource } from '@dp/contracts';
import type { ResourceRegistry } from './kit/crud-routes.ts';
import { clientGroups, clients } from './services/clients.storage/client.table.ts';
import { sites } from './services/sites.context/site.table.ts';

/** Each declared resource and the table that stores it: the one line a new resource adds here. */
export function bindResourceTables(registry: ResourceRegistry) {
  registry.bind(clientResource as unknown as AnyResource, clients);
  registry.bind(clientGroupResource as unknown as AnyResource, clientGroups);
  registry.bind(siteResource as unknown as AnyResource, sites);
}
