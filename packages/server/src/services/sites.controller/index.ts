import { defineServerService } from '../../kit/service.ts';
import * as siteTaskTables from './site-task.table.ts';
import { runSiteTask, SITE_TASK_JOB } from './run-site-task.ts';
import { registerSiteTaskRoutes } from './site-task.routes.ts';

/** Site tasks, the virtual machines that serve sites, and the tasks' update streams. */
export const sitesController = defineServerService({
  name: 'sites.controller',
  tables: [siteTaskTables],
  async register(app, ctx, { realtime }) {
    registerSiteTaskRoutes(app, ctx, realtime);
  },
  jobs: (ctx) => ({
    [SITE_TASK_JOB]: (data: { task_id: number }) => runSiteTask(ctx, data),
  }),
});
