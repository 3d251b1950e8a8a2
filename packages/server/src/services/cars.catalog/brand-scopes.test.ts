import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carComplectations, carGenerations, carMarketingComplectations, carModels, carRestylings, cars, sites, vinData } from '../../schema.ts';

/**
 * Custom tokens limited to brands (spec 000 §3 restrictions.brand_ids): such a token reads only its
 * brands' catalogue entries and cars, finds another brand's by id as missing (404), and cannot
 * write another brand's entries nor create under another brand; nothing changes.
 */
let t: TestApp;
const CATALOG = '/gateway/cars.catalog/api/v1';
const STOCK = '/gateway/cars.stock/api/v1';
const TOKENS = '/gateway/auth.processing/api/v1/custom_tokens';
type Chain = { brand: number; model: number; generation: number; restyling: number; complectation: number; marketing: number };
let a: Chain;
let b: Chain;
let client: number;
let site: number;
/** A platform token (internal creator, no client) limited to brand A, with every catalogue and stock code. */
let staffA: string;
/** A dealer's token of one client, limited to brand A. */
let dealerA: string;
let staff: string;
let carA: number;
let carB: number;
let n = 0;

async function chainOf(name: string): Promise<Chain> {
  const db = t.database.db;
  const [brand] = await db.insert(carBrands).values({ name: `${name} ${Date.now()}-${n++}` }).returning();
  const [model] = await db.insert(carModels).values({ name: `${name} model`, brand_id: brand!.id }).returning();
  const [generation] = await db.insert(carGenerations).values({ name: 'I', model_id: model!.id, brand_id: brand!.id }).returning();
  const [restyling] = await db.insert(carRestylings).values({ name: 'R1', generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const levels = { restyling_id: restyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id };
  const [complectation] = await db.insert(carComplectations).values({ name: 'Base', ...levels }).returning();
  const [marketing] = await db.insert(carMarketingComplectations).values({ code: `${name}-MC`, name: 'Base AT', complectation_id: complectation!.id, ...levels }).returning();
  return { brand: brand!.id, model: model!.id, generation: generation!.id, restyling: restyling!.id, complectation: complectation!.id, marketing: marketing!.id };
}

async function tokenOf(creatorToken: string, data: Record<string, unknown>) {
  const response = await t.request('POST', TOKENS, { token: creatorToken, body: { data } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.attributes.token as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await chainOf('Alpha');
  b = await chainOf('Beta');
  client = await t.createClient();
  site = (await t.database.db.insert(sites).values({ name: 'Автосалон', client_id: client, type: 3 }).returning())[0]!.id;
  // The site has its modules, as the demo's (its cars are the stock modules' data).
  await t.installModules(site);
  const catalogCodes = PERMISSIONS.filter((p) => p.service === 'cars.catalog').map((p) => p.code);
  const stockCodes = ['cars.get_list', 'cars.create', 'cars.patch', 'cars.delete'];
  const grants = { 'cars.catalog': catalogCodes, 'cars.stock': stockCodes, 'auth.processing': ['custom_tokens.view'] };
  const staffUser = await t.createUser({ email: `brands-${Date.now()}@platform.test`, grants });
  staff = (await t.signIn(staffUser.email)).access_token;
  staffA = await tokenOf(staff, { name: 'Каталог марки A', brand_ids: [a.brand], permissions: { 'cars.catalog': catalogCodes, 'cars.stock': stockCodes } });
  const dealerGrants = { 'cars.catalog': ['brands.get_list', 'models.get_list', 'marketing_complectations.get_list'], 'cars.stock': stockCodes, 'auth.processing': ['custom_tokens.view'] };
  const dealer = await t.createUser({ grants: dealerGrants, clientIds: [client] });
  const dealerSession = (await t.signIn(dealer.email)).access_token;
  dealerA = await tokenOf(dealerSession, { name: 'Выгрузка марки A', client_ids: [client], brand_ids: [a.brand], permissions: { 'cars.catalog': dealerGrants['cars.catalog'], 'cars.stock': stockCodes } });
  const [one, two] = await t.database.db
    .insert(cars)
    .values([
      { site_id: site, client_id: client, vin: 'XW8AB100000000001', brand_id: a.brand, model_id: a.model, is_new: true, year: 2024, price: 1_000_000, final_price: 1_000_000 },
      { site_id: site, client_id: client, vin: 'XW8AB100000000002', brand_id: b.brand, model_id: b.model, is_new: true, year: 2024, price: 2_000_000, final_price: 2_000_000 },
    ] as never)
    .returning();
  carA = one!.id;
  carB = two!.id;
});
afterAll(() => t?.close());

const ids = (response: { json(): { data: { id: string }[] } }) => response.json().data.map((record) => Number(record.id));
const get = (url: string, token: string) => t.request('GET', url, { token, lang: 'en' });

describe('a token limited to brands', () => {
  it('lists and reads only its brands down the catalogue, and finds the others missing', async () => {
    expect(ids(await get(`${CATALOG}/brands?page[size]=1000`, staffA))).toEqual([a.brand]);
    expect(ids(await get(`${CATALOG}/brands?page[size]=1000`, staff))).toEqual(expect.arrayContaining([a.brand, b.brand]));
    const levels = [
      ['models', 'model'],
      ['generations', 'generation'],
      ['restylings', 'restyling'],
      ['complectations', 'complectation'],
      ['marketing_complectations', 'marketing'],
    ] as const;
    for (const [name, level] of levels) {
      const listed = ids(await get(`${CATALOG}/${name}?page[size]=1000&filter[brands]=${a.brand},${b.brand}`, staffA));
      expect(listed, name).toEqual([a[level]]);
      expect((await get(`${CATALOG}/${name}/${b[level]}`, staffA)).statusCode, name).toBe(404);
      expect((await get(`${CATALOG}/${name}/${a[level]}`, staffA)).statusCode, name).toBe(200);
    }
    // The calls of spec 001 §7 too.
    expect((await get(`${CATALOG}/complectations/${b.complectation}/chain`, staffA)).statusCode).toBe(404);
    expect((await get(`${CATALOG}/models/by/ids/${b.model}`, staffA)).statusCode).toBe(404);
    expect(ids(await get(`${CATALOG}/models/by/ids/${b.model},${a.model}`, staffA))).toEqual([a.model]);
    expect((await get(`${CATALOG}/custom_filter/info?brand_id=${b.brand}`, staffA)).statusCode).toBe(404);
    expect((await get(`${CATALOG}/marketing_complectations/${b.marketing}/prices`, staffA)).statusCode).toBe(404);
    const codes = (await get(`${CATALOG}/marketing_complectations/codes`, staffA)).json().data.map((row: { id: string }) => row.id);
    expect(codes).toContain('Alpha-MC');
    expect(codes).not.toContain('Beta-MC');
  });

  it('changes its brands only: another brand\'s entry is missing, a create under it is refused, nothing changes', async () => {
    const patch = (name: string, id: number, attributes: Record<string, unknown>) => t.request('PATCH', `${CATALOG}/${name}/${id}`, { token: staffA, lang: 'en', body: { data: { attributes } } });
    const create = (name: string, attributes: Record<string, unknown>) => t.request('POST', `${CATALOG}/${name}`, { token: staffA, lang: 'en', body: { data: { attributes } } });
    expect((await patch('models', b.model, { name: 'Taken' })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${CATALOG}/marketing_complectations/${b.marketing}`, { token: staffA })).statusCode).toBe(404);
    // Under another brand's model: the model is not found for this token.
    const under = await create('generations', { name: 'II', model_id: b.model });
    expect(under.statusCode).toBe(400);
    expect(under.json().errors[0].source.pointer).toBe('/data/attributes/model_id');
    // Moving its own model to another brand is refused the same way.
    expect((await patch('models', a.model, { brand_id: b.brand })).statusCode).toBe(400);
    // A new brand is outside the token's brands: 403, and no brand is left behind.
    const gamma = `Gamma ${Date.now()}`;
    const brand = await create('brands', { name: gamma });
    expect(brand.statusCode).toBe(403);
    expect(brand.json().errors[0].title).toBe('The API token is limited to other brands');
    expect(await t.database.db.select().from(carBrands).where(eq(carBrands.name, gamma))).toEqual([]);
    const [model] = await t.database.db.select().from(carModels).where(eq(carModels.id, b.model));
    expect(model!.name).toBe('Beta model');
    // Its own brand's entries it writes.
    const renamed = await patch('models', a.model, { name: 'Alpha renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const created = await create('generations', { name: 'II', model_id: a.model });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('sees and changes the cars of its brands only, and the client scope still holds', async () => {
    const listed = await get(`${STOCK}/cars/where_client/${client}?page[size]=100`, dealerA);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(ids(listed)).toEqual([carA]);
    expect(ids(await get(`${STOCK}/cars?filter[site_id]=${site}`, dealerA))).toEqual([carA]);
    expect((await get(`${STOCK}/cars/${carB}`, dealerA)).statusCode).toBe(404);
    expect((await get(`${STOCK}/cars/${carA}`, dealerA)).statusCode).toBe(200);
    const patchB = await t.request('PATCH', `${STOCK}/cars/${carB}`, { token: dealerA, body: { data: { attributes: { price: 1 } } } });
    expect(patchB.statusCode).toBe(404);
    const sold = await t.request('POST', `${STOCK}/cars/sold/by_ids`, { token: dealerA, body: { data: { ids: [carA, carB] } } });
    expect(sold.statusCode).toBe(404);
    // A car of another brand is not created, by hand or through the plain create.
    const manual = await t.request('POST', `${STOCK}/cars/manual`, { token: dealerA, lang: 'en', body: { data: { attributes: { site_id: site, is_new: true, vin: 'XW8AB100000000003', model_id: b.model, year: 2024, price: 1_500_000 } } } });
    expect(manual.statusCode).toBe(403);
    const plain = await t.request('POST', `${STOCK}/cars`, { token: dealerA, lang: 'en', body: { data: { attributes: { site_id: site, is_new: true, vin: 'XW8AB100000000004', model_id: b.model, year: 2024, price: 1_500_000 } } } });
    expect([400, 403]).toContain(plain.statusCode);
    const [stillB] = await t.database.db.select().from(cars).where(eq(cars.id, carB));
    expect(stillB).toMatchObject({ price: 2_000_000, status: 'active' });
    expect((await t.database.db.select().from(cars).where(eq(cars.client_id, client))).length).toBe(2);
    // Its own brand's car it changes.
    const patchA = await t.request('PATCH', `${STOCK}/cars/${carA}`, { token: dealerA, body: { data: { attributes: { price: 900_000 } } } });
    expect(patchA.statusCode, patchA.body).toBe(200);
  });

  it('reads the VIN data of its brands only, and does not run the VIN import or image invalidation', async () => {
    const VINS = '/gateway/cars.vins/api/v1';
    const vinCodes = PERMISSIONS.filter((p) => p.service === 'cars.vins').map((p) => p.code);
    const holder = await t.createUser({ email: `vins-${Date.now()}@platform.test`, grants: { 'cars.vins': vinCodes, 'auth.processing': ['custom_tokens.view'] } });
    const session = (await t.signIn(holder.email)).access_token;
    const token = await tokenOf(session, { name: 'VIN марки A', brand_ids: [a.brand], permissions: { 'cars.vins': vinCodes } });
    const [vinA, vinB] = await t.database.db
      .insert(vinData)
      .values([
        { vin: 'XW8AB100000000011', brand_id: a.brand, images_id: 'img-a' },
        { vin: 'XW8AB100000000012', brand_id: b.brand, images_id: 'img-b' },
      ])
      .returning();
    const listed = await get(`${VINS}/vin_data?page[size]=1000`, token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(ids(listed)).toEqual([vinA!.id]);
    expect((await get(`${VINS}/vin_data/${vinB!.id}`, token)).statusCode).toBe(404);
    expect((await t.request('DELETE', `${VINS}/vin_data/${vinB!.id}`, { token })).statusCode).toBe(404);
    const invalidate = await t.request('POST', `${VINS}/vin_data/invalidate_images`, { token, lang: 'en', body: { data: { vins: ['XW8AB100000000012'] } } });
    expect(invalidate.statusCode).toBe(403);
    const [stillB] = await t.database.db.select().from(vinData).where(eq(vinData.id, vinB!.id));
    expect(stillB!.images_id).toBe('img-b');
    // The session it was made from, unlimited, reads both.
    expect(ids(await get(`${VINS}/vin_data?page[size]=1000`, session))).toEqual(expect.arrayContaining([vinA!.id, vinB!.id]));
  });
});
