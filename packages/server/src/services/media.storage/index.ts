import { mediaFileResource, mediaFolderResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as mediaTables from './media.table.ts';
import { fileHooks, folderHooks } from './media.hooks.ts';
import { registerMediaRoutes } from './media.routes.ts';

/** The media library: a client's folders and files (platform ones, without a client, are staff's). */
export const mediaStorage = defineServerService({
  name: 'media.storage',
  tables: [mediaTables],
  resources: () => [
    { resource: mediaFolderResource, table: mediaTables.mediaFolders, hooks: folderHooks },
    { resource: mediaFileResource, table: mediaTables.mediaFiles as never, hooks: fileHooks },
  ],
  async register(app, ctx) {
    await registerMediaRoutes(app, ctx);
  },
});
