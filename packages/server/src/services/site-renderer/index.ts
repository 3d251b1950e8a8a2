import { defineServerService } from '../../kit/service.ts';
import { registerPreviewRoutes } from './preview.routes.ts';
import { registerSiteRenderer, siteRendererOf, warmUpSites } from './serve-site.ts';

/** The public sites at their hosts, and the preview links of drafts. */
export const siteRenderer = defineServerService({
  name: 'site-renderer',
  // A request for a public site (any host but the admin's) is answered before the gateway and the API documentation.
  async beforeGateway(app, ctx, { database }) {
    await registerSiteRenderer(app, ctx, database);
  },
  async register(app, ctx, { registry }) {
    registerPreviewRoutes(app, ctx, registry, siteRendererOf(app).previewKey);
  },
  async warmUp(app, ctx) {
    await warmUpSites(app, ctx.db);
  },
});
