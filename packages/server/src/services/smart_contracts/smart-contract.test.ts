import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stockSettingsDefaults } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { stockSiteSettings } from '../cars.stock.sites/stock-settings.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { floors } from '../floors.storage/floor.table.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { addPage, publishedSite, unique, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { smartContractSettings } from './smart-contract.table.ts';

/**
 * The smart contract widget (spec 002 §3 "Smart contract widget setting", §7, §9): a site's
 * settings made with the defaults on first read (the standalone flags on, the bullet widget off),
 * every field's check with its message in ru and en, the dealerships only the site's client's;
 * another dealer's site out of reach. On the public site, the widget's script, its configuration
 * and its origin in the CSP appear on car pages and lists only when a widget is set, not where it
 * is switched off, and the car order and buy-model forms give way to it when the settings say so.
 */
let t: TestApp;
let s: TestSite;
let dealer: string;
let other: string;
let ownDealership: number;
let foreignDealership: number;
let carId: number;
const API = '/gateway/smart_contracts/api/v1';
const SCRIPT = 'https://widget.smart-contract.test/loader.js';
const CODES = { smart_contracts: ['settings.get_list', 'settings.patch'] };
const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp({ smartContractsScriptUrl: SCRIPT });
  s = await publishedSite(t);
  const otherClient = await t.createClient('Чужой дилер');
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [s.clientId], internal: false })).email)).access_token;
  other = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [otherClient], internal: false })).email)).access_token;
  ownDealership = (await db().insert(dealerships).values({ client_id: s.clientId, title: 'Автоград Север' }).returning())[0]!.id;
  foreignDealership = (await db().insert(dealerships).values({ client_id: otherClient, title: 'Чужой центр' }).returning())[0]!.id;
  // A stock list page with a car, and a buy-model form on the about page.
  const [brand] = await db().insert(carBrands).values({ name: `Kia ${unique()}` }).returning();
  const [model] = await db().insert(carModels).values({ name: 'Rio', brand_id: brand!.id }).returning();
  const root = (await addPage(db(), s, '/cars', { caption: 'Автомобили', order: 5 }, { parent_id: s.pages.home.id })).id;
  const kind = { ...stockSettingsDefaults().new_settings, root_page_id: root };
  await db().insert(stockSiteSettings).values({ site_id: s.id, client_id: s.clientId, new_settings: kind, used_settings: kind, viewed_favorites: stockSettingsDefaults().viewed_favorites });
  carId = (await db().insert(cars).values({ site_id: s.id, client_id: s.clientId, is_new: true, brand_id: brand!.id, model_id: model!.id, year: 2025, price: 2_000_000, final_price: 2_000_000, vin: 'XWEAB41AAN0000001' }).returning())[0]!.id;
  const [buy] = await db().insert(floors).values({ client_id: s.clientId, code: `f-${unique()}`, title: 'form', component: 'form', values: { title: 'Купить', form: 'buy_model' } }).returning();
  await addPage(db(), s, '/buy', { caption: 'Покупка', order: 6, floors: [{ floor_id: buy!.id, values: {} }] }, { parent_id: s.pages.home.id });
});
afterAll(() => t?.close());

const settingsOf = async (token = dealer) => (await t.request('GET', `${API}/settings/for_site_id/${s.id}`, { token })).json().data;
const carHref = async () => new RegExp(`href="(/cars/[a-z0-9-]*${carId})"`).exec((await visit(t, s.host, '/cars')).body)?.[1];

