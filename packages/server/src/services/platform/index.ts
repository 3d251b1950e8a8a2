import { opNewsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as newsTables from './op-news.table.ts';
import { opNewsHooks } from './op-news.hooks.ts';
import { registerNewsRoutes } from './news.routes.ts';

/** platform: the provider's news to the admin's users (the home page shows them). */
export const platform = defineServerService({
  name: 'platform',
  tables: [newsTables],
  resources: () => [{ resource: opNewsResource, table: newsTables.opNews, hooks: opNewsHooks }],
  async register(app, ctx) {
    registerNewsRoutes(app, ctx);
  },
});
