import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { stockSettingsDefaults, type StockKindSettings } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { carLabels } from '../cars.catalog/labels.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { customFilterGroups, stockSiteSettings } from '../cars.stock.sites/stock-settings.table.ts';
import { listSortSettings } from '../cars.sorting/sorting.table.ts';
import { applySoldPeriods } from '../cars.stock.sites/apply-sold-period.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { creditBanks, creditPacks, creditPrograms, creditProgramStates } from '../credit.calc/credit.table.ts';
import { STATE_STATUS } from '@dp/contracts';
import { solveChallenge } from '../request.storage/captcha.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { requests } from '../request.storage/request.table.ts';
import { addPage, publishedSite, unique, visit, type TestSite } from './site-renderer.fixtures.ts';
import { siteRendererOf } from './serve-site.ts';
import { loadCar, loadStockConfig, newCardMemo, STOCK_MODULES } from './site-stock.ts';
import { colorChain } from '../../test/resource-samples.ts';
import { benefitDiscounts, benefitPrograms } from '../benefits/benefit.table.ts';
import { carComplectations, carRestylings } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { showroomPages } from '../cars.stock.sites/stock-settings.table.ts';
import { restylingSorts } from '../cars.sorting/sorting.table.ts';
import { layoutStates, templates } from '../sites.context/content.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { catalogChain } from '../../test/resource-samples.ts';

/**
 * The stock on public sites: the stock settings' root pages list new and used cars with the site's
 * custom filters (counts under the other filters), sort settings, labels and paging; a car's page
 * at its friendly address with the request form for the car; sold cars; the modules that gate it;
 * and the site's pages changing at once when a car or a setting changes.
 */
let t: TestApp;
let s: TestSite;
let brands: { kia: number; lada: number };
let models: { rio: number; vesta: number };
let carIds: Record<string, number>;
let root: number;
const db = () => t.database.db;

const kind = (over: Partial<StockKindSettings> = {}): StockKindSettings => ({ ...stockSettingsDefaults().new_settings, root_page_id: root, ...over });
const car = (over: Partial<typeof cars.$inferInsert>) => ({ site_id: s.id, client_id: s.clientId, is_new: true, brand_id: brands.kia, model_id: models.rio, year: 2025, price: 2_000_000, final_price: 2_000_000, ...over });
const cards = (body: string) => [...body.matchAll(/<h2 class="car-card__title">([^<]*)<\/h2>/g)].map((match) => match[1]);
/** A page's body with the narrow and no-break spaces of formatted numbers as plain spaces. */
const body = async (url: string) => (await visit(t, s.host, url)).body.replace(/[\u00a0\u202f]/g, ' ');
/** The address of a car as the list links it. */
const hrefOf = async (id: number, list = '/cars') => new RegExp(`href="(/cars/[a-z0-9-]*${id})"`).exec(await body(list))?.[1];
const count = (body: string, value: string | number) => new RegExp(`value="${value}"[^>]*> [^<]* <span class="filter__count">(\\d+)</span>`).exec(body)?.[1];

beforeAll(async () => {
  t = await buildTestApp();
  requestStorageOf(t.app).captchaBits = 8;
  const [kia] = await db().insert(carBrands).values({ name: `Kia ${unique()}` }).returning();
  const [lada] = await db().insert(carBrands).values({ name: `Lada ${unique()}` }).returning();
  const [rio, vesta] = await db()
    .insert(carModels)
    .values([
      { name: 'Rio', name_ru: 'Рио', brand_id: kia!.id },
      { name: 'Vesta', brand_id: lada!.id },
    ])
    .returning();
  brands = { kia: kia!.id, lada: lada!.id };
  models = { rio: rio!.id, vesta: vesta!.id };
  s = await publishedSite(t);
  root = (await addPage(db(), s, '/cars', { caption: 'Автомобили в наличии', order: 5, floors: [{ floor_id: s.floors.form, values: {} }] }, { parent_id: s.pages.home.id })).id;
  await db().insert(stockSiteSettings).values({ site_id: s.id, client_id: s.clientId, new_settings: kind(), used_settings: kind({ sold_strategy: 'redirect_to_list' }), viewed_favorites: stockSettingsDefaults().viewed_favorites });
  await db()
    .insert(customFilterGroups)
    .values({
      site_id: s.id,
      client_id: s.clientId,
      title_ru: 'Основные',
      title_en: 'Main',
      filters: [
        { title_ru: 'Марка', title_en: 'Brand', field: 'brand_id', type: 'multiselect' },
        { title_ru: 'Коробка', title_en: 'Gearbox', field: 'transmission', type: 'multiselect' },
        { title_ru: 'Цена', title_en: 'Price', field: 'final_price', type: 'range' },
        { title_ru: 'Проверен', title_en: 'Certified', field: 'certification', type: 'checkbox' },
      ],
    });
  await db().insert(listSortSettings).values({ site_id: s.id, client_id: s.clientId, new_sort: { field: 'final_price', direction: 'asc' }, used_sort: { field: 'year', direction: 'desc' }, visitor_fields: ['final_price', 'year'] });
  await db().insert(carLabels).values([
    { site_id: s.id, client_id: s.clientId, name: 'Выгодно', name_en: 'Good deal', background: '#D4380D', sort: 20, conditions: [{ field: 'has_discount_price', operator: 'equal', operands: [true] }] },
    { site_id: s.id, client_id: s.clientId, name: 'Свежий', background: '#1677FF', sort: 10, type: 'badge', conditions: [{ field: 'year', operator: 'more_or_equal', operands: [2025] }] },
    { site_id: s.id, client_id: s.clientId, name: 'Скрытая', background: '#000000', sort: 1, hide: true, conditions: [{ field: 'year', operator: 'more', operands: [2000] }] },
  ]);
  const rows = await db()
    .insert(cars)
    .values([
      car({ external_id: 'a', transmission: 'АКПП', price: 1_500_000, final_price: 1_400_000, tradein_discount: 100_000 }),
      car({ external_id: 'b', transmission: 'МКПП', price: 1_200_000, final_price: 1_200_000, year: 2024 }),
      car({ external_id: 'c', transmission: 'АКПП', brand_id: brands.lada, model_id: models.vesta, price: 1_100_000, final_price: 1_100_000, certification: true }),
      car({ external_id: 'd', transmission: 'АКПП', status: 'not_active', price: 900_000, final_price: 900_000 }),
      car({ external_id: 'used', is_new: false, mileage: 42_000, year: 2019, price: 900_000, final_price: 900_000 }),
      car({ external_id: 'sold', is_new: false, status: 'sold', sold_at: new Date(), mileage: 10_000, year: 2021, price: 1_000_000, final_price: 1_000_000 }),
    ])
    .returning({ id: cars.id, external_id: cars.external_id });
  carIds = Object.fromEntries(rows.map((row) => [row.external_id!, row.id]));
});
afterAll(() => t?.close());

