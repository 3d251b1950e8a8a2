import { callkeeperSettingsResource, callResource, calltouchSettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as calltrackingTables from './calltracking.table.ts';
import { registerCalltrackingRoutes } from './calltracking.routes.ts';
import { pullAll, widgetHooks } from './calltracking.service.ts';

/** Calls are pulled from Calltouch every ten minutes. */
export const CALLTOUCH_PULL_JOB = 'calltracking-pull';
export const CALLTOUCH_PULL_SCHEDULE = '*/10 * * * *';

/** calltracking: a site's CallKeeper and Calltouch widgets, the calls they tracked, and the widget on its public pages. */
export const calltracking = defineServerService({
  name: 'calltracking',
  tables: [calltrackingTables],
  resources: (registry) => [
    { resource: callkeeperSettingsResource, table: calltrackingTables.callkeeperSettings, hooks: widgetHooks('callkeeper_settings'), siteOwned: siteOwnership(registry) },
    { resource: calltouchSettingsResource, table: calltrackingTables.calltouchSettings, hooks: widgetHooks('calltouch_settings'), siteOwned: siteOwnership(registry) },
    { resource: callResource, table: calltrackingTables.calltrackingCalls, siteOwned: siteOwnership(registry) },
  ],
  records: {
    'calltracking/callkeeper_settings': calltrackingTables.callkeeperSettings,
    'calltracking/calltouch_settings': calltrackingTables.calltouchSettings,
    'calltracking/calls': calltrackingTables.calltrackingCalls,
  },
  async register(app, ctx, { registry }) {
    registerCalltrackingRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    [CALLTOUCH_PULL_JOB]: async () => void ctx.log.info({ added: await pullAll(ctx.db as never, ctx.config, ctx.log) }, 'calltouch calls pulled'),
  }),
  schedules: { [CALLTOUCH_PULL_JOB]: CALLTOUCH_PULL_SCHEDULE },
});
