import { customFilterResource, showroomPageResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as stockSettingsTables from './stock-settings.table.ts';
import { applySoldPeriods, SOLD_CARS_JOB, SOLD_CARS_SCHEDULE } from './apply-sold-period.ts';
import { showroomPageHooks } from './showroom-page.hooks.ts';
import { registerStockSettingsRoutes } from './stock-settings.routes.ts';

/** Stock settings per site, showroom pages, custom filters; the job that retires sold cars. */
export const carsStockSites = defineServerService({
  name: 'cars.stock.sites',
  tables: [stockSettingsTables],
  resources: (registry) => {
    // A site's own settings records (a fork of an official master keeps its own, so not central content).
    const site = { ...siteOwnership(registry), assertEditable: async () => undefined };
    return [
      { resource: showroomPageResource, table: stockSettingsTables.showroomPages, hooks: showroomPageHooks, siteOwned: site },
      { resource: customFilterResource, table: stockSettingsTables.customFilterGroups, siteOwned: site },
    ];
  },
  async register(app, ctx, { registry }) {
    registerStockSettingsRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // Sold cars past their site's sold period go, with the strategy's redirects.
    [SOLD_CARS_JOB]: async () => void ctx.log.info({ sold: await applySoldPeriods(ctx.db) }, 'sold period applied'),
  }),
  schedules: { [SOLD_CARS_JOB]: SOLD_CARS_SCHEDULE },
});
