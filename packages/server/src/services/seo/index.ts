import { redirectResource, seoConfigResource, seoConstantResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as seoTables from './seo.table.ts';
import { redirectHooks } from './redirect.hooks.ts';
import { seoConfigHooks, seoConstantHooks } from './seo.hooks.ts';
import { registerSeoRoutes } from './seo.routes.ts';

/** A site's redirects, SEO settings and constants; the import of redirects. */
export const seo = defineServerService({
  name: 'seo',
  tables: [seoTables],
  resources: (registry) => {
    // Records of a site: their client is the site's.
    const site = siteOwnership(registry);
    return [
      { resource: redirectResource, table: seoTables.redirects, hooks: redirectHooks, siteOwned: site },
      { resource: seoConfigResource, table: seoTables.seoConfigs, hooks: seoConfigHooks, siteOwned: site },
      { resource: seoConstantResource, table: seoTables.seoConstants, hooks: seoConstantHooks, siteOwned: site },
    ];
  },
  async register(app, ctx, { registry }) {
    await registerSeoRoutes(app, ctx, registry);
  },
});
