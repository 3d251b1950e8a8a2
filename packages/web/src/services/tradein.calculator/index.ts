import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** tradein.calculator: a site's trade-in settings (its requests are listed by request.storage). */
export const tradeinWeb = defineWebService({
  name: 'tradein.calculator',
  screens: {
    '/tradein.calculator/settings/{siteId}': lazy(() => import('./TradeinPage.tsx').then((module) => ({ default: module.TradeinPage }))),
  },
});
