import { defineService } from '../kit/service.ts';
import { CRUD_ACTIONS, entityCodes, text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { showroomBotResource, showroomCustomerResource, showroomServiceWorkResource, showroomSettingsResource, showroomSpecialResource, showroomWebHookResource } from './showroom.resource.ts';

export * from './showroom.resource.ts';

const ON_SETTINGS = onRecord('messenger_showroom/settings');
const SITE_SCREEN = { module: 'messenger-showroom' };

/** messenger_showroom: a site's Telegram showroom: settings, bots, service works, special offers, customers, callbacks. */
export const messengerShowroomContract = defineService({
  name: 'messenger_showroom',
  module: 'messenger-showroom',
  permissions: {
    codes: [
      'settings.get_list', 'settings.patch',
      ...entityCodes(['bots', 'service_works', 'collections'], CRUD_ACTIONS),
      'customers.get_list', 'customers.delete',
      'callbacks.get_list',
      'summary.get_list',
      'cars.get_list', 'cars.patch',
      ...entityCodes(['web_hooks'], CRUD_ACTIONS),
    ],
    entities: {
      settings: text('Настройки шоурума в мессенджере', 'Messenger showroom settings'),
      bots: text('Боты шоурума', 'Showroom bots'),
      service_works: text('Сервисные работы шоурума', 'Showroom service works'),
      collections: text('Спецпредложения шоурума', 'Showroom special offers'),
      customers: text('Клиенты шоурума', 'Showroom customers'),
      callbacks: text('Заявки шоурума (звонки, тест-драйвы, сервис)', 'Showroom requests (callbacks, test drives, service)'),
      summary: text('Сводка шоурума', 'Showroom summary'),
      cars: text('Автомобили в боте шоурума', 'Cars the showroom bot shows'),
      web_hooks: text('Вебхуки шоурума и журнал их доставки', 'Showroom webhooks and their delivery log'),
    },
  },
  resources: [showroomSettingsResource, showroomBotResource, showroomServiceWorkResource, showroomSpecialResource, showroomCustomerResource, showroomWebHookResource],
  screens: [
    screen('showroom_summary', '/messenger_showroom/summary/{siteId}', 'site', 'showroom', 159, ['summary.get_list'], SITE_SCREEN),
    screen('showroom_general_settings', '/messenger_showroom/generalSettings/{siteId}', 'site', 'showroom', 160, ['settings.get_list'], SITE_SCREEN),
    screen('showroom_bots', '/messenger_showroom/botsSettings/{siteId}', 'site', 'showroom', 161, ['bots.get_list'], SITE_SCREEN),
    screen('showroom_service_works', '/messenger_showroom/service_works/{siteId}', 'site', 'showroom', 162, ['service_works.get_list'], SITE_SCREEN),
    screen('showroom_specials', '/messenger_showroom/showroomSpecials/{siteId}', 'site', 'showroom', 163, ['collections.get_list'], SITE_SCREEN),
    screen('showroom_customers', '/messenger_showroom/customers/{siteId}', 'site', 'showroom', 164, ['customers.get_list'], SITE_SCREEN),
    screen('showroom_callback', '/messenger_showroom/callback/{siteId}', 'site', 'showroom', 165, ['callbacks.get_list'], SITE_SCREEN),
    screen('showroom_testdrive', '/messenger_showroom/testdrive/{siteId}', 'site', 'showroom', 166, ['callbacks.get_list'], SITE_SCREEN),
    screen('showroom_service', '/messenger_showroom/service/{siteId}', 'site', 'showroom', 167, ['callbacks.get_list'], SITE_SCREEN),
    screen('showroom_cars', '/messenger_showroom/cars/{siteId}', 'site', 'showroom', 168, ['cars.get_list'], SITE_SCREEN),
    screen('showroom_webhooks', '/messenger_showroom/webHooks/{siteId}', 'site', 'showroom', 169, ['web_hooks.get_list'], SITE_SCREEN),
  ],
  routes: [
    // A site's general settings, made with the defaults on first read.
    api('GET', '/api/v1/settings/for_site_id/{siteId}', ['settings.get_list']),
    // Customers are made by the bots; the admin deletes them.
    api('DELETE', '/api/v1/customers/{id}', ['customers.delete'], false, onRecord('messenger_showroom/customers')),
    // The callbacks, test drives and service bookings of a site's showroom ({id}: its settings), and their export.
    api('GET', '/api/v1/callbacks/{id}', ['callbacks.get_list'], false, ON_SETTINGS),
    api('GET', '/api/v1/callbacks/{id}/format_xlsx', ['callbacks.get_list'], false, ON_SETTINGS),
    // The summary of a date range ({id}: the site's settings): customers, requests by type and day, messages, the bots' health.
    api('GET', '/api/v1/summary/{id}', ['summary.get_list'], false, ON_SETTINGS),
    // Which stock the bots show ({id}: the site's settings).
    api('GET', '/api/v1/cars/{id}', ['cars.get_list'], false, ON_SETTINGS),
    api('PATCH', '/api/v1/cars/{id}', ['cars.patch'], false, ON_SETTINGS),
    // The site's webhooks with their last delivery, and their delivery log ({id}: the site's settings).
    api('GET', '/api/v1/webhooks/{id}', ['web_hooks.get_list'], false, ON_SETTINGS),
    api('GET', '/api/v1/webhooks/{id}/deliveries', ['web_hooks.get_list'], false, ON_SETTINGS),
  ],
});
