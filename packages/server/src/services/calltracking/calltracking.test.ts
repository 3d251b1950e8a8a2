import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../schema.ts';
import { hmac } from '../../kit/secrets.ts';
import { xlsxSheetRows } from '../../kit/xlsx-rows.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startCalltouchStandIn, type CalltouchStandIn } from '../../test/calltouch-stand-in.ts';
import { requests } from '../request.storage/request.table.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { publishedSite, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { calltouchSettings, calltrackingCalls } from './calltracking.table.ts';
import { pullAll } from './calltracking.service.ts';

/**
 * Call tracking (spec 002 §2, §3 "Call tracking widgets"; docs/decisions/widgets.md): CallKeeper's
 * and Calltouch's settings made on first read with write-only secrets, one service on per site;
 * the calls pulled from Calltouch (a local stand-in that answers, fails, times out and redirects)
 * or delivered through the signed webhook, kept once, matched to the site's requests, listed by
 * date, status and source and exported as XLSX; the chosen service's script on the public site.
 */
let t: TestApp;
let calltouch: CalltouchStandIn;
let s: TestSite;
let dealer: string;
let other: string;
const API = '/gateway/calltracking/api/v1';
const TOKEN = 'ct-api-token-1';
const CODES = { calltracking: ['callkeeper_settings.get_list', 'callkeeper_settings.patch', 'calltouch_settings.get_list', 'calltouch_settings.patch', 'calls.get_list'] };
const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });
const db = () => t.database.db;
const log = { warn: () => undefined };

beforeAll(async () => {
  calltouch = await startCalltouchStandIn(TOKEN);
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await buildTestApp({ calltouchApiUrl: calltouch.url, calltouchApiTimeoutMs: 800, calltouchScriptUrl: 'https://mod.calltouch.test/init.js', callkeeperScriptUrl: 'https://widget.callkeeper.test/widget.js' });
  s = await publishedSite(t);
  const otherClient = await t.createClient('Чужой дилер');
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [s.clientId], internal: false })).email)).access_token;
  other = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [otherClient], internal: false })).email)).access_token;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await calltouch?.close();
});

const settingsOf = async (kind: 'callkeeper_settings' | 'calltouch_settings', token = dealer) => (await t.request('GET', `${API}/${kind}/for_site_id/${s.id}`, { token })).json().data;

