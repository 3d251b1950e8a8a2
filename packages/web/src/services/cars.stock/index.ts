import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** cars.stock: new and used cars of a site, a car made or changed by hand. */
export const carsStockWeb = defineWebService({
  name: 'cars.stock',
  screens: {
    '/cars.stock/new_cars/{siteId}': lazy(() => import('./CarsPage.tsx').then((module) => ({ default: module.NewCarsPage }))),
    '/cars.stock/used_cars/{siteId}': lazy(() => import('./CarsPage.tsx').then((module) => ({ default: module.UsedCarsPage }))),
    '/cars.stock/create/{type}': lazy(() => import('./CarEditPage.tsx')),
  },
});
