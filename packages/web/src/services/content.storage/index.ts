import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** content.storage: a site's stages and the stage editor. */
export const contentStorageWeb = defineWebService({
  name: 'content.storage',
  screens: {
    '/content.storage/stages/{siteId}': lazy(() => import('./StagesPage.tsx')),
    '/content.storage/stages/{siteId}/{stageId}/{stageStateId?}': lazy(() => import('./StageEditPage.tsx')),
  },
});
