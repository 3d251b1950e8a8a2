import { showroomSettingsResource, type AnyResource } from '@dp/contracts';
import { gatewayPath } from '../../kit/api.ts';
import { useSiteSettings } from '../../kit/useSiteSettings.ts';

/** The showroom's API path below the gateway. */
export const showroomPath = (path: string) => gatewayPath('messenger_showroom', path);

/** The site's showroom settings (made with the defaults on first read): the lists of callbacks name them. */
export function useShowroomSettings(siteId: string) {
  return useSiteSettings(showroomSettingsResource as unknown as AnyResource, siteId);
}
