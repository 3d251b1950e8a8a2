import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { SMTPServer } from 'smtp-server';
import { REQUEST_TYPES, translateMessage, type RequestTypeId } from '@dp/contracts';
import { auditLog, dealerships, moduleInstallations, modules, sites } from '../../schema.ts';
import { openSecret } from '../../kit/secrets.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { parseMail, startSmtpListener, type ReceivedMail } from '../../test/smtp-listener.ts';
import { waitUntil } from '../../test/wait.ts';
import { publishedSite, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { solveChallenge } from '../request.storage/captcha.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { requestActions, requests, requestSettings } from '../request.storage/request.table.ts';
import { lostSince } from './lost-requests.ts';
import { sendDueReports } from './request-reports.ts';
import { senderSettings, sweepPendingActions } from './run-request-action.ts';
import { secretContext, senderKey } from './sender.hooks.ts';
import { proxyActions, requestReportSettings, smtpSettings } from './sender.table.ts';

/**
 * The sender (spec 002 §3, §5, §7): a request posted through a site's intake runs its setting's
 * e-mail template (to a real SMTP listener, HTML escaped, dealer-level recipients) and proxy action
 * (to a real local HTTP server with the token); a failing CRM is retried with back-off, then
 * failed, then found in lost requests and resent; SMTP settings keep their password encrypted and
 * never answer it; every call keeps to the caller's clients.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let a: TestSite;
let b: TestSite;
let dealerA: string;
let dealerB: string;
let hashA: string;
let address = 0;
const SENDER = '/gateway/sender/api/v1';
const STORAGE = '/gateway/request.storage/api/v1';
const CODES = {
  sender: ['email_actions.get_list', 'email_actions.create', 'email_actions.patch', 'email_actions.delete', 'proxy_actions.get_list', 'proxy_actions.create', 'proxy_actions.patch', 'proxy_actions.delete', 'smtp_settings.get_list', 'smtp_settings.patch'],
  'request.storage': ['callback_requests.get_list', 'requests_settings.create', 'requests_settings.patch', 'requests_settings.delete', 'lost_requests.patch'],
};
const CONSENT = 'Я согласен на обработку персональных данных';
const nextIp = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;
const db = () => t.database.db;

/** A CRM stand-in: answers each call with the next status of `plan` (the last one repeats), keeps what it got. */
interface Crm {
  url: string;
  calls: { path: string; headers: http.IncomingHttpHeaders; body: any }[];
  plan: Record<string, number[]>;
  close(): Promise<void>;
}
async function startCrm(): Promise<Crm> {
  const calls: Crm['calls'] = [];
  const plan: Crm['plan'] = {};
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const text = Buffer.concat(chunks).toString('utf8');
    calls.push({ path, headers: req.headers, body: text ? JSON.parse(text) : null });
    if (path.startsWith('/moved')) {
      res.writeHead(307, { location: `${other.url}/landed` });
      return res.end();
    }
    const statuses = plan[path] ?? [200];
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, plan, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}
let crm: Crm;
let other: Crm;

/** A site's own SMTP server that asks for a login, and keeps the logins and mails it got. */
async function startAuthSmtp() {
  const logins: { username?: string; password?: string }[] = [];
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    // A recipient of this domain is refused, as a server refuses a mailbox it does not know.
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.test')) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? undefined, password: auth.password ?? undefined });
      if (auth.password !== 'S3cret-smtp!') return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, logins, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
let siteSmtp: Awaited<ReturnType<typeof startAuthSmtp>>;

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  smtp = await startSmtpListener();
  siteSmtp = await startAuthSmtp();
  crm = await startCrm();
  other = await startCrm();
  t = await buildTestApp({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null } });
  requestStorageOf(t.app).captchaBits = 8;
  Object.assign(senderSettings(t.ctx), { attempts: 3, retryBaseMs: 20, timeoutMs: 3000 });
  a = await publishedSite(t);
  b = await publishedSite(t);
  const [requestsModule] = await db().select().from(modules).where(eq(modules.code, 'requests'));
  await db().insert(moduleInstallations).values([a, b].map((site) => ({ site_id: site.id, module_id: requestsModule!.id }))).onConflictDoNothing();
  dealerA = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [a.clientId], internal: false })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [b.clientId], internal: false })).email)).access_token;
  const created = await t.request('POST', `${STORAGE}/agreement_hash`, { token: dealerA, body: { data: { attributes: { site_id: a.id, text: CONSENT } } } });
  expect(created.statusCode, created.body).toBe(201);
  hashA = created.json().data.attributes.hash;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await Promise.all([smtp?.close(), siteSmtp?.close(), crm?.close(), other?.close()]);
});

