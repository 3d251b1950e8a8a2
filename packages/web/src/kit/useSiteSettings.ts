import { useQuery } from '@tanstack/react-query';
import type { AnyResource, JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from './api.ts';
import { queryKeys } from './queryKeys.ts';

/**
 * A site's settings record of a per-site settings resource (a widget's), which the service makes
 * with the defaults on first read: `GET /gateway/{service}/api/v1/{name}/for_site_id/{siteId}`.
 * Cached under the resource's key, so a save through the resource machinery refreshes it.
 */
export function useSiteSettings<A extends Record<string, unknown> = Record<string, unknown>>(resource: AnyResource, siteId: string, name = 'settings') {
  return useQuery({
    queryKey: [...queryKeys.resource(resource as never).all, 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<A>>(gatewayPath(resource.service, `${name}/for_site_id/${siteId}`), undefined, signal),
  });
}
