import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { id, reviewerSettingsResource, type ReviewerRatingSummary } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry, Row } from '../../kit/crud-routes.ts';
import { notFound } from '../../kit/errors.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { siteRendererOf } from '../site-renderer/serve-site.ts';
import { siteOwnership, siteSettingsOf } from '../sites.context/site-ownership.ts';
import { inviteAfterHandled, REVIEW_PAGE_PREFIX } from './reviewer.flow.ts';
import { reviewPageApi } from './review-page.ts';
import { reviewerRatings, reviewerSettings } from './reviewer.table.ts';

const BASE = '/gateway/reviewer/api/v1';
const tags = ['reviewer'];
const ATTRIBUTES = Object.keys(reviewerSettingsResource.entity.shape);

/** reviewer's calls beyond the generic CRUD: a site's settings, its ratings' summary; the handled-request listener; the public rating page. */
export function registerReviewerRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const siteParams = z.object({ siteId: id() });
  r.get(`${BASE}/settings/for_site_id/:siteId`, { schema: { tags, summary: "A site's reviewer settings (made with the defaults on first read)", params: siteParams } }, async (request) => {
    const row = await siteSettingsOf(ctx.db, registry, requireAuth(request.auth), request.params.siteId, reviewerSettings);
    return { data: toRecord('settings', row as unknown as Row, ATTRIBUTES) };
  });
  r.get(`${BASE}/ratings/summary/where_site/:siteId`, { schema: { tags, summary: "A site's average rating and number of ratings", params: siteParams } }, async (request) => {
    const site = await siteOwnership(registry).findSite(ctx.db, requireAuth(request.auth), request.params.siteId);
    if (!site) throw notFound();
    const [row] = await ctx.db
      .select({ count: sql<number>`count(*)`.mapWith(Number), average: sql<string | null>`round(avg(${reviewerRatings.rating}), 2)` })
      .from(reviewerRatings)
      .where(eq(reviewerRatings.site_id, site.id));
    const summary: ReviewerRatingSummary = { count: row?.count ?? 0, average: row?.average === null || row?.average === undefined ? null : Number(row.average) };
    return { data: summary };
  });
  requestStorageOf(app).onHandled.push((handled) => inviteAfterHandled(ctx, handled));
  siteRendererOf(app).siteApis.push(reviewPageApi(ctx, REVIEW_PAGE_PREFIX));
}
