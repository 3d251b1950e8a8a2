import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** queues: the job queues' state and a queue's jobs (staff). */
export const queuesWeb = defineWebService({
  name: 'queues',
  screens: {
    '/queues/queues/': lazy(() => import('./QueuesPages.tsx').then((module) => ({ default: module.QueuesPage }))),
    '/queues/queues/{name}': lazy(() => import('./QueuesPages.tsx').then((module) => ({ default: module.QueuePage }))),
  },
});
