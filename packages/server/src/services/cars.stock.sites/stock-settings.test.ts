import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { auditLog, carBrands, carComplectations, carGenerations, carModels, carRestylings, cars, redirects, sites } from '../../schema.ts';
import { pages, templates } from '../sites.context/content.table.ts';
import { applySoldPeriods, soldCutoff } from './apply-sold-period.ts';
import { stockSiteSettings } from './stock-settings.table.ts';

/**
 * Stock settings per site (spec 001 §3 "Stock settings", §4 sold storage and deletion strategy,
 * §7 "Sites stock"): defaults, partial changes, the site's own pages and templates only, messages
 * in both languages, tenant isolation; showroom pages and custom filter groups; the sold job run
 * directly against the database.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteA2: number;
let siteB: number;
let managerA: string;
let managerB: string;
let reader: string;
let pageA: number;
let pageA2: number;
let showroomPageA: number;
let templateA: number;
let templateA2: number;
let chain: { brand: number; model: number; generation: number; restyling: number; complectation: number; otherComplectation: number; otherRestyling: number };

const API = '/gateway/cars.stock.sites/api/v1';
const CODES = { 'cars.stock.sites': ['stock_settings.get_list', 'stock_settings.patch'] };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = (await db.insert(sites).values({ name: 'Автоград', client_id: clientA, type: 3 }).returning())[0]!.id;
  siteA2 = (await db.insert(sites).values({ name: 'Автоград Юг', client_id: clientA, type: 3 }).returning())[0]!.id;
  siteB = (await db.insert(sites).values({ name: 'Чужой', client_id: clientB, type: 3 }).returning())[0]!.id;
  // The sites have their modules, as the demo's (test/module-gating.test.ts walks the sites without them).
  await t.installModules([siteA, siteA2, siteB]);
  pageA = (await db.insert(pages).values({ site_id: siteA, client_id: clientA, uri: '/cars' }).returning())[0]!.id;
  showroomPageA = (await db.insert(pages).values({ site_id: siteA, client_id: clientA, uri: '/models/solaris' }).returning())[0]!.id;
  pageA2 = (await db.insert(pages).values({ site_id: siteA2, client_id: clientA, uri: '/cars' }).returning())[0]!.id;
  templateA = (await db.insert(templates).values({ site_id: siteA, client_id: clientA, name: 'Карточка автомобиля' }).returning())[0]!.id;
  templateA2 = (await db.insert(templates).values({ site_id: siteA2, client_id: clientA, name: 'Карточка' }).returning())[0]!.id;
  const [brand] = await db.insert(carBrands).values({ name: `Hyundai ${Date.now()}` }).returning();
  const [model] = await db.insert(carModels).values({ name: 'Solaris', brand_id: brand!.id }).returning();
  const [generation] = await db.insert(carGenerations).values({ name: 'II', model_id: model!.id, brand_id: brand!.id }).returning();
  const [restyling] = await db.insert(carRestylings).values({ name: '2020', generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const [otherRestyling] = await db.insert(carRestylings).values({ name: '2017', generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const [complectation] = await db.insert(carComplectations).values({ name: 'Comfort', restyling_id: restyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const [other] = await db.insert(carComplectations).values({ name: 'Active', restyling_id: otherRestyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  chain = { brand: brand!.id, model: model!.id, generation: generation!.id, restyling: restyling!.id, complectation: complectation!.id, otherComplectation: other!.id, otherRestyling: otherRestyling!.id };
  managerA = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientA] })).email)).access_token;
  managerB = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientB] })).email)).access_token;
  reader = (await t.signIn((await t.createUser({ grants: { 'cars.stock.sites': ['stock_settings.get_list'] }, clientIds: [clientA] })).email)).access_token;
});
afterAll(() => t?.close());

type Response = Awaited<ReturnType<TestApp['request']>>;
const errorsOf = (response: Response) => response.json().errors as { code: string; title: string; source?: { pointer?: string } }[];
const settingsOf = (token: string, siteId: number) => t.request('GET', `${API}/settings/where_site/${siteId}`, { token });
const patchSettings = (token: string, siteId: number, attributes: Record<string, unknown>, lang = 'en') => t.request('PATCH', `${API}/settings/where_site/${siteId}`, { token, lang, body: { data: { attributes } } });

describe('stock settings of a site', () => {
  it('reads the defaults until the first save: one month, no strategy, a car list', async () => {
    const response = await settingsOf(managerA, siteA);
    expect(response.statusCode).toBe(200);
    const { attributes } = response.json().data;
    expect(attributes).toMatchObject({ site_id: siteA, client_id: clientA, stored: false, root_catalog_id: null });
    for (const kind of ['new_settings', 'used_settings']) expect(attributes[kind]).toMatchObject({ sold_period: 'one_month', sold_strategy: 'none', vehicle_type: 'car', root_page_id: null });
    expect(attributes.viewed_favorites).toMatchObject({ viewed_enabled: true, favorites_enabled: true });
  });

  it('changes the used sold period and strategy, keeps the rest, and audits the change', async () => {
    const response = await patchSettings(managerA, siteA, { used_settings: { sold_period: 'three_months', sold_strategy: 'redirect_to_list', root_page_id: pageA, template_id: templateA, visual_settings: { cards_per_row: 4 } } });
    expect(response.statusCode, response.body).toBe(200);
    const again = (await settingsOf(reader, siteA)).json().data.attributes;
    expect(again.stored).toBe(true);
    expect(again.used_settings).toMatchObject({ sold_period: 'three_months', sold_strategy: 'redirect_to_list', root_page_id: pageA, template_id: templateA, visual_settings: { cards_per_row: 4, list_view: 'grid' } });
    expect(again.new_settings.sold_period).toBe('one_month');
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.service, 'cars.stock.sites'), eq(auditLog.record_id, String(siteA))));
    expect(entry).toMatchObject({ action: 'create', resource: 'stock_settings', client_id: clientA });
  });

  it('refuses a page or template of another site, even of the same client, on its field, changing nothing', async () => {
    const page = await patchSettings(managerA, siteA, { new_settings: { root_page_id: pageA2, sold_period: 'six_months' } });
    expect(page.statusCode).toBe(400);
    expect(errorsOf(page)[0]).toMatchObject({ code: 'stock_settings_page_not_site', title: 'This is not a page of this site', source: { pointer: '/data/attributes/new_settings/root_page_id' } });
    const root = await patchSettings(managerA, siteA, { root_catalog_id: pageA2 }, 'ru');
    expect(errorsOf(root)[0]).toMatchObject({ title: 'Это не страница этого сайта', source: { pointer: '/data/attributes/root_catalog_id' } });
    const template = await patchSettings(managerA, siteA, { used_settings: { sold_template_id: templateA2 } });
    expect(errorsOf(template)[0]).toMatchObject({ code: 'stock_settings_template_not_site', source: { pointer: '/data/attributes/used_settings/sold_template_id' } });
    expect((await settingsOf(managerA, siteA)).json().data.attributes.new_settings.sold_period).toBe('one_month');
  });

  it('refuses unknown periods, strategies and fields with a message in the caller\'s language', async () => {
    const en = await patchSettings(managerA, siteA, { used_settings: { sold_period: 'two_weeks' } });
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)[0]).toMatchObject({ title: 'The sold storage period is infinitely, 1, 3 or 6 months, or do not store', source: { pointer: '/data/attributes/used_settings/sold_period' } });
    const ru = await patchSettings(managerA, siteA, { used_settings: { sold_strategy: 'hide' } }, 'ru');
    expect(errorsOf(ru)[0]!.title).toBe('Стратегия удаления проданных: ничего, редирект на список, редирект на страницу модели');
    expect((await patchSettings(managerA, siteA, { client_id: clientB })).statusCode).toBe(400);
    expect((await patchSettings(managerA, siteA, { viewed_favorites: { viewed_max_count: 0 } })).statusCode).toBe(400);
    expect((await settingsOf(managerA, siteA)).json().data.attributes.used_settings.sold_period).toBe('three_months');
  });

  it('keeps a smart contract link: https only, with {vin} and/or {id} and no other placeholder, empty by default and when cleared', async () => {
    expect((await settingsOf(managerA, siteA2)).json().data.attributes.smart_contract_link).toBeNull();
    const cases = [
      ['http://buy.example.com/{vin}', 'en', 'The smart contract link must start with https://'],
      ['buy.example.com/{vin}', 'ru', 'Ссылка на смарт-контракт должна начинаться с https://'],
      ['https://buy.example.com/deal', 'en', "Add {vin} or {id} to the link: the car's VIN or id goes there"],
      ['https://buy.example.com/deal?car={vin}&dealer={dealer}', 'ru', 'Подстановка {dealer} неизвестна: можно только {vin} и {id}'],
      ['https://buy.example.com/deal?car={Id}', 'en', 'The placeholder {Id} is unknown: only {vin} and {id} can be used'],
      ['https:///{id}', 'en', 'Invalid URL format'],
      ['https://buy.example.com/\u0007{id}', 'en', null],
      [`https://buy.example.com/${'x'.repeat(2000)}{id}`, 'en', null],
      [42, 'en', null],
    ] as const;
    for (const [link, lang, title] of cases) {
      const response = await patchSettings(managerA, siteA2, { smart_contract_link: link }, lang);
      expect(response.statusCode, String(link)).toBe(400);
      expect(errorsOf(response)[0]!.source?.pointer).toBe('/data/attributes/smart_contract_link');
      if (title) expect(errorsOf(response)[0]!.title).toBe(title);
    }
    expect((await settingsOf(managerA, siteA2)).json().data.attributes.stored).toBe(false);
    const link = ' https://buy.example.com/deal?vin={vin}&car={id} ';
    const saved = await patchSettings(managerA, siteA2, { smart_contract_link: link });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes.smart_contract_link).toBe(link.trim());
    // Another section's change keeps it; an empty text clears it.
    await patchSettings(managerA, siteA2, { used_settings: { sold_period: 'six_months' } });
    expect((await settingsOf(reader, siteA2)).json().data.attributes.smart_contract_link).toBe(link.trim());
    expect((await patchSettings(managerA, siteA2, { smart_contract_link: 'https://buy.example.com/car/{id}' })).json().data.attributes.smart_contract_link).toBe('https://buy.example.com/car/{id}');
    expect((await patchSettings(managerA, siteA2, { smart_contract_link: '' })).json().data.attributes.smart_contract_link).toBeNull();
    expect((await patchSettings(reader, siteA2, { smart_contract_link: link })).statusCode).toBe(403);
  });

  it('keeps each client to its own sites: another client\'s site is a 404, a reader cannot change', async () => {
    expect((await settingsOf(managerB, siteA)).statusCode).toBe(404);
    expect((await patchSettings(managerB, siteA, { used_settings: { sold_period: 'infinitely' } })).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/lss/${siteA}/selects`, { token: managerB })).statusCode).toBe(404);
    expect((await patchSettings(reader, siteA, { used_settings: { sold_period: 'infinitely' } })).statusCode).toBe(403);
    expect((await settingsOf(managerA, siteA)).json().data.attributes.used_settings.sold_period).toBe('three_months');
    expect((await settingsOf(managerB, siteB)).statusCode).toBe(200);
  });

  it('offers the site\'s own pages and templates for the selects', async () => {
    const { data } = (await t.request('GET', `${API}/lss/${siteA}/selects`, { token: reader })).json();
    expect(data.pages.map((page: { id: number }) => page.id).sort()).toEqual([pageA, showroomPageA].sort());
    expect(data.templates).toEqual([{ id: templateA, name: 'Карточка автомобиля' }]);
  });
});

describe('showroom pages', () => {
  const create = (token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/showroom_pages`, { token, lang, body: { data: { type: 'showroom_pages', attributes } } });

  it('places a page of the site per restyling, copying brand, model and generation', async () => {
    const response = await create(managerA, { site_id: siteA, restyling_id: chain.restyling, page_id: showroomPageA, external_id: 'SOL-20' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.attributes).toMatchObject({ site_id: siteA, client_id: clientA, brand_id: chain.brand, model_id: chain.model, generation_id: chain.generation, complectation_id: null });
    const second = await create(managerA, { site_id: siteA, restyling_id: chain.restyling, page_id: pageA });
    expect(second.statusCode).toBe(409);
    expect(errorsOf(second)[0]!.code).toBe('showroom_page_exists');
    expect((await create(managerA, { site_id: siteA, restyling_id: chain.restyling, complectation_id: chain.complectation, page_id: pageA })).statusCode).toBe(201);
  });

  it('refuses a page of another site and an equipment of another restyling', async () => {
    const page = await create(managerA, { site_id: siteA, restyling_id: chain.otherRestyling, page_id: pageA2 }, 'ru');
    expect(page.statusCode).toBe(400);
    expect(errorsOf(page)[0]).toMatchObject({ title: 'Это не страница этого сайта', source: { pointer: '/data/attributes/page_id' } });
    const equipment = await create(managerA, { site_id: siteA, restyling_id: chain.restyling, complectation_id: chain.otherComplectation, page_id: pageA });
    expect(errorsOf(equipment)[0]).toMatchObject({ code: 'showroom_page_complectation', source: { pointer: '/data/attributes/complectation_id' } });
  });

  it('keeps another client out', async () => {
    expect((await create(managerB, { site_id: siteA, restyling_id: chain.otherRestyling, page_id: pageA })).statusCode).toBe(400);
    const list = (await t.request('GET', `${API}/showroom_pages?filter[site_id]=${siteA}`, { token: managerB })).json();
    expect(list.data).toEqual([]);
  });
});

describe('custom filters', () => {
  const create = (attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/custom_filters`, { token: managerA, lang, body: { data: { type: 'custom_filters', attributes } } });

  it('keeps groups of filters, each a car field with a fitting control', async () => {
    const response = await create({ site_id: siteA, title_ru: 'Основные', title_en: 'Main', filters: [{ title_ru: 'Цена', field: 'final_price', type: 'range' }, { title_ru: 'Коробка', title_en: 'Gearbox', field: 'transmission', type: 'multiselect' }] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.attributes.filters).toHaveLength(2);
  });

  it('refuses a control that does not fit the field and a field twice, pointing at the filter', async () => {
    const type = await create({ site_id: siteA, title_ru: 'Плохие', filters: [{ title_ru: 'Год', field: 'year', type: 'checkbox' }] }, 'ru');
    expect(type.statusCode).toBe(400);
    expect(errorsOf(type)[0]).toMatchObject({ title: 'Этот тип фильтра не подходит к полю', source: { pointer: '/data/attributes/filters/0/type' } });
    const twice = await create({ site_id: siteA, title_ru: 'Дважды', filters: [{ title_ru: 'Год', field: 'year', type: 'range' }, { title_ru: 'Год 2', field: 'year', type: 'select' }] });
    expect(errorsOf(twice)[0]).toMatchObject({ title: 'The field is already in this filter group', source: { pointer: '/data/attributes/filters/1/field' } });
  });
});

describe('the sold period job', () => {
  const day = 24 * 60 * 60 * 1000;
  const now = new Date('2026-06-15T03:15:00Z');
  let n = 0;
  const car = async (siteId: number, clientId: number, isNew: boolean, soldDaysAgo: number | null, extra: Record<string, unknown> = {}) => {
    const [row] = await t.database.db
      .insert(cars)
      .values({ site_id: siteId, client_id: clientId, is_new: isNew, external_id: `JOB-${n++}`, brand_id: chain.brand, model_id: chain.model, generation_id: chain.generation, restyling_id: chain.restyling, year: 2022, status: soldDaysAgo === null ? 'active' : 'sold', sold_at: soldDaysAgo === null ? null : new Date(now.getTime() - soldDaysAgo * day), ...extra } as never)
      .returning();
    return row!.id;
  };
  const exists = async (id: number) => (await t.database.db.select({ id: cars.id }).from(cars).where(eq(cars.id, id))).length === 1;

  it('counts the period back from the run', () => {
    expect(soldCutoff('infinitely', now)).toBeNull();
    expect(soldCutoff('do_not_store', now)).toEqual(now);
    expect(soldCutoff('three_months', now)!.toISOString()).toBe('2026-03-15T03:15:00.000Z');
  });

  it('deletes sold cars past their kind\'s period, leaving the strategy\'s redirects, and keeps the rest', async () => {
    const db = t.database.db;
    // Site A: used three months with redirects to the list (saved above), new kept forever, redirected to the model page.
    expect((await patchSettings(managerA, siteA, { new_settings: { sold_period: 'infinitely' }, used_settings: { friendly_url: { enabled: true, with_year: true } } })).statusCode).toBe(200);
    const usedOld = await car(siteA, clientA, false, 100);
    const usedRecent = await car(siteA, clientA, false, 20);
    const usedActive = await car(siteA, clientA, false, null);
    const newOld = await car(siteA, clientA, true, 400);
    // Site A2: nothing saved (the defaults: one month, no redirect). Site B: do not store, redirect to the model page.
    const defaultOld = await car(siteA2, clientA, true, 40);
    const defaultRecent = await car(siteA2, clientA, true, 10);
    const pageB = (await db.insert(pages).values({ site_id: siteB, client_id: clientB, uri: '/auto' }).returning())[0]!.id;
    const modelPageB = (await db.insert(pages).values({ site_id: siteB, client_id: clientB, uri: '/auto/solaris' }).returning())[0]!.id;
    expect((await t.request('POST', `${API}/showroom_pages`, { token: managerB, body: { data: { attributes: { site_id: siteB, restyling_id: chain.restyling, page_id: modelPageB } } } })).statusCode).toBe(201);
    expect((await patchSettings(managerB, siteB, { new_settings: { sold_period: 'do_not_store', sold_strategy: 'redirect_to_model', root_page_id: pageB, friendly_url: { enabled: false } } })).statusCode).toBe(200);
    const newB = await car(siteB, clientB, true, 0);
    const newBOther = await car(siteB, clientB, true, 1, { restyling_id: chain.otherRestyling });

    const result = await applySoldPeriods(db, now);
    expect(result).toMatchObject({ deleted: 4, redirects: 3 });
    expect(await exists(usedOld)).toBe(false);
    for (const kept of [usedRecent, usedActive, newOld, defaultRecent]) expect(await exists(kept)).toBe(true);
    expect(await exists(defaultOld)).toBe(false);
    expect(await exists(newB)).toBe(false);
    expect(await exists(newBOther)).toBe(false);

    const siteRedirects = async (siteId: number) => (await db.select().from(redirects).where(eq(redirects.site_id, siteId))).map((row) => ({ from: row.from_uri, to: row.to_uri, type: row.created_type, code: row.code }));
    expect(await siteRedirects(siteA)).toEqual([{ from: `/cars/${(await db.select({ name: carBrands.name }).from(carBrands).where(eq(carBrands.id, chain.brand)))[0]!.name.toLowerCase().replace(/\s+/g, '-')}-solaris-2022-${usedOld}`, to: '/cars', type: 'auto', code: 301 }]);
    expect(await siteRedirects(siteA2)).toEqual([]);
    // The model page is the restyling's showroom page; a restyling without one goes to the list.
    expect((await siteRedirects(siteB)).sort((a, b) => a.from.localeCompare(b.from))).toEqual([
      { from: `/auto/${newB}`, to: '/auto/solaris', type: 'auto', code: 301 },
      { from: `/auto/${newBOther}`, to: '/auto', type: 'auto', code: 301 },
    ].sort((a, b) => a.from.localeCompare(b.from)));
    const deletions = await db.select().from(auditLog).where(and(eq(auditLog.service, 'cars.stock'), eq(auditLog.action, 'delete'), eq(auditLog.record_id, String(usedOld))));
    expect(deletions).toHaveLength(1);

    // A second run finds nothing more to do.
    expect(await applySoldPeriods(db, now)).toMatchObject({ deleted: 0, redirects: 0 });
    expect((await db.select().from(stockSiteSettings)).length).toBeGreaterThanOrEqual(2);
  });
});
