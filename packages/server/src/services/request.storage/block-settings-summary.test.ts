import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REQUEST_TYPES, type RequestTypeId } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { publishedSite, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { solveChallenge } from './captcha.ts';
import { requestStorageOf } from './request.routes.ts';
import { requestActions, requestBlocks, requests } from './request.table.ts';

/**
 * request.storage (spec 002 §2, §7): a site's block settings and the blocks they make by
 * themselves, the summary of a site's requests by type and day, the statuses of a type's requests,
 * and the consent text as a file; each scoped to the caller's clients.
 */
let t: TestApp;
let a: TestSite;
let b: TestSite;
let dealerA: string;
let readerA: string;
let dealerB: string;
let hashA: string;
let address = 0;
const API = '/gateway/request.storage/api/v1';
const WRITE = ['callback_requests.get_list', 'requests_settings.create', 'request_blocks.patch'];
const CONSENT = 'Я согласен на обработку персональных данных\nи на звонки';
const nextIp = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
  requestStorageOf(t.app).captchaBits = 8;
  a = await publishedSite(t);
  b = await publishedSite(t);
  dealerA = (await t.signIn((await t.createUser({ grants: { 'request.storage': WRITE }, clientIds: [a.clientId] })).email)).access_token;
  readerA = (await t.signIn((await t.createUser({ grants: { 'request.storage': ['callback_requests.get_list'] }, clientIds: [a.clientId] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: { 'request.storage': WRITE }, clientIds: [b.clientId] })).email)).access_token;
  const created = await t.request('POST', `${API}/agreement_hash`, { token: dealerA, body: { data: { attributes: { site_id: a.id, text: CONSENT } } } });
  expect(created.statusCode, created.body).toBe(201);
  hashA = created.json().data.attributes.hash;
});
afterAll(() => t?.close());

async function submit(site: TestSite, type: RequestTypeId, attributes: Record<string, unknown>, ip = nextIp()) {
  const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: site.host }, remoteAddress: ip })).json().data.challenge as string;
  return t.app.inject({
    method: 'POST',
    url: `/_api/requests/${REQUEST_TYPES[type].list}`,
    headers: { host: site.host, 'content-type': 'application/json', 'accept-language': 'ru' },
    remoteAddress: ip,
    payload: JSON.stringify({ data: { attributes: { processing_of_personal_data: true, agreement_hash: hashA, ...attributes }, captcha: { challenge, nonce: solveChallenge(challenge) } } }),
  });
}
const settingsPath = (site: TestSite) => `${API}/requests/block/settings/where_site_id/${site.id}`;
const patchSettings = (site: TestSite, attributes: Record<string, unknown>, token = dealerA, lang = 'ru') => t.request('PATCH', settingsPath(site), { token, lang, body: { data: { attributes } } });

