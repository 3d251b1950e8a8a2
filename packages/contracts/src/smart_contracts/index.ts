import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { smartContractSettingsResource } from './smart-contract.resource.ts';

export * from './smart-contract.resource.ts';

/** smart_contracts: a site's smart contract widget (its settings; the public site loads the widget). */
export const smartContractsContract = defineService({
  name: 'smart_contracts',
  module: 'smart_contracts',
  permissions: {
    codes: ['settings.get_list', 'settings.patch'],
    entities: { settings: text('Настройки виджета смарт-контрактов', 'Smart contract widget settings') },
  },
  resources: [smartContractSettingsResource],
  screens: [screen('smart_contracts_settings', '/smart_contracts/settings/{siteId}/', 'site', 'widgets', 170, ['settings.get_list'], { module: 'smart_contracts' })],
  routes: [
    // A site's settings, made with the defaults on first read.
    api('GET', '/api/v1/settings/for_site_id/{siteId}', ['settings.get_list']),
  ],
});
