import { centralProxyActionResource, emailActionResource, proxyActionResource, smtpSettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { REQUEST_ACTION_JOB } from '../request.storage/intake.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as senderTables from './sender.table.ts';
import { REPORT_JOB, REPORT_SCHEDULE, sendDueReports } from './request-reports.ts';
import { REQUEST_ACTION_BATCH, runRequestAction, SWEEP_JOB, SWEEP_SCHEDULE, sweepPendingActions } from './run-request-action.ts';
import { centralProxyActionHooks, emailActionHooks, proxyActionHooks, smtpSettingsHooks } from './sender.hooks.ts';
import { registerSenderRoutes } from './sender.routes.ts';

/**
 * The executor of request actions: a site's e-mail templates, proxy actions and SMTP settings
 * (secrets sealed by the hooks), the platform's central proxy actions; the request report mails,
 * templates' preview, SMTP test, lost requests.
 */
export const sender = defineServerService({
  name: 'sender',
  tables: [senderTables],
  resources: (registry) => {
    // The site's own records.
    const site = { ...siteOwnership(registry), assertEditable: async () => undefined };
    return [
      { resource: emailActionResource, table: senderTables.emailActions, hooks: emailActionHooks, siteOwned: site },
      { resource: proxyActionResource, table: senderTables.proxyActions as never, hooks: proxyActionHooks, siteOwned: site },
      { resource: smtpSettingsResource, table: senderTables.smtpSettings as never, hooks: smtpSettingsHooks, siteOwned: site },
      // The platform's (no tenant): read by site editors to pick them, written by provider staff only (the hooks refuse others).
      { resource: centralProxyActionResource, table: senderTables.centralProxyActions as never, hooks: centralProxyActionHooks },
    ];
  },
  async register(app, ctx, { registry }) {
    registerSenderRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // One run of a request's action; pending actions whose job is gone; the due request report mails.
    [REQUEST_ACTION_JOB]: (data: { request_action_id: number }) => runRequestAction(ctx, data),
    [SWEEP_JOB]: async () => void ctx.log.info({ queued: await sweepPendingActions(ctx) }, 'pending request actions queued again'),
    [REPORT_JOB]: async () => void ctx.log.info({ sent: await sendDueReports(ctx, new Date()) }, 'request report mails sent'),
  }),
  schedules: { [SWEEP_JOB]: SWEEP_SCHEDULE, [REPORT_JOB]: REPORT_SCHEDULE },
  // A lead's actions: many short jobs.
  batchSizes: { [REQUEST_ACTION_JOB]: REQUEST_ACTION_BATCH },
});
