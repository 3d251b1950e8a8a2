import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  COLOR_SCHEMES,
  captchaSettingsResource,
  customFormResource,
  FILE_FORMATS,
  FILE_LIMITS,
  filterText,
  FORM_TEXTS,
  formCss,
  id,
  integer,
  PHONE_CODES,
  renderFormHtml,
  requestListQuery,
  smartCaptchaKeyResource,
  t,
  type FileFormat,
  type Lang,
  type MessageKey,
  type MessageParams,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { findScoped, scopeCondition, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import { recordAudit } from '../../kit/audit.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import { sniffFile } from '../../kit/files.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { hitRateLimit } from '../../kit/rate-limit.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { searchCondition } from '../../kit/search-index.ts';
import { ensureAgreement, requestStorageOf } from '../request.storage/request.routes.ts';
import { siteRendererOf, type SiteApiCall } from '../site-renderer/serve-site.ts';
import type { SiteRow } from '../site-renderer/site-snapshot.ts';
import { say } from '../site-renderer/texts.ts';
import { sites } from '../sites.context/site.table.ts';
import { embedScript, type EmbedPayload } from './embed-script.ts';
import { formChoices } from './form-choices.ts';
import { customFormCheck, findSiteForm } from './form-check.ts';
import { smartCaptchaSecretKey, userNames } from './form.hooks.ts';
import { renderFormPage } from './form-page.ts';
import { captchaSettings, customFormFiles, customForms, smartCaptchaKeys } from './form.table.ts';
import { siteCaptcha, smartCaptchaVerifier, type SmartCaptchaOptions } from './smart-captcha.ts';

const BASE = '/gateway/form-constructor/api/v1';
const REQUESTS = '/gateway/request.storage/api/v1';
const tags = ['form-constructor'];
/** The site APIs of forms (embed script, definition, uploads) and their pages, on the sites' own hosts. */
export const FORMS_API_PREFIX = '/_api/forms/';
export const FORM_PAGE_PREFIX = '/_forms/';
/** Uploads of a visitor's address per minute. */
const UPLOAD_LIMIT = { max: 30, windowSeconds: 60 };
export const FORM_ATTRIBUTES = Object.keys(customFormResource.entity.shape);

type FormRow = typeof customForms.$inferSelect;
const siteParams = z.object({ siteId: id() });
const idParams = z.object({ id: id() });

const formRecord = (row: FormRow, names?: Map<number, string>) => {
  const record = toRecord('custom_forms', row as unknown as Row, FORM_ATTRIBUTES);
  if (names) Object.assign(record.attributes, { created_by_name: (row.created_by && names.get(row.created_by)) ?? null, updated_by_name: (row.updated_by && names.get(row.updated_by)) ?? null });
  return record;
};

/** A copy's title: the source's with a mark, within the title's 200 characters. */
export const copyTitle = (title: string, lang: Lang) => {
  const mark = lang === 'en' ? ' (copy)' : ' (копия)';
  return `${title.slice(0, 200 - mark.length)}${mark}`;
};

/** A file name as a browser gave it (URI-encoded in X-File-Name): no folders, no control characters, at most 255 characters. */
function uploadName(header: unknown, ext: string): string {
  let name = '';
  try {
    name = decodeURIComponent(String(header ?? ''));
  } catch {
    name = '';
  }
  const base = path.basename(name.replaceAll('\\', '/')).replace(/[\u0000-\u001F\u007F-\u009F]/g, '').trim();
  return (base || `file.${ext}`).slice(0, 255);
}

export interface FormConstructor {
  smartCaptcha: SmartCaptchaOptions;
}
const instances = new WeakMap<FastifyInstance, FormConstructor>();
/** The form constructor of an app (tests reach the smart captcha's options). */
export function formConstructorOf(app: FastifyInstance): FormConstructor {
  const instance = instances.get(app);
  if (!instance) throw new Error('form-constructor is not registered on this app');
  return instance;
}

export async function registerFormConstructorRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry): Promise<FormConstructor> {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const binding = registry.get(customFormResource);
  const reachableSite = async (auth: AuthContext, siteId: number) => {
    const site = await binding.siteOwned!.findSite(db, auth, siteId);
    if (!site) throw notFound();
    return site;
  };
  const secretKey = await smartCaptchaSecretKey(db);
  const instance: FormConstructor = { smartCaptcha: { url: ctx.config.smartCaptchaUrl, secretKey, log: ctx.log, notifier: ctx.notifier } };
  instances.set(app, instance);

  // ---- the admin's calls ----------------------------------------------------------------------
  r.get(
    `${BASE}/custom_forms/list/:siteId`,
    {
      schema: {
        tags,
        summary: "A site's forms, last changed first, with their authors' names; `search` in the titles",
        params: siteParams,
        querystring: z.strictObject({ search: filterText(100).optional(), 'filter[search]': filterText(100).optional(), 'page[number]': integer(1).optional(), 'page[size]': integer(1, 1000).optional() }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      await reachableSite(auth, request.params.siteId);
      const search = (request.query.search ?? request.query['filter[search]'] ?? '').trim();
      const number = request.query['page[number]'] ?? 1;
      const size = request.query['page[size]'] ?? customFormResource.pageSize.default;
      const where = and(scopeCondition(binding, auth), eq(customForms.site_id, request.params.siteId), search ? searchCondition([customForms.title], search) : undefined);
      const [rows, [count]] = await Promise.all([
        db.select().from(customForms).where(where).orderBy(desc(customForms.updated_at), desc(customForms.id)).limit(size).offset((number - 1) * size),
        db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(customForms).where(where),
      ]);
      const names = await userNames(db, rows.flatMap((row) => [row.created_by, row.updated_by]));
      return toList(rows.map((row) => formRecord(row, names)), { number, size, total: count?.total ?? 0 });
    },
  );

  r.post(`${BASE}/custom_forms/copy/from/:id`, { schema: { tags, summary: 'A copy of a form on its site', params: idParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const copy = await db.transaction(async (tx) => {
      const source = (await findScoped(tx, binding, request.params.id, auth)) as unknown as FormRow;
      await binding.siteOwned!.assertEditable(tx, auth, source.site_id);
      const [row] = await tx
        .insert(customForms)
        .values({ site_id: source.site_id, client_id: source.client_id, title: copyTitle(source.title, request.lang), fields: source.fields, grid: source.grid, created_by: auth.userId, updated_by: auth.userId })
        .returning();
      await recordAudit(tx, auth, { action: 'create', service: 'form-constructor', resource: 'custom_forms', recordId: row!.id, changes: { title: row!.title, copied_from: source.id }, clientId: source.client_id, ip: request.ip });
      return row!;
    });
    return reply.status(201).send({ data: formRecord(copy) });
  });

  r.get(
    `${BASE}/custom_forms/choices/:siteId`,
    { schema: { tags, summary: "What a site's forms can offer: dealerships, cities, brands; models of `brand_ids`", params: siteParams, querystring: z.strictObject({ brand_ids: filterText(2000).regex(/^(\d{1,9}(,\d{1,9})*)?$/).optional() }) } },
    async (request) => {
      const auth = requireAuth(request.auth);
      await reachableSite(auth, request.params.siteId);
      const [site] = await db.select({ id: sites.id, client_id: sites.client_id, dealer_ids: sites.dealer_ids, context: sites.context }).from(sites).where(eq(sites.id, request.params.siteId)).limit(1);
      const brandIds = (request.query.brand_ids ?? '').split(',').filter(Boolean).map(Number).slice(0, 100);
      return { data: await formChoices(db, site!, [{ type: 'dealerships' }, { type: 'cities' }, { type: 'brands', brands: [] }], { allBrands: true, brandIds }) };
    },
  );

  r.get(`${BASE}/captcha_settings/where_site_id/:siteId`, { schema: { tags, summary: "A site's captcha settings (null: never set, the proof of work) and what its forms use now", params: siteParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    const settings = registry.get(captchaSettingsResource);
    const [row] = await db.select().from(captchaSettings).where(and(eq(captchaSettings.site_id, request.params.siteId), scopeCondition(settings, auth))).limit(1);
    const [site] = await db.select({ context: sites.context }).from(sites).where(eq(sites.id, request.params.siteId)).limit(1);
    const current = await siteCaptcha(db, request.params.siteId, secretKey);
    return {
      data: row ? toRecord('captcha_settings', row as unknown as Row, Object.keys(captchaSettingsResource.entity.shape)) : null,
      meta: { in_use: current.key ? 'smart_captcha' : 'proof_of_work', color_scheme: site?.context?.color_scheme ?? 'default' },
    };
  });

  r.get(`${BASE}/smart_captcha_keys/where_site_id/:siteId`, { schema: { tags, summary: "A site's smart captcha keys (secrets never answered)", params: siteParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    await reachableSite(auth, request.params.siteId);
    const keys = registry.get(smartCaptchaKeyResource);
    const rows = await db.select().from(smartCaptchaKeys).where(and(eq(smartCaptchaKeys.site_id, request.params.siteId), scopeCondition(keys, auth))).orderBy(asc(smartCaptchaKeys.color_scheme)).limit(100);
    return toList(rows.map((row) => toRecord('smart_captcha_keys', row as unknown as Row, Object.keys(smartCaptchaKeyResource.entity.shape))), { number: 1, size: 100, total: rows.length });
  });

  // The spec's path of the custom form request list: request.storage's list of type 9 (custom_form_requests) answers it.
  r.get(`${REQUESTS}/custom_form_request/where_site/:siteId`, { schema: { tags: ['request.storage'], summary: "A site's custom form requests (the spec's path of custom_form_requests)", params: siteParams, querystring: requestListQuery } }, async (request, reply) => {
    requireAuth(request.auth);
    const answer = await app.inject({
      method: 'GET',
      url: request.url.replace('/custom_form_request/where_site/', '/custom_form_requests/where_site/'),
      headers: { authorization: request.headers.authorization ?? '', 'accept-language': request.headers['accept-language'] ?? request.lang },
      remoteAddress: request.ip,
    });
    return reply.status(answer.statusCode).header('content-type', answer.headers['content-type'] ?? 'application/json; charset=utf-8').send(answer.body);
  });

  // A file a visitor sent with a form, for those who read the site's requests (never on the site's host).
  r.get(`${REQUESTS}/custom_form_files/:id`, { schema: { tags: ['request.storage'], summary: 'A file sent with a custom form request', params: idParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const scope: SQL | undefined = auth.scope === 'all' ? undefined : auth.scope.length ? inArray(customFormFiles.client_id, auth.scope) : sql`false`;
    const [file] = await db.select().from(customFormFiles).where(and(eq(customFormFiles.id, request.params.id), scope)).limit(1);
    if (!file) throw notFound();
    const stored = await ctx.files.get(file.key);
    if (!stored) throw new AppError(404, 'file_unavailable');
    const ascii = file.name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(stored.meta.size))
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(stored.stream);
  });

  // ---- the sites' side ---------------------------------------------------------------------------
  const renderer = siteRendererOf(app);
  // The renderer's own forms show the site's smart captcha too (its widget; the token goes to the intake).
  renderer.smartCaptchaOf = async (siteId) => (await siteCaptcha(db, siteId, secretKey)).key?.client_token ?? null;
  const jsonError = (status: number, key: MessageKey, lang: Lang, params?: MessageParams, pointer?: string, headers?: Record<string, string>) => ({
    status,
    body: { errors: [{ status: String(status), code: key, title: t(key, lang, params), ...(pointer ? { source: { pointer } } : {}) }] },
    ...(headers ? { headers } : {}),
  });

  /** What a form's script and page need: its markup, look, consent, captcha, the fields' kinds. */
  async function payloadOf(site: SiteRow, form: FormRow): Promise<EmbedPayload> {
    const lang: Lang = site.locale === 'en' ? 'en' : 'ru';
    const days = site.depersonalization?.enabled && site.depersonalization.period ? site.depersonalization.period : null;
    const consentText = days ? say(lang, 'form_consent_period', { days }) : say(lang, 'form_consent');
    const agreementHash = await ensureAgreement(db, site, consentText);
    const choices = await formChoices(db, site, form.fields);
    const palette = (COLOR_SCHEMES.find((scheme) => scheme.code === site.context?.color_scheme) ?? COLOR_SCHEMES[0]!).palette;
    const captcha = await siteCaptcha(db, site.id, secretKey);
    return {
      id: form.id,
      lang,
      html: renderFormHtml(form, { lang, choices, idPrefix: `dpf${form.id}`, consentText }),
      css: formCss(palette),
      agreement_hash: agreementHash,
      captcha: captcha.key ? { kind: 'smart_captcha', sitekey: captcha.key.client_token, script: ctx.config.smartCaptchaScriptUrl } : { kind: 'proof_of_work' },
      fields: form.fields.map((field) => ({
        id: field.id,
        type: field.type,
        disabled: !!field.disabled,
        codes: field.type === 'phone' && field.phone_codes?.length ? Object.fromEntries(field.phone_codes.map((code) => [code, PHONE_CODES[code].dial])) : null,
      })),
      texts: { ...FORM_TEXTS[lang], required_captcha: t('captcha_required', lang) },
      calltracking: ctx.config.calltracking,
    };
  }

  /** A visitor's file for a file field: within the field's size, of an accepted format by its bytes, kept private. */
  async function upload(call: SiteApiCall, form: FormRow, fieldId: string) {
    const { lang } = call;
    const pointer = `/data/attributes/content/${fieldId}`;
    const field = form.fields.find((one) => one.id === fieldId && one.type === 'file' && !one.disabled);
    if (!field) return jsonError(404, 'form_file_field', lang, { id: fieldId }, pointer);
    const maxSize = field.max_size ?? 1;
    if (call.bytes === null || call.bytes.length > maxSize * 1024 * 1024) return jsonError(413, 'form_file_too_large', lang, { size: maxSize }, pointer);
    if (!call.bytes.length) return jsonError(400, 'required', lang, undefined, pointer);
    await hitRateLimit(db, `form-files:ip:${call.ip}`, UPLOAD_LIMIT);
    const accept = (field.accept ?? []) as FileFormat[];
    const sniffed = await sniffFile(call.bytes);
    const named = String(call.headers['x-file-name'] ?? '');
    const wantedExt = (/\.([A-Za-z0-9]{1,8})$/.exec(decodeURIComponentSafe(named))?.[1] ?? '').toLowerCase().replace('jpeg', 'jpg');
    const fits = accept.filter((format) => sniffed && (FILE_FORMATS[format].sniff as readonly string[]).includes(sniffed.ext));
    // Old Office files share one container format: the name's extension tells a .doc from a .xls.
    const format = fits.find((one) => one === wantedExt) ?? fits[0];
    if (!format) return jsonError(400, 'form_file_format', lang, { formats: accept.join(', ') }, pointer);
    const { mime } = FILE_FORMATS[format];
    const stored = await ctx.files.put(call.bytes, { mime, ext: format }, { private: true });
    const token = randomBytes(16).toString('hex');
    const name = uploadName(named, format);
    try {
      await db.insert(customFormFiles).values({ site_id: call.site.id, client_id: call.site.client_id, form_id: form.id, field_id: field.id, token, name, mime, ext: format, size: call.bytes.length, driver: ctx.files.driver, key: stored.id, ip: call.ip });
    } catch (error) {
      await ctx.files.remove(stored.id);
      throw error;
    }
    return { status: 201, body: { data: { token, name, size: call.bytes.length } } };
  }

  renderer.siteApis.push({
    prefix: FORMS_API_PREFIX,
    maxBytes: FILE_LIMITS.maxSizeMb * 1024 * 1024,
    async handle(call) {
      const { lang } = call;
      const match = /^(\d{1,9})(?:\/(embed\.js|files\/([A-Za-z_][A-Za-z0-9_-]{0,63})))?$/.exec(call.path);
      if (!match) return jsonError(404, 'not_found', lang);
      const form = await findSiteForm(db, call.site.id, Number(match[1]));
      if (!form) return jsonError(404, 'form_not_found', lang);
      const wanted = match[3] ? 'POST' : 'GET';
      if (call.method !== wanted && !(wanted === 'GET' && call.method === 'HEAD')) return jsonError(405, 'form_method_not_allowed', lang, undefined, undefined, { allow: wanted === 'GET' ? 'GET, HEAD' : 'POST' });
      try {
        if (match[3]) return await upload(call, form, match[3]);
        const payload = await payloadOf(call.site, form);
        if (match[2] !== 'embed.js') return { status: 200, body: { data: { id: String(form.id), type: 'custom_forms', attributes: { title: form.title, ...payload } } } };
        const script = embedScript(payload);
        return {
          status: 200,
          raw: script,
          body: null,
          headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', etag: `"${createHash('sha1').update(script).digest('base64url')}"` },
        };
      } catch (failure) {
        if (!(failure instanceof AppError)) throw failure;
        return jsonError(failure.status, failure.key, lang, failure.params, failure.pointer, failure.headers);
      }
    },
  });

  renderer.siteApis.push({
    prefix: FORM_PAGE_PREFIX,
    maxBytes: 0,
    async handle(call): Promise<{ status: number; body: unknown; raw?: string; headers?: Record<string, string> }> {
      const lang: Lang = call.site.locale === 'en' ? 'en' : 'ru';
      const match = /^(\d{1,9})\/?$/.exec(call.path);
      const form = match ? await findSiteForm(db, call.site.id, Number(match[1])) : null;
      if (call.method !== 'GET' && call.method !== 'HEAD') {
        const refused = missingPage(lang, 405);
        return { ...refused, headers: { ...refused.headers, allow: 'GET, HEAD' } };
      }
      if (!form) return missingPage(lang, 404);
      const payload = await payloadOf(call.site, form);
      const page = renderFormPage({ formId: form.id, title: form.title, siteName: call.site.name, lang, css: payload.css, smartCaptcha: payload.captcha.kind === 'smart_captcha' ? new URL(payload.captcha.script).origin : null });
      return {
        status: 200,
        raw: page.html,
        body: null,
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page.csp, 'cache-control': 'no-cache', 'referrer-policy': 'strict-origin-when-cross-origin' },
      };
    },
  });

  // ---- the intake: custom form requests checked against their form; the site's captcha ----------
  const storage = requestStorageOf(app);
  storage.checks[9] = customFormCheck(db);
  storage.captcha = smartCaptchaVerifier(db, storage.captcha, instance.smartCaptcha);
  return instance;
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The answer for an address of /_forms/ that holds no form of the site. */
function missingPage(lang: Lang, status: number) {
  const title = lang === 'en' ? 'Form not found' : 'Форма не найдена';
  return {
    status,
    raw: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
    body: null,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", 'cache-control': 'no-store' },
  };
}