describe('a stock list page', () => {
  it('lists the offered new cars in the site order, with their labels, prices and the new/used switch', async () => {
    expect((await visit(t, s.host, '/cars')).statusCode).toBe(200);
    const page = { body: await body('/cars') };
    // Final price ascending (the site's new_sort); the inactive car is not offered.
    const titles = cards(page.body);
    expect(titles).toHaveLength(3);
    expect(titles[0]).toContain('Vesta');
    expect(titles[2]).toContain('Рио');
    expect(page.body).toContain('Автомобилей: 3');
    expect(page.body).toContain('<s><span class="visually-hidden">Цена без скидки: </span>1 500 000 ₽</s>');
    expect(page.body).toContain('<strong>1 400 000 ₽</strong>');
    // Labels: the discount label as a tag, the year label as a badge, the hidden one never; colours by rule.
    expect(page.body).toMatch(/car-card__tags"><li class="car-label car-label--\d+">Выгодно<\/li>/);
    expect(page.body).toMatch(/car-card__badges"><li class="car-label car-label--\d+">Свежий<\/li>/);
    expect(page.body).not.toContain('Скрытая');
    expect(page.body).toMatch(/\.car-label--\d+\{background:#D4380D;color:#FFFFFF\}/);
    expect(page.body).toContain('<span aria-current="page">Новые</span>');
    const used = { body: await body('/cars?type=used') };
    expect(used.body).toContain('Автомобилей: 1');
    expect(used.body).toContain('42 000 км');
  });

  it('filters by the site filters, each counted under the other filters, with the state in the address', async () => {
    const byGearbox = (await body('/cars?transmission=%D0%90%D0%9A%D0%9F%D0%9F'));
    expect(byGearbox).toContain('Автомобилей: 2');
    // Brand counts under the gearbox filter: one Kia and one Lada with an automatic.
    expect(count(byGearbox, brands.kia)).toBe('1');
    expect(count(byGearbox, brands.lada)).toBe('1');
    // The gearbox's own counts ignore its own choice.
    expect(count(byGearbox, 'МКПП')).toBe('1');
    expect(byGearbox).toContain('value="АКПП" checked');
    const kiaAuto = (await body(`/cars?brand_id=${brands.kia}&transmission=%D0%90%D0%9A%D0%9F%D0%9F&final_price_to=1450000`));
    expect(kiaAuto).toContain('Автомобилей: 1');
    expect(cards(kiaAuto)).toHaveLength(1);
    const certified = (await body('/cars?certification=1'));
    expect(certified).toContain('Автомобилей: 1');
    expect(cards(certified)[0]).toContain('Vesta');
    // A value of a wrong shape is left out rather than refused.
    expect((await body('/cars?brand_id=abc&final_price_from=x'))).toContain('Автомобилей: 3');
  });

  it('filters and counts by a filter added to the settings at once', async () => {
    const [group] = await db().select().from(customFilterGroups).where(eq(customFilterGroups.site_id, s.id));
    await db().update(cars).set({ body: 'Седан' }).where(eq(cars.id, carIds.a!));
    expect(await body('/cars')).not.toContain('name="body"');
    await db().update(customFilterGroups).set({ filters: [...group!.filters, { title_ru: 'Кузов', title_en: 'Body', field: 'body', type: 'multiselect' }] }).where(eq(customFilterGroups.id, group!.id));
    try {
      expect(count(await body('/cars'), 'Седан')).toBe('1');
      expect(cards(await body('/cars?body=%D0%A1%D0%B5%D0%B4%D0%B0%D0%BD'))).toHaveLength(1);
    } finally {
      await db().update(customFilterGroups).set({ filters: group!.filters }).where(eq(customFilterGroups.id, group!.id));
      await db().update(cars).set({ body: null }).where(eq(cars.id, carIds.a!));
    }
  });

  it('is noindex with the plain list as canonical when filtered, and indexable when not', async () => {
    const plain = (await body('/cars'));
    expect(plain).not.toContain('name="robots"');
    expect(plain).toContain(`<link rel="canonical" href="https://${s.host}/cars">`);
    const filtered = (await body(`/cars?brand_id=${brands.kia}&sort=year_desc`));
    expect(filtered).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(filtered).toContain(`<link rel="canonical" href="https://${s.host}/cars">`);
    expect((await body('/cars?type=used'))).toContain(`<link rel="canonical" href="https://${s.host}/cars?type=used">`);
  });

  it("takes the visitor's order among the site's visitor fields only", async () => {
    const byYear = (await body('/cars?sort=year_asc'));
    expect(cards(byYear)[0]).toContain('Рио');
    expect(byYear).toMatch(/<option value="year_asc" selected>/);
    // mileage is not a visitor field of this site: the site's order stays.
    expect(cards((await body('/cars?sort=mileage_asc')))[0]).toContain('Vesta');
  });

  it('pages the list, keeping the filters in the page links', async () => {
    await db().insert(cars).values(Array.from({ length: 13 }, (_, i) => car({ external_id: `bulk-${i}`, transmission: 'АКПП', price: 3_000_000 + i, final_price: 3_000_000 + i })));
    const second = (await body('/cars?transmission=%D0%90%D0%9A%D0%9F%D0%9F&page=2'));
    expect(second).toContain('Автомобилей: 15');
    expect(cards(second)).toHaveLength(3);
    expect(second).toContain('href="/cars?transmission=%D0%90%D0%9A%D0%9F%D0%9F" rel="prev"');
    await db().delete(cars).where(and(eq(cars.site_id, s.id), sql`${cars.external_id} like 'bulk-%'`));
  });

  it('changes at once when a car, a label or a setting changes', async () => {
    expect((await body('/cars'))).toContain('Автомобилей: 3');
    await db().update(cars).set({ status: 'active' }).where(eq(cars.id, carIds.d!));
    expect((await body('/cars'))).toContain('Автомобилей: 4');
    await db().update(cars).set({ status: 'not_active' }).where(eq(cars.id, carIds.d!));
    await db().update(carLabels).set({ name: 'Скидка!' }).where(and(eq(carLabels.site_id, s.id), eq(carLabels.name, 'Выгодно')));
    expect((await body('/cars'))).toContain('>Скидка!</li>');
    await db().update(listSortSettings).set({ new_sort: { field: 'final_price', direction: 'desc' } }).where(eq(listSortSettings.site_id, s.id));
    expect(cards((await body('/cars')))[0]).toContain('Рио');
    await db().update(listSortSettings).set({ new_sort: { field: 'final_price', direction: 'asc' } }).where(eq(listSortSettings.site_id, s.id));
    // A page at another address draws the cards the pages before it read: a change reaches it too.
    expect(await body('/cars?sort=year_asc')).toContain('1 400 000');
    await db().update(cars).set({ final_price: 1_350_000 }).where(eq(cars.id, carIds.a!));
    const repriced = await body('/cars?sort=year_desc');
    expect(repriced).toContain('1 350 000');
    expect(repriced).not.toContain('1 400 000');
    await db().update(cars).set({ final_price: 1_400_000 }).where(eq(cars.id, carIds.a!));
  });

  it("shows the monthly payment of the site's credit offers while credit_calc is active", async () => {
    expect(await body('/cars')).not.toContain('₽/мес.');
    const terms = { car_type: 'new' as const, term_min: 12, term_max: 84, down_payment_min: 10, down_payment_max: 90, residual_min: 0, residual_max: 40, loan_amount_min: 100_000, loan_amount_max: 10_000_000, interest_rate: 14.9 };
    const [bank] = await db().insert(creditBanks).values({ client_id: s.clientId, name: `Банк ${unique()}` }).returning();
    const [program] = await db().insert(creditPrograms).values({ client_id: s.clientId, bank_id: bank!.id, name: 'Новые', car_age_limit: -1, ...terms }).returning();
    await db().insert(creditProgramStates).values({ program_id: program!.id, client_id: s.clientId, car_age: -1, ...terms, status: STATE_STATUS.published, version: 1, published_at: new Date() });
    await db().insert(creditPacks).values({ client_id: s.clientId, name: 'Пакет', program_ids: [program!.id] });
    // The cheapest car (1 100 000 ₽) with the default 20 % down over 36 months at 14.9 %: an annuity computed here.
    const r = 0.149 / 12;
    const expected = Math.ceil((880_000 * r) / (1 - Math.pow(1 + r, -36)));
    const shown = Number(/от ([\d ]+) ₽\/мес\./.exec(await body('/cars'))?.[1]!.replace(/ /g, ''));
    expect(Math.abs(shown - expected)).toBeLessThanOrEqual(1);
    const [module] = await db().select({ id: modules.id }).from(modules).where(eq(modules.code, 'credit_calc'));
    await db().update(moduleInstallations).set({ active: false }).where(and(eq(moduleInstallations.site_id, s.id), eq(moduleInstallations.module_id, module!.id)));
    expect(await body('/cars')).not.toContain('₽/мес.');
    await db().update(moduleInstallations).set({ active: true }).where(and(eq(moduleInstallations.site_id, s.id), eq(moduleInstallations.module_id, module!.id)));
  });

  it("keeps the list on the page's answer to a posted form", async () => {
    const posted = await t.app.inject({ method: 'POST', url: '/cars', headers: { host: s.host, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _form: 'main-0', name: 'Гость', phone: '1' }).toString() });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain('Введите телефон в формате');
    expect(posted.body).toContain('Автомобилей: 3');
  });

    it('notifies each site once for a statement that writes many cars', async () => {
    const heard: string[] = [];
    let markerHeard: () => void = () => undefined;
    const marker = new Promise<void>((resolve) => (markerHeard = resolve));
    const stop = await t.database.listen('dp_site_render', { onPayload: (payload) => (payload === 'marker' ? markerHeard() : heard.push(payload)) });
    await db().update(cars).set({ description: 'bulk' }).where(eq(cars.site_id, s.id));
    // Notifications arrive in commit order: the marker comes after the update's.
    await t.database.executeSql(`select pg_notify('dp_site_render', 'marker')`);
    await marker;
    await stop();
    expect(heard.filter((payload) => payload === String(s.id))).toHaveLength(1);
  });

  it('shows the page as it is when the module of the kind is not active', async () => {
    const [module] = await db().select({ id: modules.id }).from(modules).where(eq(modules.code, 'available_cars'));
    await db().update(moduleInstallations).set({ active: false }).where(and(eq(moduleInstallations.site_id, s.id), eq(moduleInstallations.module_id, module!.id)));
    const page = { body: await body('/cars') };
    // The used list is still there (its module is active); the new one and its cars are not.
    expect(page.body).toContain('Автомобилей: 1');
    expect(page.body).not.toContain('Новые');
    expect((await visit(t, s.host, `/cars/${carIds.a}`)).statusCode).toBe(404);
    await db().update(moduleInstallations).set({ active: true }).where(and(eq(moduleInstallations.site_id, s.id), eq(moduleInstallations.module_id, module!.id)));
    expect((await body('/cars'))).toContain('Автомобилей: 3');
  });
});

describe("a car's page", () => {
  it('answers at its friendly address, sending other addresses of the car there', async () => {
    const list = (await body('/cars'));
    const href = new RegExp(`href="(/cars/[a-z0-9-]*-${carIds.a})"`).exec(list)?.[1];
    expect(href).toMatch(/^\/cars\/kia-[a-z0-9]+-rio-\d+$/);
    const page = await visit(t, s.host, href!);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="https://${s.host}${href}">`);
    expect(page.body).toContain('"@type":"Car"');
    expect(page.body).toContain('"offers":{"@type":"Offer","price":1400000,"priceCurrency":"RUB"');
    expect(page.body).toContain('При сдаче автомобиля в трейд-ин');
    const moved = await visit(t, s.host, `/cars/${carIds.a}`);
    expect([moved.statusCode, moved.headers.location]).toEqual([301, href]);
    // Another site's car, or an inactive one, is not a page here.
    expect((await visit(t, s.host, `/cars/${carIds.d}`)).statusCode).toBe(404);
    expect((await visit(t, s.host, '/cars/999999999')).statusCode).toBe(404);
    // The site map lists it.
    expect((await body('/sitemap.xml'))).toContain(`https://${s.host}${href}</loc>`);
  });

  it('answers the pages of cars asked together each with its own car, and those not offered here with 404', async () => {
    // A change of the site's cars drops its kept pages: every page below reads its car.
    await db().update(cars).set({ description: `touched ${unique()}` }).where(eq(cars.id, carIds.d!));
    const prices: Record<string, number> = { a: 1_400_000, b: 1_200_000, c: 1_100_000, used: 900_000 };
    const names = Object.keys(prices);
    await siteRendererOf(t.app).cache.sync();
    const moved = await Promise.all(names.map((name) => visit(t, s.host, `/cars/${carIds[name]}`, { settle: false })));
    expect(moved.map((answer) => answer.statusCode)).toEqual(names.map(() => 301));
    const hrefs = moved.map((answer) => String(answer.headers.location));
    await siteRendererOf(t.app).cache.sync();
    const pages = await Promise.all([...hrefs, `/cars/${carIds.d}`, '/cars/999999999', hrefs[0]!].map((href) => visit(t, s.host, href, { settle: false })));
    expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200, 200, 404, 404, 200]);
    names.forEach((name, i) => {
      expect(pages[i]!.body).toContain(`<link rel="canonical" href="https://${s.host}${hrefs[i]}">`);
      expect(pages[i]!.body).toContain(`"offers":{"@type":"Offer","price":${prices[name]},"priceCurrency":"RUB"`);
    });
    expect(pages[2]!.body).toContain('Vesta');
    expect(pages[6]!.body).toBe(pages[0]!.body);
  });

  it('reads the cars of car pages asked while a read runs together, each page its own car in its language', async () => {
    const config = (await loadStockConfig(db(), s.id, s.clientId, new Set(Object.values(STOCK_MODULES))))!;
    const lists = config.byRootPage.get(root)!;
    const memo = newCardMemo(() => {});
    // The first read runs at once; the others, asked while it runs, are read together after it.
    const asked: [number, 'ru' | 'en'][] = [[carIds.a!, 'ru'], [carIds.b!, 'ru'], [carIds.a!, 'en'], [carIds.c!, 'ru'], [carIds.used!, 'en'], [carIds.d!, 'ru'], [999_999_999, 'ru'], [carIds.a!, 'ru']];
    const found = await Promise.all(asked.map(([id, lang]) => loadCar(db(), s.id, s.clientId, config, lists, id, lang, memo)));
    expect(found.map((one) => one && [one.car.id, one.car.model, one.car.final_price, one.list.kind])).toEqual([
      [carIds.a, 'Рио', 1_400_000, 'new'],
      [carIds.b, 'Рио', 1_200_000, 'new'],
      [carIds.a, 'Rio', 1_400_000, 'new'],
      [carIds.c, 'Vesta', 1_100_000, 'new'],
      [carIds.used, 'Rio', 900_000, 'used'],
      null,
      null,
      [carIds.a, 'Рио', 1_400_000, 'new'],
    ]);
  });

  it("draws the layout's header and footer as every page of the site does, a footer form posting to the page it is on", async () => {
    await db().update(layoutStates).set({ footer_floors: [{ floor_id: s.floors.footer, values: {} }, { floor_id: s.floors.form, values: {} }] }).where(eq(layoutStates.id, s.layoutStateId));
    try {
      const footer = (page: string) => /<footer class="site-footer">([\s\S]*)<\/footer>/.exec(page)?.[1] ?? '';
      const header = (page: string) => /<header class="site-header">([\s\S]*)<\/header>/.exec(page)?.[1] ?? '';
      const [hrefA, hrefB] = [await hrefOf(carIds.a!), await hrefOf(carIds.b!)];
      const [carA, carB, list, filtered] = [await body(hrefA!), await body(hrefB!), await body('/cars'), await body(`/cars?brand_id=${brands.kia}`)];
      expect(footer(carA)).toContain(`action="${hrefA}#footer-1"`);
      expect(footer(carB)).toContain(`action="${hrefB}#footer-1"`);
      expect(footer(list)).toContain('action="/cars#footer-1"');
      // The list's own menu entry is current on its pages, on no car's page.
      expect(header(list)).toContain('href="/cars" aria-current="page"');
      expect(header(filtered)).toBe(header(list));
      expect(header(carA)).not.toContain('aria-current');
      expect(header(carB)).toBe(header(carA));
    } finally {
      await db().update(layoutStates).set({ footer_floors: [{ floor_id: s.floors.footer, values: {} }] }).where(eq(layoutStates.id, s.layoutStateId));
    }
  });

  it('follows the friendly URL setting', async () => {
    await db().update(stockSiteSettings).set({ new_settings: kind({ friendly_url: { enabled: false, with_year: false } }) }).where(eq(stockSiteSettings.site_id, s.id));
    expect((await visit(t, s.host, `/cars/${carIds.a}`)).statusCode).toBe(200);
    expect((await body('/cars'))).toContain(`href="/cars/${carIds.a}"`);
    await db().update(stockSiteSettings).set({ new_settings: kind() }).where(eq(stockSiteSettings.site_id, s.id));
  });

  it("links the online purchase from the car page and the list's cards with the smart contract link, the car's values escaped", async () => {
    const link = 'https://buy.example.com/deal?vin={vin}&car={id}&src=site';
    await db().update(cars).set({ vin: 'XW8ZZZ61ZKG000001' }).where(eq(cars.id, carIds.a!));
    // Stored data may come from anywhere: a value the link carries is percent-encoded.
    await db().update(cars).set({ vin: 'X&Y"<Z' }).where(eq(cars.id, carIds.c!));
    await db().update(stockSiteSettings).set({ smart_contract_link: link }).where(eq(stockSiteSettings.site_id, s.id));
    const buyA = `https://buy.example.com/deal?vin=XW8ZZZ61ZKG000001&amp;car=${carIds.a}&amp;src=site`;
    const page = await body((await hrefOf(carIds.a!))!);
    expect(page).toContain(`<a class="btn btn--outline btn--full car-page__buy" href="${buyA}">Купить онлайн</a>`);
    const list = await body('/cars');
    expect(list).toContain(`<p class="car-card__buy"><a href="${buyA}">Купить онлайн</a></p>`);
    expect(list).toContain(`href="https://buy.example.com/deal?vin=X%26Y%22%3CZ&amp;car=${carIds.c}&amp;src=site"`);
    // A car without a VIN has no link of a {vin} link; an {id} link reaches every car.
    expect(await body((await hrefOf(carIds.b!))!)).not.toContain('car-page__buy');
    await db().update(stockSiteSettings).set({ smart_contract_link: 'https://buy.example.com/car/{id}' }).where(eq(stockSiteSettings.site_id, s.id));
    expect(await body((await hrefOf(carIds.b!))!)).toContain(`href="https://buy.example.com/car/${carIds.b}">Купить онлайн</a>`);
    // A sold car is not for sale.
    const sold = await visit(t, s.host, String((await visit(t, s.host, `/cars/${carIds.sold}`)).headers.location));
    expect(sold.body).toContain('Этот автомобиль уже продан');
    expect(sold.body).not.toContain('Купить онлайн');
    // Without a link nothing shows.
    await db().update(stockSiteSettings).set({ smart_contract_link: null }).where(eq(stockSiteSettings.site_id, s.id));
    expect(await body('/cars')).not.toContain('Купить онлайн');
    expect(await body((await hrefOf(carIds.a!))!)).not.toContain('Купить онлайн');
    await db().update(cars).set({ vin: null }).where(inArray(cars.id, [carIds.a!, carIds.c!]));
  });

  it('sends a cars-in-stock request with the car through the intake', async () => {
    const ip = '10.88.0.1';
    const href = await hrefOf(carIds.b!);
    const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: s.host }, remoteAddress: ip })).json().data.challenge as string;
    const name = `Покупатель ${unique()}`;
    const fields = { _form: 'car', name, phone: '+7 (916) 123-45-67', comment: 'Когда можно посмотреть?', consent: 'on' };
    const post = (extra: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: href!, headers: { host: s.host, 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: ip, payload: new URLSearchParams({ ...fields, ...extra }).toString() });
    // An error: nothing stored, the message in the site's language.
    const wrong = await post({ phone: '123', captcha_challenge: challenge, captcha_nonce: solveChallenge(challenge) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Введите телефон в формате');
    const sent = await post({ captcha_challenge: challenge, captcha_nonce: solveChallenge(challenge) });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Заявка отправлена');
    const [stored] = await db().select().from(requests).where(and(eq(requests.site_id, s.id), eq(requests.name, name)));
    expect(stored!.type).toBe(5);
    expect(stored!.fields).toMatchObject({ car_id: carIds.b, car: expect.stringMatching(/^Kia .* Рио, 2024$/) });
    expect(stored!.text).toBe('Когда можно посмотреть?');
    // Without the captcha's answer the intake refuses it.
    expect((await post({})).body).toContain('включите JavaScript');
  });

  it("books a test drive of the car's model from its page", async () => {
    const ip = '10.88.0.2';
    const href = await hrefOf(carIds.b!);
    const page = await body(href!);
    // The model's select holds the car's model, chosen.
    expect(page).toMatch(new RegExp(`<input type="hidden" name="_form" value="car_test_drive">`));
    expect(page).toMatch(new RegExp(`<option value="${models.rio}" selected>Рио</option>`));
    const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: s.host }, remoteAddress: ip })).json().data.challenge as string;
    const name = `Тест-драйв ${unique()}`;
    const fields = { _form: 'car_test_drive', name, phone: '+7 (916) 123-45-68', model: String(models.rio), time: '2030-12-05T11:30', consent: 'on', captcha_challenge: challenge, captcha_nonce: solveChallenge(challenge) };
    const sent = await t.app.inject({ method: 'POST', url: href!, headers: { host: s.host, 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: ip, payload: new URLSearchParams(fields).toString() });
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(200);
    const [stored] = await db().select().from(requests).where(and(eq(requests.site_id, s.id), eq(requests.name, name)));
    expect(stored!.type).toBe(3);
    expect(stored!.fields).toMatchObject({ model_id: models.rio, time: '2030-12-05 11:30' });
  });

  it('shows a sold car as sold while the sold period keeps it, without the form', async () => {
    const page = await visit(t, s.host, `/cars/${carIds.sold}`);
    const location = String(page.headers.location);
    const sold = await visit(t, s.host, location);
    expect(sold.statusCode).toBe(200);
    expect(sold.body).toContain('Этот автомобиль уже продан');
    expect(sold.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(sold.body).not.toContain('name="_form"');
    expect(sold.body).toContain('"availability":"https://schema.org/SoldOut"');
    // Not listed any more.
    expect((await body('/cars?type=used'))).toContain('Автомобилей: 1');
  });

  it('redirects the address of a sold car the period removed as the sold strategy says', async () => {
    const address = String((await visit(t, s.host, `/cars/${carIds.sold}`)).headers.location);
    // Two months later the used cars' one-month period is over: the car goes, its address leads to the list.
    await applySoldPeriods(db(), new Date(Date.now() + 62 * 24 * 3600 * 1000));
    const gone = await visit(t, s.host, address);
    expect([gone.statusCode, gone.headers.location]).toEqual([301, '/cars']);
  });

  it("shows the dealer's discounts on the car's complectation valid today, for the cars they are for", async () => {
    const chain = await colorChain(t);
    // A credit programme the discount combines with: its payment is on the price the discount lowers.
    const terms = { car_type: 'new' as const, term_min: 12, term_max: 84, down_payment_min: 10, down_payment_max: 90, residual_min: 0, residual_max: 40, loan_amount_min: 100_000, loan_amount_max: 10_000_000, interest_rate: 0.5 };
    const [bank] = await db().insert(creditBanks).values({ client_id: s.clientId, name: `Банк ${unique()}` }).returning();
    const [credit] = await db().insert(creditPrograms).values({ client_id: s.clientId, bank_id: bank!.id, name: 'С выгодой', car_age_limit: -1, ...terms }).returning();
    await db().insert(creditProgramStates).values({ program_id: credit!.id, client_id: s.clientId, car_age: -1, ...terms, status: STATE_STATUS.published, version: 1, published_at: new Date() });
    await db().insert(creditPacks).values({ client_id: s.clientId, name: 'С выгодой', program_ids: [credit!.id] });
    const [program] = await db().insert(benefitPrograms).values({ client_id: s.clientId, name: 'Выгода дилера', code: `dealer-${unique()}`, disclaimer: 'До конца месяца', owners_from: 1, owners_to: 1, combined_program_ids: [credit!.id] }).returning();
    const dates = { start_date: '2020-01-01', end_date: '2099-12-31' };
    await db().insert(benefitDiscounts).values({ client_id: s.clientId, program_id: program!.id, marketing_complectation_id: chain.marketing, brand_id: chain.brand, model_id: chain.model, discount_sum: 150_000, ...dates });
    const ofChain = { brand_id: chain.brand, model_id: chain.model, marketing_complectation_id: chain.marketing };
    const [fresh, used] = await db()
      .insert(cars)
      .values([car({ external_id: `mc-new-${unique()}`, ...ofChain }), car({ external_id: `mc-used-${unique()}`, is_new: false, mileage: 20_000, owners: 1, year: 2022, ...ofChain })])
      .returning({ id: cars.id });
    const pageOf = async (id: number) => {
      const first = await visit(t, s.host, `/cars/${id}`);
      return (await visit(t, s.host, String(first.headers.location ?? `/cars/${id}`))).body.replace(/[\u00a0\u202f]/g, ' ');
    };
    const newCar = await pageOf(fresh!.id);
    expect(newCar).toMatch(/<span>Выгода дилера<\/span> <strong>−150 000 ₽<\/strong><small class="car-savings__note">До конца месяца<\/small>/);
    // The list's card shows the same payment as the car's page: on the price the discount lowers.
    const monthlyOf = (html: string) => /от ([\d ]+) ₽\/мес\./.exec(html)?.[1];
    const cardsOn = async (page: number) => [...(await body(`/cars?page=${page}`)).replace(/[\u00a0\u202f]/g, ' ').matchAll(/<li class="car-card">[\s\S]*?<\/a>/g)].map((match) => match[0]);
    let card: string | undefined;
    for (let page = 1; !card && page <= 5; page++) card = (await cardsOn(page)).find((one) => one.includes(`-${fresh!.id}"`));
    expect(monthlyOf(newCar)).toBeDefined();
    expect(monthlyOf(card!)).toBe(monthlyOf(newCar));
    // A new car's buyer is its first owner; after one owner the program (owners 1 to 1) no longer applies.
    expect(await pageOf(used!.id)).not.toContain('Выгода дилера');
  });
});

