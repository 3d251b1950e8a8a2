import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** gateway.processing: the gateway's routes and its restrictions. */
export const gatewayProcessingWeb = defineWebService({
  name: 'gateway.processing',
  screens: {
    '/gateway.processing/routes/': lazy(() => import('./GatewayRoutesPage.tsx')),
    '/gateway.processing/routes/{routeId}': lazy(() => import('./GatewayRoutePage.tsx')),
    '/gateway.processing/restrictions/': lazy(() => import('./RestrictionsPage.tsx')),
  },
});