describe('widget settings', () => {
  it('are made on first read; tokens and secrets are write-only and hidden in the audit', async () => {
    const keeper = await t.request('GET', `${API}/callkeeper_settings/for_site_id/${s.id}`, { token: dealer });
    expect(keeper.statusCode).toBe(200);
    expect(keeper.json().data.attributes).toMatchObject({ site_id: s.id, enabled: false, widget_id: null, has_api_token: false, phones: [] });
    const touch = await settingsOf('calltouch_settings');
    const changed = await t.request('PATCH', `${API}/calltouch_settings/${touch.id}`, {
      token: dealer,
      body: body({ enabled: true, calltouch_site_id: '55001', mod_id: 'mod-abc', api_token: TOKEN, webhook_secret: 'hook-secret-1', phones: ['+7 (495) 123-45-67'] }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes).toMatchObject({ enabled: true, has_api_token: true, has_webhook_secret: true, phones: ['+7 (495) 123-45-67'] });
    expect(changed.body).not.toContain(TOKEN);
    expect(changed.body).not.toContain('hook-secret-1');
    const audits = JSON.stringify(await db().select().from(auditLog).where(eq(auditLog.service, 'calltracking')));
    expect(audits).not.toContain(TOKEN);
    expect(audits).not.toContain('hook-secret-1');
  });

  it('switch one service on at a time, a widget on needs its id; messages in ru and en', async () => {
    const keeper = await settingsOf('callkeeper_settings');
    const second = await t.request('PATCH', `${API}/callkeeper_settings/${keeper.id}`, { token: dealer, lang: 'en', body: body({ enabled: true, widget_id: 'ck-1' }) });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors[0].title).toBe('Another call tracking service is switched on for the site: switch it off first');
    const noId = await t.request('PATCH', `${API}/callkeeper_settings/${keeper.id}`, { token: dealer, lang: 'ru', body: body({ enabled: true }) });
    expect(noId.json().errors[0]).toMatchObject({ title: 'Чтобы включить виджет, укажите widget_id', source: { pointer: '/data/attributes/widget_id' } });
    const badPhone = await t.request('PATCH', `${API}/callkeeper_settings/${keeper.id}`, { token: dealer, lang: 'en', body: body({ phones: ['12'] }) });
    expect(badPhone.json().errors[0].title).toBe('Invalid phone number: +7, 7 or 8 followed by 10 digits');
    const badId = await t.request('PATCH', `${API}/callkeeper_settings/${keeper.id}`, { token: dealer, lang: 'en', body: body({ widget_id: 'a b' }) });
    expect(badId.json().errors[0].title).toBe('The service id: Latin letters, digits, "-" and "_"');
  });

  it("are out of another dealer's reach", async () => {
    const touch = await settingsOf('calltouch_settings');
    expect((await t.request('GET', `${API}/calltouch_settings/for_site_id/${s.id}`, { token: other })).statusCode).toBe(404);
    expect((await t.request('PATCH', `${API}/calltouch_settings/${touch.id}`, { token: other, body: body({ enabled: false }) })).statusCode).toBe(404);
    expect((await t.request('POST', `${API}/calls/where_site/${s.id}/pull`, { token: other })).statusCode).toBe(404);
  });
});

describe('calls', () => {
  const now = Math.floor(Date.now() / 1000);
  it('are pulled from Calltouch, kept once, matched to the request by phone and time or by session', async () => {
    const [byPhone] = await db().insert(requests).values({ site_id: s.id, client_id: s.clientId, type: 1, name: 'Анна', phone: '+7 (900) 111-22-33', created_at: new Date((now - 600) * 1000) }).returning();
    const [bySession] = await db().insert(requests).values({ site_id: s.id, client_id: s.clientId, type: 1, name: 'Борис', phone: '+7 (900) 999-99-99', analytics: { calltracking_session_id: '777' } }).returning();
    calltouch.records.set('55001', [
      { callId: 1001, callerNumber: '79001112233', phoneNumber: '74951234567', timestamp: now - 300, duration: 65, successful: true, source: 'yandex', sessionId: 5 },
      { callId: 1002, callerNumber: '79005550000', phoneNumber: '74951234567', timestamp: now - 200, duration: 0, successful: false, source: 'google', sessionId: 777 },
      { callId: 1003, callerNumber: '79004440000', phoneNumber: '74951234567', timestamp: now - 100, duration: 12, successful: true, source: '(direct)' },
      { callId: null, timestamp: now },
    ]);
    const pulled = await t.request('POST', `${API}/calls/where_site/${s.id}/pull`, { token: dealer });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json().data.added).toBe(3);
    expect(calltouch.requests.at(-1)!.searchParams.get('clientApiId')).toBe(TOKEN);
    // Pulled again: nothing new.
    expect((await t.request('POST', `${API}/calls/where_site/${s.id}/pull`, { token: dealer })).json().data.added).toBe(0);
    const rows = await db().select().from(calltrackingCalls).where(eq(calltrackingCalls.site_id, s.id));
    const of = (id: string) => rows.find((row) => row.external_id === id)!;
    expect(of('1001')).toMatchObject({ status: 'answered', duration: 65, request_id: byPhone!.id, source: 'yandex' });
    expect(of('1002')).toMatchObject({ status: 'missed', request_id: bySession!.id });
    expect(of('1003').request_id).toBeNull();
  });

  it('are listed by date range, status and source; exported as XLSX', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const list = await t.request('GET', `${API}/calls?filter[site_id]=${s.id}&filter[from]=${today}&filter[to]=${today}&filter[status]=answered`, { token: dealer });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { attributes: { external_id: string } }) => row.attributes.external_id).sort()).toEqual(['1001', '1003']);
    const bySource = await t.request('GET', `${API}/calls?filter[site_id]=${s.id}&filter[source]=goo`, { token: dealer });
    expect(bySource.json().data.map((row: { attributes: { external_id: string } }) => row.attributes.external_id)).toEqual(['1002']);
    expect((await t.request('GET', `${API}/calls?filter[site_id]=${s.id}`, { token: other })).json().data ?? []).toHaveLength(0);
    const file = await t.request('GET', `${API}/calls/where_site/${s.id}/format_xlsx?date[from]=${today}&date[to]=${today}&status=missed`, { token: dealer, lang: 'en' });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet: string[][] = [];
    for await (const row of xlsxSheetRows(file.rawPayload, { maxUnpackedBytes: 10_000_000, maxColumns: 20, maxCellLength: 1000 })) sheet.push(row.cells);
    expect(sheet[0]).toEqual(['No.', 'Started', 'Caller', 'Number called', 'Duration, s', 'Status', 'Source', 'Service', 'Request']);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]).toContain('Missed');
  });

  it("note Calltouch's failure, timeout and redirect, and refuse a wrong token; the schedule goes on", async () => {
    for (const mode of ['fail', 'hang', 'redirect'] as const) {
      calltouch.mode = mode;
      const failed = await t.request('POST', `${API}/calls/where_site/${s.id}/pull`, { token: dealer, lang: 'en' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().errors[0].title).toMatch(/^Calltouch did not answer: /);
    }
    const [noted] = await db().select().from(calltouchSettings).where(eq(calltouchSettings.site_id, s.id));
    expect(noted!.poll_error).toMatch(/redirect/);
    calltouch.mode = 'answer';
    calltouch.token = 'another';
    expect((await t.request('POST', `${API}/calls/where_site/${s.id}/pull`, { token: dealer, lang: 'en' })).json().errors[0].title).toBe('Calltouch did not answer: the token was refused (401)');
    calltouch.token = TOKEN;
    calltouch.records.set('55001', [{ callId: 1004, callerNumber: '79003330000', timestamp: now, duration: 5, successful: true }]);
    expect(await pullAll(db() as never, t.config, log)).toBe(1);
    const [cleared] = await db().select().from(calltouchSettings).where(eq(calltouchSettings.site_id, s.id));
    expect(cleared!.poll_error).toBeNull();
  });

  it('are received through the webhook only when signed with the secret', async () => {
    const call = JSON.stringify({ call_id: 'wh-1', started_at: new Date().toISOString(), caller_phone: '+7 900 111-22-33', duration: 30, status: 'answered', source: 'vk' });
    const post = (payload: string, signature?: string) =>
      t.app.inject({ method: 'POST', url: `${API}/webhooks/calltouch/${s.id}`, headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) }, payload });
    expect((await post(call)).statusCode).toBe(401);
    expect((await post(call, `sha256=${hmac(Buffer.from('wrong'), call)}`)).statusCode).toBe(401);
    expect((await post(call, `sha256=${hmac(Buffer.from('hook-secret-1'), call)}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: `${API}/webhooks/callkeeper/${s.id}`, headers: { 'content-type': 'application/json', 'x-signature': hmac(Buffer.from('hook-secret-1'), call) }, payload: call })).statusCode).toBe(401);
    const [kept] = await db().select().from(calltrackingCalls).where(eq(calltrackingCalls.external_id, 'wh-1'));
    expect(kept).toMatchObject({ provider: 'calltouch', duration: 30, status: 'answered', source: 'vk' });
    const bad = JSON.stringify({ call_id: 'wh-2', started_at: 'yesterday' });
    expect((await post(bad, hmac(Buffer.from('hook-secret-1'), bad))).statusCode).toBe(400);
  });
});

describe('the public site', () => {
  it("loads the switched-on service's script with its numbers, allowed by the CSP, and only then", async () => {
    const page = await visit(t, s.host, '/about');
    expect(page.body).toContain('<script src="https://mod.calltouch.test/init.js?id=mod-abc" data-calltracking="calltouch" data-phones="+7 (495) 123-45-67" async></script>');
    expect(String(page.headers['content-security-policy'])).toContain('https://mod.calltouch.test');
    // The session id every request's analytics carry comes from the service's cookie.
    expect(page.body).toContain('name="dp-calltracking" content="{&quot;cookie&quot;:&quot;_ct_session_id&quot;');
    const touch = await settingsOf('calltouch_settings');
    await t.request('PATCH', `${API}/calltouch_settings/${touch.id}`, { token: dealer, body: body({ enabled: false }) });
    const keeper = await settingsOf('callkeeper_settings');
    expect((await t.request('PATCH', `${API}/callkeeper_settings/${keeper.id}`, { token: dealer, body: body({ enabled: true, widget_id: 'ck-9' }) })).statusCode).toBe(200);
    const switched = await visit(t, s.host, '/about');
    expect(switched.body).toContain('src="https://widget.callkeeper.test/widget.js?id=ck-9" data-calltracking="callkeeper"');
    expect(switched.body).not.toContain('mod.calltouch.test');
    const [module] = await db().select().from(modules).where(eq(modules.code, 'calltracking'));
    await db().update(moduleInstallations).set({ active: false }).where(eq(moduleInstallations.module_id, module!.id));
    const off = await visit(t, s.host, '/about');
    expect(off.body).not.toContain('data-calltracking=');
    expect(String(off.headers['content-security-policy'])).not.toContain('callkeeper.test');
    await db().update(moduleInstallations).set({ active: true }).where(eq(moduleInstallations.module_id, module!.id));
  });
});
