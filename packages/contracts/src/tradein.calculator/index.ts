import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { tradeinSettingsResource } from './tradein.resource.ts';

export * from './tradein.resource.ts';

/** tradein.calculator: a site's trade-in settings (the public form's requests go through request.storage's intake). */
export const tradeinContract = defineService({
  name: 'tradein.calculator',
  module: 'tradein',
  permissions: {
    codes: ['settings.get_list', 'settings.patch'],
    entities: { settings: text('Настройки трейд-ин', 'Trade-in settings') },
  },
  resources: [tradeinSettingsResource],
  screens: [screen('tradein_settings', '/tradein.calculator/settings/{siteId}', 'site', 'widgets', 174, ['settings.get_list'], { module: 'tradein' })],
  routes: [
    // A site's settings, made with the defaults on first read.
    api('GET', '/api/v1/settings/for_site_id/{siteId}', ['settings.get_list']),
  ],
});
