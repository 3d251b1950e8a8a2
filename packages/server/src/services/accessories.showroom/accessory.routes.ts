import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, arrayContains, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCESSORY_PAGE,
  ATTRIBUTE_PAGE,
  accessoryAttributeResource,
  accessoryCategoryResource,
  accessoryListQuery,
  accessoryResource,
  accessorySettingsResource,
  accessoryStatusChange,
  attributeFilters,
  filterText,
  id,
  integer,
  parseSort,
  systemAttributeCreate,
  systemAttributeUpdate,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { loadIncluded, scopeCondition, type ResourceRegistry } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest, forbidden, notFound } from '../../kit/errors.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { diffFields, recordAudit, snapshot } from '../../kit/audit.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { escapeLike } from '../../kit/search-index.ts';
import { siteOwnership, settingsRowOf } from '../sites.context/site-ownership.ts';
import { clients } from '../clients.storage/client.table.ts';
import { assertAttributeCodeFree, assertDefaultFits, attributesOf, dropAttributeValues } from './accessory.hooks.ts';
import { accessories, accessoryAttributes, accessoryCategories, accessoryImportRows, accessoryImports, accessorySettings } from './accessory.table.ts';
import { ACCESSORY_IMPORT_LIMITS, startAccessoryImport } from './run-accessory-import.ts';
import fastifyMultipart from '@fastify/multipart';
import { readInWorker, untrustedUpload } from '../../kit/untrusted-file.ts';
import { AppError } from '../../kit/errors.ts';
import type { AccessoryFeedRow } from './accessory-feed.ts';

const BASE = '/gateway/accessories.showroom/api/v1';
const tags = ['accessories.showroom'];
const siteParams = z.object({ siteId: id() });
const clientParams = z.object({ clientId: id() });
const idParams = z.object({ id: id() });
const pageQuery = (max: number) => z.strictObject({ 'page[number]': integer(1).optional(), 'page[size]': integer(1, max).optional(), 'filter[search]': filterText().optional() });
const ACCESSORY_ATTRIBUTES = Object.keys(accessoryResource.entity.shape);
const CATEGORY_ATTRIBUTES = Object.keys(accessoryCategoryResource.entity.shape);
const ATTRIBUTE_ATTRIBUTES = Object.keys(accessoryAttributeResource.entity.shape);
const SETTINGS_ATTRIBUTES = Object.keys(accessorySettingsResource.entity.shape);
const isStaff = (auth: AuthContext) => auth.scope === 'all';

/** A site the caller reaches, else 404. */
export async function reachableSite(db: DbOrTx, registry: ResourceRegistry, auth: AuthContext, siteId: number) {
  const site = await siteOwnership(registry).findSite(db, auth, siteId);
  if (!site) throw notFound();
  return site;
}

/** The settings of a site, made empty on first read. */
export async function settingsOfSite(db: DbOrTx, site: { id: number; client_id: number }) {
  return settingsRowOf(db, accessorySettings, site);
}

const SORT_COLUMNS = { id: accessories.id, name: accessories.name, article_code: accessories.article_code, price: accessories.price, status: accessories.status, created_at: accessories.created_at, updated_at: accessories.updated_at } as const;

/**
 * The conditions of an accessories list of a site: category, status, brand, model, price range
 * (the price after the discount), search by name or article code, attribute values (a value
 * equal to the text, an array holding it, a number or a yes/no written as text).
 */
export function accessoryConditions(siteId: number, query: Record<string, unknown>): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(accessories.site_id, siteId)];
  const final = sql`(${accessories.price} - ${accessories.discount})`;
  if (query['filter[category_id]'] !== undefined) conditions.push(eq(accessories.category_id, query['filter[category_id]'] as number));
  if (query['filter[status]'] !== undefined) conditions.push(eq(accessories.status, query['filter[status]'] as never));
  if (query['filter[brand_id]'] !== undefined) conditions.push(or(eq(accessories.brand_id, query['filter[brand_id]'] as number), isNull(accessories.brand_id)));
  if (query['filter[model_id]'] !== undefined) conditions.push(or(arrayContains(accessories.model_ids, [query['filter[model_id]'] as number]), sql`cardinality(${accessories.model_ids}) = 0`));
  if (query['filter[price_from]'] !== undefined) conditions.push(gte(final, query['filter[price_from]'] as number));
  if (query['filter[price_to]'] !== undefined) conditions.push(lte(final, query['filter[price_to]'] as number));
  const search = typeof query['filter[search]'] === 'string' ? query['filter[search]'].trim() : '';
  if (search) conditions.push(or(ilike(accessories.name, `%${escapeLike(search)}%`), ilike(accessories.article_code, `%${escapeLike(search)}%`)));
  for (const [code, value] of Object.entries(attributeFilters(query))) conditions.push(attributeCondition(code, value));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** An accessory whose attribute `code` is the value given as text (any type). */
