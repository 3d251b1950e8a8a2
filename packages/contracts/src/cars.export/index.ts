import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { CLIENT, target } from '../kit/module-targets.ts';

export * from './export.resource.ts';

/** cars.export: a client's export feeds and the commercial offers (PDF, DOCX) made from its cars. */
export const carsExportContract = defineService({
  name: 'cars.export',
  module: 'available_cars|used_cars',
  permissions: {
    // A client's export settings, commercial offers.
    codes: ['export_settings.get_list', 'export_settings.patch', 'offers.create'],
    entities: {
      export_settings: text('Настройки экспорта автомобилей', 'Car export settings'),
      offers: text('Коммерческие предложения', 'Commercial offers'),
    },
  },
  screens: [
    // Export settings of the site's client.
    screen('export_settings', '/cars.export/settings/{siteId}', 'site', 'cars', 108, ['export_settings.get_list'], { module: 'available_cars|used_cars' }),
  ],
  routes: [
    // A client's export settings, a channel's new token, the public feeds (the token is the key), offers.
    api('GET', '/api/v1/settings/where_client_id/{id}', ['export_settings.get_list'], false, onRecord(CLIENT)),
    api('PATCH', '/api/v1/settings/{id}', ['export_settings.patch'], false, onRecord('cars.export/settings')),
    api('POST', '/api/v1/settings/{id}/regenerate', ['export_settings.patch'], false, onRecord('cars.export/settings')),
    api('GET', '/api/v1/feeds/{token}', [], true),
    api('GET', '/api/v1/feeds/{token}/{part}', [], true),
    ...(['pdf', 'docx'] as const).map((kind) =>
      api('POST', `/api/v1/${kind}_offer`, ['offers.create'], false, { targets: [target.siteBody('/data/site_id'), target.body('cars.stock/cars', '/data/cars')] }),
    ),
  ],
});
