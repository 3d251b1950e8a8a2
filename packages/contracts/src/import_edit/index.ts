import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { importEditResource } from './import-edit.resource.ts';

export * from './import-edit.resource.ts';

/**
 * import_edit: the import-edit widget (spec 002 §2 names only its screen): a dealer's own price,
 * description, photos and labels of the cars its feeds import, kept over later imports. No
 * marketplace module of its own: it edits the stock, so it needs a stock module as cars.import does.
 */
export const importEditContract = defineService({
  name: 'import_edit',
  module: 'available_cars|used_cars',
  permissions: {
    codes: ['import_edits.get_list', 'import_edits.create', 'import_edits.patch', 'import_edits.delete'],
    entities: { import_edits: text('Правки импортированных автомобилей', 'Edits of imported cars') },
  },
  resources: [importEditResource],
  screens: [screen('import_edit', '/widgets/import_edit/{siteId}/', 'site', 'widgets', 165, ['import_edits.get_list'], { module: 'available_cars|used_cars' })],
  routes: [
    // The site's imported cars to pick for an edit, with their current values, and the site's labels.
    api('GET', '/api/v1/sites/{siteId}/imported_cars', ['import_edits.create', 'import_edits.patch']),
  ],
});
