import { vinAllowedClientResource, vinDataResource, vinProfileResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as vinTables from './vin.table.ts';
import { vinAllowedClientHooks, vinDataHooks, vinProfileHooks } from './vin.hooks.ts';
import { registerVinRoutes } from './vin.routes.ts';

/**
 * The platform's VIN data (read by staff and allowed clients), a client's retrieval profiles, the
 * allowed clients (staff write them); the invalidation of images, the VIN data import.
 */
export const carsVins = defineServerService({
  name: 'cars.vins',
  tables: [vinTables],
  resources: () => [
    { resource: vinDataResource, table: vinTables.vinData, hooks: vinDataHooks },
    { resource: vinProfileResource, table: vinTables.vinProfiles, hooks: vinProfileHooks },
    { resource: vinAllowedClientResource, table: vinTables.vinAllowedClients, hooks: vinAllowedClientHooks },
  ],
  async register(app, ctx) {
    await registerVinRoutes(app, ctx);
  },
});
