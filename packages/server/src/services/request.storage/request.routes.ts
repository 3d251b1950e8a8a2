import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  agreementHashResource,
  BLOCK_SOURCE_TYPES,
  BLOCK_TYPES,
  cleanAnalytics,
  id,
  isoDateTime,
  momentOf,
  REQUEST_LISTS,
  REQUEST_PAGE_SIZE,
  REQUEST_TYPE_IDS,
  REQUEST_TYPES,
  requestBlockResource,
  requestBlockSettingsResource,
  requestBlockSettingsUpdate,
  requestStatusesQuery,
  requestSummaryQuery,
  requestExportQuery,
  requestIdsBody,
  requestListQuery,
  requestSettingsResource,
  requestTypeOfKey,
  requestTypeOfList,
  t,
  type CaptchaCheck,
  type Lang,
  type RequestTypeId,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { findScoped, scopeCondition, updateRecord, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { recordAudit } from '../../kit/audit.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { loadSecret, sha256 } from '../../kit/secrets.ts';
import { escapeLike, searchCondition } from '../../kit/search-index.ts';
import { siteRendererOf, type SiteApiCall } from '../site-renderer/serve-site.ts';
import { say } from '../site-renderer/texts.ts';
import { CAPTCHA_BITS, proofOfWorkCaptcha, type CaptchaVerifier } from './captcha.ts';
import { requestIntake, type IntakeCall, type IntakeChecks, type IntakeResult } from './intake.ts';
import { requestsCsv, requestsWorkbook } from './request-export.ts';
import { assertSettingUnique, requestBlockHooks } from './request.hooks.ts';
import { requestStatuses, requestSummary, summaryRange } from './request-summary.ts';
import { siteSettingsOf } from '../sites.context/site-ownership.ts';
import { agreementHashes, requestActions, requestBlocks, requestBlockSettings, requests, requestSettings } from './request.table.ts';
import { deleteRequests, releaseRequests, unverifiedSummary } from './unverified-requests.ts';

const BASE = '/gateway/request.storage/api/v1';
/** The caller's requests: those of its clients (every one for platform staff). */
const requestScope = (auth: AuthContext): SQL | undefined => (auth.scope === 'all' ? undefined : auth.scope.length ? inArray(requests.client_id, auth.scope) : sql`false`);
const tags = ['request.storage'];
/** The sites' own API prefix: same origin as the site's forms, the site is the host's. */
export const SITE_API_PREFIX = '/_api/requests/';
const SITE_API_MAX_BYTES = 64 * 1024;

export const REQUEST_ATTRIBUTES = [
  'site_id', 'client_id', 'type', 'type_key', 'page_id', 'dealer_id', 'gender', 'name', 'last_name', 'phone', 'email', 'text', 'text_input',
  'fields', 'analytics', 'processing_of_personal_data', 'agreement_hash', 'tag', 'captcha_check', 'depersonalized_at', 'handled_at', 'created_at',
];
const ACTION_ATTRIBUTES = ['request_id', 'settings_id', 'kind', 'action_id', 'status', 'attempts', 'last_error', 'created_at', 'updated_at'];

export type RequestRow = typeof requests.$inferSelect;
const recordOf = (row: RequestRow) => toRecord('requests', { ...row, type_key: REQUEST_TYPES[row.type as RequestTypeId]?.key ?? String(row.type) } as unknown as Row, REQUEST_ATTRIBUTES);

/** The rows of a list: the caller's clients' requests of the site and type, in the date range, matching the search and the captcha mark. */
function listCondition(
  auth: AuthContext,
  siteId: number,
  type: RequestTypeId | null,
  query: {
    'date[from]'?: string;
    'date[to]'?: string;
    'filter[search]'?: string;
    'filter[captcha]'?: CaptchaCheck;
    custom_form_id?: number;
    'filter[custom_form_id]'?: number;
    utc_offset?: number;
    'filter[utm_source]'?: string;
    'filter[utm_campaign]'?: string;
    'filter[page_url]'?: string;
  },
): SQL | undefined {
  const offset = query.utc_offset ?? 0;
  const form = query.custom_form_id ?? query['filter[custom_form_id]'];
  return and(
    requestScope(auth),
    eq(requests.site_id, siteId),
    type === null ? undefined : eq(requests.type, type),
    query['date[from]'] ? gte(requests.created_at, momentOf(query['date[from]'], offset)) : undefined,
    query['date[to]'] ? lte(requests.created_at, momentOf(query['date[to]'], offset, true)) : undefined,
    query['filter[search]'] ? or(searchCondition([requests.name, requests.phone, requests.email, requests.last_name], query['filter[search]']), ...phoneSearch(query['filter[search]'])) : undefined,
    form ? sql`${requests.fields}->>'custom_form_id' = ${String(form)}` : undefined,
    query['filter[captcha]'] ? eq(requests.captcha_check, query['filter[captcha]']) : undefined,
    ...analyticsConditions(query),
  );
}

/**
 * A search typed as a phone (`8 900 123`, `(900) 123-4`) finds the phones stored normalised
 * (`+79001234567`) by their digits; a leading 8 is also read as the country's 7.
 */
function phoneSearch(text: string): SQL[] {
  if (!/^[+\d\s().-]+$/.test(text.trim())) return [];
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return [];
  const keys = new Set([digits, ...(/^8/.test(digits) ? [`7${digits.slice(1)}`] : [])]);
  return [...keys].map((key) => searchCondition([requests.phone], key));
}
/** The analytics filters of lists and exports: UTM source and campaign whole in any case, a part of the page's address. */
function analyticsConditions(query: { 'filter[utm_source]'?: string; 'filter[utm_campaign]'?: string; 'filter[page_url]'?: string }): (SQL | undefined)[] {
  const whole = (path: 'utm,source' | 'utm,campaign', value: string | undefined) => (value?.trim() ? sql`lower(${requests.analytics} #>> ${sql.raw(`'{${path}}'`)}) = ${value.trim().toLowerCase()}` : undefined);
  const page = query['filter[page_url]']?.trim();
  return [
    whole('utm,source', query['filter[utm_source]']),
    whole('utm,campaign', query['filter[utm_campaign]']),
    page ? sql`${requests.analytics} #>> '{page,page_url}' ilike ${`%${escapeLike(page)}%`}` : undefined,
  ];
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The site API (on the sites' hosts): a captcha challenge, and the intake of each type by its list name or key. */
function siteApi(captcha: CaptchaVerifier, accept: (call: IntakeCall) => Promise<IntakeResult>) {
  const error = (status: number, key: Parameters<typeof t>[0], lang: Lang) => ({ status, body: { errors: [{ status: String(status), code: key, title: t(key, lang) }] } });
  return async (call: SiteApiCall) => {
    const { lang } = call;
    if (call.path === 'captcha' && call.method === 'GET') return { status: 200, body: { data: captcha.challenge(call.site.id) } };
    const type = requestTypeOfList(call.path) ?? requestTypeOfKey(call.path);
    if (!type) return error(404, 'request_unknown_type', lang);
    if (call.method !== 'POST') return { ...error(405, 'request_json_only', lang), headers: { allow: 'POST' } };
    if (call.body === null) return error(413, 'payload_too_large', lang);
    if (call.contentType !== 'application/json') return error(415, 'request_json_only', lang);
    let body: unknown;
    try {
      body = JSON.parse(call.body);
    } catch {
      return error(400, 'invalid_json', lang);
    }
    try {
      const result = await accept({ site: call.site, type, body, ip: call.ip });
      return { status: 201, body: { data: { type: REQUEST_TYPES[type].key, id: result.id === null ? null : String(result.id) } } };
    } catch (failure) {
      if (!(failure instanceof AppError)) throw failure;
      const errors = [failure, ...(failure.others ?? [])].map((one) => ({ status: String(one.status), code: one.key, title: t(one.key, lang, one.params), ...(one.pointer ? { source: { pointer: one.pointer } } : {}) }));
      return { status: failure.status, body: { errors }, headers: failure.headers };
    }
  };
}

export interface RequestStorage {
  captcha: CaptchaVerifier;
  /** The zero bits a challenge asks for (tests ask for fewer). */
  captchaBits: number;
  /** Checks other services add to the intake of a type (form-constructor: custom forms' values). */
  checks: IntakeChecks;
  /**
   * What other services do once a request is marked handled (the reviewer's invitation), called
   * after the mark is stored, once per request; a listener's failure is logged, the mark stays.
   */
  onHandled: ((request: RequestRow) => Promise<void>)[];
}
const storages = new WeakMap<FastifyInstance, RequestStorage>();
/** The request storage of an app (tests lower its captcha's work). */
export function requestStorageOf(app: FastifyInstance): RequestStorage {
  const storage = storages.get(app);
  if (!storage) throw new Error('request.storage is not registered on this app');
  return storage;
}

/**
 * Marks a request handled, audited, then tells the services that listen (the reviewer's
 * invitation); answers the marked row, or null when it was marked before (nothing is told again).
 * A listener's failure is logged: the mark stays.
 */
async function markHandled(ctx: ServiceContext, storage: RequestStorage, auth: AuthContext, row: RequestRow, ip: string): Promise<RequestRow | null> {
  const marked = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(requests).set({ handled_at: new Date() }).where(and(eq(requests.id, row.id), sql`${requests.handled_at} is null`)).returning();
    if (updated) await recordAudit(tx, auth, { action: 'update', service: 'request.storage', resource: 'requests', recordId: row.id, changes: { handled_at: updated.handled_at }, clientId: row.client_id, ip });
    return updated ?? null;
  });
  if (!marked) return null;
  for (const listener of storage.onHandled) {
    await listener(marked).catch((error: unknown) => ctx.log.error({ err: error, request: marked.id }, 'a handled-request listener failed'));
  }
  return marked;
}

export async function registerRequestRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry): Promise<RequestStorage> {
  const storage = { captchaBits: CAPTCHA_BITS, checks: {}, onHandled: [] } as unknown as RequestStorage;
  storage.captcha = proofOfWorkCaptcha(ctx.db, await loadSecret(ctx.db, 'request-captcha', null), () => storage.captchaBits);
  // The verifier in use is the storage's: form-constructor puts the smart captcha's in front of the proof of work.
  const captcha: CaptchaVerifier = { challenge: (siteId) => storage.captcha.challenge(siteId), verify: (siteId, answer) => storage.captcha.verify(siteId, answer) };
  storages.set(app, storage);
  const renderer = siteRendererOf(app);
  const intake = requestIntake(ctx, captcha, storage.checks);
  renderer.siteApis.push({ prefix: SITE_API_PREFIX, maxBytes: SITE_API_MAX_BYTES, handle: siteApi(captcha, intake.accept) });
  // The renderer's own forms: a correct form becomes a request of its type (its attributes as the renderer made them)
  // under the consent text it showed, with the analytics block the site's script put in it; the page is the one the
  // form was posted on.
  renderer.formSink = async ({ site, outcome, ip, lang, consentText, page }) => {
    if (!outcome.request) return { error: null };
    const hash = await ensureAgreement(ctx.db, site, consentText);
    const { request, extra } = outcome;
    const analytics = cleanAnalytics(parseJson(extra.analytics));
    analytics.page = { page_url: page.url, page_title: page.title, ...analytics.page, page_id: page.id };
    try {
      await intake.accept({
        site,
        type: request.type,
        ip,
        body: {
          data: {
            attributes: { ...request.attributes, processing_of_personal_data: outcome.consent, agreement_hash: hash, analytics },
            captcha: extra['smart-token'] ? { token: extra['smart-token'] } : extra.captcha_challenge ? { challenge: extra.captcha_challenge, nonce: extra.captcha_nonce || '0' } : undefined,
          },
        },
      });
      return { error: null };
    } catch (failure) {
      // Every reason the intake gave (a refused trade-in car may have several), in the visitor's language.
      if (failure instanceof AppError) return { error: failure.key === 'captcha_required' ? say(lang, 'form_robot_check') : [failure, ...(failure.others ?? [])].map((one) => t(one.key, lang, one.params)).join(' ') };
      throw failure;
    }
  };

  const r = app.withTypeProvider<ZodTypeProvider>();
  const siteParams = z.object({ siteId: id() });
  const reachableSite = async (auth: AuthContext, siteId: number) => {
    const site = await registry.get(requestSettingsResource).siteOwned!.findSite(ctx.db, auth, siteId);
    if (!site) throw notFound();
    return site;
  };

  for (const list of REQUEST_LISTS) {
    const type = requestTypeOfList(list)!;
    r.get(`${BASE}/${list}/where_site/:siteId`, { schema: { tags, summary: `A site's ${list}, newest first`, params: siteParams, querystring: requestListQuery } }, async (request) => {
      const auth = requireAuth(request.auth);
      await reachableSite(auth, request.params.siteId);
      const query = request.query;
      const number = query['page[number]'] ?? 1;
      const size = query['page[size]'] ?? REQUEST_PAGE_SIZE;
      const where = listCondition(auth, request.params.siteId, type, query);
      const sort = query.sort ?? '-created_at';
      const column = sort.endsWith('name') ? requests.name : requests.created_at;
      const [rows, [count]] = await Promise.all([
        ctx.db.select().from(requests).where(where).orderBy(sort.startsWith('-') ? desc(column) : asc(column), desc(requests.id)).limit(size).offset((number - 1) * size),
        ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(requests).where(where),
      ]);
      return toList(rows.map(recordOf), { number, size, total: count?.total ?? 0 });
    });
    r.get(`${BASE}/${list}/where_site/:siteId/format_xlsx`, { schema: { tags, summary: `A site's ${list} as XLSX`, params: siteParams, querystring: requestExportQuery } }, async (request, reply) => {
      const auth = requireAuth(request.auth);
      await reachableSite(auth, request.params.siteId);
      return sendExport(ctx.db, reply, 'xlsx', listCondition(auth, request.params.siteId, type, request.query), request.lang, request.query.utc_offset ?? 0, `${list}-${request.params.siteId}`);
    });
    r.get(`${BASE}/${list}/where_site/:siteId/format_csv`, { schema: { tags, summary: `A site's ${list} as CSV`, params: siteParams, querystring: requestExportQuery } }, async (request, reply) => {
      const auth = requireAuth(request.auth);
      await reachableSite(auth, request.params.siteId);
      return sendExport(ctx.db, reply, 'csv', listCondition(auth, request.params.siteId, type, request.query), request.lang, request.query.utc_offset ?? 0, `${list}-${request.params.siteId}`);
    });
    r.delete(`${BASE}/${list}/:id`, { schema: { tags, summary: `Delete one of ${list}`, params: z.object({ id: id() }) } }, async (request, reply) => {
      const auth = requireAuth(request.auth);
      const row = await reachableRequest(auth, request.params.id);
      if (row.type !== type) throw badRequest('request_type_mismatch', 'id');
      await ctx.db.transaction(async (tx) => {
        await tx.delete(requests).where(eq(requests.id, row.id));
        await recordAudit(tx, auth, { action: 'delete', service: 'request.storage', resource: 'requests', recordId: row.id, changes: { type: row.type, site_id: row.site_id }, clientId: row.client_id, ip: request.ip });
      });
      return reply.status(204).send();
    });
  }

  const reachableRequest = async (auth: AuthContext, requestId: number) => {
    const [row] = await ctx.db.select().from(requests).where(and(eq(requests.id, requestId), requestScope(auth))).limit(1);
    if (!row) throw notFound();
    return row;
  };

  r.get(`${BASE}/requests/:id`, { schema: { tags, summary: 'One request', params: z.object({ id: id() }) } }, async (request) => ({ data: recordOf(await reachableRequest(requireAuth(request.auth), request.params.id)) }));
  // Marks a request handled (once: a second mark changes nothing and tells no one again).
  r.post(`${BASE}/requests/:id/handled`, { schema: { tags, summary: 'Mark a request handled', params: z.object({ id: id() }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await reachableRequest(auth, request.params.id);
    return { data: recordOf((await markHandled(ctx, storage, auth, row, request.ip)) ?? row) };
  });

  r.get(`${BASE}/requests/:id/actions`, { schema: { tags, summary: "A request's actions to run and their statuses", params: z.object({ id: id() }) } }, async (request) => {
    const row = await reachableRequest(requireAuth(request.auth), request.params.id);
    const actions = await ctx.db.select().from(requestActions).where(eq(requestActions.request_id, row.id)).orderBy(asc(requestActions.id));
    return { data: actions.map((action) => toRecord('request_actions', action as unknown as Row, ACTION_ATTRIBUTES)) };
  });
  r.get(`${BASE}/requests/where_site/:siteId/format_csv`, { schema: { tags, summary: "All of a site's requests as CSV", params: siteParams, querystring: requestExportQuery } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    return sendExport(ctx.db, reply, 'csv', listCondition(auth, request.params.siteId, null, request.query), request.lang, request.query.utc_offset ?? 0, `requests-${request.params.siteId}`);
  });
  r.get(`${BASE}/requests/where_site/:siteId/format_xlsx`, { schema: { tags, summary: "All of a site's requests as XLSX", params: siteParams, querystring: requestExportQuery } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    return sendExport(ctx.db, reply, 'xlsx', listCondition(auth, request.params.siteId, null, request.query), request.lang, request.query.utc_offset ?? 0, `requests-${request.params.siteId}`);
  });

  // Requests whose smart captcha could not be checked: the site's count and outages; release or delete, one or many.
  r.get(`${BASE}/requests/captcha_unverified/where_site/:siteId`, { schema: { tags, summary: "A site's requests held with their captcha not verified, and the smart captcha's outages", params: siteParams } }, async (request) => {
    await reachableSite(requireAuth(request.auth), request.params.siteId);
    return { data: await unverifiedSummary(ctx.db, request.params.siteId) };
  });
  r.post(`${BASE}/requests/release/where_site/:siteId`, { schema: { tags, summary: 'Release requests whose captcha is not verified: their held actions run', params: siteParams, body: requestIdsBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    return { data: { released: await releaseRequests(ctx, auth, request.params.siteId, request.body.data.ids, request.ip) } };
  });
  r.post(`${BASE}/requests/delete/where_site/:siteId`, { schema: { tags, summary: "Delete many of a site's requests", params: siteParams, body: requestIdsBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    return { data: { deleted: await deleteRequests(ctx, auth, request.params.siteId, request.body.data.ids, request.ip) } };
  });

  // Settings: archive and unarchive (an unarchived one must not duplicate an active one).
  const settingsBinding = registry.get(requestSettingsResource);
  for (const [action, archived] of [['archive', true], ['unarchive', false]] as const) {
    r.post(`${BASE}/requests_settings/:id/${action}`, { schema: { tags, summary: `${action} request settings`, params: z.object({ id: id() }) } }, async (request) => {
      const auth = requireAuth(request.auth);
      const updated = await ctx.db.transaction(async (tx) => {
        const existing = await findScoped(tx, settingsBinding, request.params.id, auth);
        if (!archived) await assertSettingUnique(tx, { site_id: existing.site_id as number, request_type: existing.request_type as number, tag: (existing.tag as string | null) ?? null }, existing.id);
        const [row] = await tx.update(requestSettings).set({ archived, updated_at: new Date() }).where(eq(requestSettings.id, existing.id)).returning();
        await recordAudit(tx, auth, { action: 'update', service: 'request.storage', resource: 'requests_settings', recordId: existing.id, changes: { archived: [existing.archived, archived] }, clientId: existing.client_id as number, ip: request.ip });
        return row!;
      });
      return { data: toRecord('requests_settings', updated as unknown as Row, Object.keys(requestSettingsResource.entity.shape)) };
    });
  }
  // The spec's site paths of the plain lists (the generic list with filter[site_id] answers the same).
  const sitePaths: [string, typeof requestSettingsResource | typeof agreementHashResource | typeof requestBlockResource, Record<string, unknown>][] = [
    ['requests_settings/where_site', requestSettingsResource, { archived: false }],
    ['requests_settings/archive/where_site', requestSettingsResource, { archived: true }],
    ['agreement_hash/list', agreementHashResource, {}],
    ['request_block/where_site_id', requestBlockResource, {}],
  ];
  for (const [path, resource, fixed] of sitePaths) {
    r.get(`${BASE}/${path}/:siteId`, { schema: { tags, summary: `${resource.name} of a site`, params: siteParams } }, async (request) => {
      const auth = requireAuth(request.auth);
      await reachableSite(auth, request.params.siteId);
      const binding = registry.get(resource);
      const columns = binding.table as unknown as Record<string, import('drizzle-orm/pg-core').PgColumn>;
      const conditions = [scopeCondition(binding, auth), eq(columns.site_id!, request.params.siteId), ...Object.entries(fixed).map(([field, value]) => eq(columns[field]!, value))];
      const rows = (await ctx.db.select().from(binding.table).where(and(...conditions)).orderBy(desc(binding.table.id)).limit(1000)) as Row[];
      return toList(rows.map((row) => toRecord(resource.name, row, Object.keys(resource.entity.shape))), { number: 1, size: 1000, total: rows.length });
    });
  }
  // A block of a request's sender (the list's "block" action): its phone, e-mail or address, the site's.
  r.post(
    `${BASE}/request_block/from_request`,
    { schema: { tags, summary: "Block a request's sender", body: z.object({ data: z.strictObject({ request_id: id(), source_type: z.enum(BLOCK_SOURCE_TYPES), block_type: z.enum(BLOCK_TYPES).default('reject'), until: isoDateTime().nullable().optional() }) }) } },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const { request_id, source_type, block_type, until } = request.body.data;
      const row = await reachableRequest(auth, request_id);
      const raw = source_type === 'phone' ? row.phone : source_type === 'email' ? row.email : row.ip;
      if (!raw) throw badRequest('request_block_source', '/data/source_type');
      const created = await ctx.db.transaction(async (tx) => {
        const attrs = await requestBlockHooks.beforeCreate!({ site_id: row.site_id, client_id: row.client_id, source_type, source: raw, block_type, until: until ? new Date(until) : null }, { tx, auth, request });
        const [block] = await tx.insert(requestBlocks).values(attrs as typeof requestBlocks.$inferInsert).returning();
        await recordAudit(tx, auth, { action: 'create', service: 'request.storage', resource: 'request_block', recordId: block!.id, changes: { source_type, block_type, from_request: row.id }, clientId: row.client_id, ip: request.ip });
        return block!;
      });
      return reply.status(201).send({ data: toRecord('request_block', created as unknown as Row, Object.keys(requestBlockResource.entity.shape)) });
    },
  );
  r.get(`${BASE}/agreement_hash/by/:siteId/:hash`, { schema: { tags, summary: 'A consent text by its hash', params: z.object({ siteId: id(), hash: z.string().regex(/^[0-9a-f]{64}$/) }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    const binding = registry.get(agreementHashResource);
    const columns = binding.table as unknown as Record<string, import('drizzle-orm/pg-core').PgColumn>;
    const [row] = (await ctx.db.select().from(binding.table).where(and(scopeCondition(binding, auth), eq(columns.site_id!, request.params.siteId), eq(columns.hash!, request.params.hash))).limit(1)) as Row[];
    if (!row) throw notFound();
    return { data: toRecord('agreement_hash', row, Object.keys(agreementHashResource.entity.shape)) };
  });
  // The same consent text as a file: what the visitor agreed to, as they were shown it.
  r.get(`${BASE}/agreement_hash/by/:siteId/:hash/file`, { schema: { tags, summary: 'A consent text by its hash, as a text file', params: z.object({ siteId: id(), hash: z.string().regex(/^[0-9a-f]{64}$/) }) } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    const [row] = await ctx.db
      .select({ text: agreementHashes.text })
      .from(agreementHashes)
      .where(and(scopeCondition(registry.get(agreementHashResource), auth), eq(agreementHashes.site_id, request.params.siteId), eq(agreementHashes.hash, request.params.hash)))
      .limit(1);
    if (!row) throw notFound();
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="agreement-${request.params.siteId}-${request.params.hash.slice(0, 12)}.txt"`)
      .header('cache-control', 'no-store')
      .send(`\uFEFF${row.text}\n`);
  });

  // A site's requests counted by type and by day of a range (the last 30 days by default).
  r.get(`${BASE}/request_summary/where_site/:siteId`, { schema: { tags, summary: "A site's requests counted by type and by day", params: siteParams, querystring: requestSummaryQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    const offset = request.query.utc_offset ?? 0;
    const range = summaryRange(request.query, offset);
    if (range.from > range.to) throw badRequest('request_summary_range', '/date[from]');
    return { data: await requestSummary(ctx.db, and(requestScope(auth), eq(requests.site_id, request.params.siteId)), range, offset) };
  });
  // Where a type's requests of a site stand with their actions: counts per status, and the asked requests' statuses.
  r.get(
    `${BASE}/request_statuses/:type/where_site/:siteId`,
    { schema: { tags, summary: "Where a request type's requests of a site stand with their actions", params: z.object({ type: z.string().max(40), siteId: id() }), querystring: requestStatusesQuery } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const type = typeOfParam(request.params.type);
      if (!type) throw new AppError(404, 'request_unknown_type');
      await reachableSite(auth, request.params.siteId);
      const where = listCondition(auth, request.params.siteId, type, request.query);
      return { data: await requestStatuses(ctx.db, where, request.query['filter[ids]']) };
    },
  );

  // The site's block settings: read (made with the defaults on first read) and changed by the site's path.
  const blockSettingsAttributes = Object.keys(requestBlockSettingsResource.entity.shape);
  r.get(`${BASE}/requests/block/settings/where_site_id/:siteId`, { schema: { tags, summary: "A site's block settings (made with the defaults on first read)", params: siteParams } }, async (request) => {
    const row = await siteSettingsOf(ctx.db, registry, requireAuth(request.auth), request.params.siteId, requestBlockSettings);
    return { data: toRecord('request_block_settings', row as unknown as Row, blockSettingsAttributes) };
  });
  // The same change as PATCH /request_block_settings/{id} (the resource's checks, hooks and audit), found by its site.
  r.patch(
    `${BASE}/requests/block/settings/where_site_id/:siteId`,
    { schema: { tags, summary: "Change a site's block settings", params: siteParams, body: z.object({ data: z.object({ attributes: requestBlockSettingsUpdate }) }) } },
    async (request) => {
      const existing = await siteSettingsOf(ctx.db, registry, requireAuth(request.auth), request.params.siteId, requestBlockSettings);
      const updated = await updateRecord(ctx.db, registry, requestBlockSettingsResource, request, existing.id, request.body.data.attributes);
      return { data: toRecord('request_block_settings', updated, blockSettingsAttributes) };
    },
  );

  return storage;
}

/** A request type named in a path: its id, list name or key. */
function typeOfParam(value: string): RequestTypeId | undefined {
  if (/^\d{1,3}$/.test(value)) return REQUEST_TYPE_IDS.find((type) => type === Number(value));
  return requestTypeOfList(value) ?? requestTypeOfKey(value);
}


/** A posted JSON text, or undefined when it is not JSON (a form's analytics field; the block is cleaned after). */
function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A site's consent text by hash, recorded on first use (the renderer's own texts). */
export async function ensureAgreement(db: DbOrTx, site: { id: number; client_id: number }, text: string): Promise<string> {
  const hash = sha256(text);
  await db.insert(agreementHashes).values({ site_id: site.id, client_id: site.client_id, hash, text }).onConflictDoNothing();
  return hash;
}

/** Streams an export (XLSX or CSV); a reader who goes away stops the reading (no further page is asked for). */
function sendExport(db: DbOrTx, reply: FastifyReply, format: 'xlsx' | 'csv', where: SQL | undefined, lang: Lang, offset: number, name: string) {
  const reading = new AbortController();
  const signal = reading.signal;
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) reading.abort();
  });
  return reply
    .header('content-type', format === 'xlsx' ? XLSX : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store')
    .send(format === 'xlsx' ? requestsWorkbook(db, where, lang, offset, signal) : requestsCsv(db, where, lang, offset, signal));
}
