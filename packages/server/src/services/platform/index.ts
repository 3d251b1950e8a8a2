import { opNewsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as newsTables from './op-news.table.ts';
import * as suggestionTables from './suggestion.table.ts';
import { opNewsHooks } from './op-news.hooks.ts';
import { registerNewsRoutes } from './news.routes.ts';
import { registerSuggestionRoutes } from './suggestions.routes.ts';

/** platform: the provider's news to the admin's users (the home page shows them) and the suggestions board. */
export const platform = defineServerService({
  name: 'platform',
  tables: [newsTables, suggestionTables],
  resources: () => [{ resource: opNewsResource, table: newsTables.opNews, hooks: opNewsHooks }],
  async register(app, ctx) {
    registerNewsRoutes(app, ctx);
    registerSuggestionRoutes(app, ctx);
  },
});