describe('block settings', () => {
  it('are made off with the defaults on first read, changed only by those who may, checked in the caller’s language', async () => {
    const first = await t.request('GET', settingsPath(a), { token: readerA });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.attributes).toMatchObject({ site_id: a.id, enabled: false, by_phone: true, by_email: false, by_ip: false, max_requests: 5, period_minutes: 10, block_type: 'reject', block_minutes: 1440 });
    expect((await t.request('GET', settingsPath(a), { token: dealerB })).statusCode).toBe(404);
    expect((await patchSettings(a, { enabled: true }, dealerB)).statusCode).toBe(404);
    expect((await patchSettings(a, { enabled: true }, readerA)).statusCode).toBe(403);

    const noSource = await patchSettings(a, { enabled: true, by_phone: false }, dealerA, 'en');
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().errors[0]).toMatchObject({ title: 'Tick at least one source: phone, e-mail or IP address', source: { pointer: '/data/attributes/by_phone' } });
    const zero = await patchSettings(a, { max_requests: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].title).toBe('Число заявок: целое от 1 до 1000');
    const week = await patchSettings(a, { period_minutes: 20_000 }, dealerA, 'en');
    expect(week.json().errors[0].title).toBe('Minutes: a whole number from 1 to 10080');
    expect((await t.request('GET', settingsPath(a), { token: readerA })).json().data.attributes.enabled).toBe(false);
  });

  it('block a phone that sent more than N requests within M minutes: refused, listed with the rule, counted; another phone passes', async () => {
    const saved = await patchSettings(a, { enabled: true, by_phone: true, max_requests: 2, period_minutes: 10, block_type: 'reject', block_minutes: 60 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes).toMatchObject({ enabled: true, max_requests: 2, block_minutes: 60 });
    const phone = '+7 (901) 111-22-33';
    expect((await submit(a, 1, { name: 'Раз', phone })).statusCode).toBe(201);
    expect((await submit(a, 1, { name: 'Два', phone: '8 901 111 22 33' })).statusCode).toBe(201);
    const third = await submit(a, 1, { name: 'Три', phone });
    expect(third.statusCode).toBe(403);
    expect(third.json().errors[0].code).toBe('request_blocked');
    expect((await submit(a, 3, { name: 'Четыре', phone, model_id: 5 })).statusCode).toBe(403);
    expect((await submit(a, 1, { name: 'Другой', phone: '+7 (901) 111-22-34' })).statusCode).toBe(201);

    const listed = await t.request('GET', `${API}/request_block/where_site_id/${a.id}`, { token: readerA });
    const block = listed.json().data.find((record: { attributes: { source: string } }) => record.attributes.source === '79011112233');
    expect(block.attributes).toMatchObject({ source_type: 'phone', block_type: 'reject', count: 2, auto_rule: { max_requests: 2, period_minutes: 10 } });
    const until = new Date(block.attributes.until).getTime();
    expect(until).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(until).toBeLessThan(Date.now() + 65 * 60_000);
    expect((await db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.phone, '+79011112233')))).length).toBe(2);
    // Site B has no rules: the same phone is another site's sender.
    expect((await t.request('GET', `${API}/request_block/where_site_id/${b.id}`, { token: dealerB })).json().data).toEqual([]);
  });

  it('block silently by e-mail: the visitor is answered as accepted, nothing is stored', async () => {
    expect((await patchSettings(a, { by_phone: false, by_email: true, max_requests: 1, block_type: 'silent', block_minutes: null })).statusCode).toBe(200);
    const email = 'Spam@Example.ru';
    expect((await submit(a, 1, { name: 'Письмо', phone: '+7 (902) 000-00-01', email })).json().data.id).not.toBeNull();
    const before = (await db().select().from(requests).where(eq(requests.site_id, a.id))).length;
    const silent = await submit(a, 1, { name: 'Письмо', phone: '+7 (902) 000-00-02', email: 'spam@example.ru' });
    expect(silent.statusCode).toBe(201);
    expect(silent.json().data.id).toBeNull();
    expect((await db().select().from(requests).where(eq(requests.site_id, a.id))).length).toBe(before);
    const [block] = await db().select().from(requestBlocks).where(and(eq(requestBlocks.site_id, a.id), eq(requestBlocks.source, 'spam@example.ru')));
    expect(block).toMatchObject({ source_type: 'email', block_type: 'silent', until: null, count: 1 });
    expect((await patchSettings(a, { enabled: false })).statusCode).toBe(200);
  });
});