/** A request through the site's own intake (captcha solved), as a visitor's browser sends it. */
async function submit(site: TestSite, type: RequestTypeId, attributes: Record<string, unknown>) {
  const ip = nextIp();
  const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: site.host }, remoteAddress: ip })).json().data.challenge as string;
  const response = await t.app.inject({
    method: 'POST',
    url: `/_api/requests/${REQUEST_TYPES[type].list}`,
    headers: { host: site.host, 'content-type': 'application/json' },
    remoteAddress: ip,
    payload: JSON.stringify({ data: { attributes: { processing_of_personal_data: true, agreement_hash: hashA, ...attributes }, captcha: { challenge, nonce: solveChallenge(challenge) } } }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}

const create = async (token: string, name: string, attributes: Record<string, unknown>, lang = 'ru') => t.request('POST', `${SENDER}/${name}`, { token, lang, body: { data: { attributes } } });
async function template(attributes: Record<string, unknown> = {}) {
  const response = await create(dealerA, 'email_actions', { site_id: a.id, title: 'Новая заявка', from: 'sales@dealer.test', to: ['manager@dealer.test'], subject: 'Заявка {{type}}: {{name}}', body: 'Имя: {{name}}\nТелефон: {{phone}}', ...attributes });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}
async function proxy(attributes: Record<string, unknown> = {}) {
  const response = await create(dealerA, 'proxy_actions', { site_id: a.id, title: 'CRM', url: `${crm.url}/leads`, token: 'crm-token-1', is_required: true, ...attributes });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}
/** The one setting of a request type with these actions (earlier settings of the type go). */
async function setting(type: RequestTypeId, actions: { kind: string; id: number }[]) {
  await db().execute(sql`delete from requests_settings where site_id = ${a.id} and request_type = ${type}`);
  const response = await t.request('POST', `${STORAGE}/requests_settings`, { token: dealerA, body: { data: { attributes: { site_id: a.id, request_type: type, actions } } } });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}
const actionsOf = (requestId: number) => db().select().from(requestActions).where(eq(requestActions.request_id, requestId)).orderBy(requestActions.id);
/** Waits until every action of the request has ended (success or failed). */
const settled = (requestId: number) =>
  waitUntil(`the actions of request ${requestId}`, async () => {
    const rows = await actionsOf(requestId);
    return rows.length > 0 && rows.every((row) => row.status !== 'pending') && rows;
  });

/** The decoded HTML part of a multipart mail. */
function htmlPart(mail: ReceivedMail): string {
  const raw = mail.raw ?? '';
  const at = raw.search(/Content-Type: text\/html/i);
  expect(at, 'an HTML part').toBeGreaterThan(-1);
  const part = raw.slice(at);
  const split = part.indexOf('\n\n');
  const headers = part.slice(0, split);
  const body = part.slice(split + 2).split(/\n--/)[0]!;
  if (/base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(headers)) return Buffer.from(body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  return body;
}

describe('e-mail templates', () => {
  it('validate recipients with the spec message in ru and en, and preview on a sample request, escaped in HTML', async () => {
    for (const [lang, title] of [['ru', 'Email указан неверно'], ['en', 'Email is incorrect']]) {
      const bad = await create(dealerA, 'email_actions', { site_id: a.id, title: 'x', from: 'sales@dealer.test', to: ['manager@dealer.test', 'not-an-email'], subject: 's', body: 'b' }, lang);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ title, source: { pointer: '/data/attributes/to/1' } });
    }
    const missing = await create(dealerA, 'email_actions', { site_id: a.id, from: 'sales@dealer.test', to: [], subject: 's', body: 'b' }, 'en');
    expect(missing.json().errors.map((error: { source: { pointer: string }; title: string }) => [error.source.pointer, error.title])).toEqual(
      expect.arrayContaining([['/data/attributes/title', 'This field is required'], ['/data/attributes/to', 'This field is required']]),
    );
    const preview = await t.request('POST', `${SENDER}/email_actions/preview`, {
      token: dealerA,
      body: { data: { site_id: a.id, subject: 'Заявка «{{type}}» от {{name}}', body: '<p>{{full_name}}, {{phone}}</p><p>{{site}}</p>', content_type: 'html' } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({ subject: 'Заявка «Обратный звонок» от Анна', body: `<p>Анна Иванова, +7 (900) 123-45-67</p><p>Дилер ${a.code}</p>`, content_type: 'html', unknown_placeholders: [] });
    expect((await t.request('POST', `${SENDER}/email_actions/preview`, { token: dealerB, body: { data: { site_id: a.id, subject: 's', body: 'b', content_type: 'text' } } })).statusCode).toBe(404);
  });

  it("see only the request's own values: prototype members and unknown placeholders render empty, and the preview names them", async () => {
    const body = 'A{{constructor}}B{{__proto__}}C{{toString}}D{{hasOwnProperty}}E{{nmae}}F{{name}}G{{vin}}H{{form_color}}';
    const preview = await t.request('POST', `${SENDER}/email_actions/preview`, { token: dealerA, lang: 'en', body: { data: { site_id: a.id, subject: '{{valueOf}} {{type}}', body, content_type: 'text' } } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ subject: 'Callback', body: 'ABCDEFAnnaGH' });
    // A type field ({{vin}}) and a custom form's value ({{form_color}}) are known even when the sample lacks them.
    expect(preview.json().data.unknown_placeholders).toEqual(['valueOf', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'nmae']);
    // The mail a request sends renders them empty too, in the subject and the body.
    const id = await template({ subject: 'Заявка {{constructor}}{{name}}', body: `HTML{{__proto__}}|{{constructor}}|{{name}}` });
    await setting(1, [{ kind: 'email_action', id }]);
    const before = smtp.received.length;
    const requestId = await submit(a, 1, { name: 'Пётр', phone: '+7 (900) 111-22-44' });
    expect((await settled(requestId))[0]).toMatchObject({ status: 'success' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe('Заявка Пётр');
    expect(mail!.text).toContain('HTML||Пётр');
    expect(mail!.raw).not.toMatch(/native code|object Object/);
  });

  it('send a request through the platform mail, HTML escaped, to the recipients and those of the request’s dealership', async () => {
    const stamp = Date.now().toString(36);
    const [centre] = await db().insert(dealerships).values({ client_id: a.clientId, title: 'Север', code: `north-${stamp}` }).returning();
    const id = await template({
      content_type: 'html',
      body: '<h1>{{type}}</h1><p>Имя: {{name}}</p><p>{{text}}</p><p>ДЦ: {{dealer}}</p>',
      cc: ['copy@dealer.test'],
      dealer_recipients: [{ dealer_code: `NORTH-${stamp}`, emails: ['north@dealer.test'] }, { dealer_code: 'south', emails: ['south@dealer.test'] }],
    });
    await setting(1, [{ kind: 'email_action', id }]);
    const before = smtp.received.length;
    const requestId = await submit(a, 1, { name: 'Анна <b>', phone: '+7 (900) 111-22-33', text: '<script>alert(1)</script> & "кавычки"', dealer_id: centre!.id });
    const [row] = await settled(requestId);
    expect(row).toMatchObject({ status: 'success', attempts: 1, last_error: null });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to.sort()).toEqual(['copy@dealer.test', 'manager@dealer.test', 'north@dealer.test']);
    expect(mail!.subject).toBe('Заявка Обратный звонок: Анна <b>');
    expect(mail!.raw).toMatch(/^Reply-To: sales@dealer.test$/m);
    const html = htmlPart(mail!);
    expect(html).toContain('<p>Имя: Анна &lt;b&gt;</p>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;кавычки&quot;');
    expect(html).toContain('<p>ДЦ: Север</p>');
    expect(html).not.toContain('<script>');
  });

  it("fill the page, UTM and phone placeholders from the request the site's form sent", async () => {
    const id = await template({ subject: 'Заявка со страницы {{page_title}}', body: 'Страница: {{page_url}}\nUTM: {{utm_source}}/{{utm_campaign}}/{{utm_medium}}\nЯндекс: {{ya_client_id}}\nТелефон: {{phone}}' });
    await setting(1, [{ kind: 'email_action', id }]);
    await db().update(sites).set({ phone_format: '8 (XXX) XXX-XX-XX' }).where(eq(sites.id, a.id));
    try {
      // The renderer's own form, as a visitor's browser posts it: the script's block in the hidden field.
      const ip = nextIp();
      const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: a.host }, remoteAddress: ip })).json().data.challenge as string;
      const analytics = JSON.stringify({ utm: { source: 'yandex', campaign: 'winter', medium: 'cpc' }, ya_client_id: '1700000000123', page: { page_url: `https://${a.host}/?utm_source=yandex&utm_campaign=winter`, page_title: 'Главная' } });
      const fields = { _form: 'main-1', name: 'Зоя', phone: '9161112233', consent: 'on', analytics, captcha_challenge: challenge, captcha_nonce: solveChallenge(challenge) };
      const before = smtp.received.length;
      const posted = await t.app.inject({ method: 'POST', url: '/', headers: { host: a.host, 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: ip, payload: new URLSearchParams(fields).toString() });
      expect(posted.statusCode, posted.body.slice(0, 300)).toBe(200);
      const [row] = await db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.name, 'Зоя')));
      expect(row!.phone).toBe('+79161112233');
      expect((await settled(row!.id))[0]).toMatchObject({ status: 'success' });
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail!.subject).toBe('Заявка со страницы Главная');
      expect(mail!.text).toContain(`Страница: https://${a.host}/?utm_source=yandex&utm_campaign=winter`);
      expect(mail!.text).toContain('UTM: yandex/winter/cpc');
      expect(mail!.text).toContain('Яндекс: 1700000000123');
      // Stored normalised, shown as the site writes phones.
      expect(mail!.text).toContain('Телефон: 8 (916) 111-22-33');
    } finally {
      await db().update(sites).set({ phone_format: null }).where(eq(sites.id, a.id));
    }
  });

  it('cannot be deleted while a request setting picks it', async () => {
    const id = await template({ title: 'Используемый' });
    const settingId = await setting(4, [{ kind: 'email_action', id }]);
    const refused = await t.request('DELETE', `${SENDER}/email_actions/${id}`, { token: dealerA, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe('The action is chosen in request settings (1): remove it from there first');
    await t.request('DELETE', `${STORAGE}/requests_settings/${settingId}`, { token: dealerA });
    expect((await t.request('DELETE', `${SENDER}/email_actions/${id}`, { token: dealerA })).statusCode).toBe(204);
  });
});

