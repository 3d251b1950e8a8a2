import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, layoutStateResource, pageStateResource, stageStateResource } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { findScoped, type ResourceRegistry } from '../../kit/crud-routes.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { loadSiteRow } from './site-snapshot.ts';
import { createPreviewToken, PREVIEW_TTL_SECONDS, type PreviewKind } from './preview-token.ts';

/**
 * POST …/page_states/{id}/preview, …/layout_states/{id}/preview, …/stage_states/{id}/preview:
 * a short-lived link that shows the state on its site's technical host (else its host), as it
 * would be published. Whoever may read the state (its codes, its site within the caller's
 * clients) may preview it; another client's state answers 404 like a missing one.
 */
const KINDS: { kind: PreviewKind; resource: typeof pageStateResource | typeof layoutStateResource | typeof stageStateResource }[] = [
  { kind: 'page_states', resource: pageStateResource },
  { kind: 'layout_states', resource: layoutStateResource },
  { kind: 'stage_states', resource: stageStateResource },
];

/** Where a site answers for the admin's links: its technical host (else host), with the admin's scheme and port. */
export function siteOrigin(publicUrl: string, host: string): string {
  const url = new URL(publicUrl);
  url.hostname = host;
  return url.origin;
}

export function registerPreviewRoutes(app: FastifyInstance, ctx: Pick<ServiceContext, 'db' | 'config'>, registry: ResourceRegistry, previewKey: Uint8Array) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const { kind, resource } of KINDS) {
    const binding = registry.get(resource);
    r.post(
      `/gateway/${resource.service}/api/v1/${resource.name}/:id/preview`,
      {
        schema: {
          tags: [resource.service],
          summary: `A preview link of a state of ${resource.name} (valid ${PREVIEW_TTL_SECONDS / 60} minutes)`,
          params: z.object({ id: id() }),
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const state = await findScoped(ctx.db, binding, request.params.id, auth);
        const site = await loadSiteRow(ctx.db, state.site_id as number);
        const host = site?.technical_host || site?.host;
        if (!site || !host) throw new AppError(409, 'preview_no_host');
        const expires = Math.floor(Date.now() / 1000) + PREVIEW_TTL_SECONDS;
        const token = createPreviewToken(previewKey, { kind, stateId: state.id, siteId: site.id, expires });
        return { data: { url: `${siteOrigin(ctx.config.publicUrl, host)}/_preview/${token}`, expires_at: new Date(expires * 1000).toISOString() } };
      },
    );
  }
}
