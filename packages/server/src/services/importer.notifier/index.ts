import { managerSettingsResource, notifierReportResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as notifierTables from './notifier.table.ts';
import { managerSettingsHooks, registerNotifierRoutes } from './notifier.routes.ts';
import { NOTIFIER_JOB, NOTIFIER_SCHEDULE, sendDueNotices } from './send-notices.ts';

/** The import report mails: a site's managers' mail settings and the mails sent (written by the job only). */
export const importerNotifier = defineServerService({
  name: 'importer.notifier',
  tables: [notifierTables],
  resources: (registry) => [
    { resource: managerSettingsResource, table: notifierTables.notifierManagerSettings, hooks: managerSettingsHooks, siteOwned: { ...siteOwnership(registry), assertEditable: async () => undefined } },
    { resource: notifierReportResource, table: notifierTables.notifierReports as never, siteOwned: { ...siteOwnership(registry), assertEditable: async () => undefined } },
  ],
  records: { 'importer.notifier/report_settings': notifierTables.notifierReportSettings },
  async register(app, ctx, { registry }) {
    registerNotifierRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // The due report mails of every site.
    [NOTIFIER_JOB]: async () => void ctx.log.info({ sent: await sendDueNotices(ctx, new Date()) }, 'notifier mails sent'),
  }),
  schedules: { [NOTIFIER_JOB]: NOTIFIER_SCHEDULE },
});
