import { moduleResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as moduleTables from './module.table.ts';
import { moduleHooks } from './module.hooks.ts';
import { registerMarketplaceRoutes } from './marketplace.routes.ts';
import { MODULE_NOTICE_JOB, sendModuleNotices, type ModuleNotice } from './send-module-notices.ts';

/**
 * The site modules, their installations and the notices of their changes. The module states the
 * gateway checks are kept per process by the app (module-gate.ts ModuleStates).
 */
export const marketplace = defineServerService({
  name: 'marketplace',
  tables: [moduleTables],
  resources: () => [{ resource: moduleResource, table: moduleTables.modules, hooks: moduleHooks(Object.keys(moduleResource.entity.shape)) }],
  async register(app, ctx, { registry }) {
    registerMarketplaceRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    [MODULE_NOTICE_JOB]: (data: ModuleNotice) => sendModuleNotices(ctx, data),
  }),
});
