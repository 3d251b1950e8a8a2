import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  emailPreviewBody,
  id,
  isEmailPlaceholder,
  lostArchiveQuery,
  lostRequestsQuery,
  momentOf,
  REQUEST_TYPES,
  requestReportSettingsBody,
  requestSettingsResource,
  smtpSettingsResource,
  smtpTestBody,
  translateMessage,
  type AvailableAction,
  type RequestTypeId,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { findScoped, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { csvRow, UTF8_BOM } from '../../kit/csv.ts';
import { wallClock } from '../../kit/sheet-cells.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { unknownPlaceholders } from '../../kit/template.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { requestsWorkbook } from '../request.storage/request-export.ts';
import { requestActions, requests } from '../request.storage/request.table.ts';
import { actionsOf, listLost, lostCondition, lostSince, requestScope, requiredAction } from './lost-requests.ts';
import { placeholderValues, requestContext, sampleRequest } from './request-values.ts';
import { renderMail } from './send-email-action.ts';
import { restartAction } from './run-request-action.ts';
import { loadSiteSmtp, sendThroughSite, SMTP_TIMEOUT_MS } from './smtp-transport.ts';
import { smtpFailure } from './smtp-failure.ts';
import { hitRateLimit } from '../../kit/rate-limit.ts';
import { centralProxyActions, emailActions, lostRequestDismissals, proxyActions, requestReportSettings } from './sender.table.ts';
import { loadJsZip } from '../../kit/lazy-packages.ts';

const SENDER = '/gateway/sender/api/v1';
/** Lost requests, report mails and the settings' action picker live at request.storage's paths (spec 002 §7). */
const STORAGE = '/gateway/request.storage/api/v1';
const tags = ['sender'];
const siteParams = z.object({ siteId: id() });
const idParams = z.object({ id: id() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Test mails a user may send through SMTP settings. */
const SMTP_TEST_LIMIT = { max: 5, windowSeconds: 60 };

/** The e-mail templates and proxy actions of a site, then the platform's central proxy actions, for the request settings' picker. */
async function availableActions(db: DbOrTx, siteId: number): Promise<AvailableAction[]> {
  const [emails, proxies, centrals] = await Promise.all([
    db.select({ id: emailActions.id, title: emailActions.title, is_required: emailActions.is_required }).from(emailActions).where(eq(emailActions.site_id, siteId)).orderBy(asc(emailActions.title), asc(emailActions.id)),
    db.select({ id: proxyActions.id, title: proxyActions.title, is_required: proxyActions.is_required }).from(proxyActions).where(eq(proxyActions.site_id, siteId)).orderBy(asc(proxyActions.title), asc(proxyActions.id)),
    db.select({ id: centralProxyActions.id, title: centralProxyActions.title, is_required: centralProxyActions.is_required }).from(centralProxyActions).orderBy(asc(centralProxyActions.title), asc(centralProxyActions.id)),
  ]);
  return [
    ...emails.map((row) => ({ kind: 'email_action' as const, ...row })),
    ...proxies.map((row) => ({ kind: 'proxy_action' as const, ...row })),
    ...centrals.map((row) => ({ kind: 'central_proxy_action' as const, ...row })),
  ];
}
const availableRecord = (action: AvailableAction, chosen?: boolean) => ({ id: `${action.kind}:${action.id}`, type: 'available_actions', attributes: { ...action, ...(chosen === undefined ? {} : { chosen }) } });

type ReportRow = typeof requestReportSettings.$inferSelect;
const REPORT_ATTRIBUTES = ['site_id', 'client_id', 'receivers', 'subject', 'frequency', 'is_active', 'last_sent_at', 'last_error', 'created_at', 'updated_at'];
const reportRecord = (row: ReportRow) => toRecord('request_report_settings', row as unknown as Row, REPORT_ATTRIBUTES);

/** A lost request as the list answers it. */
function lostRecord(row: typeof requests.$inferSelect, actions: Awaited<ReturnType<typeof actionsOf>>) {
  return {
    id: String(row.id),
    type: 'lost_requests',
    attributes: {
      site_id: row.site_id,
      type: row.type,
      type_key: REQUEST_TYPES[row.type as RequestTypeId]?.key ?? String(row.type),
      name: row.name,
      last_name: row.last_name,
      phone: row.phone,
      email: row.email,
      created_at: row.created_at.toISOString(),
      actions: actions.get(row.id) ?? [],
    },
  };
}

/** The sender's calls beyond the generic CRUD of its three resources, and its request.storage paths. */
export function registerSenderRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sites = siteOwnership(registry);
  const reachableSite = async (auth: AuthContext, siteId: number) => {
    const site = await sites.findSite(ctx.db, auth, siteId);
    if (!site) throw notFound();
    return site;
  };
  const reachableRequest = async (auth: AuthContext, requestId: number) => {
    const [row] = await ctx.db.select().from(requests).where(and(eq(requests.id, requestId), requestScope(auth))).limit(1);
    if (!row) throw notFound();
    return row;
  };
  const assertNew = (request: typeof requests.$inferSelect) => {
    if (request.created_at < lostSince(new Date())) throw new AppError(409, 'sender_repeat_too_old');
  };

  // --- e-mail templates: a preview on a sample request of the site --------------------------------
  r.post(`${SENDER}/email_actions/preview`, { schema: { tags, summary: "A template's subject and body rendered on a sample request", body: emailPreviewBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const { site_id, subject, body, content_type } = request.body.data;
    const site = await reachableSite(auth, site_id);
    const sample = sampleRequest(site.id, site.client_id, request.lang);
    const mail = renderMail({ subject, body, content_type }, placeholderValues(sample, await requestContext(ctx.db, sample), request.lang));
    // Placeholders no request fills render empty; the editor names them so that a typo shows at once.
    const unknown = unknownPlaceholders(`${subject}\n${body}`, isEmailPlaceholder);
    return { data: { subject: mail.subject, body: mail.html ?? mail.text, content_type, unknown_placeholders: unknown } };
  });

  // --- SMTP settings: a test mail through the stored settings ---------------------------------------
  r.post(`${SENDER}/smtp_settings/:id/test`, { schema: { tags, summary: "A test mail through a site's SMTP settings as saved (the sending's outbound guard and timeouts); at most 5 a minute per user", params: idParams, body: smtpTestBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await findScoped(ctx.db, registry.get(smtpSettingsResource), request.params.id, auth);
    // A mail to any address: a few a minute, so that the button cannot send spam.
    await hitRateLimit(ctx.db, `sender.smtp_test:${auth.userId}`, SMTP_TEST_LIMIT);
    const smtp = (await loadSiteSmtp(ctx.db, row.site_id as number))!;
    const to = request.body.data.to;
    const from = smtp.login?.includes('@') ? smtp.login : to;
    const en = request.lang === 'en';
    try {
      await sendThroughSite(smtp, {
        from,
        to: [to],
        subject: en ? 'Test mail of the dealer platform' : 'Тестовое письмо платформы',
        text: en ? `The SMTP settings of the site work: ${smtp.hostname}:${smtp.port}.` : `Настройки SMTP сайта работают: ${smtp.hostname}:${smtp.port}.`,
      });
    } catch (error) {
      const failure = smtpFailure(error, smtp, { from, to }, SMTP_TIMEOUT_MS);
      throw new AppError(422, failure.key, failure.params);
    }
    await recordAudit(ctx.db, auth, { action: 'update', service: 'sender', resource: 'smtp_settings', recordId: row.id, changes: { test_mail: to }, clientId: row.client_id as number, ip: request.ip });
    return { data: { sent: true } };
  });

  // --- request settings: the actions a setting may pick ---------------------------------------------
  r.get(`${STORAGE}/requests_settings/available_actions/where_site/:siteId`, { schema: { tags, summary: "A site's e-mail templates and proxy actions", params: siteParams } }, async (request) => {
    const site = await reachableSite(requireAuth(request.auth), request.params.siteId);
    const list = await availableActions(ctx.db, site.id);
    return toList(list.map((action) => availableRecord(action)), { number: 1, size: list.length, total: list.length });
  });
  r.get(`${STORAGE}/requests_settings/:id/available_actions`, { schema: { tags, summary: "The actions a request setting may pick, its own marked", params: idParams } }, async (request) => {
    const setting = await findScoped(ctx.db, registry.get(requestSettingsResource), request.params.id, requireAuth(request.auth));
    const picked = new Set((setting.actions as { kind: string; id: number }[]).map((action) => `${action.kind}:${action.id}`));
    const list = await availableActions(ctx.db, setting.site_id as number);
    return toList(list.map((action) => availableRecord(action, picked.has(`${action.kind}:${action.id}`))), { number: 1, size: list.length, total: list.length });
  });

  // --- lost requests ---------------------------------------------------------------------------------
  r.get(`${STORAGE}/lost_requests/where_site/:siteId`, { schema: { tags, summary: "A site's lost requests of the last month", params: siteParams, querystring: lostRequestsQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const site = await reachableSite(auth, request.params.siteId);
    const page = { number: request.query['page[number]'] ?? 1, size: request.query['page[size]'] ?? 100 };
    const { rows, total } = await listLost(ctx.db, lostCondition(auth, site.id, { from: lostSince(new Date(), request.query.utc_offset ?? 0) }, { search: request.query['filter[search]'] }), page);
    const actions = await actionsOf(ctx.db, rows.map((row) => row.id));
    return toList(rows.map((row) => lostRecord(row, actions)), { ...page, total });
  });

  r.get(`${STORAGE}/lost_requests/where_site/:siteId/archive`, { schema: { tags, summary: "A site's lost requests of a date range as a ZIP (XLSX of the requests, CSV of their actions)", params: siteParams, querystring: lostArchiveQuery } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const site = await reachableSite(auth, request.params.siteId);
    const { 'date[from]': from, 'date[to]': to, utc_offset: offset = 0 } = request.query;
    if (!from || !to) throw badRequest('sender_no_dates', from ? 'date[to]' : 'date[from]');
    if (from > to) throw badRequest('sender_dates_order', 'date[from]');
    const where = lostCondition(auth, site.id, { from: momentOf(from, offset), to: momentOf(to, offset, true) }, { dismissed: true });
    const ids = (await ctx.db.select({ id: requests.id }).from(requests).where(where).orderBy(asc(requests.id)).limit(100_000)).map((row) => row.id);
    const actions = await actionsOf(ctx.db, ids);
    const lines = [UTF8_BOM + csvRow(['request_id', 'kind', 'action_id', 'title', 'required', 'status', 'attempts', 'last_error', 'updated_at'], ',')];
    for (const id of ids) for (const action of actions.get(id) ?? []) lines.push(csvRow([id, action.kind, action.action_id, action.title, action.is_required, action.status, action.attempts, action.last_error && translateMessage(action.last_error, request.lang), wallClock(Date.parse(action.updated_at), offset)], ','));
    const chunks: Buffer[] = [];
    for await (const chunk of requestsWorkbook(ctx.db, where, request.lang, offset)) chunks.push(chunk as Buffer);
    const JSZip = await loadJsZip();
    const zip = new JSZip();
    zip.file(`lost-requests-${site.id}-${from}-${to}.xlsx`, Buffer.concat(chunks));
    zip.file(`lost-requests-actions-${site.id}-${from}-${to}.csv`, lines.join(''));
    const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="lost-requests-${site.id}-${from}-${to}.zip"`)
      .header('cache-control', 'no-store')
      .send(file);
  });

  r.delete(`${STORAGE}/lost_requests/:id`, { schema: { tags, summary: 'Take a lost request off the list (the request stays)', params: idParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const row = await reachableRequest(auth, request.params.id);
    await ctx.db.transaction(async (tx) => {
      await tx.insert(lostRequestDismissals).values({ request_id: row.id, site_id: row.site_id, client_id: row.client_id, dismissed_by: auth.userId }).onConflictDoNothing();
      await recordAudit(tx, auth, { action: 'delete', service: 'request.storage', resource: 'lost_requests', recordId: row.id, changes: { type: row.type, site_id: row.site_id }, clientId: row.client_id, ip: request.ip });
    });
    return reply.status(204).send();
  });

  r.post(`${STORAGE}/lost_requests/:id/resend`, { schema: { tags, summary: "Run a lost request's failed required actions again", params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await reachableRequest(auth, request.params.id);
    assertNew(row);
    const failed = await ctx.db.select({ id: requestActions.id }).from(requestActions).where(and(eq(requestActions.request_id, row.id), eq(requestActions.status, 'failed'), requiredAction));
    if (!failed.length) throw new AppError(409, 'sender_repeat_not_failed');
    await ctx.db.delete(lostRequestDismissals).where(eq(lostRequestDismissals.request_id, row.id));
    for (const action of failed) await restartAction(ctx, action.id);
    await recordAudit(ctx.db, auth, { action: 'update', service: 'request.storage', resource: 'lost_requests', recordId: row.id, changes: { resent: failed.map((action) => action.id) }, clientId: row.client_id, ip: request.ip });
    return { data: { id: String(row.id), restarted: failed.length } };
  });

  r.get(`${STORAGE}/repeat_action/where_exec/:id`, { schema: { tags, summary: 'Run one failed action of a new request again', params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const [action] = await ctx.db.select().from(requestActions).where(eq(requestActions.id, request.params.id)).limit(1);
    const row = action ? await reachableRequest(auth, action.request_id) : null;
    if (!action || !row) throw notFound();
    assertNew(row);
    if (action.status !== 'failed') throw new AppError(409, 'sender_repeat_not_failed');
    await ctx.db.delete(lostRequestDismissals).where(eq(lostRequestDismissals.request_id, row.id));
    await restartAction(ctx, action.id);
    await recordAudit(ctx.db, auth, { action: 'update', service: 'request.storage', resource: 'lost_requests', recordId: row.id, changes: { resent: [action.id] }, clientId: row.client_id, ip: request.ip });
    return { data: { id: String(action.id), type: 'request_actions', attributes: { request_id: row.id, status: 'pending' } } };
  });

  // --- request report mails -----------------------------------------------------------------------------
  const reportOfSite = async (db: DbOrTx, site: { id: number; client_id: number }) => {
    await db.insert(requestReportSettings).values({ site_id: site.id, client_id: site.client_id }).onConflictDoNothing();
    const [row] = await db.select().from(requestReportSettings).where(eq(requestReportSettings.site_id, site.id)).limit(1);
    return row!;
  };
  r.get(`${STORAGE}/request_report_settings/where_site/:siteId`, { schema: { tags, summary: "A site's request report mail (made with the defaults on first read)", params: siteParams } }, async (request) => {
    const site = await reachableSite(requireAuth(request.auth), request.params.siteId);
    return { data: reportRecord(await reportOfSite(ctx.db, site)) };
  });
  r.post(`${STORAGE}/request_report_settings`, { schema: { tags, summary: "Change a site's request report mail", body: requestReportSettingsBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const { site_id, ...change } = request.body.data;
    const site = await sites.findSite(ctx.db, auth, site_id);
    if (!site) throw badRequest('invalid_reference', '/data/site_id', { id: site_id });
    const updated = await ctx.db.transaction(async (tx) => {
      const before = await reportOfSite(tx, site);
      const [row] = await tx.update(requestReportSettings).set({ ...change, updated_at: new Date() }).where(eq(requestReportSettings.id, before.id)).returning();
      const changes = Object.fromEntries(Object.keys(change).map((key) => [key, [before[key as keyof ReportRow], row![key as keyof ReportRow]]]));
      await recordAudit(tx, auth, { action: 'update', service: 'request.storage', resource: 'request_report_settings', recordId: before.id, changes, clientId: site.client_id, ip: request.ip });
      return row!;
    });
    return { data: reportRecord(updated) };
  });
}

