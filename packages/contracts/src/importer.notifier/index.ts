import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { managerSettingsResource, notifierReportResource } from './notifier.resource.ts';

export * from './notifier.resource.ts';

/** importer.notifier: a site's import report mails and its managers' mails. */
export const importerNotifierContract = defineService({
  name: 'importer.notifier',
  module: 'importer-notifier',
  permissions: {
    // A site's report mails.
    codes: ['notifier_settings.get_list', 'notifier_settings.patch', 'notifier_reports.get_list'],
    entities: {
      notifier_settings: text('Настройки уведомлений об импорте', 'Import notice settings'),
      notifier_reports: text('Отправленные отчёты об импорте', 'Sent import reports'),
    },
  },
  resources: [managerSettingsResource, notifierReportResource],
  screens: [
    // A site's import report mails (module importer-notifier) and managers' mails (module manager-notifier).
    screen('notifier_settings', '/importer.notifier/settings/{siteId}', 'site', 'notifier', 115, ['notifier_settings.get_list'], { module: 'importer-notifier' }),
    screen('notifier_reports', '/importer.notifier/reports/{siteId}', 'site', 'notifier', 116, ['notifier_reports.get_list'], { module: 'importer-notifier' }),
    screen('notifier_manager_settings', '/importer.notifier/manager_settings/{siteId}', 'site', 'notifier', 117, ['notifier_settings.get_list'], { module: 'manager-notifier' }),
    screen('notifier_manager_reports', '/importer.notifier/manager_reports/{siteId}', 'site', 'notifier', 118, ['notifier_reports.get_list'], { module: 'manager-notifier' }),
  ],
  routes: [
    // A site's importer mail settings (made on first read), a test send.
    api('GET', '/api/v1/report_settings/where_site/{siteId}', ['notifier_settings.get_list']),
    api('PATCH', '/api/v1/report_settings/{id}', ['notifier_settings.patch'], false, onRecord('importer.notifier/report_settings')),
    api('POST', '/api/v1/report_settings/{id}/send_now', ['notifier_settings.patch'], false, onRecord('importer.notifier/report_settings')),
  ],
});
