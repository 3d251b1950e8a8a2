import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_LIST_SORT, id, listSortSettingsPatch, listSortSettingsSchema, restylingOrderInput } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import type { ResourceHooks, ResourceRegistry } from '../../kit/crud-routes.ts';
import { recordAudit } from '../../kit/audit.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { carBrands, carGenerations, carModels, carRestylings } from '../cars.catalog/catalog.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { registerSiteSettings } from '../cars.stock.sites/site-settings.ts';
import { listSortSettings, restylingSorts } from './sorting.table.ts';

const BASE = '/gateway/cars.sorting/api/v1';
const tags = ['cars.sorting'];

/** The brand and model of a restyling, copied onto its place in the order; a 400 when there is none. */
async function restylingOwners(tx: DbOrTx, restylingId: number) {
  const [row] = await tx.select({ brand_id: carRestylings.brand_id, model_id: carRestylings.model_id }).from(carRestylings).where(eq(carRestylings.id, restylingId)).limit(1);
  if (!row) throw badRequest('invalid_reference', '/data/attributes/restyling_id', { id: String(restylingId) });
  return row;
}

/** A restyling has one place in a site's order (409 for a second). */
export const restylingSortHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const [taken] = await tx.select({ id: restylingSorts.id }).from(restylingSorts).where(and(eq(restylingSorts.site_id, attrs.site_id as number), eq(restylingSorts.restyling_id, attrs.restyling_id as number))).limit(1);
    if (taken) throw new AppError(409, 'restyling_sort_exists', undefined, '/data/attributes/restyling_id');
    return { ...attrs, ...(await restylingOwners(tx, attrs.restyling_id as number)) };
  },
};

/** A restyling as the order screen shows it: its names down from the brand and its place (null: not placed yet). */
export interface SiteRestyling {
  restyling_id: number;
  name: string;
  generation: string;
  model: string;
  brand: string;
  sort: number | null;
  cars: number;
}

/**
 * The restylings of a site: those of its cars and those already placed in its order, placed
 * ones first by their place, the rest by brand, model, generation and name.
 */
export async function siteRestylings(db: DbOrTx, siteId: number): Promise<SiteRestyling[]> {
  const placed = await db.select({ restyling_id: restylingSorts.restyling_id, sort: restylingSorts.sort }).from(restylingSorts).where(eq(restylingSorts.site_id, siteId));
  const inStock = await db.select({ restyling_id: cars.restyling_id, id: cars.id }).from(cars).where(and(eq(cars.site_id, siteId)));
  const counts = new Map<number, number>();
  for (const row of inStock) if (row.restyling_id !== null) counts.set(row.restyling_id, (counts.get(row.restyling_id) ?? 0) + 1);
  const ids = [...new Set([...placed.map((row) => row.restyling_id), ...counts.keys()])];
  if (!ids.length) return [];
  const rows = await db
    .select({ restyling_id: carRestylings.id, name: carRestylings.name, generation: carGenerations.name, model: carModels.name, brand: carBrands.name })
    .from(carRestylings)
    .innerJoin(carGenerations, eq(carGenerations.id, carRestylings.generation_id))
    .innerJoin(carModels, eq(carModels.id, carRestylings.model_id))
    .innerJoin(carBrands, eq(carBrands.id, carRestylings.brand_id))
    .where(inArray(carRestylings.id, ids));
  const sorts = new Map(placed.map((row) => [row.restyling_id, row.sort]));
  const list = rows.map((row) => ({ ...row, sort: sorts.get(row.restyling_id) ?? null, cars: counts.get(row.restyling_id) ?? 0 }));
  const label = (row: SiteRestyling) => `${row.brand}\u0000${row.model}\u0000${row.generation}\u0000${row.name}`;
  return list.sort((a, b) => (a.sort ?? Infinity) - (b.sort ?? Infinity) || label(a).localeCompare(label(b)) || a.restyling_id - b.restyling_id);
}

/**
 * Car sorting of a site (spec 001 §7 list_sort_settings, restyling_sort): the list sort settings
 * (`GET|PATCH /list_sort_settings/where_site/{siteId}`), the site's restylings with their places
 * (`GET /sites/{siteId}/restylings`) and the whole order saved at once
 * (`POST /sites/{siteId}/restyling_sort/order`: places 10, 20, ... in the order given; restylings
 * left out keep theirs after them).
 */
export function registerSortingRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  registerSiteSettings(app, ctx, registry, {
    service: 'cars.sorting',
    type: 'list_sort_settings',
    path: 'list_sort_settings',
    table: listSortSettings as never,
    defaults: () => structuredClone(DEFAULT_LIST_SORT),
    full: listSortSettingsSchema,
    patch: listSortSettingsPatch,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owned = siteOwnership(registry);
  const params = z.object({ siteId: id() });

  r.get(`${BASE}/sites/:siteId/restylings`, { schema: { tags, summary: "The site's restylings in its order", params } }, async (request) => {
    const site = await owned.findSite(ctx.db, requireAuth(request.auth), request.params.siteId);
    if (!site) throw notFound();
    return { data: await siteRestylings(ctx.db, site.id) };
  });

  r.post(`${BASE}/sites/:siteId/restyling_sort/order`, { schema: { tags, summary: "Save the order of the site's restylings", params, body: z.object({ data: restylingOrderInput }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const ids = request.body.data.restyling_ids;
    if (new Set(ids).size !== ids.length) throw badRequest('list_sort_field_twice', '/data/restyling_ids');
    await ctx.db.transaction(async (tx) => {
      const site = await owned.findSite(tx, auth, request.params.siteId);
      if (!site) throw notFound();
      const known = await tx.select({ id: carRestylings.id, brand_id: carRestylings.brand_id, model_id: carRestylings.model_id }).from(carRestylings).where(inArray(carRestylings.id, ids));
      const missing = ids.find((value) => !known.some((row) => row.id === value));
      if (missing !== undefined) throw badRequest('invalid_reference', `/data/restyling_ids/${ids.indexOf(missing)}`, { id: String(missing) });
      const existing = await tx.select().from(restylingSorts).where(eq(restylingSorts.site_id, site.id)).orderBy(asc(restylingSorts.sort), asc(restylingSorts.id));
      const rest = existing.filter((row) => !ids.includes(row.restyling_id));
      const order = [...ids, ...rest.map((row) => row.restyling_id)];
      const changes: Record<string, [number | null, number]> = {};
      for (const [index, restylingId] of order.entries()) {
        const sort = (index + 1) * 10;
        const row = existing.find((one) => one.restyling_id === restylingId);
        if (row && row.sort === sort) continue;
        changes[String(restylingId)] = [row?.sort ?? null, sort];
        if (row) await tx.update(restylingSorts).set({ sort, updated_at: new Date() }).where(eq(restylingSorts.id, row.id));
        else {
          const owners = known.find((one) => one.id === restylingId)!;
          await tx.insert(restylingSorts).values({ site_id: site.id, client_id: site.client_id, restyling_id: restylingId, brand_id: owners.brand_id, model_id: owners.model_id, sort });
        }
      }
      if (Object.keys(changes).length) await recordAudit(tx, auth, { action: 'update', service: 'cars.sorting', resource: 'restyling_sort', recordId: site.id, changes, clientId: site.client_id, ip: request.ip });
    });
    const site = await owned.findSite(ctx.db, auth, request.params.siteId);
    return { data: await siteRestylings(ctx.db, site!.id) };
  });
}
