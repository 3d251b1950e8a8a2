import { importEditResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { onImportApplied } from '../cars.import/import-applied.ts';
import * as importEditTables from './import-edit.table.ts';
import { importEditHooks, keepEditsOverFeed } from './import-edit.hooks.ts';
import { registerImportEditRoutes } from './import-edit.routes.ts';

// Every import keeps the dealer's edits over the feed's values (in the import's transaction).
onImportApplied('import_edit', keepEditsOverFeed);

/**
 * import_edit: the import-edit widget: a dealer's own price, description, photos and labels of the
 * cars its site's feeds import, kept over later imports beside the feed's values; undone one field
 * at a time.
 */
export const importEdit = defineServerService({
  name: 'import_edit',
  tables: [importEditTables],
  resources: (registry) => [{ resource: importEditResource, table: importEditTables.importEdits, hooks: importEditHooks, siteOwned: { ...siteOwnership(registry), assertEditable: async () => undefined } }],
  async register(app, ctx, { registry }) {
    registerImportEditRoutes(app, registry, ctx.db);
  },
});