describe('the lost requests window', () => {
  it('starts on the 1st of the previous calendar month in the reader\'s time', () => {
    expect(lostSince(new Date('2026-03-31T10:00:00Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(lostSince(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    // 23:30 UTC on 31 March is already 1 April in Moscow (UTC+3): the window starts on 1 March there.
    expect(lostSince(new Date('2026-03-31T23:30:00Z'), 180).toISOString()).toBe('2026-02-28T21:00:00.000Z');
  });
});

describe('proxy actions', () => {
  it('post the request to the CRM with the token, which the API never answers', async () => {
    const id = await proxy();
    const created = await t.request('GET', `${SENDER}/proxy_actions/${id}`, { token: dealerA });
    expect(created.json().data.attributes).toMatchObject({ has_token: true, is_required: true });
    expect(created.body).not.toContain('crm-token-1');
    const [stored] = await db().select().from(proxyActions).where(eq(proxyActions.id, id));
    expect(stored!.token_encrypted).not.toContain('crm-token-1');
    await setting(3, [{ kind: 'proxy_action', id }]);
    const requestId = await submit(a, 3, { name: 'Олег', phone: '+7 (900) 222-33-44', model_id: 12, time: '10:30', analytics: { utm: { source: 'yandex' } } });
    expect((await settled(requestId))[0]).toMatchObject({ status: 'success', attempts: 1 });
    const call = crm.calls.find((one) => one.body?.data?.id === String(requestId))!;
    expect(call.path).toBe('/leads');
    expect(call.headers.authorization).toBe('Bearer crm-token-1');
    expect(call.body.data).toMatchObject({ type: 'testdrive_request', attributes: { name: 'Олег', phone: '+79002223344', model_id: 12, site_id: a.id, analytics: { utm: { source: 'yandex' } } } });
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.resource, 'proxy_actions'), eq(auditLog.record_id, String(id))));
    expect(JSON.stringify(audit)).not.toContain('crm-token-1');
    expect(audit[0]!.changes).toMatchObject({ token: '[hidden]' });
  });

  it('retry a CRM that answers 500 and then 200: success on the second attempt', async () => {
    crm.plan['/flaky'] = [500, 200];
    await setting(4, [{ kind: 'proxy_action', id: await proxy({ url: `${crm.url}/flaky`, title: 'Нестабильная CRM' }) }]);
    const requestId = await submit(a, 4, { name: 'Пётр', phone: '+7 (900) 333-44-55', model_id: 7 });
    expect((await settled(requestId))[0]).toMatchObject({ status: 'success', attempts: 2, last_error: null });
    expect(crm.calls.filter((call) => call.path === '/flaky')).toHaveLength(2);
  });

  it('give up on a CRM that always fails: failed, in lost requests while required, resent after the CRM is fixed', async () => {
    crm.plan['/down'] = [500];
    const required = await proxy({ url: `${crm.url}/down`, title: 'CRM (обязательная)' });
    const optional = await proxy({ url: `${crm.url}/down`, title: 'CRM (необязательная)', is_required: false });
    await setting(5, [{ kind: 'proxy_action', id: required }, { kind: 'proxy_action', id: optional }]);
    const lostId = await submit(a, 5, { name: 'Потерянный', phone: '+7 (900) 444-55-66', car_id: 77 });
    const rows = await settled(lostId);
    expect(rows.map((row) => [row.status, row.attempts, translateMessage(row.last_error!, 'ru')])).toEqual([
      ['failed', 3, 'CRM ответила кодом 500'],
      ['failed', 3, 'CRM ответила кодом 500'],
    ]);
    // Only the optional action failing: not lost.
    await setting(10, [{ kind: 'proxy_action', id: optional }]);
    const notLostId = await submit(a, 10, { name: 'Не потерянный', phone: '+7 (900) 444-55-67', car_id: 78 });
    await settled(notLostId);

    const list = await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}`, { token: dealerA });
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((record: { id: string }) => Number(record.id));
    expect(ids).toContain(lostId);
    expect(ids).not.toContain(notLostId);
    const lost = list.json().data.find((record: { id: string }) => Number(record.id) === lostId);
    expect(lost.attributes.actions.map((action: { title: string; is_required: boolean; status: string }) => [action.title, action.is_required, action.status])).toEqual([
      ['CRM (обязательная)', true, 'failed'],
      ['CRM (необязательная)', false, 'failed'],
    ]);
    expect((await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('POST', `${STORAGE}/lost_requests/${lostId}/resend`, { token: dealerB })).statusCode).toBe(404);

    // The window is the last calendar month and this one: the 1st of the previous month counts, the last day of the month before does not.
    const now = new Date();
    const firstOfLast = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 0, 0, 30));
    const endOfBefore = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 0, 23, 59, 30));
    const listedAt = async (moment: Date) => {
      await db().update(requests).set({ created_at: moment }).where(eq(requests.id, lostId));
      const page = await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}?utc_offset=0`, { token: dealerA });
      return page.json().data.some((record: { id: string }) => Number(record.id) === lostId);
    };
    expect(await listedAt(firstOfLast)).toBe(true);
    expect(await listedAt(endOfBefore)).toBe(false);
    await db().update(requests).set({ created_at: now }).where(eq(requests.id, lostId));

    // Fixed: the resend runs the failed required action again (only it), and the request leaves the list.
    crm.plan['/down'] = [200];
    const resent = await t.request('POST', `${STORAGE}/lost_requests/${lostId}/resend`, { token: dealerA });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.restarted).toBe(1);
    await waitUntil('the resent action', async () => (await actionsOf(lostId))[0]!.status === 'success');
    expect((await actionsOf(lostId))[1]!.status).toBe('failed');
    const after = await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}`, { token: dealerA });
    expect(after.json().data.map((record: { id: string }) => Number(record.id))).not.toContain(lostId);
    const again = await t.request('POST', `${STORAGE}/lost_requests/${lostId}/resend`, { token: dealerA, lang: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].title).toBe('Only an action that ended with an error can be restarted');
  });

  it('restart one action of a new request, not of an old one; dismiss a lost request; download the archive of a date range', async () => {
    crm.plan['/down2'] = [500];
    const id = await proxy({ url: `${crm.url}/down2`, title: 'CRM 2' });
    await setting(2, [{ kind: 'proxy_action', id }]);
    const requestId = await submit(a, 2, { name: 'Сервис', phone: '+7 (900) 555-66-77' });
    const [action] = await settled(requestId);
    crm.plan['/down2'] = [200];
    expect((await t.request('GET', `${STORAGE}/repeat_action/where_exec/${action!.id}`, { token: dealerB })).statusCode).toBe(404);
    const repeated = await t.request('GET', `${STORAGE}/repeat_action/where_exec/${action!.id}`, { token: dealerA });
    expect(repeated.statusCode, repeated.body).toBe(200);
    await waitUntil('the repeated action', async () => (await actionsOf(requestId))[0]!.status === 'success');

    // An old request's action is not restarted (spec 002 §4: only new requests).
    crm.plan['/down2'] = [500];
    const oldId = await submit(a, 2, { name: 'Старый', phone: '+7 (900) 555-66-78' });
    const [oldAction] = await settled(oldId);
    await db().update(requests).set({ created_at: new Date(lostSince(new Date()).getTime() - 86_400_000) }).where(eq(requests.id, oldId));
    const tooOld = await t.request('GET', `${STORAGE}/repeat_action/where_exec/${oldAction!.id}`, { token: dealerA });
    expect(tooOld.statusCode).toBe(409);
    expect(tooOld.json().errors[0].title).toBe('Повторить можно только действие новой заявки (не старше месяца)');

    const dismissedId = await submit(a, 2, { name: 'Убранная', phone: '+7 (900) 555-66-79' });
    await settled(dismissedId);
    expect((await t.request('DELETE', `${STORAGE}/lost_requests/${dismissedId}`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${STORAGE}/lost_requests/${dismissedId}`, { token: dealerA })).statusCode).toBe(204);
    const listed = (await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}`, { token: dealerA })).json().data.map((record: { id: string }) => Number(record.id));
    expect(listed).not.toContain(dismissedId);
    expect((await db().select().from(requests).where(eq(requests.id, dismissedId))).length).toBe(1);

    const noDates = await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}/archive`, { token: dealerA });
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json().errors[0].title).toBe('Не выбраны даты');
    const today = new Date().toISOString().slice(0, 10);
    const archive = await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}/archive?date[from]=${today}&date[to]=${today}`, { token: dealerA });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(archive.rawPayload);
    const names = Object.keys(zip.files);
    expect(names.some((name) => name.endsWith('.xlsx'))).toBe(true);
    const csv = await zip.file(names.find((name) => name.endsWith('.csv'))!)!.async('string');
    expect(csv).toContain(`${dismissedId},proxy_action,${id},CRM 2,yes,failed,3,CRM ответила кодом 500`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await zip.file(names.find((name) => name.endsWith('.xlsx'))!)!.async('nodebuffer')) as never);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => cells.push((row.values as unknown[]).join('|')));
    expect(cells.some((line) => line.includes('Убранная'))).toBe(true);
  });

  it('drop the token when the CRM redirects to another origin, and refuse private addresses without retrying', async () => {
    const id = await proxy({ url: `${crm.url}/moved`, title: 'Переехавшая CRM' });
    await setting(6, [{ kind: 'proxy_action', id }]);
    const requestId = await submit(a, 6, { email: 'news@example.ru' });
    expect((await settled(requestId))[0]!.status).toBe('success');
    const landed = other.calls.find((call) => call.path === '/landed')!;
    expect(landed.headers.authorization).toBeUndefined();
    expect(landed.body.data.attributes.email).toBe('news@example.ru');

    // A private address is refused when saved; one stored anyway (saved before the rule, or a name
    // pointed inside later) is refused again by the call's own guard, without retrying.
    const saved = await create(dealerA, 'proxy_actions', { site_id: a.id, title: 'Внутренняя CRM', url: 'http://10.20.30.40/leads', token: null, is_required: true });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors[0]).toMatchObject({ code: 'address_internal', source: { pointer: '/data/attributes/url' } });
    const privateId = await proxy({ url: 'https://crm-later.dealer.test/leads', title: 'Внутренняя CRM' });
    await db().update(proxyActions).set({ url: 'http://10.20.30.40/leads' }).where(eq(proxyActions.id, privateId));
    await setting(6, [{ kind: 'proxy_action', id: privateId }]);
    const refusedId = await submit(a, 6, { email: 'news2@example.ru' });
    const [refused] = await settled(refusedId);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(translateMessage(refused!.last_error!, 'en')).toBe('The CRM address is not allowed: internal, local and service addresses are closed');
  });
});

describe('SMTP settings', () => {
  it('keep the password encrypted, never answer it, send templates and a test mail through the site’s server with it', async () => {
    const created = await create(dealerA, 'smtp_settings', { site_id: a.id, hostname: '127.0.0.1', port: siteSmtp.port, login: 'dealer@site.test', password: 'S3cret-smtp!' });
    expect(created.statusCode, created.body).toBe(201);
    const settingsId = created.json().data.id;
    expect(created.json().data.attributes).toMatchObject({ hostname: '127.0.0.1', login: 'dealer@site.test', has_password: true });
    for (const response of [created, await t.request('GET', `${SENDER}/smtp_settings/${settingsId}`, { token: dealerA }), await t.request('GET', `${SENDER}/smtp_settings?filter[site_id]=${a.id}`, { token: dealerA })]) {
      expect(response.body).not.toContain('S3cret-smtp!');
      expect(response.body).not.toContain('password_encrypted');
    }
    const [row] = await db().select().from(smtpSettings).where(eq(smtpSettings.id, Number(settingsId)));
    expect(row!.password_encrypted).toMatch(/^v1\./);
    const dump = await db().execute(sql`select * from smtp_settings`);
    expect(JSON.stringify(dump)).not.toContain('S3cret-smtp!');
    expect(openSecret(await senderKey(db()), row!.password_encrypted!, secretContext('smtp_settings', a.id))).toBe('S3cret-smtp!');
    // A sealed password copied to another site's record does not open there.
    expect(() => openSecret(Buffer.from('x'), row!.password_encrypted!, secretContext('smtp_settings', a.id))).toThrow();
    expect((await create(dealerA, 'smtp_settings', { site_id: a.id, hostname: 'smtp.other.test', port: 25 })).statusCode).toBe(409);

    const test = await t.request('POST', `${SENDER}/smtp_settings/${settingsId}/test`, { token: dealerA, body: { data: { to: 'boss@dealer.test' } } });
    expect(test.statusCode, test.body).toBe(200);
    expect(siteSmtp.logins.at(-1)).toEqual({ username: 'dealer@site.test', password: 'S3cret-smtp!' });
    expect(siteSmtp.received.at(-1)!.to).toEqual(['boss@dealer.test']);

    const id = await template({ title: 'Через SMTP сайта', is_smtp: true, from: 'dealer@site.test', subject: 'SMTP: {{name}}' });
    await setting(10, [{ kind: 'email_action', id }]);
    const before = siteSmtp.received.length;
    const requestId = await submit(a, 10, { name: 'Аксессуар', phone: '+7 (900) 101-10-10', car_id: 5 });
    expect((await settled(requestId))[0]).toMatchObject({ status: 'success' });
    await waitUntil('the mail at the site’s server', () => siteSmtp.received.length > before);
    expect(siteSmtp.received.at(-1)!.subject).toBe('SMTP: Аксессуар');

    // A wrong password: refused by the server, answered in the caller's language.
    expect((await t.request('PATCH', `${SENDER}/smtp_settings/${settingsId}`, { token: dealerA, body: { data: { attributes: { password: 'wrong' } } } })).statusCode).toBe(200);
    const failed = await t.request('POST', `${SENDER}/smtp_settings/${settingsId}/test`, { token: dealerA, lang: 'en', body: { data: { to: 'boss@dealer.test' } } });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().errors[0].title).toBe(`The test mail was not sent: the server 127.0.0.1:${siteSmtp.port} did not accept the login or the password`);
    // A request's mail meets the same refusal: failed at once (trying again will not help), the reason kept in words of either language.
    const refusedId = await submit(a, 10, { name: 'Без пароля', phone: '+7 (900) 101-10-11', car_id: 6 });
    const [refused] = await settled(refusedId);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(translateMessage(refused!.last_error!, 'ru')).toBe(`Письмо не отправлено: сервер 127.0.0.1:${siteSmtp.port} не принял логин или пароль SMTP`);
    expect(translateMessage(refused!.last_error!, 'en')).toBe(`The mail was not sent: the server 127.0.0.1:${siteSmtp.port} did not accept the SMTP login or password`);
  });

  it('answer a test mail in the caller’s language: delivered, or why not in words; only to those who may edit the settings, a few a minute', async () => {
    const editor = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [a.clientId], internal: false })).email)).access_token;
    const settingsId = (await t.request('GET', `${SENDER}/smtp_settings?filter[site_id]=${a.id}`, { token: editor })).json().data[0].id;
    const patch = (attributes: Record<string, unknown>) => t.request('PATCH', `${SENDER}/smtp_settings/${settingsId}`, { token: dealerA, body: { data: { attributes } } });
    const sendTest = (to: string, lang: 'ru' | 'en', token = editor) => t.request('POST', `${SENDER}/smtp_settings/${settingsId}/test`, { token, lang, body: { data: { to } } });
    const server = `127.0.0.1:${siteSmtp.port}`;

    // Delivered to the listener, in the caller's language.
    expect((await patch({ port: siteSmtp.port, password: 'S3cret-smtp!' })).statusCode).toBe(200);
    const sent = await sendTest('manager@dealer.test', 'en');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(siteSmtp.received.at(-1)).toMatchObject({ to: ['manager@dealer.test'], subject: 'Test mail of the dealer platform' });
    // A recipient the server refuses, and a wrong password: said so, no server text.
    const recipient = await sendTest('nobody@refused.test', 'ru');
    expect(recipient.statusCode).toBe(422);
    expect(recipient.json().errors[0]).toMatchObject({ code: 'sender_smtp_test_recipient', title: `Тестовое письмо не отправлено: сервер ${server} не принял адрес получателя nobody@refused.test` });
    expect((await patch({ password: 'wrong' })).statusCode).toBe(200);
    const login = await sendTest('manager@dealer.test', 'ru');
    expect(login.json().errors[0]).toMatchObject({ code: 'sender_smtp_test_auth', title: `Тестовое письмо не отправлено: сервер ${server} не принял логин или пароль` });

    // A port nobody listens on: the connection is refused.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    expect((await patch({ port: closed })).statusCode).toBe(200);
    const refused = await sendTest('manager@dealer.test', 'en');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ code: 'sender_smtp_test_refused', title: `The test mail was not sent: the server 127.0.0.1:${closed} refused the connection. Check the address and the port` });
    expect(refused.body).not.toMatch(/ECONNREFUSED|at .*\.js/);

    // Five a minute per user: the sixth is refused before anything is sent.
    expect((await patch({ port: siteSmtp.port, password: 'S3cret-smtp!' })).statusCode).toBe(200);
    expect((await sendTest('manager@dealer.test', 'en')).statusCode).toBe(200);
    const before = siteSmtp.received.length;
    const tooMany = await sendTest('manager@dealer.test', 'en');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().errors[0].title).toMatch(/^Too many attempts/);
    expect(siteSmtp.received.length).toBe(before);
    // Another user of the client still may.
    expect((await sendTest('boss@dealer.test', 'ru', dealerA)).statusCode).toBe(200);

    // Reading the settings is not enough to send through them; another client's record is not found.
    const reader = (await t.signIn((await t.createUser({ grants: { sender: ['smtp_settings.get_list'] }, clientIds: [a.clientId], internal: false })).email)).access_token;
    expect((await sendTest('manager@dealer.test', 'en', reader)).statusCode).toBe(403);
    expect((await sendTest('manager@dealer.test', 'en', dealerB)).statusCode).toBe(404);
  });

  it('refuse a private host, validate the host name, and keep to the caller’s clients', async () => {
    const internal = await create(dealerB, 'smtp_settings', { site_id: b.id, hostname: '10.0.0.5', port: 25, login: null }, 'en');
    expect(internal.statusCode).toBe(400);
    expect(internal.json().errors[0]).toMatchObject({ code: 'address_internal', source: { pointer: '/data/attributes/hostname' } });
    // One stored anyway (saved before the rule, or a name pointed inside later) is refused when called.
    const created = await create(dealerB, 'smtp_settings', { site_id: b.id, hostname: 'smtp-later.dealer.test', port: 25, login: null });
    expect(created.statusCode, created.body).toBe(201);
    await db().update(smtpSettings).set({ hostname: '10.0.0.5' }).where(eq(smtpSettings.id, Number(created.json().data.id)));
    const refused = await t.request('POST', `${SENDER}/smtp_settings/${created.json().data.id}/test`, { token: dealerB, body: { data: { to: 'x@dealer.test' } } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ code: 'sender_smtp_test_address', title: 'Тестовое письмо не отправлено: адрес сервера запрещён (внутренние, локальные и служебные адреса недоступны)' });
    const bad = await create(dealerA, 'smtp_settings', { site_id: a.id, hostname: 'smtp server', port: 70000 }, 'en');
    expect(bad.json().errors.map((error: { source: { pointer: string } }) => error.source.pointer)).toEqual(expect.arrayContaining(['/data/attributes/hostname', '/data/attributes/port']));
    const ofA = (await t.request('GET', `${SENDER}/smtp_settings?filter[site_id]=${a.id}`, { token: dealerA })).json().data[0].id;
    expect((await t.request('GET', `${SENDER}/smtp_settings/${ofA}`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('PATCH', `${SENDER}/smtp_settings/${ofA}`, { token: dealerB, body: { data: { attributes: { port: 25 } } } })).statusCode).toBe(404);
    expect((await t.request('POST', `${SENDER}/smtp_settings/${ofA}/test`, { token: dealerB, body: { data: { to: 'x@dealer.test' } } })).statusCode).toBe(404);
  });
});

describe('tenancy', () => {
  it("keeps a dealer of client B away from client A's templates, proxy actions and the settings' actions", async () => {
    const emailId = await template({ title: 'Только для A' });
    const proxyId = await proxy({ title: 'CRM только для A' });
    for (const path of [`email_actions/${emailId}`, `proxy_actions/${proxyId}`]) {
      expect((await t.request('GET', `${SENDER}/${path}`, { token: dealerB })).statusCode).toBe(404);
      expect((await t.request('PATCH', `${SENDER}/${path}`, { token: dealerB, body: { data: { attributes: { title: 'чужое' } } } })).statusCode).toBe(404);
      expect((await t.request('DELETE', `${SENDER}/${path}`, { token: dealerB })).statusCode).toBe(404);
    }
    const listB = await t.request('GET', `${SENDER}/email_actions`, { token: dealerB });
    expect(listB.json().data.map((record: { id: string }) => Number(record.id))).not.toContain(emailId);
    const foreign = await create(dealerB, 'email_actions', { site_id: a.id, title: 'x', from: 'a@b.test', to: ['a@b.test'], subject: 's', body: 'b' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].source.pointer).toBe('/data/attributes/site_id');
    expect((await t.request('GET', `${STORAGE}/requests_settings/available_actions/where_site/${a.id}`, { token: dealerB })).statusCode).toBe(404);
    const available = await t.request('GET', `${STORAGE}/requests_settings/available_actions/where_site/${a.id}`, { token: dealerA });
    expect(available.json().data.map((record: { attributes: { kind: string; id: number } }) => `${record.attributes.kind}:${record.attributes.id}`)).toEqual(expect.arrayContaining([`email_action:${emailId}`, `proxy_action:${proxyId}`]));
    const settingId = await setting(1, [{ kind: 'email_action', id: emailId }]);
    const ofSetting = await t.request('GET', `${STORAGE}/requests_settings/${settingId}/available_actions`, { token: dealerA });
    expect(ofSetting.json().data.find((record: { id: string }) => record.id === `email_action:${emailId}`).attributes.chosen).toBe(true);
    expect((await t.request('GET', `${STORAGE}/requests_settings/${settingId}/available_actions`, { token: dealerB })).statusCode).toBe(404);

    // A setting of B naming A's template runs nothing of A's: the executor keeps to the request's site.
    const [siteB] = await db().select().from(sites).where(eq(sites.id, b.id));
    await db().execute(sql`insert into agreement_hashes (site_id, client_id, hash, text) values (${b.id}, ${siteB!.client_id}, ${hashA}, ${CONSENT}) on conflict do nothing`);
    const settingB = await t.request('POST', `${STORAGE}/requests_settings`, { token: dealerB, body: { data: { attributes: { site_id: b.id, request_type: 1, actions: [{ kind: 'email_action', id: emailId }] } } } });
    expect(settingB.statusCode, settingB.body).toBe(400);
    expect(settingB.json().errors[0]).toMatchObject({ code: 'requests_settings_action', source: { pointer: '/data/attributes/actions/0' } });
    // Written past the API (a setting older than the check): the executor still refuses it.
    await db().insert(requestSettings).values({ site_id: b.id, client_id: siteB!.client_id, request_type: 1, tag: null, actions: [{ kind: 'email_action', id: emailId }] });
    const before = smtp.received.length;
    const callbackB = await submit(b, 1, { name: 'Шпион', phone: '+7 (900) 999-00-00' });
    expect(await settled(callbackB)).toMatchObject([{ status: 'failed', attempts: 1, last_error: 'sender_action_template_missing' }]);
    expect(translateMessage((await settled(callbackB))[0]!.last_error!, 'ru')).toBe('Шаблон письма не найден: он удалён или принадлежит другому сайту');
    expect(smtp.received.length).toBe(before);
  });
});

describe('the sweep', () => {
  it('queues again pending actions whose job was never sent', async () => {
    const id = await template({ title: 'После сбоя очереди' });
    await setting(1, [{ kind: 'email_action', id }]);
    const sendMany = t.ctx.jobs.sendMany;
    let refused = 0;
    t.ctx.jobs.sendMany = async () => {
      refused++;
      throw new Error('queue down');
    };
    let requestId: number;
    try {
      requestId = await submit(a, 1, { name: 'Очередь', phone: '+7 (900) 777-88-99' });
      await waitUntil('the intake to give up queueing', async () => refused === 1);
    } finally {
      t.ctx.jobs.sendMany = sendMany;
    }
    // The row names a job that never arrived.
    const [pending] = await actionsOf(requestId);
    expect(pending).toMatchObject({ status: 'pending' });
    const job = (await t.ctx.db.execute(sql`select 1 from pgboss.job where id::text = ${pending!.job_id}`)) as unknown as { rows: unknown[] };
    expect(job.rows).toHaveLength(0);
    expect(await sweepPendingActions(t.ctx, new Date())).toBe(0);
    expect(await sweepPendingActions(t.ctx, new Date(Date.now() + 10 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await settled(requestId))[0]).toMatchObject({ status: 'success' });
  });
});

describe('request report mails', () => {
  it('are made per site with the defaults, refuse bad input and other clients, and send the counts with the XLSX on schedule', async () => {
    const got = await t.request('GET', `${STORAGE}/request_report_settings/where_site/${a.id}`, { token: dealerA });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data.attributes).toMatchObject({ site_id: a.id, receivers: [], frequency: 1, is_active: true, last_sent_at: null });
    expect((await t.request('GET', `${STORAGE}/request_report_settings/where_site/${a.id}`, { token: dealerB })).statusCode).toBe(404);
    const foreign = await t.request('POST', `${STORAGE}/request_report_settings`, { token: dealerB, body: { data: { site_id: a.id, receivers: ['spy@other.test'] } } });
    expect(foreign.statusCode).toBe(400);
    const bad = await t.request('POST', `${STORAGE}/request_report_settings`, { token: dealerA, lang: 'en', body: { data: { site_id: a.id, receivers: ['nope'], frequency: 5 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { title: string }) => error.title)).toEqual(expect.arrayContaining(['Email is incorrect', 'Invalid value']));
    const saved = await t.request('POST', `${STORAGE}/request_report_settings`, { token: dealerA, body: { data: { site_id: a.id, receivers: ['Head@Dealer.test'], subject: 'Заявки {{site}}: {{total}}{{constructor}}', frequency: 6 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes).toMatchObject({ receivers: ['head@dealer.test'], frequency: 6 });

    const before = smtp.received.length;
    const now = new Date(Date.now() + 60_000);
    expect(await sendDueReports(t.ctx, now)).toBeGreaterThanOrEqual(1);
    const mail = (await smtp.waitFor(before + 1)).slice(before).find((one) => one.to.includes('head@dealer.test'))!;
    expect(mail.subject).toMatch(new RegExp(`^Заявки Дилер ${a.code}: \\d+$`));
    expect(mail.raw).toContain('Content-Disposition: attachment');
    expect(mail.raw).toMatch(/filename=requests-\d+-\d{4}-\d{2}-\d{2}\.xlsx/);
    // Sent: not due again before six hours have passed.
    expect(await sendDueReports(t.ctx, new Date(now.getTime() + 3_600_000))).toBe(0);
    const [row] = await db().select().from(requestReportSettings).where(eq(requestReportSettings.site_id, a.id));
    expect(row!.last_sent_at?.getTime()).toBe(now.getTime());
    // The platform's mail server refusing the report: kept as a message the screen shows in either language.
    await db().update(requestReportSettings).set({ last_sent_at: new Date(Date.now() - 86_400_000) }).where(eq(requestReportSettings.site_id, a.id));
    const refusing = { ...t.ctx, mailer: { send: async () => Promise.reject(Object.assign(new Error('550 5.7.1 relaying denied for head@dealer.test'), { responseCode: 550 })) } };
    expect(await sendDueReports(refusing as never, now)).toBe(0);
    const [failed] = await db().select().from(requestReportSettings).where(eq(requestReportSettings.site_id, a.id));
    expect(translateMessage(failed!.last_error!, 'en')).toBe("The mail was not sent: the platform's mail server did not accept it");
  });
});