describe('settings', () => {
  it('are made with the defaults on first read, once', async () => {
    const first = await t.request('GET', `${API}/settings/for_site_id/${s.id}`, { token: dealer });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.attributes).toMatchObject({ site_id: s.id, car_identity: 'url', environment: null, widgets: [], service_widgets: [], replace_car_order_form: false, disable_on_detail: false, kto_widget_ids: [], body_repair_version: null });
    expect((await settingsOf()).id).toBe(first.json().data.id);
  });

  it('keep widgets with the standalone flags on and the bullet widget off by default, and every other field', async () => {
    const settings = await settingsOf();
    const changed = await t.request('PATCH', `${API}/settings/${settings.id}`, {
      token: dealer,
      body: body({
        car_identity: 'vin',
        environment: 'feature/new-credit',
        widgets: [{ dealership_id: ownDealership, smart_contract_widget_id: 'w-100', type: 'new' }],
        service_widgets: [{ dealership_id: ownDealership, service_widget_id: 'svc-1' }],
        trade_in_popup: true,
        trade_in_popup_text: 'Оцените свой автомобиль',
        kto_enabled: true,
        kto_widget_ids: ['kto-1', 'kto-2'],
        body_repair_enabled: true,
        body_repair_version: 2,
        body_repair_cities_order: 'Москва, Тверь, Санкт-Петербург',
        custom_button_class: 'btn btn--primary',
        use_dealer_locator: true,
      }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes).toMatchObject({
      car_identity: 'vin',
      environment: 'feature/new-credit',
      widgets: [{ dealership_id: ownDealership, smart_contract_widget_id: 'w-100', type: 'new', use_for_credit_standalone: true, use_for_leasing_standalone: true, use_for_trade_in_standalone: true, use_for_buy_model_standalone: true, use_for_bullet_widget: false }],
      service_widgets: [{ dealership_id: ownDealership, service_widget_id: 'svc-1' }],
      kto_widget_ids: ['kto-1', 'kto-2'],
      body_repair_version: 2,
      body_repair_cities_order: 'Москва, Тверь, Санкт-Петербург',
    });
    // Empty environment means live: kept as none.
    const live = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealer, body: body({ environment: '' }) });
    expect(live.json().data.attributes.environment).toBeNull();
    await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealer, body: body({ environment: 'test' }) });
  });

  it('refuse wrong values with clear messages in ru and en', async () => {
    const settings = await settingsOf();
    const refused = async (attributes: Record<string, unknown>, lang: 'ru' | 'en') => {
      const answer = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealer, lang, body: body(attributes) });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors[0];
    };
    expect((await refused({ widgets: [{ dealership_id: ownDealership, smart_contract_widget_id: 'w 1' }] }, 'en')).title).toBe('A widget id: Latin letters, digits, "-" and "_"');
    expect((await refused({ widgets: [{ dealership_id: ownDealership, smart_contract_widget_id: 'w1', type: 'vip' }] }, 'ru')).title).toBe('Тип виджета: любой, новые, с пробегом или отдельный');
    expect((await refused({ environment: 'ветка' }, 'en')).title).toMatch(/^The environment: empty, master or production/);
    expect((await refused({ body_repair_version: 12 }, 'en')).title).toBe('The body repair widget version must be from 1 to 9');
    expect((await refused({ body_repair_cities_order: 'Москва,,Тверь' }, 'ru')).title).toBe('Города через запятую, например: Москва, Тверь, Санкт-Петербург');
    expect((await refused({ custom_button_class: 'btn"><script>' }, 'en')).title).toBe('A CSS class: Latin letters, digits, "-" and "_", several separated by spaces');
    const foreign = await refused({ widgets: [{ dealership_id: foreignDealership, smart_contract_widget_id: 'w1' }] }, 'en');
    expect(foreign).toMatchObject({ title: `The dealership ${foreignDealership} does not belong to this site's client`, source: { pointer: '/data/attributes/widgets/0/dealership_id' } });
    const twice = await refused({ widgets: [{ dealership_id: ownDealership, smart_contract_widget_id: 'w1' }, { dealership_id: ownDealership, smart_contract_widget_id: 'w1', type: 'used' }] }, 'ru');
    expect(twice.title).toBe('Виджет w1 уже указан для этого дилерского центра');
    // Nothing of the refused writes was kept.
    expect((await settingsOf()).attributes.widgets).toHaveLength(1);
  });

  it("are out of another dealer's reach", async () => {
    const settings = await settingsOf();
    expect((await t.request('GET', `${API}/settings/for_site_id/${s.id}`, { token: other })).statusCode).toBe(404);
    expect((await t.request('PATCH', `${API}/settings/${settings.id}`, { token: other, body: body({ hide_tooltip: true }) })).statusCode).toBe(404);
  });
});

