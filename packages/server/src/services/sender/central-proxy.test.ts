import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { REQUEST_TYPES, translateMessage, type RequestTypeId } from '@dp/contracts';
import { auditLog, moduleInstallations, modules } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { publishedSite, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { solveChallenge } from '../request.storage/captcha.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { requestActions } from '../request.storage/request.table.ts';
import { senderSettings } from './run-request-action.ts';
import { centralProxyActions } from './sender.table.ts';

/**
 * Central (shared) proxy actions (spec 002 §6; docs/decisions/sender.md, "What is a proxy action,
 * and a central one?"): provider staff keep them; a client user is refused even holding the codes
 * (a central action receives every site's leads); site editors read them without the token and pick
 * them in any site's request settings; a request then posts to the CRM stand-in (a real local HTTP
 * server) with the token; a failing CRM leaves the request in lost requests; a picked action stays.
 */
let t: TestApp;
let a: TestSite;
let b: TestSite;
let staff: string;
let dealerA: string;
let dealerB: string;
let hashes: Record<number, string>;
let address = 0;
const SENDER = '/gateway/sender/api/v1';
const STORAGE = '/gateway/request.storage/api/v1';
const CENTRAL = `${SENDER}/central_proxy_actions`;
/** A dealer's codes: the site's own actions and settings; the central write codes too, to show they are not enough. */
const DEALER_CODES = {
  sender: ['proxy_actions.get_list', 'proxy_actions.create', 'proxy_actions.patch', 'proxy_actions.delete', 'email_actions.get_list'],
  'request.storage': ['callback_requests.get_list', 'requests_settings.create', 'requests_settings.patch', 'requests_settings.delete', 'lost_requests.patch'],
};
const CENTRAL_WRITE = ['central_proxy_actions.create', 'central_proxy_actions.patch', 'central_proxy_actions.delete'];
const CONSENT = 'Я согласен на обработку персональных данных';
const db = () => t.database.db;

/** A CRM stand-in: answers each path with its planned status (200 unless planned), keeps what it got. */
function startCrm() {
  const calls: { path: string; headers: http.IncomingHttpHeaders; body: any }[] = [];
  const plan: Record<string, number> = {};
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    calls.push({ path, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') });
    const status = plan[path] ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
  });
  return new Promise<{ url: string; calls: typeof calls; plan: typeof plan; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, plan, close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }) }),
    ),
  );
}
let crm: Awaited<ReturnType<typeof startCrm>>;

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  crm = await startCrm();
  t = await buildTestApp();
  requestStorageOf(t.app).captchaBits = 8;
  Object.assign(senderSettings(t.ctx), { attempts: 2, retryBaseMs: 20, timeoutMs: 3000 });
  a = await publishedSite(t);
  b = await publishedSite(t);
  const [requestsModule] = await db().select().from(modules).where(eq(modules.code, 'requests'));
  await db().insert(moduleInstallations).values([a, b].map((site) => ({ site_id: site.id, module_id: requestsModule!.id }))).onConflictDoNothing();
  const staffUser = await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: { sender: ['proxy_actions.get_list', ...CENTRAL_WRITE], 'request.storage': DEALER_CODES['request.storage'] }, internal: true });
  staff = (await t.signIn(staffUser.email)).access_token;
  dealerA = (await t.signIn((await t.createUser({ grants: DEALER_CODES, clientIds: [a.clientId], internal: false })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: DEALER_CODES, clientIds: [b.clientId], internal: false })).email)).access_token;
  hashes = {};
  for (const [site, token] of [[a, dealerA], [b, dealerB]] as const) {
    const created = await t.request('POST', `${STORAGE}/agreement_hash`, { token, body: { data: { attributes: { site_id: site.id, text: CONSENT } } } });
    expect(created.statusCode, created.body).toBe(201);
    hashes[site.id] = created.json().data.attributes.hash;
  }
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await crm?.close();
});

