import { stageResource, stageStateResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as stageTables from './stage.table.ts';
import { stageHooks, stageSite, stageStateHooks } from './stage.hooks.ts';
import { registerStageRoutes } from './stage.routes.ts';

/** A site's stages and their states (published by sites.context's publication job). */
export const contentStorage = defineServerService({
  name: 'content.storage',
  tables: [stageTables],
  // Site-owned; a state names its stage, whose site it takes.
  resources: (registry) => [
    { resource: stageResource, table: stageTables.stages, hooks: stageHooks, siteOwned: siteOwnership(registry) },
    {
      resource: stageStateResource,
      table: stageTables.stageStates,
      hooks: stageStateHooks(),
      siteOwned: siteOwnership(registry, { field: 'stage_id', siteOf: stageSite(() => registry) }),
    },
  ],
  async register(app, ctx, { registry }) {
    registerStageRoutes(app, ctx, registry);
  },
});
