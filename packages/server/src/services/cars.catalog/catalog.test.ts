import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The reference catalogue's relations (spec 001 §3, §7): each level needs its parent and takes the
 * ids of the levels above from it, a parent with children is not deleted, lists filter by the
 * parents' ids, and only platform staff write while dealers read.
 */
let t: TestApp;
let staff: string;
let dealer: string;
const base = (name: string) => `/gateway/cars.catalog/api/v1/${name}`;
const unique = () => randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await buildTestApp();
  const every = PERMISSIONS.filter((p) => p.service === 'cars.catalog').map((p) => p.code);
  const user = await t.createUser({ email: `staff-${unique()}@platform.test`, grants: { 'cars.catalog': every } });
  staff = (await t.signIn(user.email)).access_token;
  const client = await t.createClient();
  const reader = await t.createUser({ grants: { 'cars.catalog': every }, clientIds: [client] });
  dealer = (await t.signIn(reader.email)).access_token;
});
afterAll(() => t?.close());

async function create(name: string, attributes: Record<string, unknown>, token = staff, lang = 'ru') {
  return t.request('POST', base(name), { token, lang, body: { data: { type: name, attributes } } });
}
async function created(name: string, attributes: Record<string, unknown>) {
  const response = await create(name, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
const ids = (response: { json(): any }) => response.json().data.map((record: { id: string }) => record.id).sort();

/** A whole chain under a new brand. */
async function chain(brandName = `Brand ${unique()}`) {
  const brand = await created('brands', { name: brandName });
  const model = await created('models', { name: `Model ${unique()}`, name_ru: 'Модель', name_en: 'Model', brand_id: Number(brand.id) });
  const generation = await created('generations', { name: 'II', model_id: Number(model.id) });
  const restyling = await created('restylings', { name: 'Рестайлинг 2024', marketing_name: 'New', generation_id: Number(generation.id) });
  const complectation = await created('complectations', { name: 'Prestige', restyling_id: Number(restyling.id) });
  return { brand, model, generation, restyling, complectation };
}

describe('catalogue relations', () => {
  it('a model needs an existing brand, with a message in the caller language', async () => {
    const missing = await create('models', { name: `Model ${unique()}` }, staff, 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual(expect.objectContaining({ title: 'This field is required', source: { pointer: '/data/attributes/brand_id' } }));
    const unknown = await create('models', { name: `Model ${unique()}`, brand_id: 987654 }, staff, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].source.pointer).toBe('/data/attributes/brand_id');
  });

  it('copies the ids of the levels above from the parent, and moves them with it', async () => {
    const { brand, model, generation, restyling, complectation } = await chain();
    expect(complectation.attributes).toMatchObject({
      restyling_id: Number(restyling.id),
      generation_id: Number(generation.id),
      model_id: Number(model.id),
      brand_id: Number(brand.id),
    });
    expect(restyling.attributes).toMatchObject({ generation_id: Number(generation.id), model_id: Number(model.id), brand_id: Number(brand.id), sorting: 0 });
    // The body may not set the inherited ids itself.
    const forged = await create('complectations', { name: 'Forged', restyling_id: Number(restyling.id), brand_id: 1 });
    expect(forged.statusCode).toBe(400);
    // The model goes to another brand: everything below it follows.
    const other = await created('brands', { name: `Other ${unique()}` });
    const moved = await t.request('PATCH', `${base('models')}/${model.id}`, { token: staff, body: { data: { attributes: { brand_id: Number(other.id) } } } });
    expect(moved.statusCode, moved.body).toBe(200);
    const below = await t.request('GET', `${base('complectations')}/${complectation.id}`, { token: staff });
    expect(below.json().data.attributes.brand_id).toBe(Number(other.id));
    const restylingNow = await t.request('GET', `${base('restylings')}/${restyling.id}`, { token: staff });
    expect(restylingNow.json().data.attributes.brand_id).toBe(Number(other.id));
  });

  it('refuses to delete a brand with models, and each level with children, saying what is left', async () => {
    const { brand, model, generation, restyling, complectation } = await chain();
    const refused = await t.request('DELETE', `${base('brands')}/${brand.id}`, { token: staff, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe('The brand has models (1): delete them first');
    const refusedRu = await t.request('DELETE', `${base('brands')}/${brand.id}`, { token: staff });
    expect(refusedRu.json().errors[0].title).toBe('У марки есть модели (1): сначала удалите их');
    for (const [name, record] of [['models', model], ['generations', generation], ['restylings', restyling]] as const) {
      expect((await t.request('DELETE', `${base(name)}/${record.id}`, { token: staff })).statusCode, name).toBe(409);
    }
    expect((await t.request('GET', `${base('brands')}/${brand.id}`, { token: staff })).statusCode).toBe(200);
    // From the bottom up, every level goes.
    for (const [name, record] of [['complectations', complectation], ['restylings', restyling], ['generations', generation], ['models', model], ['brands', brand]] as const) {
      expect((await t.request('DELETE', `${base(name)}/${record.id}`, { token: staff })).statusCode, name).toBe(204);
    }
  });

  it('filters lists by brands, models, generations, restylings, ids and complectation ids', async () => {
    const a = await chain();
    const b = await chain();
    const get = (path: string) => t.request('GET', path, { token: staff });
    expect(ids(await get(`${base('models')}?filter[brands]=${a.brand.id}`))).toEqual([a.model.id]);
    expect(ids(await get(`${base('models')}?filter[brands]=${a.brand.id},${b.brand.id}`))).toEqual([a.model.id, b.model.id].sort());
    expect(ids(await get(`${base('generations')}?filter[models]=${b.model.id}`))).toEqual([b.generation.id]);
    expect(ids(await get(`${base('restylings')}?filter[generations]=${a.generation.id}`))).toEqual([a.restyling.id]);
    expect(ids(await get(`${base('complectations')}?filter[restylings]=${b.restyling.id}`))).toEqual([b.complectation.id]);
    expect(ids(await get(`${base('complectations')}?filter[brands]=${a.brand.id}`))).toEqual([a.complectation.id]);
    expect(ids(await get(`${base('complectations')}?filter[complectation_ids]=${a.complectation.id},${b.complectation.id}`))).toEqual(
      [a.complectation.id, b.complectation.id].sort(),
    );
    expect(ids(await get(`${base('brands')}?filter[ids]=${b.brand.id}`))).toEqual([b.brand.id]);
    for (const bad of ['abc', '1,,2', '99999999999', '0']) {
      const refused = await t.request('GET', `${base('models')}?filter[brands]=${encodeURIComponent(bad)}`, { token: staff, lang: 'en' });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().errors[0].title).toBe('Give record ids separated by commas (at most 200)');
    }
  });

  it('is read by dealers and written by platform staff only', async () => {
    const { brand } = await chain();
    const listed = await t.request('GET', `${base('brands')}?filter[ids]=${brand.id}`, { token: dealer });
    expect(ids(listed)).toEqual([brand.id]);
    expect((await create('brands', { name: `Dealer ${unique()}` }, dealer)).statusCode).toBe(403);
    expect((await t.request('PATCH', `${base('brands')}/${brand.id}`, { token: dealer, body: { data: { attributes: { name: 'Mine' } } } })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${base('brands')}/${brand.id}`, { token: dealer })).statusCode).toBe(403);
  });

  it('keeps brand and dictionary names unique and colours as #RRGGBB', async () => {
    const name = `Brand ${unique()}`;
    await created('brands', { name });
    const twice = await create('brands', { name });
    expect(twice.statusCode).toBe(409);
    const color = await created('colors', { name: `Белый ${unique()}`, hex: 'ffffff' });
    expect(color.attributes.hex).toBe('#FFFFFF');
    const bad = await create('colors', { name: `Серый ${unique()}`, hex: 'grey' }, staff, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ title: 'A colour as #RRGGBB, e.g. #1A2B3C', source: { pointer: '/data/attributes/hex' } });
  });
});
