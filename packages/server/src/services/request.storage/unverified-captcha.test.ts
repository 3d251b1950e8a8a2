import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auditLog } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitForJobs, waitUntil } from '../../test/wait.ts';
import { formConstructorOf } from '../form-constructor/form.routes.ts';
import { publishedSite, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { senderSettings, sweepPendingActions } from '../sender/run-request-action.ts';
import { REQUEST_ACTION_JOB } from './intake.ts';
import { requestStorageOf } from './request.routes.ts';
import { captchaOutages, requestActions, requests } from './request.table.ts';

/**
 * The smart captcha when its service cannot be reached: a token passes only when the service
 * confirms it; a refused one is 400 captcha_invalid; when the service times out, refuses the
 * connection, answers an error or something unreadable, or its name does not resolve, the request
 * is stored marked 'captcha not verified' with its actions held (the CRM hears nothing), the
 * outage counted per site; the lists show and filter the mark, the exports carry it; staff release
 * such requests (their actions then run) or delete them, one or many, within their clients.
 * Against a local stand-in of the service and a local CRM.
 */
let t: TestApp;
let a: TestSite;
let b: TestSite;
let managerA: string;
let managerB: string;
let readerA: string;
let hashA: string;
let address = 0;
const FORMS = '/gateway/form-constructor/api/v1';
const STORAGE = '/gateway/request.storage/api/v1';
const SENDER = '/gateway/sender/api/v1';
const CODES = {
  'request.storage': ['callback_requests.get_list', 'requests.delete', 'lost_requests.patch', 'requests_settings.create'],
  'form-constructor': ['form_constructor.get_list', 'form_constructor.create', 'form_constructor.edit'],
  sender: ['proxy_actions.get_list', 'proxy_actions.create'],
};
const CONSENT = 'Я согласен на обработку персональных данных';
const nextIp = () => `10.28.${Math.floor(++address / 250)}.${address % 250}`;
const db = () => t.database.db;

/** The smart captcha's stand-in: `good` is confirmed, `slow` never answered, `503` and `garbage` are errors; anything else is refused. */
let captchaUrl: string;
const captchaServer = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const token = new URLSearchParams(body).get('token');
    if (token === 'slow') return;
    if (token === '503') return void response.writeHead(503).end();
    if (token === 'garbage') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(token === 'good' ? { status: 'ok', message: '' } : { status: 'failed', message: 'Token invalid or expired.' }));
  });
});
/** A CRM stand-in taking the proxy action's posts. */
const crmCalls: unknown[] = [];
const crm = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    crmCalls.push(JSON.parse(body));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
/** An address where nothing listens (connection refused): a port that was free a moment ago. */
async function absentUrl() {
  const probe = http.createServer();
  const url = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `${url}/validate`;
}

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  captchaUrl = `${await listen(captchaServer)}/validate`;
  const crmUrl = await listen(crm);
  t = await buildTestApp();
  Object.assign(senderSettings(t.ctx), { attempts: 1, timeoutMs: 3000 });
  // The stand-in that never answers meets a short deadline, long enough for the others to answer on a busy machine.
  Object.assign(formConstructorOf(t.app).smartCaptcha, { url: captchaUrl, allowHosts: ['127.0.0.1', 'smart-captcha.nowhere.invalid'], timeoutMs: 1500 });
  requestStorageOf(t.app).captchaBits = 8;
  a = await publishedSite(t);
  b = await publishedSite(t);
  managerA = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [a.clientId] })).email)).access_token;
  managerB = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [b.clientId] })).email)).access_token;
  readerA = (await t.signIn((await t.createUser({ grants: { 'request.storage': ['callback_requests.get_list'] }, clientIds: [a.clientId] })).email)).access_token;
  const post = async (path: string, attributes: Record<string, unknown>) => {
    const response = await t.request('POST', path, { token: managerA, body: { data: { attributes } } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  hashA = (await post(`${STORAGE}/agreement_hash`, { site_id: a.id, text: CONSENT })).attributes.hash;
  await post(`${FORMS}/smart_captcha_keys`, { site_id: a.id, color_scheme: 'default', client_token: 'client-of-a', secret_token: 'secret-of-a' });
  await post(`${FORMS}/captcha_settings`, { site_id: a.id, kind: 'smart_captcha' });
  const proxy = await post(`${SENDER}/proxy_actions`, { site_id: a.id, title: 'CRM', url: `${crmUrl}/leads`, is_required: true });
  await post(`${STORAGE}/requests_settings`, { site_id: a.id, request_type: 1, actions: [{ kind: 'proxy_action', id: Number(proxy.id) }] });
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  captchaServer.closeAllConnections();
  crm.closeAllConnections();
  await Promise.all([captchaServer, crm].map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A callback request through site a's intake with a smart captcha token, as the widget's page sends it. */
const submit = (token: string, name: string, lang = 'ru') =>
  t.app.inject({
    method: 'POST',
    url: '/_api/requests/callback_requests',
    headers: { host: a.host, 'content-type': 'application/json', 'accept-language': lang },
    remoteAddress: nextIp(),
    payload: JSON.stringify({ data: { attributes: { name, phone: '+7 (900) 555-00-11', processing_of_personal_data: true, agreement_hash: hashA }, captcha: { token } } }),
  });
const stored = (name: string) => db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.name, name))).orderBy(requests.id);
const actionsOf = (ids: number[]) => db().select().from(requestActions).where(inArray(requestActions.request_id, ids)).orderBy(requestActions.id);
const outages = async () => (await db().select().from(captchaOutages).where(eq(captchaOutages.site_id, a.id)))[0] ?? { count: 0, last_error: null };
const setUrl = (url: string): void => void Object.assign(formConstructorOf(t.app).smartCaptcha, { url });

describe('the smart captcha when its service cannot be reached', () => {
  it('passes a token only when the service confirms it; a refused one is 400 in the visitor\'s language, nothing stored', async () => {
    const good = await submit('good', 'Подтверждённый');
    expect(good.statusCode, good.body).toBe(201);
    const [row] = await stored('Подтверждённый');
    expect(row!.captcha_check).toBeNull();
    await waitUntil('the confirmed request\'s action', async () => (await actionsOf([row!.id])).every((action) => action.status === 'success'));
    for (const [lang, title] of [['ru', 'Проверка «не робот» не пройдена, попробуйте ещё раз'], ['en', 'The robot check failed, please try again']] as const) {
      const refused = await submit('made-up', 'Отказ', lang);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ code: 'captcha_invalid', title, source: { pointer: '/data/captcha' } });
    }
    expect(await stored('Отказ')).toEqual([]);
  });

  it('stores a made-up token unverified with its actions held, whatever the outage, and counts each outage', async () => {
    const cases: [string, () => Promise<void> | void, string, string][] = [
      ['error status', () => setUrl(captchaUrl), '503', 'http_status'],
      ['unreadable answer', () => setUrl(captchaUrl), 'garbage', 'unreadable'],
      ['timeout', () => setUrl(captchaUrl), 'slow', 'timeout'],
      ['connection refused', async () => setUrl(await absentUrl()), 'made-up', 'network'],
      ['name that does not resolve', () => setUrl('http://smart-captcha.nowhere.invalid/validate'), 'made-up', 'dns_failed'],
    ];
    const crmBefore = crmCalls.length;
    for (const [what, prepare, token, cause] of cases) {
      await prepare();
      const before = (await outages()).count;
      const name = `Без проверки: ${what}`;
      // The same made-up token twice: both stored, both held.
      for (let i = 0; i < 2; i++) {
        const answer = await submit(token, name);
        expect(answer.statusCode, `${what}: ${answer.body}`).toBe(201);
      }
      const rows = await stored(name);
      expect(rows.map((row) => row.captcha_check), what).toEqual(['unverified', 'unverified']);
      const actions = await actionsOf(rows.map((row) => row.id));
      expect(actions.map((action) => [action.status, action.job_id]), what).toEqual([['held', null], ['held', null]]);
      const counted = await outages();
      expect(counted.count, what).toBe(before + 2);
      expect(counted.last_error, what).toMatch(new RegExp(`^${cause}`));
    }
    setUrl(captchaUrl);
    // Nothing reached the CRM, and the sender's sweep leaves held actions alone.
    await waitForJobs(db(), REQUEST_ACTION_JOB);
    await sweepPendingActions(t.ctx, new Date(Date.now() + 3_600_000));
    await waitForJobs(db(), REQUEST_ACTION_JOB);
    expect(crmCalls.length).toBe(crmBefore);
    const held = await db().select({ id: requestActions.id }).from(requestActions).where(and(eq(requestActions.site_id, a.id), eq(requestActions.status, 'held')));
    expect(held.length).toBe(10);
  });

  it('shows and filters the mark in the lists, the summary and both exports', async () => {
    const list = await t.request('GET', `${STORAGE}/callback_requests/where_site/${a.id}?filter[captcha]=unverified`, { token: readerA });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.page.total).toBe(10);
    expect(list.json().data.every((row: any) => row.attributes.captcha_check === 'unverified')).toBe(true);
    const all = await t.request('GET', `${STORAGE}/callback_requests/where_site/${a.id}`, { token: readerA });
    expect(all.json().data.find((row: any) => row.attributes.name === 'Подтверждённый').attributes.captcha_check).toBeNull();
    const wrong = await t.request('GET', `${STORAGE}/callback_requests/where_site/${a.id}?filter[captcha]=maybe`, { token: readerA, lang: 'en' });
    expect(wrong.statusCode).toBe(400);

    const summary = await t.request('GET', `${STORAGE}/requests/captcha_unverified/where_site/${a.id}`, { token: readerA });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().data).toMatchObject({ held: 10, held_by_type: { 1: 10 }, outages: 10, last_outage_error: expect.stringMatching(/^dns_failed/) });
    expect(Date.parse(summary.json().data.last_outage_at)).toBeGreaterThan(Date.now() - 600_000);
    expect((await t.request('GET', `${STORAGE}/requests/captcha_unverified/where_site/${a.id}`, { token: managerB })).statusCode).toBe(404);

    const csv = await t.request('GET', `${STORAGE}/callback_requests/where_site/${a.id}/format_csv?filter[captcha]=unverified`, { token: readerA, lang: 'ru' });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('Проверка капчи');
    expect(lines.length).toBe(11);
    expect(lines.slice(1).every((line) => line.endsWith('Не проверена, действия задержаны'))).toBe(true);
    const xlsx = await t.app.inject({ method: 'GET', url: `${STORAGE}/requests/where_site/${a.id}/format_xlsx`, headers: { authorization: `Bearer ${readerA}`, 'accept-language': 'en' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const column = header.indexOf('Captcha check');
    expect(column).toBeGreaterThan(0);
    const marks = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(column).value ?? '');
    expect(marks.filter((mark) => mark === 'Not verified, actions held').length).toBe(10);
    expect(marks.filter((mark) => mark === '').length).toBe(1);
  });

  it('lets staff release such requests, singly or many: their held actions run; only within their clients and with the permission', async () => {
    const held = (await db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.captcha_check, 'unverified'))).orderBy(requests.id)).map((row) => row.id);
    const [confirmed] = await stored('Подтверждённый');
    const release = (token: string, siteId: number, ids: number[], lang = 'ru') => t.request('POST', `${STORAGE}/requests/release/where_site/${siteId}`, { token, lang, body: { data: { ids } } });

    expect((await release(readerA, a.id, [held[0]!])).statusCode).toBe(403);
    expect((await release(managerB, a.id, [held[0]!])).statusCode).toBe(404);
    // An id out of reach (another site's) refuses the whole call: nothing is released.
    const [foreign] = await db().insert(requests).values({ site_id: b.id, client_id: b.clientId, type: 1, name: 'Чужая', captcha_check: 'unverified' }).returning();
    expect((await release(managerA, a.id, [held[0]!, foreign!.id])).statusCode).toBe(404);
    expect((await release(managerA, a.id, [])).statusCode).toBe(400);
    expect((await release(managerA, a.id, Array.from({ length: 501 }, (_, i) => i + 1), 'en')).json().errors[0].source.pointer).toBe('/data/ids');
    expect((await stored(`Без проверки: error status`)).map((row) => row.captcha_check)).toEqual(['unverified', 'unverified']);

    const crmBefore = crmCalls.length;
    const one = await release(managerA, a.id, [held[0]!]);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ released: 1 });
    // Many at once; a checked request among them is left as it is.
    const many = await release(managerA, a.id, [...held.slice(1, 4), confirmed!.id]);
    expect(many.json().data).toEqual({ released: 3 });
    const released = held.slice(0, 4);
    await waitUntil('the released requests\' actions', async () => (await actionsOf(released)).every((action) => action.status === 'success'));
    expect(crmCalls.length).toBe(crmBefore + 4);
    const rows = await db().select().from(requests).where(inArray(requests.id, released));
    expect(rows.map((row) => row.captcha_check)).toEqual(['released', 'released', 'released', 'released']);
    // Released once: again is nothing.
    expect((await release(managerA, a.id, released)).json().data).toEqual({ released: 0 });
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.resource, 'requests'), eq(auditLog.record_id, String(held[0]))));
    expect(audit.map((entry) => entry.changes)).toContainEqual(expect.objectContaining({ captcha_check: ['unverified', 'released'] }));
    const released_ = await t.request('GET', `${STORAGE}/callback_requests/where_site/${a.id}?filter[captcha]=released`, { token: readerA });
    expect(released_.json().meta.page.total).toBe(4);
  });

  it('lets staff delete such requests, many at once, within their clients and with the permission', async () => {
    const held = (await db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.captcha_check, 'unverified'))).orderBy(requests.id)).map((row) => row.id);
    expect(held.length).toBe(6);
    const remove = (token: string, siteId: number, ids: number[]) => t.request('POST', `${STORAGE}/requests/delete/where_site/${siteId}`, { token, body: { data: { ids } } });
    expect((await remove(readerA, a.id, held)).statusCode).toBe(403);
    expect((await remove(managerB, b.id, held)).statusCode).toBe(404);
    const deleted = await remove(managerA, a.id, held.slice(0, 5));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: 5 });
    expect((await db().select().from(requests).where(inArray(requests.id, held))).map((row) => row.id)).toEqual([held[5]]);
    expect(await actionsOf(held.slice(0, 5))).toEqual([]);
    // One at a time through the list's own delete.
    expect((await t.request('DELETE', `${STORAGE}/callback_requests/${held[5]}`, { token: managerA })).statusCode).toBe(204);
    const summary = await t.request('GET', `${STORAGE}/requests/captcha_unverified/where_site/${a.id}`, { token: readerA });
    expect(summary.json().data).toMatchObject({ held: 0, held_by_type: {}, outages: 10 });
  });
});
