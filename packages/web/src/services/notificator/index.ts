import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** notificator: the platform's notifications with their deliveries, and the mappings that deliver them (staff). */
export const notificatorWeb = defineWebService({
  name: 'notificator',
  screens: {
    '/notificator/notifications/': lazy(() => import('./NotificatorPages.tsx').then((module) => ({ default: module.NotificationsPage }))),
    '/notificator/settings/': lazy(() => import('./NotificatorPages.tsx').then((module) => ({ default: module.MappingsPage }))),
  },
});
