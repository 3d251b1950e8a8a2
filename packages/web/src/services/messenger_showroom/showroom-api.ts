import { useQuery } from '@tanstack/react-query';
import { showroomSettingsResource, type JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** The showroom's API path below the gateway. */
export const showroomPath = (path: string) => gatewayPath('messenger_showroom', path);

/** The site's showroom settings (made with the defaults on first read): the lists of callbacks name them. */
export function useShowroomSettings(siteId: string) {
  return useQuery({
    queryKey: [...queryKeys.resource(showroomSettingsResource as never).all, 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<Record<string, unknown>>>(showroomPath(`settings/for_site_id/${siteId}`), undefined, signal),
  });
}
