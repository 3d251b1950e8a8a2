import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** smart_contracts: a site's smart contract widget settings. */
export const smartContractsWeb = defineWebService({
  name: 'smart_contracts',
  screens: {
    '/smart_contracts/settings/{siteId}/': lazy(() => import('./SmartContractsPage.tsx').then((module) => ({ default: module.SmartContractsPage }))),
  },
});
