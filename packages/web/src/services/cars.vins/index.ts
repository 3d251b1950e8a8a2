import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** cars.vins: VIN data with its import, retrieval profiles, allowed clients. */
export const carsVinsWeb = defineWebService({
  name: 'cars.vins',
  screens: {
    '/cars.vins/vins/': lazy(() => import('./VinPages.tsx').then((module) => ({ default: module.VinDataPage }))),
    '/cars.vins/profiles/': lazy(() => import('./VinPages.tsx').then((module) => ({ default: module.VinProfilesPage }))),
    '/cars.vins/clients/': lazy(() => import('./VinPages.tsx').then((module) => ({ default: module.VinClientsPage }))),
  },
});