describe('the public site', () => {
  const hasScript = (html: string) => html.includes(`<script src="${SCRIPT}"`);

  it('loads the widget with its configuration on car pages and lists, its origin allowed by the CSP', async () => {
    const list = await visit(t, s.host, '/cars');
    expect(hasScript(list.body)).toBe(true);
    expect(String(list.headers['content-security-policy'])).toContain('script-src \'self\' https://widget.smart-contract.test');
    const config = JSON.parse(/<script id="dp-smart-contracts" type="application\/json">([^<]*)<\/script>/.exec(list.body)![1]!);
    expect(config).toMatchObject({ car_identity: 'vin', environment: 'test', widgets: [{ smart_contract_widget_id: 'w-100', type: 'new' }] });
    expect(config.site_id).toBeUndefined();
    const car = await visit(t, s.host, (await carHref())!);
    expect(hasScript(car.body)).toBe(true);
    // The car order form stays until the settings replace it; other pages never load the widget.
    expect(car.body).toContain('name="_form"');
    const about = await visit(t, s.host, '/about');
    expect(hasScript(about.body)).toBe(false);
    expect(String(about.headers['content-security-policy'])).not.toContain('smart-contract.test');
  });

  it('replaces the car order and buy-model forms when set, and leaves car pages or lists where switched off', async () => {
    await db().update(smartContractSettings).set({ replace_car_order_form: true, replace_buy_model_form: true, disable_on_list: true }).where(eq(smartContractSettings.site_id, s.id));
    const car = await visit(t, s.host, (await carHref())!);
    expect(car.body).toContain('data-smart-contract="car_order"');
    expect(car.body).toContain('data-car-vin="XWEAB41AAN0000001"');
    expect(car.body).not.toContain('form form--car');
    const buy = await visit(t, s.host, '/buy');
    expect(buy.body).toContain('data-smart-contract="buy_model"');
    expect(hasScript(buy.body)).toBe(true);
    expect(hasScript((await visit(t, s.host, '/cars')).body)).toBe(false);
    await db().update(smartContractSettings).set({ disable_on_list: false, replace_car_order_form: false, replace_buy_model_form: false, disable_on_detail: true }).where(eq(smartContractSettings.site_id, s.id));
    const plain = await visit(t, s.host, (await carHref())!);
    expect(hasScript(plain.body)).toBe(false);
    expect(plain.body).not.toContain('data-smart-contract=');
    expect(hasScript((await visit(t, s.host, '/cars')).body)).toBe(true);
  });

  it('loads nothing without a widget, or with the module switched off', async () => {
    await db().update(smartContractSettings).set({ disable_on_detail: false }).where(eq(smartContractSettings.site_id, s.id));
    const [module] = await db().select().from(modules).where(eq(modules.code, 'smart_contracts'));
    await db().update(moduleInstallations).set({ active: false }).where(eq(moduleInstallations.module_id, module!.id));
    expect(hasScript((await visit(t, s.host, '/cars')).body)).toBe(false);
    await db().update(moduleInstallations).set({ active: true }).where(eq(moduleInstallations.module_id, module!.id));
    expect(hasScript((await visit(t, s.host, '/cars')).body)).toBe(true);
    await db().update(smartContractSettings).set({ widgets: [], service_widgets: [], kto_enabled: false, body_repair_enabled: false }).where(eq(smartContractSettings.site_id, s.id));
    const list = await visit(t, s.host, '/cars');
    expect(hasScript(list.body)).toBe(false);
    expect(String(list.headers['content-security-policy'])).not.toContain('smart-contract.test');
  });
});