function attributeCondition(code: string, value: string): SQL {
  const candidates: unknown[] = [value, [value]];
  if (value === 'true' || value === 'false') candidates.push(value === 'true');
  if (/^-?\d+(\.\d+)?$/.test(value)) candidates.push(Number(value));
  return or(...candidates.map((candidate) => sql`${accessories.attributes} @> ${JSON.stringify({ [code]: candidate })}::jsonb`))!;
}

/** The order of an accessories list from `sort` (price, name ...), else the newest change first. */
function accessoryOrder(sort: string | undefined) {
  const parsed = parseSort(sort, accessoryResource.sort, accessoryResource.defaultSort);
  if ('error' in parsed) throw badRequest('invalid_sort', undefined, { field: String(parsed.error) });
  return [...parsed.sort.map(({ field, desc: down }) => (down ? desc : asc)(SORT_COLUMNS[field as keyof typeof SORT_COLUMNS])), asc(accessories.id)];
}

/** The site's categories: its client's and the system-wide ones, in their order. */
function categoriesOfClient(clientId: number) {
  return or(isNull(accessoryCategories.client_id), eq(accessoryCategories.client_id, clientId));
}

/** The attributes a client sees: its own and the system-wide ones. */
function attributesOfClient(clientId: number, search?: string) {
  return and(
    or(isNull(accessoryAttributes.client_id), eq(accessoryAttributes.client_id, clientId)),
    search ? or(ilike(accessoryAttributes.name, `%${escapeLike(search)}%`), ilike(accessoryAttributes.code, `%${escapeLike(search)}%`)) : undefined,
  );
}

async function pageOf<T extends Record<string, unknown> & { id: number }>(
  db: DbOrTx,
  table: typeof accessoryAttributes | typeof accessoryCategories,
  where: SQL | undefined,
  order: SQL[],
  page: { number: number; size: number },
) {
  const [rows, [count]] = await Promise.all([
    db.select().from(table).where(where).orderBy(...order).limit(page.size).offset((page.number - 1) * page.size),
    db.select({ total: sql<number>`count(*)::int` }).from(table).where(where),
  ]);
  return { rows: rows as unknown as T[], total: count?.total ?? 0 };
}

const pageOfQuery = (query: Record<string, unknown>, size: number) => ({ number: (query['page[number]'] as number | undefined) ?? 1, size: (query['page[size]'] as number | undefined) ?? size });

