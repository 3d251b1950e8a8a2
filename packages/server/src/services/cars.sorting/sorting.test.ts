import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carGenerations, carModels, carRestylings, cars, sites } from '../../schema.ts';

/**
 * Car sorting of a site (spec 001 §2 /cars.sorting/settings/{siteId}, §7 list_sort_settings,
 * restyling_sort CRUD): list sort settings with defaults, the site's restylings and their order
 * saved at once, validation in both languages and tenant isolation.
 */
let t: TestApp;
let siteA: number;
let siteB: number;
let managerA: string;
let managerB: string;
let reader: string;
let restylings: number[];

const API = '/gateway/cars.sorting/api/v1';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const clientA = await t.createClient();
  const clientB = await t.createClient();
  siteA = (await db.insert(sites).values({ name: 'Автоград', client_id: clientA, type: 3 }).returning())[0]!.id;
  siteB = (await db.insert(sites).values({ name: 'Чужой', client_id: clientB, type: 3 }).returning())[0]!.id;
  // The sites have their modules, as the demo's (test/module-gating.test.ts walks the sites without them).
  await t.installModules([siteA, siteB]);
  const [brand] = await db.insert(carBrands).values({ name: `Kia ${Date.now()}` }).returning();
  const [model] = await db.insert(carModels).values({ name: 'Rio', brand_id: brand!.id }).returning();
  const [generation] = await db.insert(carGenerations).values({ name: 'IV', model_id: model!.id, brand_id: brand!.id }).returning();
  restylings = [];
  for (const name of ['2017', '2020', '2023']) {
    restylings.push((await db.insert(carRestylings).values({ name, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning())[0]!.id);
  }
  // Two restylings have cars on site A; the third is only placed by hand below.
  await db.insert(cars).values([
    { site_id: siteA, client_id: clientA, is_new: true, external_id: 'S-1', restyling_id: restylings[0]!, model_id: model!.id, brand_id: brand!.id },
    { site_id: siteA, client_id: clientA, is_new: true, external_id: 'S-2', restyling_id: restylings[1]!, model_id: model!.id, brand_id: brand!.id },
  ] as never);
  const codes = { 'cars.sorting': ['sorting.get_list', 'sorting.patch'] };
  managerA = (await t.signIn((await t.createUser({ grants: codes, clientIds: [clientA] })).email)).access_token;
  managerB = (await t.signIn((await t.createUser({ grants: codes, clientIds: [clientB] })).email)).access_token;
  reader = (await t.signIn((await t.createUser({ grants: { 'cars.sorting': ['sorting.get_list'] }, clientIds: [clientA] })).email)).access_token;
});
afterAll(() => t?.close());

const settings = (token: string, siteId: number) => t.request('GET', `${API}/list_sort_settings/where_site/${siteId}`, { token });
const patch = (token: string, siteId: number, attributes: Record<string, unknown>, lang = 'en') => t.request('PATCH', `${API}/list_sort_settings/where_site/${siteId}`, { token, lang, body: { data: { attributes } } });

describe('list sort settings', () => {
  it('reads the defaults, then keeps a change of the used list and the visitor choices', async () => {
    expect((await settings(managerA, siteA)).json().data.attributes).toMatchObject({ stored: false, new_sort: { field: 'restyling_sort', direction: 'asc' } });
    const response = await patch(managerA, siteA, { used_sort: { field: 'final_price', direction: 'asc' }, visitor_fields: ['final_price', 'year'] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await settings(reader, siteA)).json().data.attributes).toMatchObject({ stored: true, used_sort: { field: 'final_price', direction: 'asc' }, new_sort: { field: 'restyling_sort' }, visitor_fields: ['final_price', 'year'] });
  });

  it('refuses unknown fields and directions and a field twice, in the caller\'s language', async () => {
    const ru = await patch(managerA, siteA, { new_sort: { field: 'colour', direction: 'asc' } }, 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().errors[0]).toMatchObject({ title: 'Выберите поле сортировки из списка', source: { pointer: '/data/attributes/new_sort/field' } });
    const twice = await patch(managerA, siteA, { visitor_fields: ['year', 'year'] });
    expect(twice.json().errors[0]).toMatchObject({ title: 'A sort field is given twice', source: { pointer: '/data/attributes/visitor_fields' } });
    expect((await patch(managerA, siteA, { used_sort: { field: 'year', direction: 'up' } })).statusCode).toBe(400);
    expect((await settings(managerA, siteA)).json().data.attributes.used_sort.field).toBe('final_price');
  });

  it('keeps another client out, and a reader from changing', async () => {
    expect((await settings(managerB, siteA)).statusCode).toBe(404);
    expect((await patch(managerB, siteA, { visitor_fields: [] })).statusCode).toBe(404);
    expect((await patch(reader, siteA, { visitor_fields: [] })).statusCode).toBe(403);
  });
});

describe('restyling order', () => {
  const list = async (token: string, siteId: number) => t.request('GET', `${API}/sites/${siteId}/restylings`, { token });
  const order = (token: string, siteId: number, ids: number[]) => t.request('POST', `${API}/sites/${siteId}/restyling_sort/order`, { token, body: { data: { restyling_ids: ids } } });

  it('lists the restylings of the site\'s cars, unplaced ones by name', async () => {
    const { data } = (await list(reader, siteA)).json();
    expect(data.map((row: { restyling_id: number }) => row.restyling_id)).toEqual([restylings[0], restylings[1]]);
    expect(data[0]).toMatchObject({ name: '2017', model: 'Rio', sort: null, cars: 1 });
  });

  it('saves the whole order at once and keeps it as restyling_sort records', async () => {
    const response = await order(managerA, siteA, [restylings[2]!, restylings[1]!, restylings[0]!]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((row: { restyling_id: number; sort: number }) => [row.restyling_id, row.sort])).toEqual([[restylings[2], 10], [restylings[1], 20], [restylings[0], 30]]);
    const records = (await t.request('GET', `${API}/restyling_sort?filter[site_id]=${siteA}`, { token: reader })).json().data;
    expect(records.map((row: { attributes: { restyling_id: number } }) => row.attributes.restyling_id)).toEqual([restylings[2], restylings[1], restylings[0]]);
    // Moving one up: the ones left out keep their order after it.
    await order(managerA, siteA, [restylings[0]!]);
    expect((await list(reader, siteA)).json().data.map((row: { restyling_id: number }) => row.restyling_id)).toEqual([restylings[0], restylings[2], restylings[1]]);
  });

  it('refuses a second place for a restyling, an unknown restyling, and other clients', async () => {
    const second = await t.request('POST', `${API}/restyling_sort`, { token: managerA, body: { data: { attributes: { site_id: siteA, restyling_id: restylings[0], sort: 1 } } } });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors[0].code).toBe('restyling_sort_exists');
    const unknown = await order(managerA, siteA, [restylings[0]!, 999_999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].source.pointer).toBe('/data/restyling_ids/1');
    expect((await order(managerB, siteA, [restylings[0]!])).statusCode).toBe(404);
    expect((await list(managerB, siteA)).statusCode).toBe(404);
    expect((await order(reader, siteA, [restylings[0]!])).statusCode).toBe(403);
    expect((await list(managerB, siteB)).json().data).toEqual([]);
  });
});
