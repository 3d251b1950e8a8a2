import { useQuery } from '@tanstack/react-query';
import type { AnyResource, JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from './api.ts';
import { queryKeys } from './queryKeys.ts';

/**
 * A site's settings record of a per-site settings resource (a widget's), which the service makes
 * with the defaults on first read: `GET /gateway/{service}/api/v1/{name}/for_site_id/{siteId}`, or
 * the service's own path of it (`path`, after `/api/v1/`). Cached under the resource's key, so a
 * save through the resource machinery refreshes it.
 */
export function useSiteSettings<A extends Record<string, unknown> = Record<string, unknown>>(resource: AnyResource, siteId: string, name = 'settings', path = `${name}/for_site_id/${siteId}`) {
  return useQuery({
    queryKey: [...queryKeys.resource(resource as never).all, 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<A>>(gatewayPath(resource.service, path), undefined, signal),
  });
}
