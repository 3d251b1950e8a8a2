import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/**
 * cars.import: a site's import settings and reports, import profiles and hooks, every client's
 * import states; and the field aliases of cars.import.alias, a list beside the profiles.
 */
export const carsImportWeb = defineWebService({
  name: 'cars.import',
  screens: {
    '/cars.import/settings/{siteId}': lazy(() => import('./ImportSettingsPage.tsx')),
    '/cars.import/reports/{siteId}': lazy(() => import('./ImportReportsPage.tsx')),
    '/cars.import/profiles/': lazy(() => import('./ImportDictionaryPages.tsx').then((module) => ({ default: module.ImportProfilesPage }))),
    '/cars.import/hooks/': lazy(() => import('./ImportDictionaryPages.tsx').then((module) => ({ default: module.ImportHooksPage }))),
    '/cars.import.alias/aliases/': lazy(() => import('./ImportDictionaryPages.tsx').then((module) => ({ default: module.FieldAliasesPage }))),
    '/cars.import/import_states/': lazy(() => import('./ImportStatesPage.tsx')),
  },
});
