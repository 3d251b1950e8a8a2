import { layoutResource, layoutStateResource, pageResource, pageStateResource, siteGroupResource, siteResource, templateResource } from '@dp/contracts';
import { PUBLISH_STATE_JOB } from '../../kit/state-workflow.ts';
import { defineServerService } from '../../kit/service.ts';
import * as contentTables from './content.table.ts';
import * as siteTables from './site.table.ts';
import { layoutHooks, layoutStateHooks, pageHooks, pageStateHooks, parentSite, templateHooks } from './content.hooks.ts';
import { publishStateJob } from './content-workflows.ts';
import { registerContentRoutes } from './content.routes.ts';
import { siteHooks } from './site.hooks.ts';
import { siteOwnership } from './site-ownership.ts';
import { registerSiteRoutes } from './site.routes.ts';

const { siteGroups, sites } = siteTables;
const { layouts, layoutStates, pages, pageStates, templates } = contentTables;

/** Sites and their groups; their pages, layouts and templates with the states' workflow. */
export const sitesContext = defineServerService({
  name: 'sites.context',
  tables: [siteTables, contentTables],
  resources: (registry, config) => {
    // Content is site-owned; states name their layout or page, whose site they take.
    const site = siteOwnership(registry);
    return [
      { resource: siteResource, table: sites, hooks: siteHooks(config, () => registry) },
      { resource: siteGroupResource, table: siteGroups },
      { resource: templateResource, table: templates, hooks: templateHooks, siteOwned: site },
      { resource: layoutResource, table: layouts, hooks: layoutHooks, siteOwned: site },
      {
        resource: layoutStateResource,
        table: layoutStates,
        hooks: layoutStateHooks,
        siteOwned: siteOwnership(registry, { field: 'layout_id', siteOf: parentSite(() => registry, layouts, layoutResource) }),
      },
      { resource: pageResource, table: pages, hooks: pageHooks, siteOwned: site },
      {
        resource: pageStateResource,
        table: pageStates,
        hooks: pageStateHooks,
        siteOwned: siteOwnership(registry, { field: 'page_id', siteOf: parentSite(() => registry, pages, pageResource) }),
      },
    ];
  },
  async register(app, ctx, { registry }) {
    // Transitions, copies, DNS check, images (the files kit) beside the site resource.
    await registerSiteRoutes(app, ctx, registry, ctx.files);
    // Workflow of page and layout states, tree moves, restyling, collections.
    registerContentRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // Page, layout and stage states published at their chosen moment.
    [PUBLISH_STATE_JOB]: publishStateJob(ctx),
  }),
});
