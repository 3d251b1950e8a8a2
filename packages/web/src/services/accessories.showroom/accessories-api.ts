import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnyResource, JsonApiList, JsonApiRecord } from '@dp/contracts';
import { accessoryAttributeResource, accessoryCategoryResource, accessoryResource, accessorySettingsResource } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** Calls of accessories.showroom (server services/accessories.showroom). */
export const accessoriesPath = (rest: string) => gatewayPath('accessories.showroom', rest);
const asResource = (resource: unknown) => resource as AnyResource;
export const accessoryRes = asResource(accessoryResource);
export const categoryRes = asResource(accessoryCategoryResource);
export const attributeRes = asResource(accessoryAttributeResource);
export const settingsRes = asResource(accessorySettingsResource);

export type Row = JsonApiRecord<Record<string, unknown>>;

/** A page of one of the spec's list calls (by_site_id, for_client_id, system_...): paging, sort and filters as query. */
export function usePagedList(resource: AnyResource, path: string | null, query: Record<string, string | number | undefined>) {
  const sent = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
  return useQuery({
    queryKey: [...queryKeys.resource(resource).all, 'paged', path, sent],
    enabled: path !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.list<Record<string, unknown>>(accessoriesPath(path!), sent, signal) as Promise<JsonApiList<Record<string, unknown>>>,
  });
}

/** Every attribute a client's accessories may carry (its own and the system-wide ones). */
export function useClientAttributes(clientId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.resource(attributeRes).all, 'all', clientId],
    enabled: clientId !== null,
    staleTime: 30_000,
    queryFn: ({ signal }) => api.list<Record<string, unknown>>(accessoriesPath(`accessory_attributes/for_client_id/${clientId}/all`), undefined, signal),
  });
}