describe('model pages, sold templates and benefits on cards', () => {
  let a: Awaited<ReturnType<typeof colorChain>>;
  let b: Awaited<ReturnType<typeof catalogChain>>;
  let catalogPage: number;
  let modelIds: { a: number; b: number };
  let cheap: number;

  beforeAll(async () => {
    a = await colorChain(t);
    b = await catalogChain(t);
    await db().update(carRestylings).set({ marketing_name: 'Рестайлинг A' }).where(eq(carRestylings.id, a.restyling));
    const [picture] = await db().insert(mediaFiles).values({ client_id: s.clientId, name: 'front.jpg', mime: 'image/jpeg', ext: 'jpg', kind: 'image', size: 100, driver: 'local', key: `model-${unique()}` }).returning();
    await db().update(carComplectations).set({ image_id: picture!.id }).where(eq(carComplectations.id, a.complectation));
    await db().insert(carMarketingComplectations).values({ code: `LUX${unique()}`, name: 'Luxe', complectation_id: a.complectation, restyling_id: a.restyling, generation_id: a.generation, model_id: a.model, brand_id: a.brand });
    catalogPage = (await addPage(db(), s, '/models', { caption: 'Модельный ряд', order: 6 }, { parent_id: s.pages.home.id })).id;
    const pageA = await addPage(db(), s, '/models/a', { caption: 'Модель A' }, { parent_id: catalogPage });
    const pageB = await addPage(db(), s, '/models/b', { caption: 'Модель B' }, { parent_id: catalogPage });
    modelIds = { a: pageA.id, b: pageB.id };
    await db().insert(showroomPages).values([
      { site_id: s.id, client_id: s.clientId, brand_id: a.brand, model_id: a.model, generation_id: a.generation, restyling_id: a.restyling, page_id: pageA.id },
      { site_id: s.id, client_id: s.clientId, brand_id: b.brand, model_id: b.model, generation_id: b.generation, restyling_id: b.restyling, page_id: pageB.id },
    ]);
    await db().insert(restylingSorts).values([
      { site_id: s.id, client_id: s.clientId, brand_id: b.brand, model_id: b.model, restyling_id: b.restyling, sort: 1 },
      { site_id: s.id, client_id: s.clientId, brand_id: a.brand, model_id: a.model, restyling_id: a.restyling, sort: 2 },
    ]);
    await db().update(stockSiteSettings).set({ root_catalog_id: catalogPage }).where(eq(stockSiteSettings.site_id, s.id));
    const ofA = { brand_id: a.brand, model_id: a.model, generation_id: a.generation, restyling_id: a.restyling, complectation_id: a.complectation, marketing_complectation_id: a.marketing };
    const rows = await db()
      .insert(cars)
      .values([car({ external_id: `model-a1-${unique()}`, ...ofA, price: 2_500_000, final_price: 2_500_000 }), car({ external_id: `model-a2-${unique()}`, ...ofA, price: 2_300_000, final_price: 2_300_000 })])
      .returning({ id: cars.id });
    cheap = rows[1]!.id;
  });

  it("shows the model's gallery, its complectations from their lowest stock price and its cars", async () => {
    const page = await body('/models/a');
    expect(page).toContain('<h1>Модель A</h1>');
    expect(page).toMatch(/<img src="\/files\/[^"]+\.jpg" alt="[^"]*Рестайлинг A, фото 1"/);
    // Elegance has two cars in stock (from the cheaper one); Luxe none.
    expect(page).toMatch(/<span class="showroom-trim__name">Elegance<\/span><strong class="showroom-trim__price">от 2 300 000 ₽<\/strong><span class="showroom-trim__count">В наличии: 2<\/span>/);
    expect(page).toMatch(/<span class="showroom-trim__name">Luxe<\/span><span class="showroom-trim__count">Нет в наличии<\/span>/);
    expect(cards(page)).toHaveLength(2);
    expect(page).toMatch(new RegExp(`href="/cars/[a-z0-9-]*-${cheap}"`));
    // Model B has no cars: it says so and offers the list.
    const other = await body('/models/b');
    expect(other).toContain('Автомобилей этой модели сейчас нет в наличии');
    expect(other).toContain('href="/cars"');
  });

  it('links the model page from the car page', async () => {
    const href = new RegExp(`href="(/cars/[a-z0-9-]*-${cheap})"`).exec(await body('/models/a'))?.[1];
    const page = await body(href!);
    expect(page).toContain('<a class="btn btn--outline btn--full" href="/models/a">О модели</a>');
  });

  it('follows a change of the catalogue at once (the pages show its names)', async () => {
    expect(await body('/models')).toContain('Рестайлинг A');
    await db().update(carRestylings).set({ marketing_name: 'Рестайлинг A 2026' }).where(eq(carRestylings.id, a.restyling));
    try {
      expect(await body('/models')).toContain('Рестайлинг A 2026');
    } finally {
      await db().update(carRestylings).set({ marketing_name: 'Рестайлинг A' }).where(eq(carRestylings.id, a.restyling));
    }
    expect(await body('/models')).not.toContain('Рестайлинг A 2026');
  });

  it('lists the model pages on the root catalogue page in the order the admin sets, and follows a change at once', async () => {
    const order = (page: string) => [...page.matchAll(/<a class="car-card__link" href="(\/models\/[ab])">/g)].map((match) => match[1]);
    const first = await body('/models');
    expect(order(first)).toEqual(['/models/b', '/models/a']);
    expect(first).toContain('от 2 300 000 ₽');
    await db().update(restylingSorts).set({ sort: 3 }).where(and(eq(restylingSorts.site_id, s.id), eq(restylingSorts.restyling_id, b.restyling)));
    expect(order(await body('/models'))).toEqual(['/models/a', '/models/b']);
  });

  it('sends the address of a removed sold car to its model page with the redirect_to_model strategy', async () => {
    await db().update(stockSiteSettings).set({ new_settings: kind({ sold_strategy: 'redirect_to_model' }) }).where(eq(stockSiteSettings.site_id, s.id));
    const [sold] = await db()
      .insert(cars)
      .values(car({ external_id: `model-sold-${unique()}`, brand_id: a.brand, model_id: a.model, generation_id: a.generation, restyling_id: a.restyling, status: 'sold', sold_at: new Date(Date.now() - 40 * 24 * 3600 * 1000) }))
      .returning({ id: cars.id });
    const address = String((await visit(t, s.host, `/cars/${sold!.id}`)).headers.location);
    expect((await visit(t, s.host, address)).statusCode).toBe(200);
    await applySoldPeriods(db(), new Date());
    const gone = await visit(t, s.host, address);
    expect([gone.statusCode, gone.headers.location]).toEqual([301, '/models/a']);
    const landed = await body('/models/a');
    expect(landed).toContain('Комплектации и цены');
    await db().update(stockSiteSettings).set({ new_settings: kind() }).where(eq(stockSiteSettings.site_id, s.id));
  });

  it("draws a kept sold car's page with the sold template of its kind", async () => {
    const [template] = await db()
      .insert(templates)
      .values({ site_id: s.id, client_id: s.clientId, name: 'Продан', floors: [{ floor_id: s.floors.text, values: { title: 'Этот уже уехал, но есть похожие', body: 'Звоните нам' } }] })
      .returning();
    const [sold] = await db().insert(cars).values(car({ external_id: `tpl-sold-${unique()}`, is_new: false, mileage: 5_000, status: 'sold', sold_at: new Date() })).returning({ id: cars.id });
    const address = String((await visit(t, s.host, `/cars/${sold!.id}`)).headers.location);
    const before = await body(address);
    expect(before).toContain('Посмотрите другие автомобили в наличии.');
    await db().update(stockSiteSettings).set({ used_settings: kind({ sold_strategy: 'redirect_to_list', sold_template_id: template!.id }) }).where(eq(stockSiteSettings.site_id, s.id));
    const drawn = await body(address);
    expect(drawn).toContain('Этот уже уехал, но есть похожие');
    expect(drawn).not.toContain('Посмотрите другие автомобили в наличии.');
    expect(drawn).toContain('<p class="car-card__status">Этот автомобиль уже продан</p>');
    expect(drawn).not.toContain('name="_form" value="car"');
    // A sold new car is drawn with the new cars' template, after a used one was drawn with theirs.
    const [newTemplate] = await db()
      .insert(templates)
      .values({ site_id: s.id, client_id: s.clientId, name: 'Продан новый', floors: [{ floor_id: s.floors.text, values: { title: 'Новый уже нашёл владельца' } }] })
      .returning();
    const [soldNew] = await db().insert(cars).values(car({ external_id: `tpl-sold-new-${unique()}`, status: 'sold', sold_at: new Date() })).returning({ id: cars.id });
    await db().update(stockSiteSettings).set({ new_settings: kind({ sold_template_id: newTemplate!.id }) }).where(eq(stockSiteSettings.site_id, s.id));
    expect(await body(address)).toContain('Этот уже уехал, но есть похожие');
    const newAddress = String((await visit(t, s.host, `/cars/${soldNew!.id}`)).headers.location);
    const drawnNew = await body(newAddress);
    expect(drawnNew).toContain('Новый уже нашёл владельца');
    expect(drawnNew).not.toContain('Этот уже уехал, но есть похожие');
    await db().update(stockSiteSettings).set({ new_settings: kind() }).where(eq(stockSiteSettings.site_id, s.id));
    await db().delete(cars).where(eq(cars.id, soldNew!.id));
    // A change of the template shows at once.
    await db().update(templates).set({ floors: [{ floor_id: s.floors.text, values: { title: 'Новый текст шаблона' } }] }).where(eq(templates.id, template!.id));
    expect(await body(address)).toContain('Новый текст шаблона');
    // An offered car of the same kind is drawn as before.
    const used = await body('/cars?type=used');
    expect(used).not.toContain('Новый текст шаблона');
    // The template's form floors take their posts; the car's own request form is not there.
    await db().update(templates).set({ floors: [{ floor_id: s.floors.text, values: {} }, { floor_id: s.floors.form, values: {} }] }).where(eq(templates.id, template!.id));
    // Through visit: it first waits for the cache to hear the template's change, as the GETs do.
    const post = (form: string) =>
      visit(t, s.host, address, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _form: form, name: 'Гость', phone: '1' }).toString() });
    const wrong = await post('main-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Введите телефон в формате');
    expect((await post('car')).statusCode).toBe(404);
    expect((await post('main-0')).statusCode).toBe(404);
    await db().update(stockSiteSettings).set({ used_settings: kind({ sold_strategy: 'redirect_to_list' }) }).where(eq(stockSiteSettings.site_id, s.id));
  });

  it("shows the dealer's benefit on the list's cards as the car page does", async () => {
    const before = await body('/models/a');
    expect(before).not.toContain('Выгода дилера');
    const [program] = await db().insert(benefitPrograms).values({ client_id: s.clientId, name: 'Скидка модели', code: `model-${unique()}`, owners_from: 1, owners_to: 1 }).returning();
    await db().insert(benefitDiscounts).values({ client_id: s.clientId, program_id: program!.id, marketing_complectation_id: a.marketing, brand_id: a.brand, model_id: a.model, discount_sum: 70_000, start_date: '2020-01-01', end_date: '2099-12-31' });
    // The benefit's change drops the cached pages: both cards of the complectation show it.
    const page = await body('/models/a');
    expect(page.match(/<p class="car-card__benefit">Выгода дилера <span class="nowrap">−70 000 ₽<\/span><\/p>/g)).toHaveLength(2);
    const list = await body(`/cars?page=1`);
    expect(list).toContain('Выгода дилера <span class="nowrap">−70 000 ₽</span>');
    const href = new RegExp(`href="(/cars/[a-z0-9-]*-${cheap})"`).exec(page)?.[1];
    expect(await body(href!)).toMatch(/<span>Скидка модели<\/span> <strong>−70 000 ₽<\/strong>/);
  });
});

