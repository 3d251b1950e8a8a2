import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

const pages = () => import('./CalltrackingPages.tsx');

/** calltracking: a site's CallKeeper and Calltouch widgets and its tracked calls. */
export const calltrackingWeb = defineWebService({
  name: 'calltracking',
  screens: {
    '/widgets/callkeeper/{siteId}/settings': lazy(() => pages().then((module) => ({ default: module.CallkeeperSettingsPage }))),
    '/widgets/calltouch/{siteId}/settings': lazy(() => pages().then((module) => ({ default: module.CalltouchSettingsPage }))),
    '/integrations/calltracking/{siteId}/': lazy(() => pages().then((module) => ({ default: module.CallsPage }))),
  },
});
