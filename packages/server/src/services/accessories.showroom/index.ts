import { accessoryAttributeResource, accessoryCategoryResource, accessoryResource, accessorySettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as accessoryTables from './accessory.table.ts';
import { accessoryHooks, attributeHooks, categoryHooks } from './accessory.hooks.ts';
import { registerAccessoryRoutes } from './accessory.routes.ts';
import { ACCESSORY_IMPORT_JOB, endDeadAccessoryImports, RECOVER_ACCESSORY_IMPORTS_JOB, RECOVER_ACCESSORY_IMPORTS_SCHEDULE, runAccessoryImport } from './run-accessory-import.ts';

/**
 * The accessories shop of a site: categories and attributes (a client's, or system-wide: every
 * client reads them, staff write them), the site's accessories and settings with their import.
 */
export const accessoriesShowroom = defineServerService({
  name: 'accessories.showroom',
  tables: [accessoryTables],
  resources: (registry) => [
    { resource: accessoryAttributeResource, table: accessoryTables.accessoryAttributes, hooks: attributeHooks, sharedWhenNull: true },
    { resource: accessoryCategoryResource, table: accessoryTables.accessoryCategories, hooks: categoryHooks, sharedWhenNull: true },
    { resource: accessoryResource, table: accessoryTables.accessories, hooks: accessoryHooks, siteOwned: siteOwnership(registry) },
    { resource: accessorySettingsResource, table: accessoryTables.accessorySettings, siteOwned: siteOwnership(registry) },
  ],
  // An import run, named by the routes on it (its site is the module check's).
  records: { 'accessories.showroom/imports': accessoryTables.accessoryImports },
  async register(app, ctx, { registry }) {
    await registerAccessoryRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // One import of a site's files.
    [ACCESSORY_IMPORT_JOB]: (data: { import_id: number; lang?: 'ru' | 'en' }) => runAccessoryImport(ctx, data),
    // Runs whose process died end as failed.
    [RECOVER_ACCESSORY_IMPORTS_JOB]: async () => void (await endDeadAccessoryImports(ctx)),
  }),
  schedules: { [RECOVER_ACCESSORY_IMPORTS_JOB]: RECOVER_ACCESSORY_IMPORTS_SCHEDULE },
  // Before this process takes a job: the runs a dead process left are ended (a failure is logged; the schedule tries again).
  async beforeWork(ctx) {
    await endDeadAccessoryImports(ctx).catch((error) => ctx.log.error({ err: error }, 'accessories import recovery failed'));
  },
});
