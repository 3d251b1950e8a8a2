import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { finalPrice } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carComplectations, carGenerations, carLabels, carMarketingComplectations, carModels, carRestylings, cars, mediaFiles, sites } from '../../schema.ts';

/**
 * Cars of a site's stock (spec 001 §3 Car, §4, §5, §7 Stock): the catalogue chain copied from the
 * lowest level, VIN and money checks, manual creation with the spec's messages, edit, delete,
 * bulk "mark as sold", a client's list with filters and labels, and tenant isolation.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let dealerA: string;
let dealerB: string;
let reader: string;
let chain: { brand: number; model: number; generation: number; restyling: number; complectation: number; marketing: number };
let otherModel: number;

const API = '/gateway/cars.stock/api/v1';
const CODES = ['cars.get_list', 'cars.create', 'cars.patch', 'cars.delete'];
let counter = 0;
const vin = () => `XW8AB${String(100000000000 + counter++).slice(-12)}`;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = (await db.insert(sites).values({ name: 'Автоград', client_id: clientA, type: 3 }).returning())[0]!.id;
  siteB = (await db.insert(sites).values({ name: 'Чужой', client_id: clientB, type: 3 }).returning())[0]!.id;
  // The sites have their modules, as the demo's (test/module-gating.test.ts walks the sites without them).
  await t.installModules([siteA, siteB]);
  const [brand] = await db.insert(carBrands).values({ name: `Hyundai ${Date.now()}` }).returning();
  const [model] = await db.insert(carModels).values({ name: 'Solaris', brand_id: brand!.id }).returning();
  const [model2] = await db.insert(carModels).values({ name: 'Creta', brand_id: brand!.id }).returning();
  const [generation] = await db.insert(carGenerations).values({ name: 'II', model_id: model!.id, brand_id: brand!.id }).returning();
  const [restyling] = await db.insert(carRestylings).values({ name: '2020', generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const [complectation] = await db.insert(carComplectations).values({ name: 'Comfort', restyling_id: restyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const [marketing] = await db
    .insert(carMarketingComplectations)
    .values({ code: 'SOL-C', name: 'Comfort 1.6 AT', complectation_id: complectation!.id, restyling_id: restyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id })
    .returning();
  chain = { brand: brand!.id, model: model!.id, generation: generation!.id, restyling: restyling!.id, complectation: complectation!.id, marketing: marketing!.id };
  otherModel = model2!.id;
  const grants = { 'cars.stock': CODES };
  dealerA = (await t.signIn((await t.createUser({ grants, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants, clientIds: [clientB] })).email)).access_token;
  reader = (await t.signIn((await t.createUser({ grants: { 'cars.stock': ['cars.get_list'] }, clientIds: [clientA] })).email)).access_token;
});
afterAll(() => t?.close());

type Response = Awaited<ReturnType<TestApp['request']>>;
type ApiError = { code: string; title: string; source?: { pointer?: string } };
const errorsOf = (response: Response) => response.json().errors as ApiError[];
const manual = (token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/cars/manual`, { token, lang, body: { data: { attributes } } });
const base = () => ({ site_id: siteA, is_new: true, vin: vin(), model_id: chain.model, year: 2024, price: 2_000_000 });
async function created(token: string, attributes: Record<string, unknown>) {
  const response = await manual(token, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
const count = async () => (await t.database.db.select({ id: cars.id }).from(cars)).length;

describe('manual creation', () => {
  it('asks for VIN and/or External ID, names each missing required field, and sums up, in the caller\'s language, storing nothing', async () => {
    const before = await count();
    const response = await manual(dealerA, { site_id: siteA, is_new: false });
    expect(response.statusCode).toBe(400);
    const errors = errorsOf(response);
    const at = (field: string) => errors.filter((error) => error.source?.pointer === `/data/attributes/${field}`).map((error) => error.title);
    expect(at('vin')).toEqual(['Fill VIN and/or External ID']);
    expect(at('external_id')).toEqual(['Fill VIN and/or External ID']);
    expect(at('brand_id')).toEqual(['Fill in the field "Brand"']);
    expect(at('model_id')).toEqual(['Fill in the field "Model"']);
    expect(at('year')).toEqual(['Fill in the field "Year"']);
    expect(at('price')).toEqual(['Fill in the field "Price"']);
    expect(at('mileage')).toEqual(['Fill in the field "Mileage"']);
    expect(errors.at(-1)).toMatchObject({ code: 'car_required_summary', title: 'Not all required fields are filled' });
    expect(errors.at(-1)!.source).toBeUndefined();

    const ru = errorsOf(await manual(dealerA, { site_id: siteA, is_new: true, model_id: chain.model, year: 2024, price: 1 }, 'ru'));
    expect(ru.map((error) => error.title)).toEqual(['Заполните VIN и/или External ID', 'Заполните VIN и/или External ID', 'Не все обязательные поля заполнены']);
    expect(await count()).toBe(before);
  });

  it('reports wrong values beside missing ones (a VIN with O, a negative price) and a wrong VIN alone without the summary', async () => {
    const errors = errorsOf(await manual(dealerA, { site_id: siteA, is_new: true, vin: 'XW8AB00000000000O', year: 2024, price: -5 }));
    expect(errors.map((error) => [error.source?.pointer, error.title])).toEqual([
      ['/data/attributes/brand_id', 'Fill in the field "Brand"'],
      ['/data/attributes/model_id', 'Fill in the field "Model"'],
      ['/data/attributes/vin', 'A VIN is 17 Latin letters and digits, without I, O and Q'],
      ['/data/attributes/price', 'The value must be at least 0'],
      [undefined, 'Not all required fields are filled'],
    ]);
    for (const bad of ['XW8AB0000000000I1', 'XW8AB000000000Q01', 'SHORT', 'XW8AB0000000000001', 'ХW8AB000000000001']) {
      const response = await manual(dealerA, { ...base(), vin: bad });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response).map((error) => error.source?.pointer)).toEqual(['/data/attributes/vin']);
    }
  });

  it('copies the catalogue chain from the lowest level given, upper-cases the VIN, keeps money in whole roubles and computes the final price', async () => {
    const car = await created(dealerA, {
      site_id: siteA,
      is_new: true,
      vin: 'xw8ab000000000777',
      marketing_complectation_id: chain.marketing,
      year: 2025,
      price: '2500000',
      tradein_discount: 100_000,
      credit_discount: 50_000,
      credit_tradein_discount: 120_000,
      insurance_discount: 30_000,
    });
    expect(car.attributes).toMatchObject({
      site_id: siteA,
      client_id: clientA,
      vin: 'XW8AB000000000777',
      brand_id: chain.brand,
      model_id: chain.model,
      generation_id: chain.generation,
      restyling_id: chain.restyling,
      complectation_id: chain.complectation,
      marketing_complectation_id: chain.marketing,
      status: 'active',
      logistic_status: 'in_stock',
      price: 2_500_000,
      final_price: 2_500_000 - 150_000 - 30_000,
    });
    expect(finalPrice({ price: 1000, credit_tradein_discount: 400, tradein_discount: 100, credit_discount: 100 })).toBe(600);
    expect(finalPrice({ price: 100, tradein_discount: 500 })).toBe(0);
    const fractional = await manual(dealerA, { ...base(), price: 1999.5 });
    expect(errorsOf(fractional).map((error) => error.title)).toEqual(['The value must be a whole number']);
  });

  it('takes an External ID instead of a VIN and refuses a catalogue level that does not belong to the lower one given', async () => {
    const car = await created(dealerA, { ...base(), vin: null, external_id: 'EXT-1' });
    expect(car.attributes).toMatchObject({ vin: null, external_id: 'EXT-1', brand_id: chain.brand });
    const response = await manual(dealerA, { ...base(), model_id: otherModel, generation_id: chain.generation });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[0]!.source?.pointer).toBe('/data/attributes/model_id');
  });

  it('refuses a site of another client, and a reader without cars.create', async () => {
    const response = await manual(dealerA, { ...base(), site_id: siteB });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[0]!.source?.pointer).toBe('/data/attributes/site_id');
    expect((await manual(reader, base())).statusCode).toBe(403);
  });

  it('stores the photos in the order given, and refuses another client\'s file, a video and too many photos, storing nothing', async () => {
    const file = (clientId: number, name: string, kind = 'image') => ({ client_id: clientId, name, mime: kind === 'image' ? 'image/jpeg' : 'video/mp4', ext: kind === 'image' ? 'jpg' : 'mp4', kind, size: 100, driver: 'local', key: `car-photo-${counter++}-${name}` });
    const [front, side, back, video, foreign] = await t.database.db
      .insert(mediaFiles)
      .values([file(clientA, 'front.jpg'), file(clientA, 'side.jpg'), file(clientA, 'back.jpg'), file(clientA, 'walkaround.mp4', 'video'), file(clientB, 'foreign.jpg')])
      .returning();
    const order = [side!.id, front!.id, back!.id];
    const car = await created(dealerA, { ...base(), manual_image_ids: order });
    expect(car.attributes.manual_image_ids).toEqual(order);
    const [stored] = await t.database.db.select({ ids: cars.manual_image_ids }).from(cars).where(eq(cars.id, Number(car.id)));
    expect(stored!.ids).toEqual(order);

    const before = await count();
    const refused = await manual(dealerA, { ...base(), manual_image_ids: [front!.id, foreign!.id] });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'car_image_not_own', title: `File ${foreign!.id} is not an image of the media library of this car's client`, source: { pointer: '/data/attributes/manual_image_ids/1' } });
    expect((await manual(dealerA, { ...base(), manual_image_ids: [video!.id] })).statusCode).toBe(400);
    const many = await manual(dealerA, { ...base(), manual_image_ids: Array.from({ length: 41 }, (_, i) => i + 1) }, 'ru');
    expect(many.statusCode).toBe(400);
    expect(errorsOf(many).map((error) => error.title)).toContain('У автомобиля не больше 40 фото');
    expect(await count()).toBe(before);

    // An edit reorders and removes photos, and refuses another client's file too.
    const reordered = await t.request('PATCH', `${API}/cars/${car.id}`, { token: dealerA, body: { data: { attributes: { manual_image_ids: [back!.id, side!.id] } } } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.attributes.manual_image_ids).toEqual([back!.id, side!.id]);
    const stolen = await t.request('PATCH', `${API}/cars/${car.id}`, { token: dealerA, lang: 'en', body: { data: { attributes: { manual_image_ids: [foreign!.id] } } } });
    expect(stolen.statusCode).toBe(400);
    expect(errorsOf(stolen)[0]!.code).toBe('car_image_not_own');
    // A photo deleted from the library since does not block the next edit of the car.
    await t.database.db.delete(mediaFiles).where(eq(mediaFiles.id, back!.id));
    const later = await t.request('PATCH', `${API}/cars/${car.id}`, { token: dealerA, body: { data: { attributes: { price: 2_100_000, manual_image_ids: [back!.id, side!.id] } } } });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('is also what the plain POST /cars checks', async () => {
    const response = await t.request('POST', `${API}/cars`, { token: dealerA, lang: 'en', body: { data: { attributes: { site_id: siteA, is_new: true, model_id: chain.model, year: 2024, price: 1 } } } });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response).map((error) => error.title)).toContain('Fill VIN and/or External ID');
  });
});

describe('edit, delete and mark as sold', () => {
  it('edits a car: a new model clears the levels below it, the final price follows the discounts, VIN and External ID cannot both go', async () => {
    const car = await created(dealerA, { ...base(), complectation_id: chain.complectation });
    const patch = (attributes: Record<string, unknown>, token = dealerA) => t.request('PATCH', `${API}/cars/${car.id}`, { token, lang: 'en', body: { data: { attributes } } });
    let response = await patch({ model_id: otherModel, tradein_discount: 200_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attributes).toMatchObject({ model_id: otherModel, brand_id: chain.brand, generation_id: null, complectation_id: null, final_price: 1_800_000 });
    response = await patch({ vin: null });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[0]!.title).toBe('Fill VIN and/or External ID');
    response = await patch({ status: 'reserved', logistic_status: 'on_the_way' });
    expect(response.json().data.attributes).toMatchObject({ status: 'reserved', logistic_status: 'on_the_way', sold_at: null });
    expect((await patch({ status: 'gone' })).statusCode).toBe(400);
    expect((await patch({ price: 1 }, dealerB)).statusCode).toBe(404);
    expect((await t.request('DELETE', `${API}/cars/${car.id}`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${API}/cars/${car.id}`, { token: dealerA })).statusCode).toBe(204);
    expect((await t.request('GET', `${API}/cars/${car.id}`, { token: dealerA })).statusCode).toBe(404);
  });

  it('marks several cars as sold in one go, and none when one of them is another client\'s', async () => {
    const one = await created(dealerA, base());
    const two = await created(dealerA, base());
    const foreign = await created(dealerB, { ...base(), site_id: siteB });
    const sold = (ids: number[], token = dealerA) => t.request('POST', `${API}/cars/sold/by_ids`, { token, lang: 'en', body: { data: { ids } } });
    let response = await sold([Number(one.id), Number(foreign.id)]);
    expect(response.statusCode).toBe(404);
    expect(errorsOf(response)[0]!.title).toBe(`Cars not found: ${foreign.id}`);
    const statuses = async () => (await t.database.db.select({ id: cars.id, status: cars.status }).from(cars).where(eq(cars.client_id, clientA))).filter((row) => [Number(one.id), Number(two.id)].includes(row.id)).map((row) => row.status);
    expect(await statuses()).toEqual(['active', 'active']);
    response = await sold([Number(one.id), Number(two.id)]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((car: { attributes: { status: string; sold_at: string | null } }) => [car.attributes.status, car.attributes.sold_at !== null])).toEqual([['sold', true], ['sold', true]]);
    expect((await sold([Number(one.id)], reader)).statusCode).toBe(403);
    expect((await sold([])).statusCode).toBe(400);
    expect((await t.request('GET', `${API}/cars/${foreign.id}`, { token: dealerB })).json().data.attributes.status).toBe('active');
  });
});

describe('a client\'s cars', () => {
  it('lists new or used cars of a site with filters, ranges, sort and the labels each one carries, never another client\'s', async () => {
    const db = t.database.db;
    const [site] = await db.insert(sites).values({ name: 'Листинг', client_id: clientA, type: 3 }).returning();
    const siteId = site!.id;
    await t.installModules(siteId);
    await db.insert(carLabels).values([
      { site_id: siteId, client_id: clientA, name: 'Выгодно', background: '#D4380D', conditions: [{ field: 'has_discount_price', operator: 'equal', operands: [true] }] },
      { site_id: siteId, client_id: clientA, name: 'Скрытая', hide: true, conditions: [{ field: 'year', operator: 'more', operands: [2000] }] },
      { site_id: siteId, client_id: clientA, name: 'SOL', conditions: [{ field: 'marketing_complectation_code', operator: 'equal', operands: ['sol-c'] }] },
    ]);
    const cheap = await created(dealerA, { ...base(), site_id: siteId, price: 1_000_000, tradein_discount: 50_000, vin: 'XW8AB0000000SEARC' });
    const dear = await created(dealerA, { ...base(), site_id: siteId, price: 3_000_000, year: 2020, marketing_complectation_id: chain.marketing });
    await created(dealerA, { ...base(), site_id: siteId, is_new: false, mileage: 20_000 });
    const list = (query: string, token = dealerA, client = clientA) => t.request('GET', `${API}/cars/where_client/${client}?filter[site_id]=${siteId}&${query}`, { token, lang: 'en' });

    let response = await list('is_new=true&sort=-price');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.map((car: { id: string }) => car.id)).toEqual([dear.id, cheap.id]);
    expect(body.meta.page).toEqual({ number: 1, size: 100, total: 2 });
    expect(body.data[1].attributes.labels.map((label: { name: string }) => label.name)).toEqual(['Выгодно']);
    expect(body.data[0].attributes.labels.map((label: { name: string }) => label.name)).toEqual(['SOL']);
    expect(body.included).toEqual(expect.arrayContaining([{ id: String(chain.brand), type: 'brands', attributes: { name: expect.any(String) } }]));

    const ids = async (query: string) => (await list(query)).json().data.map((car: { id: string }) => car.id);
    expect(await ids('is_new=true&filter[price_from]=2000000')).toEqual([dear.id]);
    expect(await ids('is_new=true&filter[price_to]=950000')).toEqual([cheap.id]);
    expect(await ids('is_new=true&filter[year_to]=2021')).toEqual([dear.id]);
    expect(await ids('filter[search]=searc')).toEqual([cheap.id]);
    expect(await ids(`ids=${cheap.id}`)).toEqual([cheap.id]);
    expect((await ids('is_new=false')).length).toBe(1);
    expect((await list('sort=password')).statusCode).toBe(400);
    expect((await list('filter[price_from]=-1')).statusCode).toBe(400);
    expect((await list('is_new=true', dealerB)).statusCode).toBe(404);
    expect((await list('is_new=true', dealerA, clientB)).statusCode).toBe(404);
    // The plain list is tenant-scoped too.
    const plain = (await t.request('GET', `${API}/cars?filter[site_id]=${siteId}`, { token: dealerB })).json();
    expect(plain.data).toEqual([]);
  });
});
