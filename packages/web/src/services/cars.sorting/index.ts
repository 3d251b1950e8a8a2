import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** cars.sorting: a site's car sorting. */
export const carsSortingWeb = defineWebService({
  name: 'cars.sorting',
  screens: {
    '/cars.sorting/settings/{siteId}': lazy(() => import('./SortingPage.tsx')),
  },
});
