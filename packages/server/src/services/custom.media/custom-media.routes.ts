import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CUSTOM_MEDIA_PAGE, customMediaItemResource, customMediaProfileResource, id, integer } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { scopeCondition, type ResourceRegistry } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/app-error.ts';
import { notFound } from '../../kit/errors.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { recordAudit } from '../../kit/audit.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { customMediaItems, customMediaProfiles } from './custom-media.table.ts';
import { MEDIA_IMPORT_JOB } from './run-media-import.ts';

const BASE = '/gateway/custom.media/api/v1';
const tags = ['custom.media'];
const siteParams = z.object({ siteId: id() });
const idParams = z.object({ id: id() });
const pageQuery = z.strictObject({ 'page[number]': integer(1).optional(), 'page[size]': integer(1, CUSTOM_MEDIA_PAGE.max).optional() });
const PROFILE_ATTRIBUTES = Object.keys(customMediaProfileResource.entity.shape);
const ITEM_ATTRIBUTES = Object.keys(customMediaItemResource.entity.shape);

/**
 * The custom media calls beyond the generic CRUD (spec 002 §7 Custom media): a site's profiles and
 * all its items, an import of a profile now, the switch of an item's hidden flag. The last two are
 * GETs that write (the specification's paths), declared so in the contracts (`writes`): the
 * gateway asks the module of staff too.
 */
export async function registerCustomMediaRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reachableSite = async (auth: AuthContext, siteId: number) => {
    const site = await siteOwnership(registry).findSite(ctx.db, auth, siteId);
    if (!site) throw notFound();
    return site;
  };

  r.get(`${BASE}/profiles/for_site/:siteId`, { schema: { tags, summary: "A site's custom media profiles, newest first", params: siteParams, querystring: pageQuery } }, async (request) => {
    const site = await reachableSite(requireAuth(request.auth), request.params.siteId);
    const page = { number: request.query['page[number]'] ?? 1, size: request.query['page[size]'] ?? CUSTOM_MEDIA_PAGE.default };
    const where = eq(customMediaProfiles.site_id, site.id);
    const [rows, [count]] = await Promise.all([
      ctx.db.select().from(customMediaProfiles).where(where).orderBy(desc(customMediaProfiles.id)).limit(page.size).offset((page.number - 1) * page.size),
      ctx.db.select({ total: sql<number>`count(*)::int` }).from(customMediaProfiles).where(where),
    ]);
    return toList(rows.map((row) => toRecord('profiles', row, PROFILE_ATTRIBUTES)), { ...page, total: count?.total ?? 0 });
  });

  r.get(`${BASE}/items/for_site/:siteId/all`, { schema: { tags, summary: "Every item of a site's custom media (up to the largest page), newest first", params: siteParams } }, async (request) => {
    const site = await reachableSite(requireAuth(request.auth), request.params.siteId);
    const rows = await ctx.db
      .select()
      .from(customMediaItems)
      .where(eq(customMediaItems.site_id, site.id))
      .orderBy(sql`${customMediaItems.original_date} desc nulls last`, desc(customMediaItems.id))
      .limit(CUSTOM_MEDIA_PAGE.max);
    return toList(rows.map((row) => toRecord('items', row, ITEM_ATTRIBUTES)), { number: 1, size: CUSTOM_MEDIA_PAGE.max, total: rows.length });
  });

  r.get(`${BASE}/profiles/:id/import`, { schema: { tags, summary: "Queue an import of a profile now (its state shows on the profile)", params: idParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const [profile] = await ctx.db
      .select()
      .from(customMediaProfiles)
      .where(and(eq(customMediaProfiles.id, request.params.id), scopeCondition(registry.get(customMediaProfileResource), auth)))
      .limit(1);
    if (!profile) throw notFound();
    if (profile.import_state === 'running') throw new AppError(409, 'custom_media_import_running');
    await ctx.jobs.send(MEDIA_IMPORT_JOB, { profile_id: profile.id, lang: request.lang }, { singletonKey: `custom-media-${profile.id}` });
    reply.code(202);
    return { data: toRecord('profiles', profile, PROFILE_ATTRIBUTES) };
  });

  r.get(`${BASE}/items/:id/switch_hidden`, { schema: { tags, summary: 'Hide a shown item, or show a hidden one', params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const [item] = await ctx.db
      .select()
      .from(customMediaItems)
      .where(and(eq(customMediaItems.id, request.params.id), scopeCondition(registry.get(customMediaItemResource), auth)))
      .limit(1);
    if (!item) throw notFound();
    const row = await ctx.db.transaction(async (tx) => {
      const [changed] = await tx.update(customMediaItems).set({ hidden: sql`not ${customMediaItems.hidden}`, updated_at: new Date() }).where(eq(customMediaItems.id, item.id)).returning();
      await recordAudit(tx, auth, { action: 'update', service: 'custom.media', resource: 'items', recordId: item.id, changes: { hidden: [item.hidden, changed!.hidden] }, clientId: item.client_id, ip: request.ip });
      return changed!;
    });
    return { data: toRecord('items', row, ITEM_ATTRIBUTES) };
  });
}

/** A visible item as the public site's floor shows it. */
export interface PublicMediaItem {
  id: number;
  profile_id: number;
  url: string | null;
  media_url: string | null;
  kind: 'image' | 'video';
  description: string | null;
  tags: string[];
}

/** The most items of one profile a site's pages may show (the floor's largest limit, twice for its tag filter). */
const PUBLIC_ITEMS_PER_PROFILE = 48;

/**
 * The visible items a site's pages may show, newest first, by profile: the site's own profiles' and
 * the sharable profiles' of its client (a floor names one of those by its id).
 */
export async function loadPublicMedia(db: DbOrTx, site: { id: number; client_id: number }): Promise<Map<number, PublicMediaItem[]>> {
  const ranked = db
    .select({
      id: customMediaItems.id,
      profile_id: customMediaItems.profile_id,
      site_id: customMediaItems.site_id,
      url: customMediaItems.url,
      media_url: customMediaItems.media_url,
      kind: customMediaItems.kind,
      description: customMediaItems.description,
      tags: customMediaItems.tags,
      rank: sql<number>`row_number() over (partition by ${customMediaItems.profile_id} order by ${customMediaItems.original_date} desc nulls last, ${customMediaItems.id} desc)`.as('rank'),
    })
    .from(customMediaItems)
    .innerJoin(customMediaProfiles, eq(customMediaProfiles.id, customMediaItems.profile_id))
    .where(and(eq(customMediaItems.client_id, site.client_id), eq(customMediaItems.hidden, false), sql`(${customMediaProfiles.site_id} = ${site.id} or ${customMediaProfiles.sharable})`))
    .as('ranked');
  const rows = await db.select().from(ranked).where(sql`${ranked.rank} <= ${PUBLIC_ITEMS_PER_PROFILE}`).orderBy(asc(ranked.profile_id), asc(ranked.rank));
  const byProfile = new Map<number, PublicMediaItem[]>();
  for (const row of rows) {
    const item: PublicMediaItem = { id: row.id, profile_id: row.profile_id, url: row.url, media_url: row.media_url, kind: row.kind, description: row.description, tags: row.tags };
    byProfile.set(row.profile_id, [...(byProfile.get(row.profile_id) ?? []), item]);
    // Key 0: the site's own profiles together.
    if (row.site_id === site.id) byProfile.set(0, [...(byProfile.get(0) ?? []), item]);
  }
  return byProfile;
}