/** A request through the site's own intake (captcha solved), as a visitor's browser sends it. */
async function submit(site: TestSite, type: RequestTypeId, attributes: Record<string, unknown>) {
  const ip = `10.9.${Math.floor(++address / 250)}.${address % 250}`;
  const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: site.host }, remoteAddress: ip })).json().data.challenge as string;
  const response = await t.app.inject({
    method: 'POST',
    url: `/_api/requests/${REQUEST_TYPES[type].list}`,
    headers: { host: site.host, 'content-type': 'application/json' },
    remoteAddress: ip,
    payload: JSON.stringify({ data: { attributes: { processing_of_personal_data: true, agreement_hash: hashes[site.id], ...attributes }, captcha: { challenge, nonce: solveChallenge(challenge) } } }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}

async function central(attributes: Record<string, unknown> = {}) {
  const response = await t.request('POST', CENTRAL, { token: staff, body: { data: { attributes: { title: 'CRM платформы', url: `${crm.url}/bridge`, token: 'central-secret-1', is_required: true, ...attributes } } } });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}
/** The one setting of a request type of the site with these actions (earlier settings of the type go). */
async function setting(site: TestSite, token: string, type: RequestTypeId, actions: { kind: string; id: number }[]) {
  await db().execute(sql`delete from requests_settings where site_id = ${site.id} and request_type = ${type}`);
  const response = await t.request('POST', `${STORAGE}/requests_settings`, { token, body: { data: { attributes: { site_id: site.id, request_type: type, actions } } } });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}
const settled = (requestId: number) =>
  waitUntil(`the actions of request ${requestId}`, async () => {
    const rows = await db().select().from(requestActions).where(eq(requestActions.request_id, requestId)).orderBy(requestActions.id);
    return rows.length > 0 && rows.every((row) => row.status !== 'pending') && rows;
  });

describe('central proxy actions', () => {
  it('are kept by provider staff, the token sealed at rest and never answered; site editors read them', async () => {
    const id = await central();
    const got = await t.request('GET', `${CENTRAL}/${id}`, { token: staff });
    expect(got.json().data.attributes).toMatchObject({ title: 'CRM платформы', url: `${crm.url}/bridge`, has_token: true, is_required: true });
    expect(got.body).not.toContain('central-secret-1');
    const [stored] = await db().select().from(centralProxyActions).where(eq(centralProxyActions.id, id));
    expect(stored!.token_encrypted).toBeTruthy();
    expect(stored!.token_encrypted).not.toContain('central-secret-1');
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.resource, 'central_proxy_actions'), eq(auditLog.record_id, String(id))));
    expect(JSON.stringify(audit)).not.toContain('central-secret-1');
    expect(audit[0]!.changes).toMatchObject({ token: '[hidden]' });

    const changed = await t.request('PATCH', `${CENTRAL}/${id}`, { token: staff, body: { data: { attributes: { title: 'CRM платформы (мост)', token: null } } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes).toMatchObject({ title: 'CRM платформы (мост)', has_token: false });

    // Any client's editor reads them, to pick them: the list and one record, never a token.
    for (const dealer of [dealerA, dealerB]) {
      const list = await t.request('GET', `${CENTRAL}?page[size]=1000`, { token: dealer });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((record: { id: string }) => Number(record.id))).toContain(id);
      expect((await t.request('GET', `${CENTRAL}/${id}`, { token: dealer })).statusCode).toBe(200);
    }
    const secret = await central({ title: 'С токеном', token: 'central-secret-2' });
    const listed = await t.request('GET', `${CENTRAL}?page[size]=1000`, { token: dealerA });
    expect(listed.body).not.toContain('central-secret-2');
    expect(listed.json().data.find((record: { id: string }) => Number(record.id) === secret).attributes).not.toHaveProperty('token');

    expect((await t.request('DELETE', `${CENTRAL}/${id}`, { token: staff })).statusCode).toBe(204);
    expect((await t.request('GET', `${CENTRAL}/${id}`, { token: staff })).statusCode).toBe(404);
  });

  it('refuse writes to a client user holding proxy_actions.*, and even the central codes, with a clear message', async () => {
    const id = await central({ title: 'Недоступная клиенту' });
    const body = { data: { attributes: { title: 'Чужая', url: 'https://attacker.example/leads' } } };
    // The site's proxy codes alone: the gateway refuses (no central code).
    expect((await t.request('POST', CENTRAL, { token: dealerA, body })).statusCode).toBe(403);
    expect((await t.request('PATCH', `${CENTRAL}/${id}`, { token: dealerA, body: { data: { attributes: { url: 'https://attacker.example/leads' } } } })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${CENTRAL}/${id}`, { token: dealerA })).statusCode).toBe(403);

    // A client user whose role carries the central codes: refused all the same (the platform's records are staff's).
    const holder = await t.createUser({ grants: { ...DEALER_CODES, sender: [...DEALER_CODES.sender, ...CENTRAL_WRITE] }, clientIds: [a.clientId], internal: false });
    const token = (await t.signIn(holder.email)).access_token;
    const calls: [string, string, unknown?][] = [
      ['POST', CENTRAL, body],
      ['PATCH', `${CENTRAL}/${id}`, { data: { attributes: { url: 'https://attacker.example/leads' } } }],
      ['PATCH', `${CENTRAL}/${id}`, { data: { attributes: { token: 'stolen' } } }],
      ['DELETE', `${CENTRAL}/${id}`],
    ];
    for (const [method, url, payload] of calls) {
      const en = await t.request(method, url, { token, body: payload, lang: 'en' });
      expect(en.statusCode, `${method} ${url}`).toBe(403);
      expect(en.json().errors[0]).toMatchObject({ code: 'staff_only', title: "Only platform staff can change the platform's shared records" });
    }
    const ru = await t.request('POST', CENTRAL, { token, body, lang: 'ru' });
    expect(ru.json().errors[0].title).toBe('Изменять общие справочники платформы могут только сотрудники платформы');
    const [after] = await db().select().from(centralProxyActions).where(eq(centralProxyActions.id, id));
    expect(after).toMatchObject({ title: 'Недоступная клиенту', url: `${crm.url}/bridge` });
    expect(await db().select().from(centralProxyActions).where(eq(centralProxyActions.title, 'Чужая'))).toEqual([]);
  });

  it("are picked by any site's request settings and post its requests to the CRM with the token", async () => {
    const id = await central({ title: 'Мост в CRM', url: `${crm.url}/leads`, token: 'bridge-token' });
    const available = await t.request('GET', `${STORAGE}/requests_settings/available_actions/where_site/${a.id}`, { token: dealerA });
    expect(available.json().data.map((record: { attributes: unknown }) => record.attributes)).toContainEqual({ kind: 'central_proxy_action', id, title: 'Мост в CRM', is_required: true });
    // A central id that does not exist is refused like another site's action.
    const refused = await t.request('POST', `${STORAGE}/requests_settings`, { token: dealerA, body: { data: { attributes: { site_id: a.id, request_type: 2, tag: 'нет', actions: [{ kind: 'central_proxy_action', id: 987654 }] } } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].source.pointer).toBe('/data/attributes/actions/0');

    const settingA = await setting(a, dealerA, 3, [{ kind: 'central_proxy_action', id }]);
    await setting(b, dealerB, 3, [{ kind: 'central_proxy_action', id }]);
    const picked = await t.request('GET', `${STORAGE}/requests_settings/${settingA}/available_actions`, { token: dealerA });
    expect(picked.json().data.find((record: { id: string }) => record.id === `central_proxy_action:${id}`).attributes.chosen).toBe(true);

    const requestA = await submit(a, 3, { name: 'Олег', phone: '+7 (900) 222-33-44', model_id: 12, time: '10:30' });
    const requestB = await submit(b, 3, { name: 'Ирина', phone: '+7 (900) 222-33-45', model_id: 14, time: '11:00' });
    for (const [requestId, site] of [[requestA, a], [requestB, b]] as const) {
      expect((await settled(requestId))[0]).toMatchObject({ kind: 'central_proxy_action', action_id: id, status: 'success', attempts: 1 });
      const call = crm.calls.find((one) => one.body?.data?.id === String(requestId))!;
      expect(call.path).toBe('/leads');
      expect(call.headers.authorization).toBe('Bearer bridge-token');
      expect(call.body.data).toMatchObject({ type: 'testdrive_request', attributes: { site_id: site.id } });
    }
  });

  it('leave a request in lost requests when the CRM fails, with the action title, and resend it', async () => {
    crm.plan['/down'] = 500;
    const id = await central({ title: 'Упавший мост', url: `${crm.url}/down` });
    await setting(a, dealerA, 5, [{ kind: 'central_proxy_action', id }]);
    const lostId = await submit(a, 5, { name: 'Потерянный', phone: '+7 (900) 444-55-66', car_id: 77 });
    expect((await settled(lostId)).map((row) => [row.status, row.attempts, translateMessage(row.last_error!, 'ru')])).toEqual([['failed', 2, 'CRM ответила кодом 500']]);

    const list = await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}`, { token: dealerA });
    const lost = list.json().data.find((record: { id: string }) => Number(record.id) === lostId);
    expect(lost.attributes.actions).toMatchObject([{ kind: 'central_proxy_action', action_id: id, title: 'Упавший мост', is_required: true, status: 'failed' }]);
    // The other client sees neither the request nor its site's lost list.
    expect((await t.request('GET', `${STORAGE}/lost_requests/where_site/${a.id}`, { token: dealerB })).statusCode).toBe(404);

    crm.plan['/down'] = 200;
    const resent = await t.request('POST', `${STORAGE}/lost_requests/${lostId}/resend`, { token: dealerA });
    expect(resent.statusCode, resent.body).toBe(200);
    await waitUntil('the resent central action', async () => (await db().select().from(requestActions).where(eq(requestActions.request_id, lostId)))[0]!.status === 'success');
  });

  it("cannot be deleted while any site's request settings pick it", async () => {
    const id = await central({ title: 'Используемый мост' });
    const settingB = await setting(b, dealerB, 6, [{ kind: 'central_proxy_action', id }]);
    const refused = await t.request('DELETE', `${CENTRAL}/${id}`, { token: staff, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe('The action is chosen in request settings (1): remove it from there first');
    expect((await t.request('DELETE', `${STORAGE}/requests_settings/${settingB}`, { token: dealerB })).statusCode).toBe(204);
    expect((await t.request('DELETE', `${CENTRAL}/${id}`, { token: staff })).statusCode).toBe(204);
  });
});
