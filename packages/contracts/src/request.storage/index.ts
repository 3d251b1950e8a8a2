import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { target } from '../kit/module-targets.ts';
import { agreementHashResource, offensiveWordResource, requestBlockResource, requestBlockSettingsResource, requestSettingsResource } from './request-settings.resource.ts';

export * from './request-types.ts';
export * from './request-settings.resource.ts';
export * from './captcha-check.ts';
export * from './request-summary.ts';

/** A customer request (request.storage's records, named by the server): module-tied routes on one find the site there. */
const REQUEST = 'request.storage/requests';
/** The spec's list paths, one per request type. */
const REQUEST_LIST_ROUTES = ['subscription_requests', 'callback_requests', 'test_drive_requests', 'service_requests', 'buy_model_requests', 'avn_requests', 'accessory_requests', 'custom_form_requests', 'tradein_requests'];

/**
 * request.storage: the requests sent from the sites' forms (the public intake is on the sites' own
 * hosts, not the gateway), their settings, sender blocks, offensive words, consent texts, lost requests.
 */
export const requestStorageContract = defineService({
  name: 'request.storage',
  module: 'requests',
  permissions: {
    codes: [
      'callback_requests.get_list', 'email_actions.get_list', 'proxy_actions.get_list', 'offensive_words.admin',
      // The write codes the spec leaves unnamed (reading is callback_requests.get_list).
      'requests.delete', 'requests.patch', 'requests_settings.create', 'requests_settings.patch', 'requests_settings.delete', 'request_blocks.create', 'request_blocks.patch', 'request_blocks.delete',
      // Resending and dismissing lost requests.
      'lost_requests.patch',
    ],
    entities: {
      callback_requests: text('Заявки на обратный звонок', 'Callback requests'),
      email_actions: text('Почтовые действия', 'E-mail actions'),
      proxy_actions: text('Прокси-действия', 'Proxy actions'),
      offensive_words: text('Запрещённые слова', 'Offensive words'),
      requests: text('Заявки с сайтов', 'Site requests'),
      requests_settings: text('Настройки заявок', 'Request settings'),
      request_blocks: text('Блокировки отправителей', 'Sender blocks'),
      lost_requests: text('Потерянные заявки', 'Lost requests'),
    },
    special: {
      'offensive_words.admin': special(text('Запрещённые слова: управление', 'Offensive words: manage'), text('Вести список запрещённых слов в заявках', 'Keep the list of words refused in requests')),
    },
  },
  resources: [offensiveWordResource, agreementHashResource, requestSettingsResource, requestBlockResource, requestBlockSettingsResource],
  screens: [
    // The lists per type, all requests' export, settings, blocks, consent hashes (site menu, module requests); offensive words (dictionaries).
    ...REQUEST_LIST_ROUTES.map((list, index) => screen(`requests_${list}`, `/request.storage/${list}/{siteId}`, 'site', 'requests', 120 + index, ['callback_requests.get_list'], { module: 'requests' })),
    screen('requests_all_export', '/request.storage/all_requests_export/{siteId}', 'site', 'requests', 130, ['callback_requests.get_list'], { module: 'requests' }),
    screen('requests_settings', '/request.storage/settings_requests/{siteId}', 'site', 'requests', 131, ['callback_requests.get_list'], { module: 'requests' }),
    screen('requests_site_blocks', '/request.storage/site_blocks/{siteId}', 'site', 'requests', 132, ['callback_requests.get_list'], { module: 'requests' }),
    screen('requests_block_settings', '/request.storage/handle_site_blocks/{siteId}', 'site', 'requests', 139, ['callback_requests.get_list'], { module: 'requests' }),
    screen('requests_summary', '/request.storage/summary/{siteId}', 'site', 'requests', 119, ['callback_requests.get_list'], { module: 'requests' }),
    screen('requests_agreement_hash', '/request.storage/agreement_hash/list/{siteId}', 'site', 'requests', 133, ['callback_requests.get_list'], { module: 'requests' }),
    screen('offensive_words', '/request.storage/offensive_words', 'dictionaries', 'requests', 90, ['offensive_words.admin']),
    // Lost requests and report mails (module requests).
    screen('requests_lost_requests', '/request.storage/lost_requests/{siteId}', 'site', 'requests', 134, ['callback_requests.get_list'], { module: 'requests' }),
    screen('requests_report_settings', '/request.storage/settings/{siteId}', 'site', 'requests', 135, ['callback_requests.get_list'], { module: 'requests' }),
  ],
  routes: [
    // The lists per type and site, their XLSX and CSV, one request, delete; all requests' XLSX and CSV;
    // consent texts by hash; archive and unarchive of settings; blocks; a request's actions.
    ...REQUEST_LIST_ROUTES.flatMap((list) => [
      api('GET', `/api/v1/${list}/where_site/{siteId}`, ['callback_requests.get_list']),
      api('GET', `/api/v1/${list}/where_site/{siteId}/format_xlsx`, ['callback_requests.get_list']),
      api('GET', `/api/v1/${list}/where_site/{siteId}/format_csv`, ['callback_requests.get_list']),
      api('DELETE', `/api/v1/${list}/{id}`, ['requests.delete'], false, onRecord(REQUEST)),
    ]),
    api('GET', '/api/v1/requests/{id}', ['callback_requests.get_list'], false, onRecord(REQUEST)),
    api('GET', '/api/v1/requests/where_site/{siteId}/format_xlsx', ['callback_requests.get_list']),
    api('GET', '/api/v1/requests/where_site/{siteId}/format_csv', ['callback_requests.get_list']),
    api('GET', '/api/v1/agreement_hash/list/{siteId}', ['callback_requests.get_list']),
    api('GET', '/api/v1/agreement_hash/by/{siteId}/{hash}', ['callback_requests.get_list']),
    api('GET', '/api/v1/agreement_hash/by/{siteId}/{hash}/file', ['callback_requests.get_list']),
    // The statuses of a request type's actions on a site; the site's counts by type and by day.
    api('GET', '/api/v1/request_statuses/{type}/where_site/{siteId}', ['callback_requests.get_list']),
    api('GET', '/api/v1/request_summary/where_site/{siteId}', ['callback_requests.get_list']),
    // The site's block settings (made with the defaults on first read).
    api('GET', '/api/v1/requests/block/settings/where_site_id/{siteId}', ['callback_requests.get_list']),
    api('PATCH', '/api/v1/requests/block/settings/where_site_id/{siteId}', ['request_blocks.patch']),
    api('GET', '/api/v1/requests_settings/where_site/{siteId}', ['callback_requests.get_list']),
    api('GET', '/api/v1/requests_settings/archive/where_site/{siteId}', ['callback_requests.get_list']),
    api('POST', '/api/v1/requests_settings/{id}/archive', ['requests_settings.patch'], false, onRecord('request.storage/requests_settings')),
    api('POST', '/api/v1/requests_settings/{id}/unarchive', ['requests_settings.patch'], false, onRecord('request.storage/requests_settings')),
    api('GET', '/api/v1/request_block/where_site_id/{siteId}', ['callback_requests.get_list']),
    api('POST', '/api/v1/request_block/from_request', ['request_blocks.create'], false, { targets: [target.body(REQUEST, '/data/request_id')] }),
    // Marks a request handled (the reviewer's invitation follows).
    api('POST', '/api/v1/requests/{id}/handled', ['requests.patch'], false, onRecord(REQUEST)),
    api('GET', '/api/v1/requests/{id}/actions', ['callback_requests.get_list'], false, onRecord(REQUEST)),
    // Requests whose smart captcha could not be checked: the site's summary; release (their held actions run, as a lost request's resend) or delete, many at once.
    api('GET', '/api/v1/requests/captcha_unverified/where_site/{siteId}', ['callback_requests.get_list']),
    api('POST', '/api/v1/requests/release/where_site/{siteId}', ['lost_requests.patch']),
    api('POST', '/api/v1/requests/delete/where_site/{siteId}', ['requests.delete']),
    // The actions a setting may pick, lost requests (list, dismiss, archive, resend, restart of one action), report mails.
    api('GET', '/api/v1/requests_settings/available_actions/where_site/{siteId}', ['callback_requests.get_list']),
    api('GET', '/api/v1/requests_settings/{id}/available_actions', ['callback_requests.get_list'], false, onRecord('request.storage/requests_settings')),
    api('GET', '/api/v1/lost_requests/where_site/{siteId}', ['callback_requests.get_list']),
    api('GET', '/api/v1/lost_requests/where_site/{siteId}/archive', ['callback_requests.get_list']),
    api('DELETE', '/api/v1/lost_requests/{id}', ['lost_requests.patch'], false, onRecord(REQUEST)),
    api('POST', '/api/v1/lost_requests/{id}/resend', ['lost_requests.patch'], false, onRecord(REQUEST)),
    api('GET', '/api/v1/repeat_action/where_exec/{id}', ['lost_requests.patch'], false, onRecord('request.storage/request_actions')),
    api('GET', '/api/v1/request_report_settings/where_site/{siteId}', ['callback_requests.get_list']),
    api('POST', '/api/v1/request_report_settings', ['requests_settings.patch'], false, { targets: [target.siteBody('/data/site_id')] }),
    // The spec's custom form request list and the files sent with forms.
    api('GET', '/api/v1/custom_form_request/where_site/{siteId}', ['callback_requests.get_list']),
    api('GET', '/api/v1/custom_form_files/{id}', ['callback_requests.get_list'], false, onRecord('form-constructor/custom_form_files')),
  ],
});
