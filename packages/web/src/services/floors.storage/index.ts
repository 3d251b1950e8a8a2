import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** floors.storage: floors with their editor, floor groups. */
export const floorsStorageWeb = defineWebService({
  name: 'floors.storage',
  screens: {
    '/floors.storage/floors': lazy(() => import('./FloorsPage.tsx')),
    '/floors.storage/floors/create': lazy(() => import('./FloorEditPage.tsx')),
    '/floors.storage/floors/edit/{id}': lazy(() => import('./FloorEditPage.tsx')),
    '/floors.storage/groups': lazy(() => import('./FloorGroupsPage.tsx')),
    '/floors.storage/groups/create': lazy(() => import('./FloorGroupEditPage.tsx')),
    '/floors.storage/groups/edit/{id}': lazy(() => import('./FloorGroupEditPage.tsx')),
  },
});
