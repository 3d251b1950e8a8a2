import { smartContractSettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as smartTables from './smart-contract.table.ts';
import { registerSmartContractRoutes, smartSettingsHooks } from './smart-contract.routes.ts';

/** smart_contracts: a site's smart contract widget settings, and the widget on its public pages. */
export const smartContracts = defineServerService({
  name: 'smart_contracts',
  tables: [smartTables],
  resources: (registry) => [{ resource: smartContractSettingsResource, table: smartTables.smartContractSettings, hooks: smartSettingsHooks, siteOwned: siteOwnership(registry) }],
  records: { 'smart_contracts/settings': smartTables.smartContractSettings },
  async register(app, ctx, { registry }) {
    registerSmartContractRoutes(app, ctx, registry);
  },
});
