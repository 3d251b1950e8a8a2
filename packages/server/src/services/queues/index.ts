import { defineServerService } from '../../kit/service.ts';
import { registerQueueRoutes } from './queues.routes.ts';

/** queues: the job queues' state for staff, with retry and cancel of a job. */
export const queues = defineServerService({
  name: 'queues',
  async register(app, ctx) {
    registerQueueRoutes(app, ctx);
  },
});
