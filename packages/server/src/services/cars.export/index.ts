import { defineServerService } from '../../kit/service.ts';
import * as exportTables from './export.table.ts';
import { registerExportRoutes } from './export.routes.ts';

/** A site's export settings, its public feeds and offers. */
export const carsExport = defineServerService({
  name: 'cars.export',
  tables: [exportTables],
  records: { 'cars.export/settings': exportTables.exportSettings },
  async register(app, ctx, { registry }) {
    registerExportRoutes(app, ctx, registry);
  },
});
