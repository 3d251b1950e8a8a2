import { restylingSortResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as sortingTables from './sorting.table.ts';
import { registerSortingRoutes, restylingSortHooks } from './sorting.routes.ts';

/** A site's list sort and restyling order. */
export const carsSorting = defineServerService({
  name: 'cars.sorting',
  tables: [sortingTables],
  // A site's own settings records (a fork of an official master keeps its own, so not central content).
  resources: (registry) => [
    { resource: restylingSortResource, table: sortingTables.restylingSorts, hooks: restylingSortHooks, siteOwned: { ...siteOwnership(registry), assertEditable: async () => undefined } },
  ],
  async register(app, ctx, { registry }) {
    registerSortingRoutes(app, ctx, registry);
  },
});
