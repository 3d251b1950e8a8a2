import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { publishedSite, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { solveChallenge } from './captcha.ts';
import { requestStorageOf } from './request.routes.ts';
import { requests } from './request.table.ts';

/**
 * Where a lead came from and how its phone is kept (spec 002 §3 analytics, spec 000 §5 phones):
 * every Russian phone format stored as +7 and ten digits, a wrong phone refused in the caller's
 * language with nothing stored, the analytics block stored cleaned and never the reason a lead is
 * lost, the renderer's form carrying the block its script fills and the page it was posted on,
 * and the lists' filters and exports by UTM and page.
 */
let t: TestApp;
let site: TestSite;
let other: TestSite;
let token: string;
let otherToken: string;
let hash: string;
let address = 0;
const API = '/gateway/request.storage/api/v1';
const CONSENT = 'Я согласен на обработку персональных данных';
const nextIp = () => `10.31.${Math.floor(++address / 250)}.${address % 250}`;
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
  requestStorageOf(t.app).captchaBits = 8;
  site = await publishedSite(t);
  other = await publishedSite(t);
  const grants = { 'request.storage': ['callback_requests.get_list', 'requests_settings.create'] };
  token = (await t.signIn((await t.createUser({ grants, clientIds: [site.clientId] })).email)).access_token;
  otherToken = (await t.signIn((await t.createUser({ grants, clientIds: [other.clientId] })).email)).access_token;
  const created = await t.request('POST', `${API}/agreement_hash`, { token, body: { data: { attributes: { site_id: site.id, text: CONSENT } } } });
  expect(created.statusCode, created.body).toBe(201);
  hash = created.json().data.attributes.hash;
});
afterAll(() => t?.close());

async function challenge(ip: string) {
  const response = await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: site.host }, remoteAddress: ip });
  return response.json().data.challenge as string;
}
/** A callback request as a site's script sends it. */
async function send(attributes: Record<string, unknown>, lang = 'ru') {
  const ip = nextIp();
  const c = await challenge(ip);
  return t.app.inject({
    method: 'POST',
    url: '/_api/requests/callback_requests',
    headers: { host: site.host, 'content-type': 'application/json', 'accept-language': lang },
    remoteAddress: ip,
    payload: JSON.stringify({ data: { attributes: { name: 'Анна', processing_of_personal_data: true, agreement_hash: hash, ...attributes }, captcha: { challenge: c, nonce: solveChallenge(c) } } }),
  });
}
const stored = async (id: string) => (await db().select().from(requests).where(eq(requests.id, Number(id))))[0]!;
const count = async () => Number(((await db().execute(sql`select count(*)::int as n from requests where site_id = ${site.id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('phones', () => {
  it('takes every Russian format and stores one normalised form', async () => {
    const formats = ['9161112233', '89161112233', '79161112233', '+79161112233', '8 (916) 111-22-33', '+7 916 111 22 33', '7-916-111-22-33', '(916) 111-22-33', '916 111 22 33'];
    for (const phone of formats) {
      const response = await send({ phone });
      expect(response.statusCode, `${phone}: ${response.body}`).toBe(201);
      expect((await stored(response.json().data.id)).phone, phone).toBe('+79161112233');
    }
    // The list's search finds them by the digits a manager types, a leading 8 read as 7.
    const found = await t.request('GET', `${API}/callback_requests/where_site/${site.id}?filter[search]=${encodeURIComponent('8 916 111')}`, { token });
    expect(found.json().meta.page.total).toBeGreaterThanOrEqual(formats.length);
  });

  it('refuses a wrong phone in the caller\'s language and stores nothing', async () => {
    const before = await count();
    for (const [lang, title] of [['ru', 'Неправильный формат телефона: +7, 7 или 8 и 10 цифр'], ['en', 'Invalid phone number: +7, 7 or 8 followed by 10 digits']] as const) {
      for (const phone of ['12345', '+7 916 111 22', '1161112233', '+1 212 555 0100', '8 916 111 22 33 44']) {
        const response = await send({ phone }, lang);
        expect(response.statusCode, phone).toBe(400);
        expect(response.json().errors[0], phone).toMatchObject({ source: { pointer: '/data/attributes/phone' }, title });
      }
    }
    expect(await count()).toBe(before);
  });
});

describe('the analytics block', () => {
  it('is stored with every key of spec 002 §3', async () => {
    const analytics = {
      google_client_id: '1234567890.1700000000',
      ya_client_id: '1700000000123456789',
      kodix_pixel: 'px-1',
      calltracking_session_id: 'ct-42',
      page: { page_id: site.pages.about.id, page_url: `https://${site.host}/about?utm_source=yandex`, page_title: 'О компании' },
      utm: { source: 'yandex', campaign: 'winter', term: 'kia rio', medium: 'cpc', content: 'banner' },
    };
    const response = await send({ phone: '9161112233', analytics });
    expect(response.statusCode, response.body).toBe(201);
    const row = await stored(response.json().data.id);
    expect(row.analytics).toEqual(analytics);
    expect(row.page_id).toBe(site.pages.about.id);
  });

  it('never loses a lead: garbage is dropped, long values cut, the request stored with what is left', async () => {
    const garbage = [
      'not an object',
      42,
      null,
      [1, 2],
      { utm: 'yandex', page: [1], evil: { $where: 1 } },
      { utm: { source: 'x'.repeat(10_000), campaign: { nested: true }, unknown: 'y', medium: 'cpc\u0000' }, page: { page_id: -5, page_url: 123, page_title: 'Титул\nвторая строка' }, ya_client_id: ['a'], google_client_id: true },
    ];
    for (const analytics of garbage) {
      const response = await send({ phone: '89161112233', analytics });
      expect(response.statusCode, `${JSON.stringify(analytics)?.slice(0, 80)}: ${response.body}`).toBe(201);
    }
    const response = await send({ phone: '89161112233', analytics: garbage.at(-1) });
    const row = await stored(response.json().data.id);
    expect(row.phone).toBe('+79161112233');
    expect(row.analytics).toEqual({ utm: { source: 'x'.repeat(255) }, page: { page_url: '123', page_title: 'Титул вторая строка' } });
  });
});

