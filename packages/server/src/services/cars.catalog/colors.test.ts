import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBodyColorMarkups } from './colors.table.ts';
import { carMarketingComplectations } from './marketing.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { eq } from 'drizzle-orm';

/**
 * Body colours with their markups, upholsteries, marketing galleries (spec 001 §3), their file
 * imports with a preview (§7) and the models' history with restoring (§4, §7), on the real
 * database: only platform staff write, dealers read, bad input changes nothing.
 */
let t: TestApp;
let staff: string;
let dealer: string;
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
});
afterAll(() => t?.close());

const create = (name: string, attributes: Record<string, unknown>, token = staff, lang = 'en') => t.request('POST', base(name), { token, lang, body: { data: { type: name, attributes } } });
async function created(name: string, attributes: Record<string, unknown>) {
  const response = await create(name, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
const patch = (name: string, id: string, attributes: Record<string, unknown>, token = staff) => t.request('PATCH', `${base(name)}/${id}`, { token, lang: 'en', body: { data: { attributes } } });

/** A brand down to a marketing complectation (written through the API where it can be). */
async function chain(brandName = `Brand ${unique()}`) {
  const brand = await created('brands', { name: brandName });
  const model = await created('models', { name: `Model ${unique()}`, brand_id: Number(brand.id) });
  const generation = await created('generations', { name: 'I', model_id: Number(model.id) });
  const restyling = await created('restylings', { name: 'R', generation_id: Number(generation.id) });
  const complectation = await created('complectations', { name: 'Base', restyling_id: Number(restyling.id) });
  const code = `MC-${unique()}`;
  const [mc] = await t.database.db
    .insert(carMarketingComplectations)
    .values({ code, name: 'Elegance', complectation_id: Number(complectation.id), restyling_id: Number(restyling.id), generation_id: Number(generation.id), model_id: Number(model.id), brand_id: Number(brand.id) })
    .returning();
  return { brand, brandName, model, complectation, mc: mc!, mcCode: code };
}

function form(parts: { field: string; name?: string; data: Buffer | string }[]) {
  const boundary = `----colors${unique()}`;
  const body = Buffer.concat([
    ...parts.map((part) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"${part.name ? `; filename="${part.name}"` : ''}\r\n${part.name ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`),
        Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
        Buffer.from('\r\n'),
      ]),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (kind: string, data: Buffer | string, options: { apply?: boolean; token?: string; lang?: string; name?: string; deleteAll?: boolean } = {}) => {
  const { body, contentType } = form([{ field: 'file', name: options.name ?? `${kind}.csv`, data }, ...(options.deleteAll ? [{ field: 'delete_all', data: 'true' }] : [])]);
  return t.app.inject({
    method: 'POST',
    url: `${API}/import/${kind}${options.apply ? '' : '/preview'}`,
    payload: body,
    headers: { authorization: `Bearer ${options.token ?? staff}`, 'content-type': contentType, 'accept-language': options.lang ?? 'en' },
  });
};
async function xlsx(rows: ExcelJS.CellValue[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Цвета');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('body colours and markups', () => {
  it('keeps a list of hex values with the hash, upper-cased, and a code unique within the brand', async () => {
    const { brand } = await chain();
    const color = await created('body_colors', { name: 'Two-tone', code: 'TT1', hex: ['f5f5f5', '#1a1a1a'], brand_id: Number(brand.id) });
    expect(color.attributes).toMatchObject({ hex: ['#F5F5F5', '#1A1A1A'], code: 'TT1', color_id: null });
    const bad = await create('body_colors', { name: 'Bad', code: 'B1', hex: ['#FFF', 'red'], brand_id: Number(brand.id) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ title: 'A colour as #RRGGBB, e.g. #1A2B3C', source: { pointer: '/data/attributes/hex/0' } });
    const empty = await create('body_colors', { name: 'Empty', code: 'E1', hex: [], brand_id: Number(brand.id) }, staff, 'ru');
    expect(empty.json().errors[0].title).toBe('Укажите хотя бы один цвет в формате #RRGGBB');
    const twice = await create('body_colors', { name: 'Again', code: 'TT1', hex: ['#000000'], brand_id: Number(brand.id) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0]).toMatchObject({ title: 'The brand already has an entry with the code "TT1"', source: { pointer: '/data/attributes/code' } });
    const other = await chain();
    await created('body_colors', { name: 'Same code, other brand', code: 'TT1', hex: ['#000000'], brand_id: Number(other.brand.id) });
    const listed = await t.request('GET', `${base('body_colors')}?filter[brands]=${brand.id}`, { token: dealer });
    expect(listed.json().data.map((r: { id: string }) => r.id)).toEqual([color.id]);
  });

  it('is written by platform staff only', async () => {
    const { brand } = await chain();
    expect((await create('body_colors', { name: 'Mine', code: 'M1', hex: ['#000000'], brand_id: Number(brand.id) }, dealer)).statusCode).toBe(403);
    expect((await create('upholsteries', { name: 'Mine', code: 'M1', material: 'leather', colors: ['#000000'], brand_id: Number(brand.id) }, dealer)).statusCode).toBe(403);
  });

  it('prices a colour for a marketing complectation of the same brand, once, and drops the prices with the colour', async () => {
    const a = await chain();
    const b = await chain();
    const color = await created('body_colors', { name: 'White', code: 'W', hex: ['#FFFFFF'], brand_id: Number(a.brand.id) });
    const foreign = await create('body_color_markups', { body_color_id: Number(color.id), marketing_complectation_id: b.mc.id, price: 1000 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].title).toBe('The body colour and the marketing complectation belong to different brands');
    const markup = await created('body_color_markups', { body_color_id: Number(color.id), marketing_complectation_id: a.mc.id, price: 25000 });
    expect(markup.attributes).toMatchObject({ price: 25000, brand_id: Number(a.brand.id) });
    expect((await create('body_color_markups', { body_color_id: Number(color.id), marketing_complectation_id: a.mc.id, price: 1 })).statusCode).toBe(409);
    expect((await create('body_color_markups', { body_color_id: Number(color.id), marketing_complectation_id: a.mc.id, price: 1.5 })).statusCode).toBe(400);
    expect((await patch('body_color_markups', markup.id, { body_color_id: 5 })).statusCode).toBe(400);
    expect((await t.request('DELETE', `${base('body_colors')}/${color.id}`, { token: staff })).statusCode).toBe(204);
    expect(await t.database.db.select().from(carBodyColorMarkups).where(eq(carBodyColorMarkups.id, Number(markup.id)))).toEqual([]);
  });
});

describe('upholsteries and marketing galleries', () => {
  it('takes one of the six materials and a list of colours', async () => {
    const { brand } = await chain();
    const leather = await created('upholsteries', { name: 'Black leather', code: 'NNB', material: 'faux_leather', colors: ['000000', '#c0c0c0'], brand_id: Number(brand.id) });
    expect(leather.attributes).toMatchObject({ material: 'faux_leather', colors: ['#000000', '#C0C0C0'] });
    const wood = await create('upholsteries', { name: 'Wood', code: 'WD', material: 'wood', colors: ['#000000'], brand_id: Number(brand.id) });
    expect(wood.statusCode).toBe(400);
    expect(wood.json().errors[0]).toMatchObject({ title: 'The material is leather, textile, combined, alcantara, velours or faux leather', source: { pointer: '/data/attributes/material' } });
    const listed = await t.request('GET', `${base('upholsteries')}?filter[brands]=${brand.id}&filter[material]=faux_leather`, { token: dealer });
    expect(listed.json().data.map((r: { id: string }) => r.id)).toEqual([leather.id]);
  });

  it('keeps the images of a gallery in their order, each an existing library file, none twice', async () => {
    const { brand, complectation } = await chain();
    const images = await t.database.db
      .insert(mediaFiles)
      .values([1, 2, 3].map((n) => ({ name: `photo-${n}.jpg`, mime: 'image/jpeg', ext: 'jpg', kind: 'image', size: 100, driver: 'local', key: `colors-${unique()}-${n}` })))
      .returning();
    const color = await created('body_colors', { name: 'Blue', code: 'BL', hex: ['#0000FF'], brand_id: Number(brand.id) });
    const order = [images[2]!.id, images[0]!.id, images[1]!.id];
    const gallery = await created('marketing_galleries', { name: 'Blue sedan', complectation_id: Number(complectation.id), body_color_id: Number(color.id), image_ids: order });
    expect(gallery.attributes.image_ids).toEqual(order);
    expect(gallery.attributes.images.map((image: { name: string }) => image.name)).toEqual(['photo-3.jpg', 'photo-1.jpg', 'photo-2.jpg']);
    const read = await t.request('GET', `${base('marketing_galleries')}/${gallery.id}`, { token: dealer });
    expect(read.json().data.attributes.images).toEqual(gallery.attributes.images);
    const missing = await create('marketing_galleries', { name: 'Missing', complectation_id: Number(complectation.id), image_ids: [987654] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].source.pointer).toBe('/data/attributes/image_ids');
    const twice = await create('marketing_galleries', { name: 'Twice', complectation_id: Number(complectation.id), image_ids: [images[0]!.id, images[0]!.id] });
    expect(twice.json().errors[0].title).toBe('An image is chosen twice');
    // The colour of a gallery is not deleted from under it.
    expect((await t.request('DELETE', `${base('body_colors')}/${color.id}`, { token: staff })).statusCode).toBe(409);
  });
});

describe('file imports', () => {
  it('previews body colours row by row (create, update, unchanged, error) and writes nothing, then applies the good rows', async () => {
    const { brand, brandName } = await chain();
    await created('body_colors', { name: 'White', code: 'WHT', hex: ['#FFFFFF'], brand_id: Number(brand.id) });
    await created('body_colors', { name: 'Black', code: 'BLK', hex: ['#000000'], brand_id: Number(brand.id) });
    const csv = [
      'Brand;Code;Name;Hex',
      `${brandName};WHT;White;#FFFFFF`,
      `${brandName};BLK;Black metallic;#000000 #333333`,
      `${brandName};RED;Red;c00000`,
      `${brandName};=1+1;Formula;#123456`,
      `Nobody;GRN;Green;#00FF00`,
      `${brandName};RED;Red again;#FF0000`,
    ].join('\r\n');
    const preview = await upload('body_colors', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ kind: 'body_colors', format: 'csv', total: 6, create: 1, update: 1, unchanged: 1, errors: 3, applied: false });
    expect(report.rows.map((row: { status: string }) => row.status)).toEqual(['unchanged', 'update', 'create', 'error', 'error', 'error']);
    expect(report.rows[3]).toMatchObject({ row: 5, values: { code: '=1+1' }, errors: [{ field: 'code', message: 'Only Latin letters, digits, "-" and "_" are allowed' }] });
    expect(report.rows[4].errors).toEqual([{ field: 'brand', message: 'The brand "Nobody" was not found' }]);
    expect(report.rows[5].errors).toEqual([{ field: 'code', message: 'Duplicate: the same entry is already in row 4' }]);
    const before = await t.request('GET', `${base('body_colors')}?filter[brands]=${brand.id}`, { token: staff });
    expect(before.json().data).toHaveLength(2);

    const applied = (await upload('body_colors', csv, { apply: true })).json().data;
    expect(applied).toMatchObject({ applied: true, create: 1, update: 1, errors: 3 });
    const after = await t.request('GET', `${base('body_colors')}?filter[brands]=${brand.id}&sort=code`, { token: staff });
    expect(after.json().data.map((r: any) => [r.attributes.code, r.attributes.name, r.attributes.hex])).toEqual([
      ['BLK', 'Black metallic', ['#000000', '#333333']],
      ['RED', 'Red', ['#C00000']],
      ['WHT', 'White', ['#FFFFFF']],
    ]);
    // Applied again: nothing left to change.
    expect((await upload('body_colors', csv, { lang: 'ru' })).json().data).toMatchObject({ create: 0, update: 0, unchanged: 3, errors: 3 });
  });

  it('reads upholsteries from an XLSX, materials by code or Russian name, a formula cell by its stored value only', async () => {
    const { brand, brandName } = await chain();
    const file = await xlsx([
      ['brand', 'code', 'name', 'material', 'colors', 'name_ru'],
      [brandName, 'U1', 'Leather', 'кожа', '#000000', 'Кожа'],
      [brandName, 'U2', 'Alcantara', 'alcantara', '#111111, #222222', null],
      [brandName, 'U3', { formula: 'HYPERLINK("http://evil","x")', result: 'x' } as ExcelJS.CellValue, 'wood', '#333333', null],
    ]);
    const preview = await upload('upholsteries', file, { name: 'u.xlsx', lang: 'ru' });
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ format: 'xlsx', total: 3, create: 2, errors: 1 });
    expect(report.rows[2].values.name).toBe('x');
    expect(report.rows[2].errors).toEqual([{ field: 'material', message: 'Материал: кожа, ткань, комбинированный, алькантара, велюр или экокожа' }]);
    await upload('upholsteries', file, { name: 'u.xlsx', apply: true });
    const listed = await t.request('GET', `${base('upholsteries')}?filter[brands]=${brand.id}&sort=code`, { token: staff });
    expect(listed.json().data.map((r: any) => [r.attributes.code, r.attributes.material, r.attributes.colors, r.attributes.name_ru])).toEqual([
      ['U1', 'leather', ['#000000'], 'Кожа'],
      ['U2', 'alcantara', ['#111111', '#222222'], null],
    ]);
  });

  it('imports colour prices, and with delete_all replaces every markup of the brand in the file', async () => {
    const a = await chain();
    const white = await created('body_colors', { name: 'White', code: 'W', hex: ['#FFFFFF'], brand_id: Number(a.brand.id) });
    const black = await created('body_colors', { name: 'Black', code: 'B', hex: ['#000000'], brand_id: Number(a.brand.id) });
    const old = await created('body_color_markups', { body_color_id: Number(black.id), marketing_complectation_id: a.mc.id, price: 9000 });
    const csv = ['brand,body_color_code,marketing_complectation_code,price', `${a.brandName},W,${a.mcCode},25 000`, `${a.brandName},W,NOPE,1`, `${a.brandName},B,${a.mcCode},-5`].join('\n');
    const preview = (await upload('price_body_colors', csv, { deleteAll: true })).json().data;
    expect(preview).toMatchObject({ total: 3, create: 1, errors: 2, deleted: 1 });
    expect(preview.rows[1].errors).toEqual([{ field: 'marketing_complectation_code', message: 'The brand has no marketing complectation with the code "NOPE"' }]);
    expect(preview.rows[2].errors).toEqual([{ field: 'price', message: 'The price is a whole number of roubles, 0 or more' }]);
    // Without delete_all the other prices stay; the option may also come as a query parameter.
    expect((await upload('price_body_colors', csv)).json().data.deleted).toBe(0);
    const { body, contentType } = form([{ field: 'file', name: 'prices.csv', data: csv }]);
    const byQuery = await t.app.inject({ method: 'POST', url: `${API}/import/price_body_colors/preview?delete_all=true`, payload: body, headers: { authorization: `Bearer ${staff}`, 'content-type': contentType } });
    expect(byQuery.json().data.deleted).toBe(1);
    const applied = (await upload('price_body_colors', csv, { deleteAll: true, apply: true })).json().data;
    expect(applied).toMatchObject({ applied: true, create: 1, deleted: 1 });
    const markups = await t.request('GET', `${base('body_color_markups')}?filter[brands]=${a.brand.id}`, { token: staff });
    expect(markups.json().data.map((r: any) => [r.attributes.body_color_id, r.attributes.price])).toEqual([[Number(white.id), 25000]]);
    expect((await t.request('GET', `${base('body_color_markups')}/${old.id}`, { token: staff })).statusCode).toBe(404);
  });

  it('refuses a file without the required columns, an empty one, an unknown kind and dealers', async () => {
    const missing = await upload('body_colors', 'brand;name\r\nKia;Red\r\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].title).toBe('The first row of the file lacks the columns: code, hex. Download the template');
    expect((await upload('body_colors', 'brand;code;name;hex\r\n')).json().errors[0].title).toBe('The file has no data rows');
    expect((await upload('paint', 'x')).statusCode).toBe(404);
    expect((await upload('body_colors', 'brand;code;name;hex\r\nKia;R;Red;#FF0000', { token: dealer })).statusCode).toBe(403);
    const none = await t.app.inject({ method: 'POST', url: `${API}/import/upholsteries/preview`, headers: { authorization: `Bearer ${staff}`, 'accept-language': 'en' } });
    expect(none.statusCode).toBe(400);
  });
});

describe('model history', () => {
  const events = (modelId: string, token = staff) => t.request('GET', `${API}/restore/models/${modelId}/events`, { token });
  const restore = (eventId: string, token = staff, lang = 'en') => t.request('POST', `${API}/events/${eventId}`, { token, lang });

  it('brings a deleted model back with its id and fields, and records the restoring', async () => {
    const { brand } = await chain();
    const model = await created('models', { name: `Creta ${unique()}`, name_ru: 'Крета', brand_id: Number(brand.id) });
    expect((await t.request('DELETE', `${base('models')}/${model.id}`, { token: staff })).statusCode).toBe(204);
    const history = (await events(model.id)).json();
    expect(history.data.map((e: any) => e.attributes.action)).toEqual(['delete', 'create']);
    expect(history.data[0].attributes).toMatchObject({ model_exists: false, restorable: true, name: model.attributes.name, brand_id: Number(brand.id) });
    const byBrand = await t.request('GET', `${API}/restore/models/events?filter[brands]=${brand.id}&filter[action]=delete`, { token: staff });
    expect(byBrand.json().data.map((e: any) => e.id)).toEqual([history.data[0].id]);
    // A dealer reads the history but cannot restore.
    expect((await events(model.id, dealer)).statusCode).toBe(200);
    expect((await restore(history.data[0].id, dealer)).statusCode).toBe(403);

    const restored = await restore(history.data[0].id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ id: model.id, attributes: { name: model.attributes.name, name_ru: 'Крета', brand_id: Number(brand.id) } });
    expect((await t.request('GET', `${base('models')}/${model.id}`, { token: staff })).statusCode).toBe(200);
    const again = await restore(history.data[0].id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].title).toBe(`The model ${model.id} is not deleted: restore it from an update event`);
    expect((await events(model.id)).json().data.map((e: any) => e.attributes.action)).toEqual(['restore', 'delete', 'create']);
  });

  it('puts back the fields as they were before an update, the levels below following the brand', async () => {
    const a = await chain();
    const b = await chain();
    const model = a.model;
    expect((await patch('models', model.id, { name: 'Renamed', brand_id: Number(b.brand.id) })).statusCode).toBe(200);
    const [update] = (await events(model.id)).json().data;
    expect(update.attributes).toMatchObject({ action: 'update', restorable: true, changes: { name: [model.attributes.name, 'Renamed'], brand_id: [Number(a.brand.id), Number(b.brand.id)] } });
    const restored = await restore(update.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.attributes).toMatchObject({ name: model.attributes.name, brand_id: Number(a.brand.id) });
    const below = await t.request('GET', `${base('complectations')}/${a.complectation.id}`, { token: staff });
    expect(below.json().data.attributes.brand_id).toBe(Number(a.brand.id));
    const [latest] = (await events(model.id)).json().data;
    expect(latest.attributes).toMatchObject({ action: 'restore', changes: { name: ['Renamed', model.attributes.name], restored_from_event: Number(update.id) } });
    // A creation is not something to restore from; an event of another resource is not found.
    const created = (await events(model.id)).json().data.find((e: any) => e.attributes.action === 'create');
    expect((await restore(created.id)).json().errors[0].title).toBe('The model cannot be restored from this event');
    expect((await restore(latest.id)).statusCode).toBe(400);
  });

  it('refuses to restore an update of a deleted model', async () => {
    const { brand } = await chain();
    const model = await created('models', { name: `Tucson ${unique()}`, brand_id: Number(brand.id) });
    await patch('models', model.id, { name: 'Tucson N' });
    const [update] = (await events(model.id)).json().data;
    await t.request('DELETE', `${base('models')}/${model.id}`, { token: staff });
    const refused = await restore(update.id, staff, 'ru');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe(`Модель ${model.id} удалена: сначала восстановите её из события удаления`);
    expect((await restore('987654321')).statusCode).toBe(404);
  });
});
