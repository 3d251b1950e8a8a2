import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { CATALOG_IMPORT_KINDS, CATALOG_IMPORT_LIMITS, id, idsFilterSchema, integer, isRestylingImport, modelResource } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import { readMultipart } from '../../kit/files.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { untrustedUpload } from '../../kit/untrusted-file.ts';
import { applyCatalogImport, checkCatalogImport } from './catalog-import.ts';
import { listModelEvents, modelExists, restoreModel } from './model-history.ts';

const BASE = '/gateway/cars.catalog/api/v1';
const tags = ['cars.catalog'];
const eventQuery = z.strictObject({
  'page[number]': integer(1).optional(),
  'page[size]': integer(1, 500).optional(),
  'filter[models]': idsFilterSchema().optional(),
  'filter[brands]': idsFilterSchema().optional(),
  'filter[action]': z.enum(['create', 'update', 'delete', 'restore']).optional(),
});
const pageQuery = eventQuery.pick({ 'page[number]': true, 'page[size]': true, 'filter[action]': true });
const ids = (value: string | undefined) => (value ? value.split(',').map(Number) : undefined);
/** The brands filter of a brand-limited token: only its brands (none in common: no brand, so no event). */
const withinBrands = (asked: number[] | undefined, allowed: number[] | null | undefined) => {
  if (!allowed) return asked;
  const brands = asked ? asked.filter((brand) => allowed.includes(brand)) : allowed;
  return brands.length ? brands : [0];
};
/** The delete-all option of the price import: a multipart field or a query parameter `delete_all` ('true' or '1'). */
const deleteAllQuery = z.strictObject({ delete_all: z.enum(['true', 'false', '1', '0']).optional() });
const deleteAllOf = (fields: Record<string, string>, query: unknown) =>
  ['true', '1', 'on'].includes(String(fields.delete_all ?? (query as { delete_all?: string } | undefined)?.delete_all ?? '').trim().toLowerCase());

/**
 * The catalogue's file imports of body colours, their prices and upholsteries (preview, then
 * apply; multipart with `file` and, for prices, `delete_all`), and the models' history with
 * restoring (spec 001 §7). The gateway checks the codes (permissions.ts ACTION_ROUTES); writing
 * the catalogue is for platform staff, as for its resources.
 */
export async function registerCatalogColorRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`${BASE}/restore/models/events`, { schema: { tags, summary: 'Model events (creation, update, deletion, restoring), newest first', querystring: eventQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const q = request.query;
    const models = ids(q['filter[models]']);
    return listModelEvents(ctx.db, { modelId: models?.length === 1 ? models[0] : undefined, brands: withinBrands(ids(q['filter[brands]']), auth.brandIds), action: q['filter[action]'], page: q['page[number]'] ?? 1, size: q['page[size]'] ?? 50 });
  });
  r.get(`${BASE}/restore/models/:id/events`, { schema: { tags, summary: 'The events of one model, newest first', params: z.object({ id: id() }), querystring: pageQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const q = request.query;
    const events = await listModelEvents(ctx.db, { modelId: request.params.id, brands: withinBrands(undefined, auth.brandIds), action: q['filter[action]'], page: q['page[number]'] ?? 1, size: q['page[size]'] ?? 50 });
    // A model that never was (no events, no record) is not found.
    if (events.meta.page.total === 0 && !(await modelExists(ctx.db, request.params.id))) throw notFound();
    return events;
  });
  r.post(`${BASE}/events/:id`, { schema: { tags, summary: 'Restore a model from an event (a deletion or an update)', params: z.object({ id: id() }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await ctx.db.transaction(async (tx) => {
      const restored = await restoreModel(tx, auth, request, request.params.id);
      // A brand-limited token restores models of its brands only.
      if (auth.brandIds && !auth.brandIds.includes(Number((restored as { brand_id: unknown }).brand_id))) throw new AppError(403, 'brand_restricted');
      return restored;
    });
    return { data: toRecord(modelResource.name, row as never, Object.keys(modelResource.entity.shape)) };
  });

  // Multipart only here, in a scope of its own; every other route still takes JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: CATALOG_IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const staff = (request: { auth?: unknown }) => {
      const auth = requireAuth(request.auth as never);
      if (auth.scope !== 'all') throw new AppError(403, 'staff_only');
      return auth;
    };
    for (const kind of CATALOG_IMPORT_KINDS) {
      // A restyling's imports name it in the path (spec 001 §7 /import/{kind}/{x}); a restyling the caller does not reach is a 404.
      const restyling = isRestylingImport(kind);
      const path = `${BASE}/import/${kind}${restyling ? '/:restylingId' : ''}`;
      const params = restyling ? { params: z.object({ restylingId: id() }) } : {};
      const restylingOf = (request: { params: unknown }) => (restyling ? (request.params as { restylingId: number }).restylingId : undefined);
      s.post(`${path}/preview`, { config: untrustedUpload('spreadsheet', ['csv', 'xlsx']), schema: { tags, summary: `Check a CSV or XLSX file of ${kind} row by row: what each row would create, update or leave; nothing is written`, querystring: deleteAllQuery, ...params } }, async (request) => {
        const auth = staff(request);
        const { files, fields } = await readMultipart(request, CATALOG_IMPORT_LIMITS.maxBytes);
        const options = { deleteAll: deleteAllOf(fields, request.query), brandIds: auth.brandIds, restylingId: restylingOf(request) };
        return { data: (await checkCatalogImport(ctx.db, kind, files, request.lang, options)).report };
      });
      s.post(path, { config: untrustedUpload('spreadsheet', ['csv', 'xlsx']), schema: { tags, summary: `Import the rows without errors of a CSV or XLSX file of ${kind} in one transaction`, querystring: deleteAllQuery, ...params } }, async (request) => {
        const auth = staff(request);
        const { files, fields } = await readMultipart(request, CATALOG_IMPORT_LIMITS.maxBytes);
        const options = { deleteAll: deleteAllOf(fields, request.query), restylingId: restylingOf(request) };
        const report = await ctx.db.transaction((tx) => applyCatalogImport(tx, auth, kind, files, request.lang, request.ip, options));
        return { data: report };
      });
    }
  });
}

