import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** cars.export: export settings of the site's client, feed links per channel. */
export const carsExportWeb = defineWebService({
  name: 'cars.export',
  screens: {
    '/cars.export/settings/{siteId}': lazy(() => import('./ExportSettingsPage.tsx')),
  },
});
