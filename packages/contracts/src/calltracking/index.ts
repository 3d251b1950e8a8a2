import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { callkeeperSettingsResource, callResource, calltouchSettingsResource } from './calltracking.resource.ts';

export * from './calltracking.resource.ts';

const SITE_SCREEN = { module: 'calltracking' };

/** calltracking: a site's CallKeeper and Calltouch widgets and the calls they tracked. */
export const calltrackingContract = defineService({
  name: 'calltracking',
  module: 'calltracking',
  permissions: {
    codes: ['callkeeper_settings.get_list', 'callkeeper_settings.patch', 'calltouch_settings.get_list', 'calltouch_settings.patch', 'calls.get_list'],
    entities: {
      callkeeper_settings: text('Настройки виджета CallKeeper', 'CallKeeper widget settings'),
      calltouch_settings: text('Настройки виджета Calltouch', 'Calltouch widget settings'),
      calls: text('Звонки коллтрекинга', 'Tracked calls'),
    },
  },
  resources: [callkeeperSettingsResource, calltouchSettingsResource, callResource],
  screens: [
    screen('callkeeper_settings', '/widgets/callkeeper/{siteId}/settings', 'site', 'widgets', 171, ['callkeeper_settings.get_list'], SITE_SCREEN),
    screen('calltouch_settings', '/widgets/calltouch/{siteId}/settings', 'site', 'widgets', 172, ['calltouch_settings.get_list'], SITE_SCREEN),
    screen('calltracking_calls', '/integrations/calltracking/{siteId}/', 'site', 'widgets', 173, ['calls.get_list'], SITE_SCREEN),
  ],
  routes: [
    // A site's widget settings, made with the defaults on first read.
    api('GET', '/api/v1/callkeeper_settings/for_site_id/{siteId}', ['callkeeper_settings.get_list']),
    api('GET', '/api/v1/calltouch_settings/for_site_id/{siteId}', ['calltouch_settings.get_list']),
    // The site's calls of a date range as XLSX.
    api('GET', '/api/v1/calls/where_site/{siteId}/format_xlsx', ['calls.get_list']),
    // Pulls the site's calls from Calltouch now (the schedule does it every few minutes).
    api('POST', '/api/v1/calls/where_site/{siteId}/pull', ['calltouch_settings.patch']),
    // A call delivered by the service, signed with the widget's webhook secret (no token; the handler checks the module).
    api('POST', '/api/v1/webhooks/{provider}/{siteId}', [], true, null),
  ],
});
