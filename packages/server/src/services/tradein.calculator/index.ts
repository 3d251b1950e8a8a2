import { tradeinSettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as tradeinTables from './tradein.table.ts';
import { registerTradeinRoutes } from './tradein.routes.ts';

/** tradein.calculator: a site's trade-in settings, and their check of the trade-in requests its public form sends. */
export const tradeinCalculator = defineServerService({
  name: 'tradein.calculator',
  tables: [tradeinTables],
  resources: (registry) => [{ resource: tradeinSettingsResource, table: tradeinTables.tradeinSettings, siteOwned: siteOwnership(registry) }],
  records: { 'tradein.calculator/settings': tradeinTables.tradeinSettings },
  async register(app, ctx, { registry }) {
    registerTradeinRoutes(app, ctx, registry);
  },
});
