import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { callExportQuery, callkeeperSettingsResource, calltouchSettingsResource, callWebhookBody, CALLTRACKING_PROVIDERS, id, type CallStatus, type Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { hmac } from '../../kit/secrets.ts';
import { xlsxStream } from '../../kit/xlsx-stream.ts';
import { siteRendererOf } from '../site-renderer/serve-site.ts';
import { siteOwnership, siteSettingsOf } from '../sites.context/site-ownership.ts';
import { callkeeperSettings, calltouchSettings, calltrackingCalls } from './calltracking.table.ts';
import { callWidgetOf, keepCalls, moduleActive, openCalltrackingSecret, pullCalltouch } from './calltracking.service.ts';

const BASE = '/gateway/calltracking/api/v1';
const tags = ['calltracking'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An export holds at most this many calls; the range is narrowed beyond it. */
const EXPORT_MAX_ROWS = 100_000;
/** A webhook's body: one call. */
const WEBHOOK_MAX_BYTES = 16 * 1024;

type WidgetTable = typeof callkeeperSettings | typeof calltouchSettings;

/** A site's widget settings, made with the defaults on first read (the site reached by the caller). */
async function widgetOfSite(db: DbOrTx, registry: ResourceRegistry, auth: AuthContext, siteId: number, widgetTable: WidgetTable) {
  // Both tables have the site's and client's columns this reads and writes.
  return siteSettingsOf(db, registry, auth, siteId, widgetTable as typeof calltouchSettings);
}

const HEADERS: Record<Lang, string[]> = {
  ru: ['№', 'Начало', 'Кто звонил', 'Куда звонил', 'Длительность, с', 'Статус', 'Источник', 'Сервис', 'Заявка'],
  en: ['No.', 'Started', 'Caller', 'Number called', 'Duration, s', 'Status', 'Source', 'Service', 'Request'],
};
const STATUS_NAMES: Record<Lang, Record<CallStatus, string>> = {
  ru: { answered: 'Принят', missed: 'Пропущен', unknown: 'Неизвестно' },
  en: { answered: 'Answered', missed: 'Missed', unknown: 'Unknown' },
};
const PROVIDER_NAMES = { calltouch: 'Calltouch', callkeeper: 'CallKeeper' } as const;

/** A range's calls as XLSX, read page by page as the reader takes them. */
function callsWorkbook(db: DbOrTx, where: SQL | undefined, lang: Lang, signal: AbortSignal) {
  const workbook = xlsxStream(lang === 'ru' ? 'Звонки' : 'Calls', { signal, widths: [8, 17, 18, 18, 14, 14, 24, 14, 10] });
  void (async () => {
    try {
      workbook.addRow(HEADERS[lang]);
      let after = 0;
      let written = 0;
      while (!signal.aborted && written < EXPORT_MAX_ROWS) {
        const rows = await db.select().from(calltrackingCalls).where(and(where, gt(calltrackingCalls.id, after))).orderBy(asc(calltrackingCalls.id)).limit(1000);
        if (!rows.length) break;
        for (const row of rows) {
          workbook.addRow([row.id, row.started_at, row.caller_phone, row.called_phone, row.duration, STATUS_NAMES[lang][row.status as CallStatus] ?? row.status, row.source, PROVIDER_NAMES[row.provider as keyof typeof PROVIDER_NAMES] ?? row.provider, row.request_id]);
        }
        written += rows.length;
        after = rows[rows.length - 1]!.id;
        await workbook.ready();
      }
      if (signal.aborted) workbook.stream.destroy();
      else await workbook.end();
    } catch (error) {
      workbook.stream.destroy(error as Error);
    }
  })();
  return workbook.stream;
}

/** Whether `signature` (`sha256=<hex>` or the bare hex) is the HMAC-SHA256 of the body with the secret. */
export function signatureMatches(secret: string, body: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature.replace(/^sha256=/i, '').trim().toLowerCase());
  const expected = Buffer.from(hmac(Buffer.from(secret, 'utf8'), body));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** calltracking's calls beyond the generic CRUD: the widgets of a site, the calls' export and pull, the webhook; the public site's widget. */
export function registerCalltrackingRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const siteParams = z.object({ siteId: id() });
  const widgets = [
    { resource: callkeeperSettingsResource, table: callkeeperSettings },
    { resource: calltouchSettingsResource, table: calltouchSettings },
  ] as const;
  for (const { resource, table } of widgets) {
    const attributes = Object.keys(resource.entity.shape);
    r.get(`${BASE}/${resource.name}/for_site_id/:siteId`, { schema: { tags, summary: `A site's ${resource.name.replace('_', ' ')} (made with the defaults on first read)`, params: siteParams } }, async (request) => {
      const auth = requireAuth(request.auth);
      const row = await widgetOfSite(ctx.db, registry, auth, request.params.siteId, table);
      return { data: toRecord(resource.name, { ...row, polled_at: (row as { polled_at?: Date | null }).polled_at?.toISOString() ?? null } as unknown as Row, attributes) };
    });
  }

  r.get(`${BASE}/calls/where_site/:siteId/format_xlsx`, { schema: { tags, summary: "A site's calls of a date range as XLSX", params: siteParams, querystring: callExportQuery } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const site = await siteOwnership(registry).findSite(ctx.db, auth, request.params.siteId);
    if (!site) throw notFound();
    const query = request.query;
    // The range's days in the caller's time zone (utc_offset: minutes east of UTC).
    const offset = (query.utc_offset ?? 0) * 60_000;
    const from = new Date(new Date(`${query['date[from]']}T00:00:00Z`).getTime() - offset);
    const to = new Date(new Date(`${query['date[to]']}T00:00:00Z`).getTime() + 86_400_000 - offset);
    if (from >= to) throw badRequest('sender_dates_order', 'date[from]');
    const text = query.source?.trim();
    const where = and(
      eq(calltrackingCalls.site_id, site.id),
      gte(calltrackingCalls.started_at, from),
      lt(calltrackingCalls.started_at, to),
      query.status ? eq(calltrackingCalls.status, query.status) : undefined,
      query.provider ? eq(calltrackingCalls.provider, query.provider) : undefined,
      text ? ilike(calltrackingCalls.source, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    );
    const reading = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) reading.abort();
    });
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="calls-${query['date[from]']}-${query['date[to]']}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(callsWorkbook(ctx.db, where, request.lang ?? 'ru', reading.signal));
  });

  r.post(`${BASE}/calls/where_site/:siteId/pull`, { schema: { tags, summary: "Pulls the site's calls from Calltouch now", params: siteParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const settings = await widgetOfSite(ctx.db, registry, auth, request.params.siteId, calltouchSettings);
    const added = await pullCalltouch(ctx.db as never, ctx.config, settings as typeof calltouchSettings.$inferSelect);
    return { data: { added } };
  });

  // The services' webhook: one call as JSON, signed with the widget's webhook secret (X-Signature: sha256=<hex HMAC of the body>).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(
      `${BASE}/webhooks/:provider/:siteId`,
      { bodyLimit: WEBHOOK_MAX_BYTES, schema: { tags, summary: 'A call the service delivers, signed with the widget\'s webhook secret', params: z.object({ provider: z.enum(CALLTRACKING_PROVIDERS), siteId: id() }) } },
      async (request, reply) => {
        const { provider, siteId } = request.params;
        // Both tables have the columns the webhook reads.
        const table = (provider === 'calltouch' ? calltouchSettings : callkeeperSettings) as typeof calltouchSettings;
        const [settings] = await ctx.db.select().from(table).where(eq(table.site_id, siteId)).limit(1);
        const secret = settings?.enabled ? await openCalltrackingSecret(ctx.db, `${provider}_settings`, siteId, settings.webhook_secret_encrypted) : null;
        const body = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['x-signature'];
        // Unknown site, widget off, no secret, module off and a wrong signature all answer the same.
        if (!settings || !secret || !signatureMatches(secret, body, typeof signature === 'string' ? signature : undefined) || !(await moduleActive(ctx.db, siteId))) throw new AppError(401, 'calltracking_signature');
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          throw new AppError(400, 'invalid_type');
        }
        const call = callWebhookBody.safeParse(parsed);
        if (!call.success) throw badRequest('invalid_type', `/${call.error.issues[0]?.path.join('/') ?? ''}`);
        const { call_id, started_at, caller_phone, called_phone, ...rest } = call.data;
        await keepCalls(ctx.db, settings, provider, [{ external_id: call_id, started_at: new Date(started_at), caller_phone: caller_phone ?? null, called_phone: called_phone ?? null, ...rest, source: rest.source ?? null, session_id: rest.session_id ?? null }]);
        return reply.status(204).send();
      },
    );
  });

  siteRendererOf(app).callWidgetOf = (siteId) => callWidgetOf(ctx.db, ctx.config, siteId);
}
