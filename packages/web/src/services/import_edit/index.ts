import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** import_edit: the dealer's own values of a site's imported cars, beside the feed's. */
export const importEditWeb = defineWebService({
  name: 'import_edit',
  screens: {
    '/widgets/import_edit/{siteId}/': lazy(() => import('./ImportEditPage.tsx').then((module) => ({ default: module.ImportEditPage }))),
  },
});
