import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** media.storage: a site's media library. */
export const mediaStorageWeb = defineWebService({
  name: 'media.storage',
  screens: {
    '/media.storage/library/{siteId}': lazy(() => import('./MediaLibraryPage.tsx')),
  },
});