describe("the renderer's callback form", () => {
  const form = (path: string, fields: Record<string, string>) =>
    visit(t, site.host, path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  it("sends the block the site's script put in it, with the page it was posted on", async () => {
    const page = await visit(t, site.host, '/');
    // The form has the field the script fills, and the script masks the phone and keeps the visit's UTM.
    expect(page.body).toContain('<input type="hidden" name="analytics" value="">');
    const script = await visit(t, site.host, /src="(\/_site\/site\.[0-9a-f]+\.js)"/.exec(page.body)![1]!);
    expect(script.body).toContain('dp_utm');
    expect(script.body).toContain('dpPhoneMask');
    const title = /<title>([^<]*)<\/title>/.exec(page.body)![1]!;
    const c = await challenge(nextIp());
    const analytics = JSON.stringify({ utm: { source: 'yandex', campaign: 'winter' }, ya_client_id: '17000001', page: { page_url: `https://${site.host}/?utm_source=yandex` } });
    const sent = await form('/', { _form: 'main-1', name: 'Лидия', phone: '9161112233', consent: 'on', analytics, captcha_challenge: c, captcha_nonce: solveChallenge(c) });
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(200);
    const [row] = await db().select().from(requests).where(and(eq(requests.site_id, site.id), eq(requests.name, 'Лидия')));
    expect(row).toMatchObject({ phone: '+79161112233', page_id: site.pages.home.id });
    expect(row!.analytics).toEqual({ utm: { source: 'yandex', campaign: 'winter' }, ya_client_id: '17000001', page: { page_id: site.pages.home.id, page_url: `https://${site.host}/?utm_source=yandex`, page_title: title } });
  });

  it('without the script, or with a broken block, still takes the lead with the page the server knows', async () => {
    for (const analytics of ['', '{not json', '"a string"']) {
      const c = await challenge(nextIp());
      const name = `Гость ${analytics.length}`;
      const sent = await form('/', { _form: 'main-1', name, phone: '8 (916) 111-22-33', consent: 'on', analytics, captcha_challenge: c, captcha_nonce: solveChallenge(c) });
      expect(sent.statusCode, analytics).toBe(200);
      const [row] = await db().select().from(requests).where(and(eq(requests.site_id, site.id), eq(requests.name, name)));
      expect(row!.phone).toBe('+79161112233');
      expect(row!.analytics).toMatchObject({ page: { page_id: site.pages.home.id, page_url: expect.stringMatching(new RegExp(`^https?://${site.host.replace(/\./g, '\\.')}/$`)) } });
    }
  });
});

describe('lists and exports', () => {
  beforeAll(async () => {
    const page = (uri: string) => ({ page_url: `https://${site.host}${uri}`, page_title: uri });
    for (const [name, utm, uri] of [
      ['Источник Яндекс', { source: 'yandex', campaign: 'winter', medium: 'cpc' }, '/about'],
      ['Источник Google', { source: 'google', campaign: 'summer' }, '/news/first'],
      ['Без источника', undefined, '/'],
    ] as const) {
      expect((await send({ name, phone: '9161112233', analytics: { utm, page: page(uri) } })).statusCode).toBe(201);
    }
  });
  const names = async (query: string) => {
    const response = await t.request('GET', `${API}/callback_requests/where_site/${site.id}?page[size]=500&${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return new Set(response.json().data.map((row: { attributes: { name: string } }) => row.attributes.name));
  };

  it('filter by UTM source and campaign (any case) and by a part of the page address', async () => {
    const yandex = await names('filter[utm_source]=Yandex');
    expect(yandex.has('Источник Яндекс')).toBe(true);
    expect(yandex.has('Источник Google')).toBe(false);
    expect(yandex.has('Без источника')).toBe(false);
    expect([...(await names('filter[utm_campaign]=summer'))]).toEqual(['Источник Google']);
    const news = await names(`filter[page_url]=${encodeURIComponent('/news/')}`);
    expect(news.has('Источник Google')).toBe(true);
    expect(news.has('Источник Яндекс')).toBe(false);
    // LIKE's own characters are the text's, not patterns.
    expect((await names('filter[page_url]=%25')).size).toBe(0);
    // Another client's dealer gets nothing of this site, filtered or not.
    expect((await t.request('GET', `${API}/callback_requests/where_site/${site.id}?filter[utm_source]=yandex`, { token: otherToken })).statusCode).toBe(404);
  });

  it('export the UTM and page columns, filtered the same way', async () => {
    const csv = await t.request('GET', `${API}/callback_requests/where_site/${site.id}/format_csv?filter[utm_source]=yandex`, { token, lang: 'en' });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['UTM source', 'UTM campaign', 'UTM medium', 'UTM term', 'UTM content', 'Page', 'Page title']));
    const rows = lines.slice(1).map((line) => line.split(','));
    const column = (name: string) => header.indexOf(name);
    const yandex = rows.find((row) => row.includes('Источник Яндекс'))!;
    expect(yandex[column('UTM source')]).toBe('yandex');
    expect(yandex[column('UTM campaign')]).toBe('winter');
    expect(yandex[column('UTM medium')]).toBe('cpc');
    expect(yandex[column('Page')]).toBe(`https://${site.host}/about`);
    expect(yandex[column('Page title')]).toBe('/about');
    expect(rows.some((row) => row.includes('Источник Google'))).toBe(false);
    const xlsx = await t.request('GET', `${API}/requests/where_site/${site.id}/format_xlsx?filter[utm_campaign]=summer`, { token, lang: 'ru' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
    expect(sheet[0]).toEqual(expect.arrayContaining(['UTM source', 'UTM campaign', 'Страница', 'Заголовок страницы']));
    expect(sheet.slice(1).map((row) => row[3])).toEqual(['Источник Google']);
    expect(sheet[1]![(sheet[0] as string[]).indexOf('UTM source')]).toBe('google');
  });
});
