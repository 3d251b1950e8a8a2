import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carModels, mediaFiles } from '../../schema.ts';
import { accessories } from './accessory.table.ts';

/**
 * The accessories of a site and their dictionaries (spec 002 §3 Accessories, §5, §7, §9):
 * categories and attributes of a client or system-wide (staff write those), accessories with
 * their rules and filters, bulk status, settings; another client's records stay out of reach and
 * a site without the accessories_stock module refuses the calls.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let bareSite: number;
let dealerA: string;
let dealerB: string;
let staff: string;
let counter = 0;

const API = '/gateway/accessories.showroom/api/v1';
const CODES = [...['accessories', 'accessory_categories', 'accessory_attributes', 'accessory_settings'].flatMap((e) => [`${e}.get_list`, `${e}.create`, `${e}.patch`, `${e}.delete`]), 'accessories.import'];

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = await t.createSite(clientA);
  siteB = await t.createSite(clientB);
  bareSite = await t.createSite(clientA, []);
  const grants = { 'accessories.showroom': CODES };
  dealerA = (await t.signIn((await t.createUser({ grants, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants, clientIds: [clientB] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: { 'accessories.showroom': [...CODES, 'system_accessory_attributes.admin'] } })).email)).access_token;
});
afterAll(() => t?.close());

type Response = Awaited<ReturnType<TestApp['request']>>;
const errorsOf = (response: Response) => response.json().errors as { code: string; title: string; source?: { pointer?: string } }[];
const post = (token: string, path: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/${path}`, { token, lang, body: { data: { attributes } } });
const patch = (token: string, path: string, attributes: Record<string, unknown>, lang = 'en') => t.request('PATCH', `${API}/${path}`, { token, lang, body: { data: { attributes } } });
const get = (token: string, path: string) => t.request('GET', `${API}/${path}`, { token, lang: 'en' });
async function made(token: string, path: string, attributes: Record<string, unknown>) {
  const response = await post(token, path, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const category = (token: string, clientId: number | null) => made(token, 'categories', { client_id: clientId, name: `Коврики ${unique()}`, code: `mats-${unique()}` });
async function image(clientId: number, kind = 'image') {
  const [row] = await t.database.db
    .insert(mediaFiles)
    .values({ client_id: clientId, name: 'mats.jpg', mime: kind === 'image' ? 'image/jpeg' : 'video/mp4', ext: kind === 'image' ? 'jpg' : 'mp4', kind, size: 100, driver: 'local', key: `acc-${unique()}` })
    .returning();
  return row!.id;
}
async function accessory(token: string, siteId: number, clientId: number, extra: Record<string, unknown> = {}) {
  const categoryId = Number((await category(token, clientId)).id);
  return made(token, 'accessories', { site_id: siteId, name: `Коврики ${unique()}`, article_code: `ART-${unique()}`, price: 4990, category_id: categoryId, image_ids: [await image(clientId)], ...extra });
}

describe('categories', () => {
  it('keeps a client\'s own, shows the system-wide ones to every client, and lets only staff write those', async () => {
    const own = await category(dealerA, clientA);
    const system = await category(staff, null);
    const listed = await get(dealerA, `categories/by_site_id/${siteA}?page[size]=1000`);
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().data.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, system.id]));
    const other = await get(dealerB, `categories/by_site_id/${siteB}?page[size]=1000`);
    expect(other.json().data.map((row: { id: string }) => row.id)).toContain(system.id);
    expect(other.json().data.map((row: { id: string }) => row.id)).not.toContain(own.id);
    // A dealer may neither make nor change a system-wide category, nor reach another client's.
    expect((await post(dealerA, 'categories', { client_id: null, name: 'Общая', code: `x-${unique()}` })).statusCode).toBe(403);
    expect((await patch(dealerA, `categories/${system.id}`, { name: 'Моя' })).statusCode).toBe(403);
    expect((await patch(dealerB, `categories/${own.id}`, { name: 'Чужая' })).statusCode).toBe(404);
    expect((await get(dealerB, `categories/by_site_id/${siteA}`)).statusCode).toBe(404);
  });

  it('refuses a code the owner already has, and a category still in use', async () => {
    const first = await category(dealerA, clientA);
    const twice = await post(dealerA, 'categories', { client_id: clientA, name: 'Дубль', code: first.attributes.code });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)[0]!.title).toBe('A category with this code already exists');
    const used = await accessory(dealerA, siteA, clientA);
    const response = await t.request('DELETE', `${API}/categories/${used.attributes.category_id}`, { token: dealerA });
    expect(response.statusCode).toBe(409);
  });
});

describe('attributes', () => {
  it('lists a client\'s attributes with the system-wide ones, ten a page, and hides another client\'s', async () => {
    const own = await made(dealerA, 'accessory_attributes', { client_id: clientA, code: `color_${unique()}`, name: 'Цвет', type: 'string', is_filterable: true });
    const system = (await t.request('POST', `${API}/admin/accessory_attributes`, { token: staff, body: { data: { attributes: { code: `material_${unique()}`, name: 'Материал', type: 'array' } } } })).json().data;
    const page = await get(dealerA, `accessory_attributes/for_client_id/${clientA}?page[size]=1000`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining([own.id, system.id]));
    expect((await get(dealerA, `accessory_attributes/for_client_id/${clientA}`)).json().meta.page.size).toBe(10);
    expect((await get(dealerB, `accessory_attributes/for_client_id/${clientB}/all`)).json().data.map((row: { id: string }) => row.id)).not.toContain(own.id);
    expect((await get(dealerB, `accessory_attributes/for_client_id/${clientA}`)).statusCode).toBe(404);
    const systemList = await get(dealerA, 'system_accessory_attributes');
    expect(systemList.json().meta.page.size).toBe(10);
    expect(systemList.json().data.every((row: { attributes: { client_id: unknown } }) => row.attributes.client_id === null)).toBe(true);
  });

  it('lets only staff write the system-wide attributes', async () => {
    const body = { data: { attributes: { code: `size_${unique()}`, name: 'Размер', type: 'number' } } };
    expect((await t.request('POST', `${API}/admin/accessory_attributes`, { token: dealerA, body })).statusCode).toBe(403);
    const created = await t.request('POST', `${API}/admin/accessory_attributes`, { token: staff, body });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await t.request('PATCH', `${API}/admin/accessory_attributes/${id}`, { token: dealerA, body: { data: { attributes: { name: 'Чужое' } } } })).statusCode).toBe(403);
    expect((await patch(dealerA, `accessory_attributes/${id}`, { name: 'Чужое' })).statusCode).toBe(403);
    expect((await t.request('PATCH', `${API}/admin/accessory_attributes/${id}`, { token: staff, body: { data: { attributes: { name: 'Размер, см' } } } })).json().data.attributes.name).toBe('Размер, см');
    expect((await t.request('DELETE', `${API}/admin/accessory_attributes/${id}`, { token: dealerA })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${API}/admin/accessory_attributes/${id}`, { token: staff })).statusCode).toBe(204);
  });

  it('checks the default value against the type and refuses a code taken', async () => {
    const wrong = await post(dealerA, 'accessory_attributes', { client_id: clientA, code: `w_${unique()}`, name: 'Вес', type: 'number', default_value: 'тяжёлый' });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)[0]!.source?.pointer).toBe('/data/attributes/default_value');
    const code = `dup_${unique()}`;
    await made(dealerA, 'accessory_attributes', { client_id: clientA, code, name: 'Один', type: 'boolean', default_value: false });
    const twice = await post(dealerA, 'accessory_attributes', { client_id: clientA, code, name: 'Два', type: 'string' });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)[0]!.title).toBe('An attribute with this code already exists');
  });
});

describe('accessories', () => {
  it('stores every field, who made and changed it, and reads it back', async () => {
    const [brand] = await t.database.db.insert(carBrands).values({ name: `Brand ${unique()}` }).returning();
    const [model] = await t.database.db.insert(carModels).values({ name: 'Solaris', brand_id: brand!.id }).returning();
    const code = `color_${unique()}`;
    await made(dealerA, 'accessory_attributes', { client_id: clientA, code, name: 'Цвет', type: 'string', is_filterable: true });
    const images = [await image(clientA), await image(clientA)];
    const created = await accessory(dealerA, siteA, clientA, { dealer_name: 'Склад', price: '4990.50', discount: 500, description: 'Резиновые', brand_id: brand!.id, model_ids: [model!.id], image_ids: images, attributes: { [code]: 'чёрный' } });
    expect(created.attributes).toMatchObject({ site_id: siteA, client_id: clientA, price: 4990.5, discount: 500, status: 'in_stock', image_ids: images, model_ids: [model!.id], attributes: { [code]: 'чёрный' } });
    expect(created.attributes.created_by).toBeTypeOf('number');
    const changed = await patch(dealerA, `accessories/${created.id}`, { status: 'sold' });
    expect(changed.json().data.attributes).toMatchObject({ status: 'sold', updated_by: created.attributes.created_by });
  });

  it('refuses what the rules forbid, in the caller\'s language, storing nothing', async () => {
    const categoryId = Number((await category(dealerA, clientA)).id);
    const base = { site_id: siteA, name: 'Фаркоп', article_code: `TOW-${unique()}`, price: 15000, category_id: categoryId, image_ids: [await image(clientA)] };
    const stored = async () => (await t.database.db.select({ id: accessories.id }).from(accessories).where(eq(accessories.site_id, siteA))).length;
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: 0 }, '/data/attributes/price', 'Цена должна быть больше нуля'],
      [{ price: -5 }, '/data/attributes/price', 'Цена должна быть больше нуля'],
      [{ image_ids: [] }, '/data/attributes/image_ids', 'Добавьте хотя бы одно изображение'],
      [{ name: '' }, '/data/attributes/name', 'Это поле обязательно для заполнения'],
      [{ discount: 20000 }, '/data/attributes/discount', 'Скидка не может быть больше цены'],
      [{ image_ids: [await image(clientB)] }, '/data/attributes/image_ids', ''],
      [{ image_ids: [await image(clientA, 'video')] }, '/data/attributes/image_ids/0', 'Файл'],
      [{ category_id: Number((await category(dealerB, clientB)).id) }, '/data/attributes/category_id', ''],
      [{ attributes: { nope: 'x' } }, '/data/attributes/attributes/nope', 'Атрибут «nope» не найден'],
    ];
    for (const [change, pointer, title] of cases) {
      const response = await post(dealerA, 'accessories', { ...base, ...change }, 'ru');
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorsOf(response)[0]!.source?.pointer?.startsWith(pointer), response.body).toBe(true);
      if (title) expect(errorsOf(response)[0]!.title).toContain(title);
    }
    const numeric = `n_${unique()}`;
    await made(dealerA, 'accessory_attributes', { client_id: clientA, code: numeric, name: 'Длина', type: 'number' });
    const typed = await post(dealerA, 'accessories', { ...base, attributes: { [numeric]: 'длинный' } });
    expect(typed.statusCode).toBe(400);
    expect(errorsOf(typed)[0]!.title).toBe(`The value of the attribute "${numeric}" must be: number`);
    expect(await stored()).toBe(before);
    await made(dealerA, 'accessories', base);
    const twice = await post(dealerA, 'accessories', base);
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)[0]!.title).toBe('The site already has an accessory with this article code');
  });

  it('lists a site\'s accessories ten a page, filtered by category, status, brand, model, price and attribute values', async () => {
    const site = await t.createSite(clientA);
    const [brand] = await t.database.db.insert(carBrands).values({ name: `Brand ${unique()}` }).returning();
    const [model, other] = await t.database.db.insert(carModels).values([{ name: 'Rio', brand_id: brand!.id }, { name: 'Ceed', brand_id: brand!.id }]).returning();
    const code = `mat_${unique()}`;
    await made(dealerA, 'accessory_attributes', { client_id: clientA, code, name: 'Материал', type: 'array', is_filterable: true });
    const cheap = await accessory(dealerA, site, clientA, { price: 1000, attributes: { [code]: ['резина'] } });
    const dear = await accessory(dealerA, site, clientA, { price: 30000, discount: 5000, brand_id: brand!.id, model_ids: [model!.id], status: 'out_of_stock', attributes: { [code]: ['ворс', 'резина'] } });
    for (let i = 0; i < 10; i++) await accessory(dealerA, site, clientA, { price: 2000 + i, brand_id: brand!.id, model_ids: [other!.id] });
    const ids = async (query: string) => {
      const response = await get(dealerA, `accessories/by_site_id/${site}?page[size]=10000&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((row: { id: string }) => row.id) as string[];
    };
    const first = await get(dealerA, `accessories/by_site_id/${site}`);
    expect(first.json().meta.page).toEqual({ number: 1, size: 10, total: 12 });
    expect(first.json().data).toHaveLength(10);
    expect(await ids(`filter[category_id]=${cheap.attributes.category_id}`)).toEqual([cheap.id]);
    expect(await ids('filter[status]=out_of_stock')).toEqual([dear.id]);
    expect(await ids(`filter[model_id]=${model!.id}`)).toEqual(expect.arrayContaining([dear.id, cheap.id]));
    expect(await ids(`filter[model_id]=${model!.id}`)).toHaveLength(2);
    expect(await ids('filter[price_from]=20000&filter[price_to]=26000')).toEqual([dear.id]);
    expect(await ids(`filter[attribute][${code}]=ворс`)).toEqual([dear.id]);
    expect(await ids(`filter[attribute][${code}]=резина`)).toHaveLength(2);
    expect((await ids('sort=-price'))[0]).toBe(dear.id);
    expect((await get(dealerA, `accessories/by_site_id/${site}?filter[price_from]=5&filter[price_to]=1`)).statusCode).toBe(400);
    expect((await get(dealerA, `accessories/by_site_id/${site}?filter[bogus]=1`)).statusCode).toBe(400);
    expect((await get(dealerB, `accessories/by_site_id/${site}`)).statusCode).toBe(404);
  });

  it('sets one status on many accessories, and refuses them all when one is another client\'s', async () => {
    const one = await accessory(dealerA, siteA, clientA);
    const two = await accessory(dealerA, siteA, clientA);
    const foreign = await accessory(dealerB, siteB, clientB);
    const refused = await t.request('POST', `${API}/accessories/status`, { token: dealerA, body: { data: { ids: [Number(one.id), Number(foreign.id)], status: 'sold' } } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await get(dealerA, `accessories/${one.id}`)).json().data.attributes.status).toBe('in_stock');
    const done = await t.request('POST', `${API}/accessories/status`, { token: dealerA, body: { data: { ids: [Number(one.id), Number(two.id)], status: 'out_of_stock' } } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.changed).toBe(2);
    expect((await get(dealerA, `accessories/${two.id}`)).json().data.attributes.status).toBe('out_of_stock');
  });

  it('refuses another client\'s site and a site without the module', async () => {
    const categoryId = Number((await category(dealerA, clientA)).id);
    const foreignSite = await post(dealerB, 'accessories', { site_id: siteA, name: 'Чужой', article_code: `X-${unique()}`, price: 10, category_id: categoryId, image_ids: [await image(clientB)] });
    expect(foreignSite.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreignSite.statusCode).toBeLessThan(500);
    const bare = await post(dealerA, 'accessories', { site_id: bareSite, name: 'Без модуля', article_code: `B-${unique()}`, price: 10, category_id: categoryId, image_ids: [await image(clientA)] });
    expect(bare.statusCode).toBe(403);
    expect(errorsOf(bare)[0]!.code).toBe('module_not_installed');
    expect((await get(dealerA, `accessories/by_site_id/${bareSite}`)).statusCode).toBe(403);
    expect((await get(dealerA, `settings/by_site_id/${bareSite}`)).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('makes a site\'s settings on first read and keeps its import files', async () => {
    const first = await get(dealerA, `settings/by_site_id/${siteA}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.attributes.import_files).toEqual([]);
    const id = first.json().data.id;
    const files = [{ name: 'Прайс', url: 'https://feeds.dealer.test/accessories.csv', profile: 'csv' }];
    const saved = await patch(dealerA, `settings/${id}`, { import_files: files });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(dealerA, `settings/by_site_id/${siteA}`)).json().data.attributes.import_files).toEqual(files);
    expect((await patch(dealerA, `settings/${id}`, { import_files: [{ name: 'Локальный', url: 'http://127.0.0.1/x.csv', profile: 'csv' }] })).statusCode).toBe(400);
    expect((await patch(dealerB, `settings/${id}`, { import_files: files })).statusCode).toBe(404);
    expect((await get(dealerB, `settings/by_site_id/${siteA}`)).statusCode).toBe(404);
  });
});
