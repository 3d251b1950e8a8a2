import { floorGroupResource, floorResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as floorTables from './floor.table.ts';
import { floorHooks } from './floor.hooks.ts';
import { registerFloorRoutes } from './floor.routes.ts';

/** Floors (page building blocks) and their groups; enabling them and the sites that use them. */
export const floorsStorage = defineServerService({
  name: 'floors.storage',
  tables: [floorTables],
  resources: () => [
    // Platform floors (no client) are every client's to read and staff's to write.
    { resource: floorResource, table: floorTables.floors, hooks: floorHooks, sharedWhenNull: true },
    { resource: floorGroupResource, table: floorTables.floorGroups },
  ],
  async register(app, ctx, { registry }) {
    registerFloorRoutes(app, ctx, registry);
  },
});
