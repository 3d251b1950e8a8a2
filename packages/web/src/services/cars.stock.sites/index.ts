import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** cars.stock.sites: a site's stock settings, showroom pages, custom filters, viewed and favorites. */
export const carsStockSitesWeb = defineWebService({
  name: 'cars.stock.sites',
  screens: {
    '/cars.stock.sites/settings/{siteId}': lazy(() => import('./StockSettingsPage.tsx')),
    '/cars.stock.sites/showroom_pages/{siteId}': lazy(() => import('./SiteRecordsPages.tsx').then((module) => ({ default: module.ShowroomPagesPage }))),
    '/cars.stock.sites/custom_filters/{siteId}': lazy(() => import('./SiteRecordsPages.tsx').then((module) => ({ default: module.CustomFiltersPage }))),
    '/cars.stock.sites/viewed_favorites/{siteId}/': lazy(() => import('./StockSettingsPage.tsx').then((module) => ({ default: module.ViewedFavoritesPage }))),
  },
});
