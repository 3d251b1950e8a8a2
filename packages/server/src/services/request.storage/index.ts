import { agreementHashResource, offensiveWordResource, requestBlockResource, requestBlockSettingsResource, requestSettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as requestTables from './request.table.ts';
import { DEPERSONALIZE_JOB, DEPERSONALIZE_SCHEDULE, depersonalizeRequests } from './depersonalize-requests.ts';
import { REQUEST_ACTION_JOB } from './intake.ts';
import { agreementHashHooks, requestBlockHooks, requestBlockSettingsHooks, requestSettingsHooks } from './request.hooks.ts';
import { registerRequestRoutes } from './request.routes.ts';

/**
 * The sites' requests: the intake, lists, exports, settings; offensive words (the platform's), a
 * site's consent texts, request settings, blocks and block settings; summaries; the depersonalization of old requests.
 */
export const requestStorage = defineServerService({
  name: 'request.storage',
  tables: [requestTables],
  resources: (registry) => {
    // The site's own records, not central content.
    const site = { ...siteOwnership(registry), assertEditable: async () => undefined };
    return [
      { resource: offensiveWordResource, table: requestTables.offensiveWords },
      { resource: agreementHashResource, table: requestTables.agreementHashes, hooks: agreementHashHooks, siteOwned: site },
      { resource: requestSettingsResource, table: requestTables.requestSettings, hooks: requestSettingsHooks, siteOwned: site },
      { resource: requestBlockResource, table: requestTables.requestBlocks, hooks: requestBlockHooks, siteOwned: site },
      { resource: requestBlockSettingsResource, table: requestTables.requestBlockSettings, hooks: requestBlockSettingsHooks, siteOwned: site },
    ];
  },
  records: { 'request.storage/requests': requestTables.requests, 'request.storage/request_actions': requestTables.requestActions },
  async register(app, ctx, { registry }) {
    await registerRequestRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // Personal fields of requests past their site's period are erased.
    [DEPERSONALIZE_JOB]: async () => void ctx.log.info({ erased: await depersonalizeRequests(ctx.db) }, 'requests depersonalized'),
  }),
  schedules: { [DEPERSONALIZE_JOB]: DEPERSONALIZE_SCHEDULE },
  // The actions of a request are queued here and run by the sender.
  queues: [REQUEST_ACTION_JOB],
});
