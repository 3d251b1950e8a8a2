import { defineServerService } from '../../kit/service.ts';
import { registerQueueRoutes } from './queues.routes.ts';
import * as tables from './queue-backlog.table.ts';
import { BACKLOG_CHECK_JOB, checkQueueBacklogs } from './queue-backlog.ts';

/** queues: the job queues' state for staff, with retry and cancel of a job; a queue backing up is told through the notificator. */
export const queues = defineServerService({
  name: 'queues',
  tables: [tables],
  async register(app, ctx) {
    registerQueueRoutes(app, ctx);
  },
  jobs: (ctx) => ({ [BACKLOG_CHECK_JOB]: async () => void (await checkQueueBacklogs(ctx, ctx.config.queueBacklog)) }),
  schedules: { [BACKLOG_CHECK_JOB]: '* * * * *' },
});
