import { carReportResource, importHookResource, importProfileResource, importReportResource, importSettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as importTables from './import.table.ts';
import { AUTO_IMPORT_JOB, AUTO_IMPORT_SCHEDULE, enqueueDueImports } from './auto-import.ts';
import { importSettingsHooks } from './import.hooks.ts';
import { registerImportStateRoutes } from './import-states.routes.ts';
import { registerImportRoutes } from './import.routes.ts';
import { registerImportEcsRoutes } from './import-ecs.ts';
import { IMPORT_JOB, RECOVER_IMPORTS_JOB, RECOVER_IMPORTS_SCHEDULE, recoverImports, recoverImportsAtStart, runImport } from './run-import.ts';

/**
 * The import of a site's car feeds: the provider's profiles and hooks (staff write them), a site's
 * settings and its reports (the client's, written by the import); uploads, runs as jobs, import
 * states and their actions, auto import on a schedule.
 */
export const carsImport = defineServerService({
  name: 'cars.import',
  tables: [importTables],
  resources: (registry) => [
    { resource: importProfileResource, table: importTables.importProfiles },
    { resource: importHookResource, table: importTables.importHooks },
    { resource: importSettingsResource, table: importTables.importSettings, hooks: importSettingsHooks, siteOwned: { ...siteOwnership(registry), assertEditable: async () => undefined } },
    { resource: importReportResource, table: importTables.importReports as never },
    { resource: carReportResource, table: importTables.carReports as never },
  ],
  async register(app, ctx, { registry }) {
    await registerImportRoutes(app, ctx, registry);
    registerImportEcsRoutes(app, ctx, registry);
    await registerImportStateRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // One import of a site's feeds.
    [IMPORT_JOB]: (data: { report_id: number; lang?: 'ru' | 'en' }) => runImport(ctx, data),
    // The auto imports that are due.
    [AUTO_IMPORT_JOB]: async () => void ctx.log.info({ started: await enqueueDueImports(ctx) }, 'auto imports started'),
    // Imports whose process died resume.
    [RECOVER_IMPORTS_JOB]: async () => void (await recoverImports(ctx)),
  }),
  schedules: { [AUTO_IMPORT_JOB]: AUTO_IMPORT_SCHEDULE, [RECOVER_IMPORTS_JOB]: RECOVER_IMPORTS_SCHEDULE },
  // Imports left "in process" by a process that died resume at start, not after pg-boss's 15 minutes.
  beforeWork: (ctx, queue) => recoverImportsAtStart(ctx)(queue),
});