describe('the summary and statuses of a site’s requests', () => {
  it('count by type and by the reader’s day in a range; another client’s site is not found', async () => {
    const [one] = await db().insert(requests).values({ site_id: b.id, client_id: b.clientId, type: 1, name: 'Вчера', created_at: new Date('2026-01-10T22:30:00Z') }).returning();
    await db().insert(requests).values([
      { site_id: b.id, client_id: b.clientId, type: 1, name: 'Утро', created_at: new Date('2026-01-11T08:00:00Z') },
      { site_id: b.id, client_id: b.clientId, type: 3, name: 'День', created_at: new Date('2026-01-11T12:00:00Z') },
      { site_id: b.id, client_id: b.clientId, type: 3, name: 'Раньше', created_at: new Date('2026-01-01T12:00:00Z') },
    ]);
    const utc = await t.request('GET', `${API}/request_summary/where_site/${b.id}?date[from]=2026-01-10&date[to]=2026-01-11`, { token: dealerB });
    expect(utc.statusCode, utc.body).toBe(200);
    expect(utc.json().data).toEqual({
      from: '2026-01-10',
      to: '2026-01-11',
      total: 3,
      by_type: [{ type: 1, key: 'callback_request', count: 2 }, { type: 3, key: REQUEST_TYPES[3].key, count: 1 }],
      by_day: [{ day: '2026-01-10', count: 1, by_type: { 1: 1 } }, { day: '2026-01-11', count: 2, by_type: { 1: 1, 3: 1 } }],
    });
    // In Moscow (UTC+3) the evening request of the 10th is on the 11th.
    const moscow = await t.request('GET', `${API}/request_summary/where_site/${b.id}?date[from]=2026-01-11&date[to]=2026-01-11&utc_offset=180`, { token: dealerB });
    expect(moscow.json().data.by_day).toEqual([{ day: '2026-01-11', count: 3, by_type: { 1: 2, 3: 1 } }]);
    expect((await t.request('GET', `${API}/request_summary/where_site/${b.id}`, { token: dealerA })).statusCode).toBe(404);
    const reversed = await t.request('GET', `${API}/request_summary/where_site/${b.id}?date[from]=2026-01-12&date[to]=2026-01-11`, { token: dealerB, lang: 'en' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0].title).toBe('The start date is after the end date');
    const bad = await t.request('GET', `${API}/request_summary/where_site/${b.id}?date[from]=2026-02-30`, { token: dealerB });
    expect(bad.statusCode).toBe(400);

    // Statuses: a request whose action failed, one still sending, one with none.
    const [sending] = await db().insert(requests).values({ site_id: b.id, client_id: b.clientId, type: 1, name: 'Ждёт' }).returning();
    await db().insert(requestActions).values([
      { request_id: one!.id, site_id: b.id, client_id: b.clientId, kind: 'email_action', action_id: 1, status: 'failed' },
      { request_id: one!.id, site_id: b.id, client_id: b.clientId, kind: 'proxy_action', action_id: 2, status: 'success' },
      { request_id: sending!.id, site_id: b.id, client_id: b.clientId, kind: 'email_action', action_id: 1, status: 'pending' },
    ]);
    const statuses = await t.request('GET', `${API}/request_statuses/callback_requests/where_site/${b.id}?filter[ids]=${one!.id},${sending!.id}`, { token: dealerB });
    expect(statuses.statusCode, statuses.body).toBe(200);
    expect(statuses.json().data.counts).toEqual({ failed: 1, held: 0, sending: 1, sent: 0, no_actions: 1 });
    expect(statuses.json().data.requests).toEqual(expect.arrayContaining([{ id: String(one!.id), status: 'failed' }, { id: String(sending!.id), status: 'sending' }]));
    const byId = await t.request('GET', `${API}/request_statuses/1/where_site/${b.id}?date[from]=2026-01-11&date[to]=2026-01-11`, { token: dealerB });
    expect(byId.json().data.counts).toMatchObject({ failed: 0, no_actions: 1 });
    expect((await t.request('GET', `${API}/request_statuses/callback_requests/where_site/${b.id}?filter[ids]=${one!.id}`, { token: dealerA })).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/request_statuses/nothing/where_site/${b.id}`, { token: dealerB })).statusCode).toBe(404);
  });
});

describe('the consent text as a file', () => {
  it('downloads the text the visitor agreed to; another client’s site or an unknown hash is not found', async () => {
    const file = await t.request('GET', `${API}/agreement_hash/by/${a.id}/${hashA}/file`, { token: readerA });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="agreement-${a.id}-${hashA.slice(0, 12)}.txt"`);
    expect(file.body).toBe(`\uFEFF${CONSENT}\n`);
    expect((await t.request('GET', `${API}/agreement_hash/by/${a.id}/${hashA}/file`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/agreement_hash/by/${a.id}/${'0'.repeat(64)}/file`, { token: readerA })).statusCode).toBe(404);
  });
});