/** The accessories calls beyond the generic CRUD (spec 002 §7 "Accessories stock"). */
export async function registerAccessoryRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`${BASE}/settings/by_site_id/:siteId`, { schema: { tags, summary: "A site's accessories settings (made on first read)", params: siteParams } }, async (request) => {
    const site = await reachableSite(ctx.db, registry, requireAuth(request.auth), request.params.siteId);
    return { data: toRecord('settings', await settingsOfSite(ctx.db, site), SETTINGS_ATTRIBUTES) };
  });

  r.get(`${BASE}/categories/by_site_id/:siteId`, { schema: { tags, summary: "A site's categories: its client's and the system-wide ones", params: siteParams, querystring: pageQuery(1000) } }, async (request) => {
    const site = await reachableSite(ctx.db, registry, requireAuth(request.auth), request.params.siteId);
    const page = pageOfQuery(request.query, 100);
    const search = request.query['filter[search]']?.trim();
    const where = and(categoriesOfClient(site.client_id), search ? ilike(accessoryCategories.name, `%${escapeLike(search)}%`) : undefined);
    const { rows, total } = await pageOf(ctx.db, accessoryCategories, where, [asc(accessoryCategories.sort_order), asc(accessoryCategories.name), asc(accessoryCategories.id)], page);
    return toList(rows.map((row) => toRecord('categories', row, CATEGORY_ATTRIBUTES)), { ...page, total });
  });

  r.get(
    `${BASE}/accessories/by_site_id/:siteId`,
    { schema: { tags, summary: "A site's accessories with filters (category, status, brand, model, price, attribute values)", params: siteParams, querystring: accessoryListQuery } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const site = await reachableSite(ctx.db, registry, auth, request.params.siteId);
      const query = request.query as Record<string, unknown>;
      const page = pageOfQuery(query, ACCESSORY_PAGE.default);
      const where = and(...accessoryConditions(site.id, query));
      const [rows, [count]] = await Promise.all([
        ctx.db.select().from(accessories).where(where).orderBy(...accessoryOrder(query.sort as string | undefined)).limit(page.size).offset((page.number - 1) * page.size),
        ctx.db.select({ total: sql<number>`count(*)::int` }).from(accessories).where(where),
      ]);
      // The names of the categories, brands, models, dealers and images the page names.
      const included = await loadIncluded(ctx.db, registry, accessoryResource, rows as never, auth);
      return toList(rows.map((row) => toRecord('accessories', row, ACCESSORY_ATTRIBUTES)), { ...page, total: count?.total ?? 0 }, included);
    },
  );

  r.post(`${BASE}/accessories/status`, { schema: { tags, summary: 'Set one status on many accessories', body: z.object({ data: accessoryStatusChange }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const { ids, status } = request.body.data;
    const binding = registry.get(accessoryResource);
    const changed = await ctx.db.transaction(async (tx) => {
      const found = await tx.select({ id: accessories.id, status: accessories.status, client_id: accessories.client_id }).from(accessories).where(and(inArray(accessories.id, ids), scopeCondition(binding, auth)));
      // Every id must be the caller's: nothing changes otherwise.
      const reached = new Set(found.map((row) => row.id));
      const missing = ids.findIndex((one) => !reached.has(one));
      if (missing !== -1) throw badRequest('invalid_reference', `/data/ids/${missing}`, { id: String(ids[missing]) });
      const moving = found.filter((row) => row.status !== status);
      if (!moving.length) return 0;
      await tx.update(accessories).set({ status, updated_by: auth.userId, updated_at: new Date() }).where(inArray(accessories.id, moving.map((row) => row.id)));
      for (const row of moving)
        await recordAudit(tx, auth, { action: 'update', service: 'accessories.showroom', resource: 'accessories', recordId: row.id, changes: { status: [row.status, status] }, clientId: row.client_id, ip: request.ip });
      return moving.length;
    });
    return { data: { changed } };
  });

  // A client's attributes with the system-wide ones: a page, or all of them (an accessory's form).
  const clientOf = async (auth: AuthContext, clientId: number) => {
    if (auth.scope !== 'all' && !auth.scope.includes(clientId)) throw notFound();
    const [client] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
    if (!client) throw notFound();
    return clientId;
  };
  const attributeOrder = [asc(accessoryAttributes.name), asc(accessoryAttributes.id)];
  r.get(`${BASE}/accessory_attributes/for_client_id/:clientId`, { schema: { tags, summary: "A client's accessory attributes and the system-wide ones, a page", params: clientParams, querystring: pageQuery(ATTRIBUTE_PAGE.max) } }, async (request) => {
    const clientId = await clientOf(requireAuth(request.auth), request.params.clientId);
    const page = pageOfQuery(request.query, ATTRIBUTE_PAGE.default);
    const { rows, total } = await pageOf(ctx.db, accessoryAttributes, attributesOfClient(clientId, request.query['filter[search]']?.trim()), attributeOrder, page);
    return toList(rows.map((row) => toRecord('accessory_attributes', row, ATTRIBUTE_ATTRIBUTES)), { ...page, total });
  });
  r.get(`${BASE}/accessory_attributes/for_client_id/:clientId/all`, { schema: { tags, summary: "Every accessory attribute a client's accessories may carry", params: clientParams } }, async (request) => {
    const clientId = await clientOf(requireAuth(request.auth), request.params.clientId);
    const byCode = await attributesOf(ctx.db, clientId);
    const rows = await ctx.db.select().from(accessoryAttributes).where(attributesOfClient(clientId)).orderBy(...attributeOrder);
    const shown = rows.filter((row) => byCode.get(row.code)?.client_id === row.client_id);
    return toList(shown.map((row) => toRecord('accessory_attributes', row, ATTRIBUTE_ATTRIBUTES)), { number: 1, size: shown.length, total: shown.length });
  });

  await registerImportRoutes(app, ctx, registry);
  registerSystemAttributeRoutes(app, ctx);
}

const IMPORT_ATTRIBUTES = ['site_id', 'settings_id', 'status', 'total_count', 'processed_count', 'created_count', 'updated_count', 'missing_count', 'error_count', 'error', 'finished_at', 'created_at', 'updated_at'];
const IMPORT_ROW_ATTRIBUTES = ['file_index', 'row', 'article_code', 'status', 'message'];

/** The import: started on a settings record; its progress and per-row report read while and after it runs. */
async function registerImportRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A YML file checked before its address goes into the settings: read in the readers' worker, its offers counted.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: ACCESSORY_IMPORT_LIMITS.maxFileBytes, files: 1, fields: 1, parts: 2, fieldSize: 1024, headerPairs: 100 } });
    scope.withTypeProvider<ZodTypeProvider>().post(`${BASE}/accessories/import/check_file`, { config: untrustedUpload('accessories.yml', ['xml']), schema: { tags, summary: 'Check a YML file of accessories: the offers it holds' } }, async (request) => {
      requireAuth(request.auth);
      // Streamed to the reader as it arrives: a file deeper or longer than allowed stops at its bound, not at its size.
      const part = await request.file();
      if (!part) throw new AppError(400, 'file_required', undefined, 'file');
      let offers = 0;
      const limits = { maxRows: ACCESSORY_IMPORT_LIMITS.maxRows, maxCellLength: ACCESSORY_IMPORT_LIMITS.maxCellLength, maxPictures: ACCESSORY_IMPORT_LIMITS.maxPictures, maxParams: ACCESSORY_IMPORT_LIMITS.maxParams };
      try {
        for await (const batch of readInWorker<AccessoryFeedRow>('accessories.yml', part.file, limits)) offers += batch.length;
      } catch (error) {
        // The rest of the upload is read and dropped, so that the answer reaches the caller.
        part.file.resume();
        throw error;
      }
      if (part.file.truncated) throw new AppError(400, 'file_too_large', { size: Math.round(ACCESSORY_IMPORT_LIMITS.maxFileBytes / 1024 / 1024) }, 'file');
      if (!offers && !part.file.bytesRead) throw new AppError(400, 'file_required', undefined, 'file');
      return { data: { offers } };
    });
  });
  const reachableRun = async (auth: AuthContext, runId: number) => {
    const [run] = await ctx.db.select().from(accessoryImports).where(and(eq(accessoryImports.id, runId), auth.scope === 'all' ? undefined : inArray(accessoryImports.client_id, auth.scope))).limit(1);
    if (!run) throw notFound();
    return run;
  };
  r.post(`${BASE}/accessories/import/by_settings_id/:settingsId`, { schema: { tags, summary: "Start an import of the settings' files", params: z.object({ settingsId: id() }) } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const [settings] = await ctx.db
      .select()
      .from(accessorySettings)
      .where(and(eq(accessorySettings.id, request.params.settingsId), scopeCondition(registry.get(accessorySettingsResource), auth)))
      .limit(1);
    if (!settings) throw notFound();
    const run = await startAccessoryImport(ctx, settings, auth.userId, request.lang);
    reply.code(202);
    return { data: toRecord('imports', run, IMPORT_ATTRIBUTES) };
  });
  r.get(`${BASE}/accessories/imports/:id`, { schema: { tags, summary: 'An import: its state, progress and counts', params: idParams } }, async (request) => {
    const run = await reachableRun(requireAuth(request.auth), request.params.id);
    return { data: toRecord('imports', run, IMPORT_ATTRIBUTES) };
  });
  r.get(`${BASE}/accessories/imports/:id/rows`, { schema: { tags, summary: "An import's report, a page of rows", params: idParams, querystring: pageQuery(1000).omit({ 'filter[search]': true }).extend({ 'filter[status]': z.enum(['created', 'updated', 'error']).optional() }) } }, async (request) => {
    const run = await reachableRun(requireAuth(request.auth), request.params.id);
    const page = pageOfQuery(request.query, 100);
    const where = and(eq(accessoryImportRows.import_id, run.id), request.query['filter[status]'] ? eq(accessoryImportRows.status, request.query['filter[status]']) : undefined);
    const [rows, [count]] = await Promise.all([
      ctx.db.select().from(accessoryImportRows).where(where).orderBy(asc(accessoryImportRows.file_index), asc(accessoryImportRows.row), asc(accessoryImportRows.id)).limit(page.size).offset((page.number - 1) * page.size),
      ctx.db.select({ total: sql<number>`count(*)::int` }).from(accessoryImportRows).where(where),
    ]);
    return toList(rows.map((row) => toRecord('import_rows', row, IMPORT_ROW_ATTRIBUTES)), { ...page, total: count?.total ?? 0 });
  });
}

