import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, pages, redirects, sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { publishedSite, visit } from '../site-renderer/site-renderer.fixtures.ts';

/**
 * Redirects the platform makes (created_type `auto`): a page whose address changes (edited, or
 * moved in the tree with its subpages) leaves a 301 from its old address, in the same
 * transaction; chains collapse, a redirect from a live page's address goes, a manual one stays.
 */
let t: TestApp;
let client: number;
let site: number;
let editor: string;
let stranger: string;

const PAGES = '/gateway/sites.context/api/v1';
const SEO = '/gateway/seo/api/v1';
const GRANTS = {
  'sites.context': ['pages.get_list', 'pages.patch', 'sites.get_full_list'],
  seo: ['redirects.get_list', 'redirects.create', 'redirects.patch', 'redirects.delete'],
};

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.createClient();
  const other = await t.createClient();
  site = (await t.database.db.insert(sites).values({ name: 'Сайт', client_id: client, type: 3 }).returning())[0]!.id;
  editor = (await t.signIn((await t.createUser({ grants: GRANTS, clientIds: [client] })).email)).access_token;
  stranger = (await t.signIn((await t.createUser({ grants: GRANTS, clientIds: [other] })).email)).access_token;
});
afterAll(() => t?.close());

const call = (method: string, url: string, token: string, data?: unknown) => t.request(method, url, { token, lang: 'en', ...(data !== undefined ? { body: { data } } : {}) });
async function page(uri: string, parent_id: number | null = null) {
  const response = await call('POST', `${PAGES}/pages`, editor, { attributes: { site_id: site, uri, caption: uri, parent_id } });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}
const rename = (id: number, uri: string, token = editor) => call('PATCH', `${PAGES}/pages/${id}`, token, { attributes: { uri } });
const move = (id: number, parent_id: number | null, token = editor) => call('POST', `${PAGES}/pages/${id}/move`, token, { parent_id, position: 0 });
const siteRedirects = async () =>
  (await t.database.db.select().from(redirects).where(eq(redirects.site_id, site))).map((row) => ({ from: row.from_uri, to: row.to_uri, type: row.created_type, code: row.code, page: row.to_page_id }));
const manual = async (from_uri: string, to: Record<string, unknown>) => {
  const response = await call('POST', `${SEO}/redirects`, editor, { attributes: { site_id: site, from_uri, ...to } });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
};

describe('automatic redirects', () => {
  it('lead the old address of an edited page and of its subpages to the new one with a 301, listed as auto', async () => {
    const offers = await page('/offers');
    const spring = await page('/offers/spring', offers);
    const renamed = await rename(offers, '/specials');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await siteRedirects()).toEqual(
      expect.arrayContaining([
        { from: '/offers', to: '/specials', type: 'auto', code: 301, page: offers },
        { from: '/offers/spring', to: '/specials/spring', type: 'auto', code: 301, page: spring },
      ]),
    );
    const listed = await call('GET', `${SEO}/redirects?filter[site_id]=${site}&filter[created_type]=auto`, editor);
    expect(listed.json().data.map((row: any) => row.attributes.from_uri).sort()).toEqual(['/offers', '/offers/spring']);
    // The audit trail says who made them.
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.service, 'seo'), eq(auditLog.action, 'create'))).limit(1);
    expect(entry).toMatchObject({ resource: 'redirects', client_id: client, changes: { from_uri: '/offers', to_uri: '/specials', created_type: 'auto' } });
    expect(entry!.actor_user_id).not.toBeNull();
  });

  it('follow a move in the tree that changes the address, and collapse chains (A → B, B → C gives A → C)', async () => {
    const news = await page('/news');
    const sale = await page('/news/sale', news);
    const service = await page('/service');
    const moved = await move(sale, service);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.attributes.uri).toBe('/service/sale');
    // Renamed again: the first automatic redirect leads to the newest address, never through a chain.
    expect((await rename(sale, '/service/sale-2026')).statusCode).toBe(200);
    const rows = await siteRedirects();
    expect(rows).toEqual(
      expect.arrayContaining([
        { from: '/news/sale', to: '/service/sale-2026', type: 'auto', code: 301, page: sale },
        { from: '/service/sale', to: '/service/sale-2026', type: 'auto', code: 301, page: sale },
      ]),
    );
    const froms = new Set(rows.map((row) => row.from));
    expect(rows.filter((row) => froms.has(row.to))).toEqual([]);
    // A move that keeps the address (a page of its own address) makes none.
    const before = rows.length;
    const own = await page('/own', service);
    expect((await move(own, news)).json().data.attributes.uri).toBe('/own');
    expect(await siteRedirects()).toHaveLength(before);
  });

  it('drop a redirect from the address a page now holds, and going back swaps the redirect', async () => {
    const about = await page('/about');
    await manual('/about-us', { to_uri: '/contacts' });
    expect((await rename(about, '/about-us')).statusCode).toBe(200);
    let rows = await siteRedirects();
    // The manual '/about-us' → '/contacts' would hide the page: it goes; '/about' leads to the page.
    expect(rows.filter((row) => row.from === '/about-us')).toEqual([]);
    expect(rows).toContainEqual({ from: '/about', to: '/about-us', type: 'auto', code: 301, page: about });
    expect((await rename(about, '/about')).statusCode).toBe(200);
    rows = await siteRedirects();
    expect(rows.filter((row) => row.from === '/about')).toEqual([]);
    expect(rows).toContainEqual({ from: '/about-us', to: '/about', type: 'auto', code: 301, page: about });
  });

  it('keep a manual redirect from the old address, and bring redirects to the page along', async () => {
    const cars = await page('/cars');
    const promo = await manual('/promo', { to_page_id: cars });
    await manual('/cars', { to_uri: 'https://brand.example.ru/cars' });
    expect((await rename(cars, '/models')).statusCode).toBe(200);
    const rows = await siteRedirects();
    expect(rows).toContainEqual({ from: '/cars', to: 'https://brand.example.ru/cars', type: 'manual', code: 301, page: null });
    expect(rows).toContainEqual({ from: '/promo', to: '/models', type: 'manual', code: 301, page: cars });
    const [row] = await t.database.db.select().from(redirects).where(eq(redirects.id, promo));
    expect(row!.created_type).toBe('manual');
  });

  it('are made only by a change the caller may make: a refused change leaves no redirect', async () => {
    const own = await page('/private-offer');
    const before = await siteRedirects();
    expect((await rename(own, '/x', stranger)).statusCode).toBe(404);
    const taken = await page('/taken');
    const clash = await rename(own, '/taken');
    expect(clash.statusCode).toBe(409);
    expect(await siteRedirects()).toEqual(before);
    expect(taken).toBeGreaterThan(0);
  });
});

describe('on the public site', () => {
  it('the old address answers 301 to the new one, and the new one shows the page', async () => {
    const live = await publishedSite(t);
    const token = (await t.signIn((await t.createUser({ grants: GRANTS, clientIds: [live.clientId] })).email)).access_token;
    const [about] = await t.database.db.select({ id: pages.id }).from(pages).where(and(eq(pages.site_id, live.id), eq(pages.uri, '/about')));
    expect((await visit(t, live.host, '/about')).statusCode).toBe(200);
    const renamed = await rename(about!.id, '/company', token);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const old = await visit(t, live.host, '/about?utm_source=mail');
    expect([old.statusCode, old.headers.location]).toEqual([301, '/company?utm_source=mail']);
    const fresh = await visit(t, live.host, '/company');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('<h1>О компании</h1>');
  });
});
