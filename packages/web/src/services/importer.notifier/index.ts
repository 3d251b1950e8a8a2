import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** importer.notifier: a site's import report mails and managers' mails, with the mails sent. */
export const importerNotifierWeb = defineWebService({
  name: 'importer.notifier',
  screens: {
    '/importer.notifier/settings/{siteId}': lazy(() => import('./NotifierPages.tsx').then((module) => ({ default: module.ReportSettingsPage }))),
    '/importer.notifier/reports/{siteId}': lazy(() => import('./NotifierPages.tsx').then((module) => ({ default: module.ImporterReportsPage }))),
    '/importer.notifier/manager_settings/{siteId}': lazy(() => import('./NotifierPages.tsx').then((module) => ({ default: module.ManagerSettingsPage }))),
    '/importer.notifier/manager_reports/{siteId}': lazy(() => import('./NotifierPages.tsx').then((module) => ({ default: module.ManagerReportsPage }))),
  },
});
