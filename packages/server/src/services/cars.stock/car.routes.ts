import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  carCachedDataInput,
  carLabelSubject,
  carRangeFilters,
  carResource,
  carSoldByIdsInput,
  id,
  labelApplies,
  missingCarFields,
  parseSort,
  t,
  translateMessage,
  type CarAttributes,
  type JsonApiRecord,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { assertBrandWritable, brandCondition, listQuerySchema, scopeCondition, selectPageQuery, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { inScope, requireAuth } from '../../kit/request-context.ts';
import { searchCondition } from '../../kit/search-index.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { siteLabels, type SiteLabel } from '../cars.catalog/labels.routes.ts';
import { cars } from './car.table.ts';
import { clients } from '../clients.storage/client.table.ts';
import { prepareCarCreate } from './car.hooks.ts';
import { attachCachedData } from './car-cached-data.ts';
import { dropSiteCaches } from '../site-renderer/site-cache.ts';

const BASE = '/gateway/cars.stock/api/v1';
const tags = ['cars.stock'];
const ATTRIBUTES = Object.keys(carResource.entity.shape);
const MAX_ERRORS = 20;

const manualBody = z.object({ data: z.object({ attributes: z.record(z.string().max(100), z.unknown()) }) });
const soldBody = z.object({ data: carSoldByIdsInput });
const cachedDataBody = z.object({ data: carCachedDataInput });
/** What `POST /car/cached_data` answers of each car. */
const CACHED_ATTRIBUTES = ['cached_data', 'pages'];
const clientParams = z.object({ id: id() });
const whereClientQuery = listQuerySchema(carResource).extend({
  is_new: z.enum(['true', 'false']).optional(),
  ids: carResource.filters.ids!.schema.optional(),
  ...carRangeFilters,
});

type Query = z.output<typeof whereClientQuery> & Record<string, unknown>;

/** The conditions of a list query: the declared filters, the spec's is_new and ids, and the price and year ranges. */
function listConditions(query: Query): SQL[] {
  const list = (value: string) => value.split(',').map(Number);
  const conditions: (SQL | undefined)[] = [];
  const isNew = query.is_new ?? (query['filter[is_new]'] as boolean | undefined);
  if (isNew !== undefined) conditions.push(eq(cars.is_new, isNew === true || isNew === 'true'));
  if (query.ids) conditions.push(inArray(cars.id, list(query.ids as string)));
  if (query['filter[ids]']) conditions.push(inArray(cars.id, list(query['filter[ids]'] as string)));
  if (query['filter[site_id]']) conditions.push(eq(cars.site_id, query['filter[site_id]'] as number));
  if (query['filter[brands]']) conditions.push(inArray(cars.brand_id, list(query['filter[brands]'] as string)));
  if (query['filter[models]']) conditions.push(inArray(cars.model_id, list(query['filter[models]'] as string)));
  if (query['filter[status]']) conditions.push(eq(cars.status, query['filter[status]'] as string));
  if (query['filter[logistic_status]']) conditions.push(eq(cars.logistic_status, query['filter[logistic_status]'] as string));
  if (query['filter[year]']) conditions.push(eq(cars.year, query['filter[year]'] as number));
  if (query['filter[search]']) conditions.push(searchCondition([cars.vin, cars.external_id], query['filter[search]'] as string));
  if (query['filter[price_from]'] !== undefined) conditions.push(gte(cars.final_price, query['filter[price_from]']));
  if (query['filter[price_to]'] !== undefined) conditions.push(lte(cars.final_price, query['filter[price_to]']));
  if (query['filter[year_from]'] !== undefined) conditions.push(gte(cars.year, query['filter[year_from]']));
  if (query['filter[year_to]'] !== undefined) conditions.push(lte(cars.year, query['filter[year_to]']));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * Cars of the stock beyond the generic CRUD (spec 001 §7 Stock): manual creation with the spec's
 * messages (§5), bulk "mark as sold" (§4), a client's cars with the labels each one carries, and
 * the refresh of cars' names and pages. Every car answered carries its `cached_data` and `pages`.
 */
export function registerCarRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const binding = registry.get(carResource);
  const owned = siteOwnership(registry);

  /**
   * POST /cars/manual: every problem at once — "fill VIN and/or External ID", a message naming
   * each missing required field, the other fields' checks — and then the summary "not all required
   * fields are filled"; nothing is stored until all is right.
   */
  r.post(`${BASE}/cars/manual`, { schema: { tags, summary: 'Create a car by hand (spec 001 §5 validation)', body: manualBody } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const raw = request.body.data.attributes;
    const errors: { status: string; code: string; title: string; source?: { pointer: string } }[] = [];
    const seen = new Set<string>();
    const push = (code: string, message: string, field: string | null) => {
      const pointer = field === null ? undefined : `/data/attributes/${field}`;
      const key = `${pointer}|${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      errors.push({ status: '400', code, title: translateMessage(message, request.lang), ...(pointer ? { source: { pointer } } : {}) });
    };
    const missing = missingCarFields(raw);
    for (const item of missing) push(item.message, item.message, item.field);
    const parsed = carResource.create.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length ? issue.path.join('/') : null;
        // A missing required field already has its message.
        if (field && missing.some((item) => item.field === field)) continue;
        push(issue.code, issue.message, field);
      }
    }
    if (errors.length) {
      const list = errors.slice(0, missing.length ? MAX_ERRORS - 1 : MAX_ERRORS);
      if (missing.length) list.push({ status: '400', code: 'car_required_summary', title: t('car_required_summary', request.lang) });
      return reply.status(400).send({ errors: list });
    }
    const attrs = parsed.data as Record<string, unknown>;
    const row = await ctx.db.transaction(async (tx) => {
      const site = await owned.findSite(tx, auth, attrs.site_id as number);
      if (!site) throw badRequest('invalid_reference', '/data/attributes/site_id', { id: String(attrs.site_id) });
      const values = await prepareCarCreate(tx, { ...attrs, site_id: site.id, client_id: site.client_id });
      const [created] = await tx.insert(cars).values(values as never).returning();
      // A brand-limited token creates cars of its brands only (403, nothing stored).
      await assertBrandWritable(tx, binding, created!.id, auth);
      await recordAudit(tx, auth, { action: 'create', service: 'cars.stock', resource: 'cars', recordId: created!.id, changes: snapshot(created!, ATTRIBUTES), clientId: site.client_id, ip: request.ip });
      return created!;
    });
    await attachCachedData(ctx.db, [row], request.lang);
    return reply.status(201).send({ data: toRecord('cars', row, ATTRIBUTES) });
  });

  /** POST /cars/sold/by_ids: all the given cars become sold in one transaction, or none when one is not the caller's. */
  r.post(`${BASE}/cars/sold/by_ids`, { schema: { tags, summary: 'Mark cars as sold by their ids', body: soldBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const ids = [...new Set(request.body.data.ids)];
    const rows = await ctx.db.transaction(async (tx) => {
      const found = await tx.select().from(cars).where(and(inArray(cars.id, ids), scopeCondition(binding, auth)));
      const missing = ids.filter((carId) => !found.some((row) => row.id === carId));
      if (missing.length) throw new AppError(404, 'car_sold_not_found', { ids: missing.slice(0, 20).join(', ') }, '/data/ids');
      const changing = found.filter((row) => row.status !== 'sold');
      if (changing.length) {
        await tx.update(cars).set({ status: 'sold', sold_at: new Date(), updated_at: new Date() }).where(inArray(cars.id, changing.map((row) => row.id)));
        for (const row of changing) {
          await recordAudit(tx, auth, { action: 'update', service: 'cars.stock', resource: 'cars', recordId: row.id, changes: { status: [row.status, 'sold'] }, clientId: row.client_id, ip: request.ip });
        }
      }
      return tx.select().from(cars).where(inArray(cars.id, ids)).orderBy(asc(cars.id));
    });
    await attachCachedData(ctx.db, rows, request.lang);
    return { data: rows.map((row) => toRecord('cars', row as Row, ATTRIBUTES)), meta: { total: rows.length } };
  });

  /**
   * POST /car/cached_data (spec 001 §7): the names and public addresses of the given cars the
   * caller reaches, read now (others are left out, as if they did not exist), and the cached pages
   * of their sites dropped, so that the public pages show the current names at once.
   */
  r.post(`${BASE}/car/cached_data`, { schema: { tags, summary: "Refresh cars' names and public pages", body: cachedDataBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const ids = [...new Set(request.body.data.ids)];
    const rows = await ctx.db.transaction(async (tx) => {
      const found = await tx.select().from(cars).where(and(inArray(cars.id, ids), scopeCondition(binding, auth))).orderBy(asc(cars.id));
      await dropSiteCaches(tx, found.map((row) => row.site_id));
      return found;
    });
    await attachCachedData(ctx.db, rows, request.lang);
    return { data: rows.map((row) => toRecord('cars', row, CACHED_ATTRIBUTES)), meta: { total: rows.length } };
  });

  /**
   * GET /cars/where_client/{id}: a client's cars (is_new, ids, the declared filters, price and
   * year ranges, sort, page of 100), each with the labels it carries on its site (hidden ones
   * left out), and the names of its brand and model as `included`.
   */
  r.get(`${BASE}/cars/where_client/:id`, { schema: { tags, summary: "A client's cars with their labels", params: clientParams, querystring: whereClientQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    if (!inScope(auth, request.params.id)) throw notFound();
    const [client] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.id, request.params.id)).limit(1);
    if (!client) throw notFound();
    const query = request.query as Query;
    const number = query['page[number]'] ?? 1;
    const size = query['page[size]'] ?? carResource.pageSize.default;
    const parsed = parseSort(query.sort, carResource.sort, carResource.defaultSort);
    if ('error' in parsed) throw badRequest('invalid_sort', 'sort', { field: parsed.error ?? '' });
    const columns = cars as unknown as Record<string, Parameters<typeof asc>[0]>;
    const order = [...parsed.sort.map(({ field, desc: d }) => (d ? sql`${columns[field]} desc nulls last` : asc(columns[field]!))), asc(cars.id)];
    const where = and(eq(cars.client_id, request.params.id), brandCondition(binding, auth), ...listConditions(query));
    const page = (await selectPageQuery(ctx.db, cars, where, order as SQL[], size, (number - 1) * size)) as unknown as (Row & { __total?: number })[];
    let total = page[0]?.__total ?? 0;
    if (!page.length && number > 1) total = (await ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(cars).where(where))[0]?.total ?? 0;

    const labelsBySite = new Map<number, SiteLabel[]>();
    for (const siteId of new Set(page.map((row) => row.site_id as number))) labelsBySite.set(siteId, (await siteLabels(ctx.db, siteId)).filter((label) => !label.hide));
    const marketingIds = [...new Set(page.map((row) => row.marketing_complectation_id).filter((v): v is number => typeof v === 'number'))];
    const codes = new Map(
      marketingIds.length
        ? (await ctx.db.select({ id: carMarketingComplectations.id, code: carMarketingComplectations.code }).from(carMarketingComplectations).where(inArray(carMarketingComplectations.id, marketingIds))).map((row) => [row.id, row.code])
        : [],
    );
    await attachCachedData(ctx.db, page, request.lang);
    const data = page.map((row) => {
      const subject = carLabelSubject(row as unknown as CarAttributes, codes.get(row.marketing_complectation_id as number) ?? null);
      const labels = (labelsBySite.get(row.site_id as number) ?? [])
        .filter((label) => labelApplies(label.conditions, subject) || ((row.label_ids as number[] | undefined) ?? []).includes(label.id))
        .map((label) => ({ id: label.id, name: label.name, name_ru: label.name_ru ?? null, name_en: label.name_en ?? null, background: label.background, type: label.type }));
      return toRecord('cars', { ...row, labels }, [...ATTRIBUTES, 'labels']);
    });

    const included: JsonApiRecord[] = [];
    for (const [field, table, type] of [['brand_id', carBrands, 'brands'], ['model_id', carModels, 'models']] as const) {
      const ids = [...new Set(page.map((row) => row[field]).filter((v): v is number => typeof v === 'number'))];
      if (!ids.length) continue;
      for (const found of await ctx.db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids))) included.push({ id: String(found.id), type, attributes: { name: found.name } });
    }
    return toList(data, { number, size, total }, included);
  });
}
