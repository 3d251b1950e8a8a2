import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carOptionCategories, carOptions } from './marketing.table.ts';

/**
 * Marketing complectations, options and the catalogue's calls (spec 001 §3, §7, §9): the level
 * below a complectation with its engine, specifications, options and price; validation in the
 * caller's language; the calls read by dealers, the writes by platform staff only.
 */
let t: TestApp;
let staff: string;
let dealer: string;
let outsider: string;
const API = '/gateway/cars.catalog/api/v1';
const base = (name: string) => `${API}/${name}`;
const unique = () => randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await buildTestApp();
  const every = PERMISSIONS.filter((p) => p.service === 'cars.catalog').map((p) => p.code);
  const user = await t.createUser({ email: `staff-${unique()}@platform.test`, grants: { 'cars.catalog': every } });
  staff = (await t.signIn(user.email)).access_token;
  const client = await t.createClient();
  const reader = await t.createUser({ grants: { 'cars.catalog': every }, clientIds: [client] });
  dealer = (await t.signIn(reader.email)).access_token;
  const other = await t.createUser({ grants: { 'auth.processing': ['site_mode'] }, clientIds: [client] });
  outsider = (await t.signIn(other.email)).access_token;
});
afterAll(() => t?.close());

const get = (path: string, token = staff, lang = 'ru') => t.request('GET', path, { token, lang });
async function create(name: string, attributes: Record<string, unknown>, token = staff, lang = 'ru') {
  return t.request('POST', base(name), { token, lang, body: { data: { type: name, attributes } } });
}
async function created(name: string, attributes: Record<string, unknown>) {
  const response = await create(name, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
const patch = (name: string, id: string, attributes: Record<string, unknown>, token = staff, lang = 'ru') =>
  t.request('PATCH', `${base(name)}/${id}`, { token, lang, body: { data: { type: name, id, attributes } } });
const ids = (response: { json(): any }) => response.json().data.map((record: { id: string }) => record.id).sort();

async function chain() {
  const brand = await created('brands', { name: `Brand ${unique()}` });
  const model = await created('models', { name: `Model ${unique()}`, name_ru: 'Модель', name_en: 'Model', brand_id: Number(brand.id) });
  const generation = await created('generations', { name: 'II', model_id: Number(model.id) });
  const restyling = await created('restylings', { name: 'Рестайлинг 2024', generation_id: Number(generation.id) });
  const complectation = await created('complectations', { name: 'Prestige', restyling_id: Number(restyling.id) });
  return { brand, model, generation, restyling, complectation };
}

const ENGINE = { name: '2.0 MPI', volume: { value: 2, unit: 'liter' }, power: { value: 150, unit: 'horse_power' }, torque: { value: 192, unit: 'newton_meter', rpm_from: 4000, rpm_to: 4500 } };

let dictionaries: { body: number; fuel: number; transmission: number; drive: number } | null = null;
async function dictionaryIds() {
  if (!dictionaries) {
    const body = await created('bodies', { name: `sedan-${unique()}`, name_ru: 'Седан', name_en: 'Sedan' });
    const fuel = await created('fuels', { name: `petrol-${unique()}`, name_ru: 'Бензин', name_en: 'Petrol' });
    const transmission = await created('transmissions', { name: `AT-${unique()}`, name_ru: 'Автомат', name_en: 'Automatic' });
    const drive = await created('wheel_drives', { name: `AWD-${unique()}`, name_ru: 'Полный', name_en: 'All-wheel' });
    dictionaries = { body: Number(body.id), fuel: Number(fuel.id), transmission: Number(transmission.id), drive: Number(drive.id) };
  }
  return dictionaries;
}

async function marketing(complectationId: string, extra: Record<string, unknown> = {}) {
  const d = await dictionaryIds();
  return created('marketing_complectations', {
    code: `MC${unique()}`,
    name: 'Prestige 2.0',
    complectation_id: Number(complectationId),
    body_id: d.body,
    fuel_id: d.fuel,
    transmission_id: d.transmission,
    wheel_drive_id: d.drive,
    engine: ENGINE,
    base_price: 2_500_000,
    ...extra,
  });
}

describe('marketing complectations', () => {
  it('take the ids above from the complectation, keep engine, specifications and price, and follow a move', async () => {
    const { brand, model, generation, restyling, complectation } = await chain();
    const record = await marketing(complectation.id, {
      formative_option_codes: ['AB2', 'ESC'],
      specification_categories: [{ title: 'Двигатель', order: 1, specifications: [{ title: 'Объём', code: 'volume', value: '1999 см³', main: true, order: 1 }] }],
      published: true,
    });
    expect(record.attributes).toMatchObject({
      complectation_id: Number(complectation.id),
      restyling_id: Number(restyling.id),
      generation_id: Number(generation.id),
      model_id: Number(model.id),
      brand_id: Number(brand.id),
      engine: ENGINE,
      base_price: 2_500_000,
      currency: 'RUB',
      published: true,
      actual: true,
      formative_option_codes: ['AB2', 'ESC'],
    });
    // The body cannot set the inherited ids.
    expect((await create('marketing_complectations', { code: 'X1', name: 'X', complectation_id: Number(complectation.id), brand_id: 1 })).statusCode).toBe(400);
    // The complectation moves to another restyling: its marketing complectations follow.
    const other = await chain();
    const moved = await patch('complectations', complectation.id, { restyling_id: Number(other.restyling.id) });
    expect(moved.statusCode, moved.body).toBe(200);
    const now = (await get(`${base('marketing_complectations')}/${record.id}`)).json().data.attributes;
    expect(now).toMatchObject({ restyling_id: Number(other.restyling.id), model_id: Number(other.model.id), brand_id: Number(other.brand.id) });
    // And the model of the other chain moves to yet another brand.
    const third = await created('brands', { name: `Third ${unique()}` });
    expect((await patch('models', other.model.id, { brand_id: Number(third.id) })).statusCode).toBe(200);
    expect((await get(`${base('marketing_complectations')}/${record.id}`)).json().data.attributes.brand_id).toBe(Number(third.id));
  });

  it('refuses units outside the lists, negative numbers and rpm from above to, with messages in the caller language', async () => {
    const { complectation } = await chain();
    const attempt = (engine: unknown, lang = 'en') => create('marketing_complectations', { code: `E${unique()}`, name: 'E', complectation_id: Number(complectation.id), engine }, staff, lang);
    const cases: [unknown, string, string][] = [
      [{ ...ENGINE, volume: { value: 2, unit: 'gallon' } }, '/data/attributes/engine/volume/unit', 'The volume unit is liter or cubic_centimeter'],
      [{ ...ENGINE, power: { value: 150, unit: 'ps' } }, '/data/attributes/engine/power/unit', 'The power unit is horse_power or kilowatts_per_hours'],
      [{ ...ENGINE, torque: { ...ENGINE.torque, unit: 'kgm' } }, '/data/attributes/engine/torque/unit', 'The torque unit is newton_meter'],
      [{ ...ENGINE, volume: { value: -1, unit: 'liter' } }, '/data/attributes/engine/volume/value', 'The value cannot be negative'],
      [{ ...ENGINE, torque: { ...ENGINE.torque, rpm_from: 5000, rpm_to: 4000 } }, '/data/attributes/engine/torque/rpm_from', 'The rpm "from" cannot be greater than the rpm "to"'],
      [{ ...ENGINE, name: '' }, '/data/attributes/engine/name', 'This field is required'],
    ];
    for (const [engine, pointer, title] of cases) {
      const refused = await attempt(engine);
      expect(refused.statusCode, JSON.stringify(engine)).toBe(400);
      expect(refused.json().errors).toContainEqual(expect.objectContaining({ title, source: { pointer } }));
    }
    const russian = await attempt({ ...ENGINE, torque: { ...ENGINE.torque, rpm_from: 5000, rpm_to: 4000 } }, 'ru');
    expect(russian.json().errors[0].title).toBe('Обороты «от» не могут быть больше оборотов «до»');
    // A price is whole roubles, never negative; a specification code appears once.
    const price = await create('marketing_complectations', { code: `P${unique()}`, name: 'P', complectation_id: Number(complectation.id), base_price: -5 }, staff, 'en');
    expect(price.statusCode).toBe(400);
    expect(price.json().errors[0].source.pointer).toBe('/data/attributes/base_price');
    const specs = await create(
      'marketing_complectations',
      { code: `S${unique()}`, name: 'S', complectation_id: Number(complectation.id), specification_categories: [{ title: 'A', specifications: [{ title: 'a', code: 'x' }] }, { title: 'B', specifications: [{ title: 'b', code: 'x' }] }] },
      staff,
      'en',
    );
    expect(specs.statusCode).toBe(400);
    expect(specs.json().errors[0]).toMatchObject({ title: 'The specification code "x" is repeated', source: { pointer: '/data/attributes/specification_categories/1/specifications/0/code' } });
    // Nothing was written.
    expect((await get(`${base('marketing_complectations')}?filter[complectation_ids]=${complectation.id}`)).json().data).toEqual([]);
  });

  it('keeps a code unique within its complectation', async () => {
    const a = await chain();
    const b = await chain();
    const first = await marketing(a.complectation.id, { code: 'G4NA' });
    const twice = await create('marketing_complectations', { code: 'G4NA', name: 'Again', complectation_id: Number(a.complectation.id) }, staff, 'en');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0]).toMatchObject({ title: 'This complectation already has a marketing complectation with the code "G4NA"', source: { pointer: '/data/attributes/code' } });
    // Another complectation may use it; moving into a complectation that has it is refused.
    const second = await marketing(b.complectation.id, { code: 'G4NA' });
    expect((await patch('marketing_complectations', second.id, { complectation_id: Number(a.complectation.id) })).statusCode).toBe(409);
    expect((await patch('marketing_complectations', first.id, { name: 'Renamed', code: 'G4NA' })).statusCode).toBe(200);
  });

  it('filters by brands, models, generations, restylings, ids and complectation ids, 500 a page by default', async () => {
    const a = await chain();
    const b = await chain();
    const ma = await marketing(a.complectation.id);
    const mb = await marketing(b.complectation.id, { published: true });
    const list = (query: string) => get(`${base('marketing_complectations')}?${query}`);
    expect(ids(await list(`filter[brands]=${a.brand.id}`))).toEqual([ma.id]);
    expect(ids(await list(`filter[models]=${a.model.id},${b.model.id}`))).toEqual([ma.id, mb.id].sort());
    expect(ids(await list(`filter[generations]=${b.generation.id}`))).toEqual([mb.id]);
    expect(ids(await list(`filter[restylings]=${a.restyling.id}`))).toEqual([ma.id]);
    expect(ids(await list(`filter[complectation_ids]=${b.complectation.id}`))).toEqual([mb.id]);
    expect(ids(await list(`filter[ids]=${ma.id}`))).toEqual([ma.id]);
    expect(ids(await list(`filter[brands]=${a.brand.id},${b.brand.id}&filter[published]=true`))).toEqual([mb.id]);
    expect((await list(`filter[brands]=${a.brand.id}`)).json().meta.page.size).toBe(500);
    const bad = await t.request('GET', `${base('marketing_complectations')}?filter[brands]=x`, { token: staff, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].title).toBe('Give record ids separated by commas (at most 200)');
  });

  it('a complectation with marketing complectations is not deleted, saying how many are left', async () => {
    const { complectation } = await chain();
    const record = await marketing(complectation.id);
    const refused = await t.request('DELETE', `${base('complectations')}/${complectation.id}`, { token: staff, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe('The complectation has marketing complectations (1): delete them first');
    expect((await t.request('DELETE', `${base('marketing_complectations')}/${record.id}`, { token: staff })).statusCode).toBe(204);
    expect((await t.request('DELETE', `${base('complectations')}/${complectation.id}`, { token: staff })).statusCode).toBe(204);
  });

  it('is read by dealers and written by platform staff only', async () => {
    const { complectation } = await chain();
    const record = await marketing(complectation.id);
    expect((await get(`${base('marketing_complectations')}/${record.id}`, dealer)).statusCode).toBe(200);
    expect((await create('marketing_complectations', { code: 'D1', name: 'D', complectation_id: Number(complectation.id) }, dealer)).statusCode).toBe(403);
    expect((await patch('marketing_complectations', record.id, { name: 'Mine' }, dealer)).statusCode).toBe(403);
    expect((await t.request('DELETE', `${base('marketing_complectations')}/${record.id}`, { token: dealer })).statusCode).toBe(403);
    expect((await get(`${base('marketing_complectations')}/${record.id}`, outsider)).statusCode).toBe(403);
  });
});

describe('options', () => {
  async function seedOptions(restylingId: number, brandId: number) {
    const db = t.database.db;
    const [category] = await db.insert(carOptionCategories).values({ name: `Комфорт ${unique()}`, name_en: 'Comfort', order: 2, brand_id: brandId }).returning();
    const [safety] = await db.insert(carOptionCategories).values({ name: `Безопасность ${unique()}`, name_en: 'Safety', order: 1, brand_id: brandId }).returning();
    const rows = await db
      .insert(carOptions)
      .values([
        { name: 'Климат-контроль', code: 'CLM', category_id: category!.id, restyling_id: restylingId },
        { name: 'Подушки безопасности', code: 'AB2', category_id: safety!.id, restyling_id: restylingId },
      ])
      .returning();
    return { category: category!, safety: safety!, climate: rows[0]!, airbags: rows[1]! };
  }

  it('are chosen among the restyling’s options, shown with their categories, and deleted only (leaving the lists)', async () => {
    const { brand, restyling, complectation } = await chain();
    const other = await chain();
    const mine = await seedOptions(Number(restyling.id), Number(brand.id));
    const foreign = await seedOptions(Number(other.restyling.id), Number(other.brand.id));
    const wrong = await create('marketing_complectations', { code: `O${unique()}`, name: 'O', complectation_id: Number(complectation.id), option_ids: [foreign.climate.id] }, staff, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ title: `The option ${foreign.climate.id} belongs to another restyling`, source: { pointer: '/data/attributes/option_ids' } });
    const record = await marketing(complectation.id, { option_ids: [mine.climate.id, mine.airbags.id] });
    const view = (await get(`${base('marketing_complectations')}/${record.id}/options`, dealer)).json();
    // In the order of their categories.
    expect(view.data.map((option: any) => option.attributes.code)).toEqual(['AB2', 'CLM']);
    expect(view.included.map((category: any) => category.attributes.name_en).sort()).toEqual(['Comfort', 'Safety']);
    // Options: no POST, no PATCH; a dealer does not delete; staff do, and the option leaves the list.
    expect((await create('options', { name: 'x', code: 'x' })).statusCode).toBe(404);
    expect((await patch('options', String(mine.climate.id), { name: 'x' })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${base('options')}/${mine.climate.id}`, { token: dealer })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${base('options')}/${mine.climate.id}`, { token: staff })).statusCode).toBe(204);
    expect((await t.request('DELETE', `${base('options')}/${mine.climate.id}`, { token: staff, lang: 'en' })).json().errors[0].title).toBe('The record was not found');
    expect((await get(`${base('marketing_complectations')}/${record.id}`)).json().data.attributes.option_ids).toEqual([mine.airbags.id]);
    expect(ids(await get(`${base('options')}?filter[restylings]=${restyling.id}`, dealer))).toEqual([String(mine.airbags.id)]);
    // A category with options is not deleted.
    const refused = await t.request('DELETE', `${base('option_categories')}/${mine.safety.id}`, { token: staff, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe('The category has options (1): delete or move them first');
    expect((await t.request('DELETE', `${base('option_categories')}/${mine.category.id}`, { token: staff })).statusCode).toBe(204);
  });

  it('dealer options belong to a category; option categories filter by brand', async () => {
    const { brand } = await chain();
    const category = await created('option_categories', { name: `Дилерское ${unique()}`, order: 3, is_dealer_option_category: true, brand_id: Number(brand.id) });
    const option = await created('dealer_options', { name: 'Коврики', name_en: 'Floor mats', order: 1, category_id: Number(category.id) });
    expect(option.attributes).toMatchObject({ category_id: Number(category.id), name_en: 'Floor mats' });
    expect(ids(await get(`${base('option_categories')}?filter[brands]=${brand.id}`))).toEqual([category.id]);
    expect(ids(await get(`${base('dealer_options')}?filter[categories]=${category.id}`))).toEqual([option.id]);
    const negative = await create('dealer_options', { name: 'x', order: -1 }, staff, 'en');
    expect(negative.statusCode).toBe(400);
    expect((await create('dealer_options', { name: 'x' }, dealer)).statusCode).toBe(403);
  });
});

describe('the catalogue calls', () => {
  it('codes, prices, specifications in order', async () => {
    const { brand, complectation } = await chain();
    const record = await marketing(complectation.id, {
      code: 'AXVH70',
      specification_categories: [
        { title: 'Кузов', order: 2, specifications: [{ title: 'Мест', code: 'seats', value: '5', order: 1 }] },
        { title: 'Двигатель', order: 1, specifications: [{ title: 'Мощность', code: 'power', value: '200', order: 2 }, { title: 'Объём', code: 'volume', value: '2.5', main: true, order: 1 }] },
      ],
    });
    await marketing(complectation.id, { code: 'GSV70', name: 'V6' });
    const codes = (await get(`${base('marketing_complectations/codes')}?filter[brands]=${brand.id}`, dealer)).json().data;
    expect(codes.map((entry: any) => entry.attributes.code)).toEqual(['AXVH70', 'GSV70']);
    expect(codes[0]).toMatchObject({ type: 'marketing_complectation_codes', attributes: { names: ['Prestige 2.0'], count: 1 } });
    const prices = (await get(`${base('marketing_complectations')}/${record.id}/prices`, dealer)).json().data;
    expect(prices).toMatchObject({ id: record.id, type: 'marketing_complectation_prices', attributes: { base_price: 2_500_000, currency: 'RUB' } });
    const specs = (await get(`${base('marketing_complectations')}/${record.id}/specifications`, dealer)).json().data;
    expect(specs.map((category: any) => category.attributes.title)).toEqual(['Двигатель', 'Кузов']);
    expect(specs[0].attributes.specifications.map((spec: any) => spec.code)).toEqual(['volume', 'power']);
    for (const view of ['prices', 'specifications', 'options']) {
      const missing = await get(`${base('marketing_complectations')}/987654/${view}`, dealer, 'en');
      expect(missing.statusCode, view).toBe(404);
      expect(missing.json().errors[0].title).toBe('The record was not found');
      expect((await get(`${base('marketing_complectations')}/abc/${view}`, dealer, 'en')).statusCode).toBe(400);
    }
    expect((await get(`${base('marketing_complectations/codes')}`, outsider)).statusCode).toBe(403);
  });

  it('names of transmissions, wheel drives and engines in the caller language', async () => {
    const { brand, model, complectation } = await chain();
    await marketing(complectation.id);
    await marketing(complectation.id, { engine: { ...ENGINE, name: '1.6 T-GDI' } });
    const transmissions = (await get(`${base('transmission_names')}?filter[brands]=${brand.id}`, dealer, 'en')).json().data;
    expect(transmissions.map((entry: any) => entry.attributes.name)).toEqual(['Automatic']);
    const drives = (await get(`${base('wheel_drive_names')}?filter[models]=${model.id}`, dealer, 'ru')).json().data;
    expect(drives.map((entry: any) => entry.attributes.name)).toEqual(['Полный']);
    const engines = (await get(`${base('engine_names')}?filter[brands]=${brand.id}`, dealer)).json().data;
    expect(engines.map((entry: any) => entry.attributes.name)).toEqual(['1.6 T-GDI', '2.0 MPI']);
    expect((await get(`${base('engine_names')}?filter[brands]=1,,2`, dealer)).statusCode).toBe(400);
  });

  it('the chain of a complectation, and 404 in the caller language', async () => {
    const { brand, model, generation, restyling, complectation } = await chain();
    const answer = (await get(`${base('complectations')}/${complectation.id}/chain`, dealer, 'en')).json().data;
    expect(answer).toMatchObject({
      type: 'complectation_chains',
      attributes: {
        brand: { id: Number(brand.id), name: brand.attributes.name },
        model: { id: Number(model.id), name: 'Model' },
        generation: { id: Number(generation.id), name: 'II' },
        restyling: { id: Number(restyling.id), name: 'Рестайлинг 2024' },
        complectation: { id: Number(complectation.id), name: 'Prestige' },
      },
    });
    expect((await get(`${base('complectations')}/${complectation.id}/chain`, dealer, 'ru')).json().data.attributes.model.name).toBe('Модель');
    const missing = await get(`${base('complectations')}/987654/chain`, dealer, 'ru');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].title).toBe('Запись не найдена');
  });

  it('the engines of a model, generation, restyling or complectation', async () => {
    const { model, restyling, complectation } = await chain();
    const a = await marketing(complectation.id);
    const b = await marketing(complectation.id, { code: `B${unique()}` });
    const c = await marketing(complectation.id, { engine: { ...ENGINE, name: '2.5 GDI', volume: { value: 2500, unit: 'cubic_centimeter' } } });
    const ofModel = (await get(`${base('engines')}/models/${model.id}`, dealer)).json().data;
    expect(ofModel.map((engine: any) => [engine.attributes.name, engine.attributes.marketing_complectation_ids])).toEqual([
      ['2.0 MPI', [Number(a.id), Number(b.id)]],
      ['2.5 GDI', [Number(c.id)]],
    ]);
    expect(ofModel[1].attributes.volume).toEqual({ value: 2500, unit: 'cubic_centimeter' });
    expect((await get(`${base('engines')}/restylings/${restyling.id}`, dealer)).json().data).toHaveLength(2);
    const level = await get(`${base('engines')}/trims/${model.id}`, dealer, 'en');
    expect(level.statusCode).toBe(400);
    expect(level.json().errors[0].title).toBe('The level must be one of: models, generations, restylings, complectations');
    expect((await get(`${base('engines')}/generations/987654`, dealer)).statusCode).toBe(404);
  });

  it('what a custom filter offers at a level', async () => {
    const { brand, model, complectation } = await chain();
    const other = await created('complectations', { name: 'Comfort', restyling_id: complectation.attributes.restyling_id });
    await marketing(complectation.id, { base_price: 3_000_000 });
    await marketing(other.id, { base_price: 2_100_000, engine: { ...ENGINE, name: '1.6 MPI' }, body_id: null });
    const info = (await get(`/gateway/cars.catalog/api/v1/custom_filter/info?brand_id=${brand.id}&model_id=${model.id}`, dealer, 'en')).json().data.attributes;
    expect(info).toMatchObject({
      count: 2,
      bodies: [{ name: 'Sedan' }],
      fuels: [{ name: 'Petrol' }],
      transmissions: [{ name: 'Automatic' }],
      wheel_drives: [{ name: 'All-wheel' }],
      engines: ['1.6 MPI', '2.0 MPI'],
      price: { min: 2_100_000, max: 3_000_000, currency: 'RUB' },
    });
    const narrow = (await get(`${base('custom_filter/info')}?brand_id=${brand.id}&complectation_id=${other.id}`, dealer)).json().data.attributes;
    expect(narrow).toMatchObject({ count: 1, bodies: [], price: { min: 2_100_000, max: 2_100_000 } });
    const noBrand = await get(`${base('custom_filter/info')}?model_id=${model.id}`, dealer, 'en');
    expect(noBrand.statusCode).toBe(400);
    expect(noBrand.json().errors[0].title).toBe('Give the brand (brand_id)');
    expect((await get(`${base('custom_filter/info')}?brand_id=987654`, dealer)).statusCode).toBe(404);
    expect((await get(`${base('custom_filter/info')}?brand_id=${brand.id}&colour=red`, dealer)).statusCode).toBe(400);
  });

  it('models by ids, in the order given', async () => {
    const a = await chain();
    const b = await chain();
    const answer = (await get(`${base('models/by/ids')}/${b.model.id},987654,${a.model.id}`, dealer)).json().data;
    expect(answer.map((record: any) => [record.type, record.id])).toEqual([
      ['models', b.model.id],
      ['models', a.model.id],
    ]);
    expect(answer[0].attributes).toMatchObject({ name: b.model.attributes.name, brand_id: Number(b.brand.id) });
    const none = await get(`${base('models/by/ids')}/987654,987655`, dealer, 'en');
    expect(none.statusCode).toBe(404);
    expect(none.json().errors[0].title).toBe('The record was not found');
    const bad = await get(`${base('models/by/ids')}/1,x`, dealer, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].title).toBe('Give record ids separated by commas (at most 200)');
  });
});
