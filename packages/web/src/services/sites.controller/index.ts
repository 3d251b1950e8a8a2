import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** sites.controller: the tasks on sites and their virtual machines. */
export const sitesControllerWeb = defineWebService({
  name: 'sites.controller',
  screens: {
    '/sites.controller/tasks_page/': lazy(() => import('./TasksPage.tsx')),
  },
});
