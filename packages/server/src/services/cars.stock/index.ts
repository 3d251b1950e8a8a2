import { carResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as carTables from './car.table.ts';
import { carHooks } from './car.hooks.ts';
import { registerCarRoutes } from './car.routes.ts';

/** A site's cars: manual creation, bulk sold, a client's cars with labels. */
export const carsStock = defineServerService({
  name: 'cars.stock',
  tables: [carTables],
  // A site's cars (its client is the site's); stock is the site's own data, so an official master's cars are not central content.
  resources: (registry) => [{ resource: carResource, table: carTables.cars, hooks: carHooks, siteOwned: { ...siteOwnership(registry), assertEditable: async () => undefined } }],
  async register(app, ctx, { registry }) {
    registerCarRoutes(app, ctx, registry);
  },
});
