import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

const pages = () => import('./MediaPages.tsx');

/** custom.media: a site's custom media profiles and the items they imported. */
export const customMediaWeb = defineWebService({
  name: 'custom.media',
  screens: {
    '/custom.media/profiles/{siteId}': lazy(() => pages().then((module) => ({ default: module.ProfilesPage }))),
    '/custom.media/items/{siteId}': lazy(() => pages().then((module) => ({ default: module.ItemsPage }))),
  },
});