describe("the visitor's favourites and comparison", () => {
  const meta = (page: string) => JSON.parse((/<meta name="dp-stock" content="([^"]*)">/.exec(page)?.[1] ?? 'null').replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, unknown> | null;

  it('compares up to three of the site’s offered cars side by side from the ids in the address', async () => {
    const ids = [carIds.a, carIds.b, carIds.used];
    const page = await visit(t, s.host, `/cars/compare?ids=${ids.join(',')}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const text = page.body.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('<h1>Сравнение автомобилей</h1>');
    expect([...text.matchAll(/<th scope="col">/g)]).toHaveLength(3);
    expect(text).toContain('<td>1 400 000 ₽</td><td>1 200 000 ₽</td><td>900 000 ₽</td>');
    expect(text).toContain('42 000 км');
    // Removing one leads to the comparison of the others.
    expect(text).toContain(`href="/cars/compare?ids=${carIds.b},${carIds.used}"`);
    // A fourth is refused with the reason; an inactive, a sold or another site's car is never shown.
    const four = (await body(`/cars/compare?ids=${[...ids, carIds.c].join(',')}`));
    expect([...four.matchAll(/<th scope="col">/g)]).toHaveLength(3);
    expect(four).toContain('Сравнить можно не больше трёх автомобилей');
    const hidden = await body(`/cars/compare?ids=${carIds.d},${carIds.sold},999999999,abc`);
    expect(hidden).not.toContain('<th scope="col">');
    expect(hidden).toContain('Добавьте к сравнению до трёх автомобилей');
  });

  it('shows the favourites from the ids in the address while the settings enable them', async () => {
    const page = await body(`/cars/favorites?ids=${carIds.c},${carIds.used}`);
    expect(page).toContain('<h1>Избранное</h1>');
    expect(cards(page)).toEqual([expect.stringContaining('Vesta'), expect.stringContaining('Рио')]);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(await body('/cars/favorites')).toContain('В избранном пока пусто');
    // The script reads the limits; the cars' buttons wait for it (hidden without JavaScript).
    const list = await body('/cars');
    expect(meta(list)).toMatchObject({ compare: '/cars/compare', favorites: '/cars/favorites', compareMax: 3, favoritesMax: 20, viewedMax: 10 });
    expect(list).toContain(`<div class="car-actions" data-car-actions="${carIds.a}" hidden>`);
    expect(list).toContain('data-viewed hidden');
    await db().update(stockSiteSettings).set({ viewed_favorites: { ...stockSettingsDefaults().viewed_favorites, favorites_enabled: false, viewed_enabled: false } }).where(eq(stockSiteSettings.site_id, s.id));
    expect((await visit(t, s.host, '/cars/favorites')).statusCode).toBe(404);
    const off = await body('/cars');
    expect(meta(off)).toMatchObject({ favorites: null, viewedMax: 0 });
    expect(off).not.toContain('data-favorite');
    expect(off).not.toContain('data-viewed');
    expect((await visit(t, s.host, `/cars/compare?ids=${carIds.a}`)).statusCode).toBe(200);
    await db().update(stockSiteSettings).set({ viewed_favorites: stockSettingsDefaults().viewed_favorites }).where(eq(stockSiteSettings.site_id, s.id));
  });

  it("keeps a car's summary for the viewed strip on its page", async () => {
    const href = await hrefOf(carIds.b!);
    const page = await body(href!);
    expect(page).toMatch(new RegExp(`data-car-actions="${carIds.b}" data-car="\\{&quot;id&quot;:${carIds.b},&quot;name&quot;:&quot;Kia [^"]*Рио, 2024&quot;,&quot;href&quot;:&quot;${href}&quot;`));
  });
});
