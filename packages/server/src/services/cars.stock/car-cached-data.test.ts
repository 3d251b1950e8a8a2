import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CAR_CACHED_DATA_MAX, stockSettingsDefaults, type StockKindSettings } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carComplectations, carGenerations, carMarketingComplectations, carModels, carRestylings, cars } from '../../schema.ts';
import { carBodyColors, carUpholsteries } from '../cars.catalog/colors.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { stockSiteSettings } from '../cars.stock.sites/stock-settings.table.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { siteRendererOf } from '../site-renderer/serve-site.ts';
import { addPage, publishedSite, unique, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';

/**
 * A car's `cached_data` (the names of its catalogue chain and references, in the reader's
 * language) and `pages` (its public addresses), computed on every car the API answers, read-only;
 * `POST /car/cached_data` answering them for the caller's cars only and dropping their sites'
 * cached pages.
 */
let t: TestApp;
let hosted: TestSite;
let hostless: TestSite;
let newOnly: TestSite;
let other: TestSite;
let brandSlug: string;
let modelId: number;
let ids: Record<string, number>;
let dealer: { title: string; code: string };
let manager: string;
let reader: string;
let otherManager: string;
let stranger: string;

const API = '/gateway/cars.stock/api/v1';
const CODES = { 'cars.stock': ['cars.get_list', 'cars.create', 'cars.patch', 'cars.delete'] };
const db = () => t.database.db;
const MONTH = 31 * 24 * 3600_000;

/** The site's stock lists at its published `/cars` page, new and used on the same page. */
async function withStock(site: TestSite) {
  const root = (await addPage(db(), site, '/cars', { caption: 'Автомобили', order: 5 }, { parent_id: site.pages.home.id })).id;
  const kind: StockKindSettings = { ...stockSettingsDefaults().new_settings, root_page_id: root };
  await db().insert(stockSiteSettings).values({ site_id: site.id, client_id: site.clientId, new_settings: kind, used_settings: kind, viewed_favorites: stockSettingsDefaults().viewed_favorites });
}

beforeAll(async () => {
  t = await buildTestApp();
  const code = unique();
  const [brand] = await db().insert(carBrands).values({ name: `Hyundai ${code}` }).returning();
  brandSlug = `hyundai-${code}`;
  const [model] = await db().insert(carModels).values({ name: 'Solaris', name_ru: 'Солярис', brand_id: brand!.id }).returning();
  modelId = model!.id;
  const [generation] = await db().insert(carGenerations).values({ name: 'II', model_id: model!.id, brand_id: brand!.id }).returning();
  const [restyling] = await db().insert(carRestylings).values({ name: '2020', generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const [complectation] = await db().insert(carComplectations).values({ name: 'Comfort', restyling_id: restyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const [marketing] = await db()
    .insert(carMarketingComplectations)
    .values({ code: `SOL-${code}`, name: 'Comfort 1.6 AT', name_ru: 'Комфорт 1.6 АКПП', name_en: 'Comfort 1.6 automatic', complectation_id: complectation!.id, restyling_id: restyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id })
    .returning();
  const [color] = await db().insert(carBodyColors).values({ name: 'White', name_ru: 'Белый', name_en: 'Pure white', code: 'PW', hex: ['#FFFFFF'], brand_id: brand!.id }).returning();
  const [upholstery] = await db().insert(carUpholsteries).values({ name: 'Fabric', name_ru: 'Ткань', name_en: 'Cloth', code: 'FB', material: 'textile', colors: ['#000000'], brand_id: brand!.id }).returning();

  hosted = await publishedSite(t);
  hostless = await publishedSite(t, { clientId: hosted.clientId, site: { host: null } });
  newOnly = await publishedSite(t, { clientId: hosted.clientId });
  other = await publishedSite(t);
  for (const site of [hosted, hostless, newOnly, other]) await withStock(site);
  // This site shows new cars only: its used cars have no address.
  const [used] = await db().select({ id: modules.id }).from(modules).where(eq(modules.code, 'used_cars'));
  await db().delete(moduleInstallations).where(and(eq(moduleInstallations.site_id, newOnly.id), eq(moduleInstallations.module_id, used!.id)));

  dealer = { title: 'Автоград Север', code: `D-${code}` };
  const [dealership] = await db().insert(dealerships).values({ client_id: hosted.clientId, title: dealer.title, code: dealer.code }).returning();
  const car = (site: TestSite, over: Partial<typeof cars.$inferInsert>) => ({ site_id: site.id, client_id: site.clientId, is_new: true, brand_id: brand!.id, model_id: model!.id, year: 2025, price: 2_000_000, final_price: 2_000_000, ...over });
  const rows = await db()
    .insert(cars)
    .values([
      car(hosted, {
        external_id: 'full',
        generation_id: generation!.id,
        restyling_id: restyling!.id,
        complectation_id: complectation!.id,
        marketing_complectation_id: marketing!.id,
        body_color_id: color!.id,
        upholstery_id: upholstery!.id,
        dealers_id: dealership!.id,
      }),
      car(hosted, { external_id: 'used', is_new: false, mileage: 20_000 }),
      car(hosted, { external_id: 'reserved', status: 'reserved' }),
      car(hosted, { external_id: 'hidden', status: 'not_active' }),
      car(hosted, { external_id: 'sold-recently', status: 'sold', sold_at: new Date() }),
      car(hosted, { external_id: 'sold-long-ago', status: 'sold', sold_at: new Date(Date.now() - 2 * MONTH) }),
      car(hostless, { external_id: 'hostless' }),
      car(newOnly, { external_id: 'new-only-new' }),
      car(newOnly, { external_id: 'new-only-used', is_new: false, mileage: 5000 }),
      car(other, { external_id: 'foreign' }),
    ])
    .returning({ id: cars.id, external_id: cars.external_id });
  ids = Object.fromEntries(rows.map((row) => [row.external_id!, row.id]));
  const token = async (grants: Record<string, string[]>, clientId: number) => (await t.signIn((await t.createUser({ grants, clientIds: [clientId] })).email)).access_token as string;
  manager = await token(CODES, hosted.clientId);
  reader = await token({ 'cars.stock': ['cars.get_list'] }, hosted.clientId);
  otherManager = await token(CODES, other.clientId);
  stranger = await token({ 'cars.stock': ['cars.create'] }, hosted.clientId);
});
afterAll(() => t?.close());

type Response = Awaited<ReturnType<TestApp['request']>>;
const errorsOf = (response: Response) => response.json().errors as { code: string; title: string; source?: { pointer?: string } }[];
const carOf = (id: number, lang = 'ru', token = manager) => t.request('GET', `${API}/cars/${id}`, { token, lang });
const refresh = (body: unknown, token = manager, lang = 'en') => t.request('POST', `${API}/car/cached_data`, { token, lang, body });
const slugOf = (id: number, model = 'solaris') => `${brandSlug}-${model}-${id}`;

describe("a car's cached_data", () => {
  it('names the catalogue chain, colour, upholstery and dealer in the reader\'s language, falling back to the catalogue\'s name', async () => {
    const ru = await carOf(ids.full!, 'ru');
    expect(ru.statusCode, ru.body).toBe(200);
    expect(ru.json().data.attributes.cached_data).toEqual({
      brand: expect.stringMatching(/^Hyundai /),
      model: 'Солярис',
      generation: 'II',
      restyling: '2020',
      complectation: 'Comfort',
      marketing_complectation: 'Комфорт 1.6 АКПП',
      body_color: 'Белый',
      upholstery: 'Ткань',
      dealer: { name: dealer.title, code: dealer.code },
    });
    const en = (await carOf(ids.full!, 'en')).json().data.attributes.cached_data;
    // The model has no English name: its own name stands.
    expect(en).toMatchObject({ model: 'Solaris', marketing_complectation: 'Comfort 1.6 automatic', body_color: 'Pure white', upholstery: 'Cloth' });
    // A car naming only brand and model has nulls for the rest.
    expect((await carOf(ids.used!, 'en')).json().data.attributes.cached_data).toMatchObject({ model: 'Solaris', generation: null, marketing_complectation: null, body_color: null, dealer: null });
  });

  it('is on every car the API answers: the resource\'s list, a client\'s list, a change, bulk sold', async () => {
    const list = await t.request('GET', `${API}/cars?filter[site_id]=${hosted.id}&page[size]=100`, { token: manager, lang: 'en' });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.find((row: { id: string }) => row.id === String(ids.full));
    expect(listed.attributes.cached_data.upholstery).toBe('Cloth');
    expect(listed.attributes.pages).toHaveLength(2);
    const client = await t.request('GET', `${API}/cars/where_client/${hosted.clientId}?ids=${ids.full}`, { token: manager, lang: 'ru' });
    expect(client.statusCode, client.body).toBe(200);
    expect(client.json().data[0].attributes.cached_data.body_color).toBe('Белый');
    expect(client.json().data[0].attributes.pages[0].type).toBe('car');
    const changed = await t.request('PATCH', `${API}/cars/${ids.reserved}`, { token: manager, lang: 'en', body: { data: { attributes: { description: 'Свежий' } } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes.cached_data.model).toBe('Solaris');
    const manual = await t.request('POST', `${API}/cars/manual`, { token: manager, lang: 'ru', body: { data: { attributes: { site_id: hosted.id, is_new: true, external_id: 'manual', model_id: modelId, year: 2025, price: 1_000_000 } } } });
    expect(manual.statusCode, manual.body).toBe(201);
    expect(manual.json().data.attributes.cached_data.model).toBe('Солярис');
    expect(manual.json().data.attributes.pages[0].url).toBe(`https://${hosted.host}/cars/${slugOf(Number(manual.json().data.id))}`);
  });

  it('is read-only: a body naming cached_data or pages is refused on the field, like final_price, and nothing changes', async () => {
    for (const attributes of [{ cached_data: { model: 'Другая' } }, { pages: [] }, { final_price: 1 }]) {
      const response = await t.request('PATCH', `${API}/cars/${ids.full}`, { token: manager, lang: 'en', body: { data: { attributes } } });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)[0]!.code).toBe('unknown_field');
    }
    expect((await carOf(ids.full!)).json().data.attributes.cached_data.model).toBe('Солярис');
  });
});

describe("a car's pages", () => {
  const pagesOf = async (id: number) => (await carOf(id)).json().data.attributes.pages as { type: string; url: string }[];

  it('are the car page at its friendly address and its list, absolute with the site\'s host, and the renderer answers them', async () => {
    const pages = await pagesOf(ids.full!);
    expect(pages).toEqual([
      { type: 'car', url: `https://${hosted.host}/cars/${slugOf(ids.full!)}` },
      { type: 'list', url: `https://${hosted.host}/cars` },
    ]);
    const path = new URL(pages[0]!.url).pathname;
    const page = await visit(t, hosted.host, path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Солярис');
    // A used car on the page both kinds share is in its used list; a reserved car is still offered.
    expect(await pagesOf(ids.used!)).toEqual([
      { type: 'car', url: `https://${hosted.host}/cars/${slugOf(ids.used!)}` },
      { type: 'list', url: `https://${hosted.host}/cars?type=used` },
    ]);
    expect((await pagesOf(ids.reserved!)).map((one) => one.type)).toEqual(['car', 'list']);
  });

  it('are paths on a site without a host', async () => {
    expect(await pagesOf(ids.hostless!)).toEqual([
      { type: 'car', url: `/cars/${slugOf(ids.hostless!)}` },
      { type: 'list', url: '/cars' },
    ]);
  });

  it('are none for a hidden car, a kind whose module the site lacks, and a sold car past the period; a car sold lately keeps its page only', async () => {
    expect(await pagesOf(ids.hidden!)).toEqual([]);
    expect(await pagesOf(ids['new-only-used']!)).toEqual([]);
    expect((await pagesOf(ids['new-only-new']!)).map((one) => one.type)).toEqual(['car', 'list']);
    expect(await pagesOf(ids['sold-long-ago']!)).toEqual([]);
    expect(await pagesOf(ids['sold-recently']!)).toEqual([{ type: 'car', url: `https://${hosted.host}/cars/${slugOf(ids['sold-recently']!)}` }]);
  });

  it('follow the stock settings: no root page, no pages', async () => {
    await db().update(stockSiteSettings).set({ new_settings: stockSettingsDefaults().new_settings }).where(eq(stockSiteSettings.site_id, hostless.id));
    expect(await pagesOf(ids.hostless!)).toEqual([]);
  });
});

describe('POST /car/cached_data', () => {
  it("answers the names and pages of the caller's cars, leaving another dealer's out", async () => {
    const response = await refresh({ data: { ids: [ids.full, ids.foreign, ids.hidden, ids.full] } }, reader);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { id: string; type: string; attributes: Record<string, unknown> }[];
    expect(data.map((row) => Number(row.id))).toEqual([ids.full, ids.hidden].sort((a, b) => a! - b!));
    expect(Object.keys(data[0]!.attributes).sort()).toEqual(['cached_data', 'pages']);
    expect(data.find((row) => Number(row.id) === ids.full)!.attributes.cached_data).toMatchObject({ model: 'Solaris', upholstery: 'Cloth' });
    expect(response.json().meta.total).toBe(2);
    // The other dealer reaches its own car only.
    const theirs = (await refresh({ data: { ids: [ids.full, ids.foreign] } }, otherManager)).json().data as { id: string }[];
    expect(theirs.map((row) => Number(row.id))).toEqual([ids.foreign]);
  });

  it("drops the cached pages of the cars' sites, and only theirs", async () => {
    const cache = siteRendererOf(t.app).cache;
    await visit(t, hosted.host, '/cars');
    await visit(t, other.host, '/cars');
    const before = cache.size.sites;
    const response = await refresh({ data: { ids: [ids.full] } });
    expect(response.statusCode).toBe(200);
    // The answer comes once this process heard the notification: the hosted site is gone, the other stays.
    expect(cache.size.sites).toBe(before - 1);
    expect((await visit(t, hosted.host, '/cars')).statusCode).toBe(200);
    expect(cache.size.sites).toBe(before);
  });

  it('refuses a body that is not a list of at most 1000 car ids, with the error on the field', async () => {
    const bad = [
      [{ data: { ids: '1,2' } }, '/data/ids'],
      [{ data: { ids: [] } }, '/data/ids'],
      [{ data: { ids: ['a'] } }, '/data/ids/0'],
      [{ data: { ids: [1.5] } }, '/data/ids/0'],
      [{ data: { ids: Array.from({ length: CAR_CACHED_DATA_MAX + 1 }, (_, index) => index + 1) } }, '/data/ids'],
      [{ data: { ids: [1], extra: true } }, '/data'],
      [{ ids: [1] }, '/data'],
    ] as const;
    for (const [body, pointer] of bad) {
      const response = await refresh(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorsOf(response).some((error) => error.source?.pointer?.startsWith(pointer))).toBe(true);
    }
    const tooMany = errorsOf(await refresh(bad[4][0], manager, 'ru'))[0]!;
    expect(tooMany.title).toBe('Не больше 1000 элементов');
  });

  it('needs the code that reads cars', async () => {
    expect((await refresh({ data: { ids: [ids.full] } }, stranger)).statusCode).toBe(403);
    expect((await t.request('POST', `${API}/car/cached_data`, { body: { data: { ids: [ids.full] } } })).statusCode).toBe(401);
  });

  it('leaves the cars as they were', async () => {
    const before = await db().select().from(cars).where(inArray(cars.id, [ids.full!, ids.used!]));
    await refresh({ data: { ids: [ids.full, ids.used] } });
    expect(await db().select().from(cars).where(inArray(cars.id, [ids.full!, ids.used!]))).toEqual(before);
  });
});