/** The system-wide attributes (spec 002 §6: an admin path prefix): read by every user, written by staff. */
function registerSystemAttributeRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = (request: FastifyRequest) => {
    const auth = requireAuth(request.auth);
    if (!isStaff(auth)) throw forbidden();
    return auth;
  };
  const record = (row: Record<string, unknown> & { id: number }) => ({ data: toRecord('accessory_attributes', row, ATTRIBUTE_ATTRIBUTES) });
  const systemOne = async (db: DbOrTx, attributeId: number) => {
    const [row] = await db.select().from(accessoryAttributes).where(and(eq(accessoryAttributes.id, attributeId), isNull(accessoryAttributes.client_id))).limit(1);
    if (!row) throw notFound();
    return row;
  };

  r.get(`${BASE}/system_accessory_attributes`, { schema: { tags, summary: 'The system-wide accessory attributes, a page', querystring: pageQuery(ATTRIBUTE_PAGE.max) } }, async (request) => {
    requireAuth(request.auth);
    const page = pageOfQuery(request.query, ATTRIBUTE_PAGE.default);
    const search = request.query['filter[search]']?.trim();
    const where = and(isNull(accessoryAttributes.client_id), search ? or(ilike(accessoryAttributes.name, `%${escapeLike(search)}%`), ilike(accessoryAttributes.code, `%${escapeLike(search)}%`)) : undefined);
    const { rows, total } = await pageOf(ctx.db, accessoryAttributes, where, [asc(accessoryAttributes.name), asc(accessoryAttributes.id)], page);
    return toList(rows.map((row) => toRecord('accessory_attributes', row, ATTRIBUTE_ATTRIBUTES)), { ...page, total });
  });

  r.post(`${BASE}/admin/accessory_attributes`, { schema: { tags, summary: 'Create a system-wide accessory attribute', body: z.object({ data: z.object({ type: z.string().max(100).optional(), attributes: systemAttributeCreate }) }) } }, async (request, reply) => {
    const auth = staff(request);
    const attrs = request.body.data.attributes;
    const row = await ctx.db.transaction(async (tx) => {
      await assertAttributeCodeFree(tx, null, attrs.code);
      const [created] = await tx.insert(accessoryAttributes).values({ ...attrs, client_id: null, default_value: attrs.default_value ?? null }).returning();
      await recordAudit(tx, auth, { action: 'create', service: 'accessories.showroom', resource: 'accessory_attributes', recordId: created!.id, changes: snapshot(created!, ATTRIBUTE_ATTRIBUTES), clientId: null, ip: request.ip });
      return created!;
    });
    return reply.status(201).send(record(row));
  });

  r.patch(
    `${BASE}/admin/accessory_attributes/:id`,
    { schema: { tags, summary: 'Change a system-wide accessory attribute', params: idParams, body: z.object({ data: z.object({ type: z.string().max(100).optional(), id: z.string().max(20).optional(), attributes: systemAttributeUpdate }) }) } },
    async (request) => {
      const auth = staff(request);
      const attrs = request.body.data.attributes;
      const row = await ctx.db.transaction(async (tx) => {
        const existing = await systemOne(tx, request.params.id);
        if (attrs.code !== undefined) await assertAttributeCodeFree(tx, null, attrs.code, existing.id);
        assertDefaultFits(existing.type, attrs.default_value);
        const [updated] = await tx.update(accessoryAttributes).set({ ...attrs, updated_at: new Date() }).where(eq(accessoryAttributes.id, existing.id)).returning();
        const changes = diffFields(existing, updated!, ATTRIBUTE_ATTRIBUTES);
        if (Object.keys(changes).length) await recordAudit(tx, auth, { action: 'update', service: 'accessories.showroom', resource: 'accessory_attributes', recordId: existing.id, changes, clientId: null, ip: request.ip });
        return updated!;
      });
      return record(row);
    },
  );

  r.delete(`${BASE}/admin/accessory_attributes/:id`, { schema: { tags, summary: 'Delete a system-wide accessory attribute', params: idParams } }, async (request, reply) => {
    const auth = staff(request);
    await ctx.db.transaction(async (tx) => {
      const existing = await systemOne(tx, request.params.id);
      await dropAttributeValues(tx, null, existing.code);
      await tx.delete(accessoryAttributes).where(eq(accessoryAttributes.id, existing.id));
      await recordAudit(tx, auth, { action: 'delete', service: 'accessories.showroom', resource: 'accessory_attributes', recordId: existing.id, changes: snapshot(existing, ATTRIBUTE_ATTRIBUTES), clientId: null, ip: request.ip });
    });
    return reply.status(204).send();
  });
}

