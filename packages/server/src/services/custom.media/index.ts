import { customMediaItemResource, customMediaProfileResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as customMediaTables from './custom-media.table.ts';
import { registerCustomMediaRoutes } from './custom-media.routes.ts';
import { MEDIA_IMPORT_JOB, MEDIA_SCHEDULE, MEDIA_SCHEDULE_JOB, queueDueImports, runMediaImport } from './run-media-import.ts';

/**
 * Custom media of a site: profiles imported on their schedule (and on demand) from outside
 * sources into items, shown on the public site by the `custom_media` floor.
 */
export const customMedia = defineServerService({
  name: 'custom.media',
  tables: [customMediaTables],
  resources: (registry) => [
    { resource: customMediaProfileResource, table: customMediaTables.customMediaProfiles, siteOwned: siteOwnership(registry) },
    { resource: customMediaItemResource, table: customMediaTables.customMediaItems, siteOwned: siteOwnership(registry) },
  ],
  async register(app, ctx, { registry }) {
    await registerCustomMediaRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // One import of a profile.
    [MEDIA_IMPORT_JOB]: (data: { profile_id: number; lang?: 'ru' | 'en' }) => runMediaImport(ctx, data),
    // The profiles whose time has come.
    [MEDIA_SCHEDULE_JOB]: () => queueDueImports(ctx),
  }),
  schedules: { [MEDIA_SCHEDULE_JOB]: MEDIA_SCHEDULE },
});
