import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/images.ts';
import { auditLog, carBrands, vinData } from '../../schema.ts';

/**
 * cars.vins (spec 001 §3, §7, §9): VIN data validation, the page size of 1000, who reads and who
 * writes VIN data (staff; users of allowed clients read), retrieval profiles, the import's
 * preview, report and apply (an upsert by VIN, chunked), and "invalidate images".
 */
let t: TestApp;
let staff: string;
let brandId: number;
let brandName: string;
let clientA: number;
let clientB: number;
let dealerA: string;
const BASE = '/gateway/cars.vins/api/v1';
const ALL_CODES = ['vin_data.get_list', 'vin_data.patch', 'vin_data.delete', 'vin_data.import', 'vin_profiles.get_list', 'vin_profiles.create', 'vin_profiles.patch', 'vin_profiles.delete', 'vin_clients.get_list', 'vin_clients.create', 'vin_clients.patch', 'vin_clients.delete'];

/** A valid VIN made of the allowed characters (no I, O, Q). */
const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const newVin = () => Array.from(randomBytes(17), (byte) => ALPHABET[byte % ALPHABET.length]).join('');

beforeAll(async () => {
  t = await buildTestApp();
  brandName = `Марка ${randomBytes(3).toString('hex')}`;
  brandId = (await t.database.db.insert(carBrands).values({ name: brandName }).returning())[0]!.id;
  clientA = await t.createClient();
  clientB = await t.createClient();
  staff = (await t.signIn((await t.createUser({ email: `vins-${randomBytes(3).toString('hex')}@platform.test`, grants: { 'cars.vins': ALL_CODES } })).email)).access_token;
  dealerA = (await t.signIn((await t.createUser({ grants: { 'cars.vins': ALL_CODES }, clientIds: [clientA] })).email)).access_token;
});
afterAll(() => t?.close());

const create = (token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${BASE}/vin_data`, { token, lang, body: { data: { attributes } } });
const upload = (csv: string, options: { apply?: boolean; token?: string; lang?: string; name?: string } = {}) => {
  const { body, contentType } = multipart([{ field: 'file', name: options.name ?? 'vins.csv', data: Buffer.from(csv) }]);
  const url = `${BASE}/import/vin_data${options.apply ? '' : '/preview'}`;
  return t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${options.token ?? staff}`, 'content-type': contentType, 'accept-language': options.lang ?? 'en' } });
};
const recordOf = async (vin: string) => (await t.database.db.select().from(vinData).where(eq(vinData.vin, vin)))[0];

describe('VIN data records', () => {
  it('upper-cases a VIN and refuses one with I, O or Q, a fraction of a rouble and bad codes, in the caller\'s language', async () => {
    const vin = newVin();
    const created = await create(staff, { vin: vin.toLowerCase(), brand_id: brandId, gross_price: 2_150_000, option_codes: ['PAN1', 'WSH2'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ vin, gross_price: 2_150_000, option_codes: ['PAN1', 'WSH2'], images_id: null });
    expect(created.json().data.attributes.last_update_date).toBeTruthy();

    const bad = await create(staff, { vin: 'XWEPC81ABC000I234', brand_id: brandId, gross_price: 10.5, option_codes: ['bad code'] });
    expect(bad.statusCode).toBe(400);
    const pointers = bad.json().errors.map((error: { source: { pointer: string } }) => error.source.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/data/attributes/vin', '/data/attributes/gross_price', '/data/attributes/option_codes/0']));
    expect(bad.json().errors.find((error: { source: { pointer: string } }) => error.source.pointer === '/data/attributes/vin').title).toBe('A VIN is 17 Latin letters and digits, without I, O and Q');
    const ru = await create(staff, { vin: 'SHORT', brand_id: brandId }, 'ru');
    expect(ru.json().errors[0].title).toBe('VIN — 17 латинских букв и цифр, без I, O и Q');
    const twice = await create(staff, { vin, brand_id: brandId });
    expect(twice.statusCode).toBe(409);
  });

  it('moves last_update_date on a change of data, not on a change of the image set alone', async () => {
    const vin = newVin();
    const record = (await create(staff, { vin, brand_id: brandId, images_id: 'img-1' })).json().data;
    await t.database.db.update(vinData).set({ last_update_date: new Date('2020-01-01T00:00:00Z') }).where(eq(vinData.vin, vin));
    const images = await t.request('PATCH', `${BASE}/vin_data/${record.id}`, { token: staff, body: { data: { attributes: { images_id: 'img-2' } } } });
    expect(images.json().data.attributes.last_update_date).toBe('2020-01-01T00:00:00.000Z');
    const changed = await t.request('PATCH', `${BASE}/vin_data/${record.id}`, { token: staff, body: { data: { attributes: { body_color_code: 'UD' } } } });
    expect(new Date(changed.json().data.attributes.last_update_date).getFullYear()).toBeGreaterThan(2020);
  });

  it('lists a thousand records a page by default and refuses a larger page', async () => {
    const rows = Array.from({ length: 1005 }, () => ({ vin: newVin(), brand_id: brandId, marketing_complectation_code: 'PAGE-TEST' }));
    await t.database.db.insert(vinData).values(rows);
    const first = await t.request('GET', `${BASE}/vin_data?filter[marketing_complectation_code]=PAGE-TEST`, { token: staff });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(1000);
    expect(first.json().meta.page).toEqual({ number: 1, size: 1000, total: 1005 });
    const second = await t.request('GET', `${BASE}/vin_data?filter[marketing_complectation_code]=PAGE-TEST&page[number]=2`, { token: staff });
    expect(second.json().data).toHaveLength(5);
    expect((await t.request('GET', `${BASE}/vin_data?page[size]=1001`, { token: staff })).statusCode).toBe(400);
  });
});

describe('who reads and writes VIN data', () => {
  it('lets users of a client read it only while the client is allowed, and never write it', async () => {
    const vin = newVin();
    const record = (await create(staff, { vin, brand_id: brandId })).json().data;
    const refused = await t.request('GET', `${BASE}/vin_data?filter[search]=${vin}`, { token: dealerA, lang: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].title).toBe('The client is not allowed to use VIN data');
    expect((await t.request('GET', `${BASE}/vin_data/${record.id}`, { token: dealerA })).statusCode).toBe(403);

    // A dealer cannot allow its own client: allowing is a grant, staff's.
    const selfGrant = await t.request('POST', `${BASE}/allowed_clients`, { token: dealerA, body: { data: { attributes: { client_id: clientA } } } });
    expect(selfGrant.statusCode).toBe(403);
    expect(selfGrant.json().errors[0].code).toBe('vin_clients_staff_only');
    const allowed = await t.request('POST', `${BASE}/allowed_clients`, { token: staff, body: { data: { attributes: { client_id: clientA } } } });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data.attributes.is_allowed).toBe(true);

    const listed = await t.request('GET', `${BASE}/vin_data?filter[search]=${vin}`, { token: dealerA });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((row: { id: string }) => row.id)).toEqual([record.id]);
    // The dealer sees its own client's entry, and not another client's.
    const other = (await t.request('POST', `${BASE}/allowed_clients`, { token: staff, body: { data: { attributes: { client_id: clientB, is_allowed: false } } } })).json().data;
    const entries = (await t.request('GET', `${BASE}/allowed_clients`, { token: dealerA })).json().data.map((row: { id: string }) => row.id);
    expect(entries).toEqual([allowed.json().data.id]);
    expect(entries).not.toContain(other.id);

    // Platform data: whatever codes the dealer holds, it changes nothing.
    for (const [method, url, body] of [
      ['PATCH', `${BASE}/vin_data/${record.id}`, { data: { attributes: { images_id: 'x' } } }],
      ['DELETE', `${BASE}/vin_data/${record.id}`, undefined],
      ['POST', `${BASE}/vin_data`, { data: { attributes: { vin: newVin(), brand_id: brandId } } }],
      ['POST', `${BASE}/vin_data/invalidate_images`, { data: { ids: [Number(record.id)] } }],
    ] as const) {
      const response = await t.request(method, url, { token: dealerA, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const importRefused = await upload(`vin;brand\r\n${newVin()};${brandName}`, { token: dealerA, apply: true });
    expect(importRefused.statusCode).toBe(403);

    // Taken back: reading stops.
    await t.request('PATCH', `${BASE}/allowed_clients/${allowed.json().data.id}`, { token: staff, body: { data: { attributes: { is_allowed: false } } } });
    expect((await t.request('GET', `${BASE}/vin_data`, { token: dealerA })).statusCode).toBe(403);
  });

  it('keeps one retrieval profile per client, brand and type, with an http(s) URL', async () => {
    const profile = { client_id: clientA, brand_id: brandId, url: 'https://vin.importer.example/api/v2/cars' };
    const created = await t.request('POST', `${BASE}/profile_data`, { token: staff, body: { data: { attributes: profile } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ auto_type: 'avn', method: 'GET' });
    const again = await t.request('POST', `${BASE}/profile_data`, { token: staff, lang: 'en', body: { data: { attributes: profile } } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].title).toBe('The client already has a profile of this brand and type');
    const otherType = await t.request('POST', `${BASE}/profile_data`, { token: staff, body: { data: { attributes: { ...profile, auto_type: 'epts', method: 'POST' } } } });
    expect(otherType.statusCode).toBe(201);
    const moved = await t.request('PATCH', `${BASE}/profile_data/${otherType.json().data.id}`, { token: staff, body: { data: { attributes: { auto_type: 'avn' } } } });
    expect(moved.statusCode).toBe(409);
    for (const [field, value] of [['url', 'ftp://vin.example/x'], ['url', 'not a url'], ['auto_type', 'fax'], ['method', 'PUT']] as const) {
      const response = await t.request('POST', `${BASE}/profile_data`, { token: staff, lang: 'ru', body: { data: { attributes: { ...profile, auto_type: 'custom', [field]: value } } } });
      expect(response.statusCode, `${field} ${value}`).toBe(400);
      expect(response.json().errors[0].source.pointer).toBe(`/data/attributes/${field}`);
    }
    // The dealer keeps profiles of its own client only.
    const foreign = await t.request('POST', `${BASE}/profile_data`, { token: dealerA, body: { data: { attributes: { ...profile, client_id: clientB } } } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].source.pointer).toBe('/data/attributes/client_id');
  });
});

describe('the VIN data import', () => {
  it('previews a file with a bad row, reports it per row, and applies the good rows as an upsert by VIN', async () => {
    const [kept, changed, fresh] = [newVin(), newVin(), newVin()];
    await create(staff, { vin: kept, brand_id: brandId, marketing_complectation_code: 'OLD', images_id: 'img-keep' });
    await create(staff, { vin: changed, brand_id: brandId, marketing_complectation_code: 'OLD', gross_price: 1_000_000 });
    const csv = [
      'VIN;Brand;marketing_complectation_code;gross_price;option_codes',
      `${kept};${brandName};OLD;;`,
      `${changed.toLowerCase()};${brandName.toUpperCase()};NEW-CODE;1 250 000;PAN1 WSH2`,
      `${fresh};${brandId};NEW-CODE;2500000;`,
      `XWEPC81ABC000O234;Нет такой;bad code;12.5;`,
      `${fresh};${brandName};NEW-CODE;1;`,
    ].join('\r\n');
    const preview = await upload(csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ kind: 'vin_data', format: 'csv', total: 5, create: 1, update: 1, unchanged: 1, errors: 2, applied: false, rows_omitted: 0 });
    expect(report.rows.map((row: { status: string }) => row.status)).toEqual(['unchanged', 'update', 'create', 'error', 'error']);
    const bad = report.rows.find((row: { row: number }) => row.row === 5);
    expect(bad.errors.map((error: { field: string }) => error.field)).toEqual(['vin', 'brand', 'marketing_complectation_code', 'gross_price']);
    expect(bad.errors[1].message).toBe('The brand "Нет такой" was not found');
    expect(report.rows.find((row: { row: number }) => row.row === 6).errors[0]).toEqual({ field: 'vin', message: 'Duplicate: the same entry is already in row 4' });
    expect(await recordOf(fresh)).toBeUndefined();

    const applied = await upload(csv, { apply: true });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({ applied: true, create: 1, update: 1, errors: 2 });
    expect(await recordOf(fresh)).toMatchObject({ brand_id: brandId, marketing_complectation_code: 'NEW-CODE', gross_price: 2_500_000 });
    expect(await recordOf(changed)).toMatchObject({ marketing_complectation_code: 'NEW-CODE', gross_price: 1_250_000, option_codes: ['PAN1', 'WSH2'] });
    // A column the file does not have is left as it is.
    expect(await recordOf(kept)).toMatchObject({ images_id: 'img-keep', marketing_complectation_code: 'OLD' });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.service, 'cars.vins'), eq(auditLog.action, 'import')));
    expect(entry!.changes).toMatchObject({ file: 'vins.csv', created: 1, updated: 1, errors: 2 });

    // The same file again: nothing left to do.
    const again = (await upload(csv)).json().data;
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 3, errors: 2 });
  });

  it('refuses a file without the required columns, in Russian too, and an empty one', async () => {
    const missing = await upload('vin;gross_price\r\nXWEPC81ABC0001234;1', { lang: 'ru' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].title).toBe('В первой строке файла нет столбцов: brand. Скачайте шаблон');
    expect((await upload('vin;brand\r\n')).statusCode).toBe(400);
  });

  it('writes a file of thousands of rows in chunks and reports the counts whole, the rows in part', async () => {
    const vins = Array.from({ length: 4500 }, newVin);
    const lines = ['vin;brand;marketing_complectation_code;gross_price', ...vins.map((vin, index) => `${vin};${brandName};BULK-${index % 7};${1_000_000 + index}`), 'BAD;;;'];
    const applied = await upload(lines.join('\n'), { apply: true });
    expect(applied.statusCode, applied.body.slice(0, 300)).toBe(200);
    const report = applied.json().data;
    expect(report).toMatchObject({ total: 4501, create: 4500, errors: 1, applied: true });
    expect(report.rows).toHaveLength(201);
    expect(report.rows_omitted).toBe(4300);
    const written = await t.database.db.select({ vin: vinData.vin, gross_price: vinData.gross_price }).from(vinData).where(inArray(vinData.vin, vins));
    expect(written).toHaveLength(4500);
    expect(written.find((row) => row.vin === vins[4499])!.gross_price).toBe(1_004_499);
  });
});

describe('invalidate images', () => {
  it('clears the image sets of the records given by id or VIN, audited; an unknown one changes nothing', async () => {
    const a = (await create(staff, { vin: newVin(), brand_id: brandId, images_id: 'img-a' })).json().data;
    const b = (await create(staff, { vin: newVin(), brand_id: brandId, images_id: 'img-b' })).json().data;
    const unknown = newVin();
    const refused = await t.request('POST', `${BASE}/vin_data/invalidate_images`, { token: staff, lang: 'en', body: { data: { ids: [Number(a.id)], vins: [unknown] } } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0].title).toBe(`VIN data not found: ${unknown}`);
    expect((await recordOf(a.attributes.vin))!.images_id).toBe('img-a');

    const empty = await t.request('POST', `${BASE}/vin_data/invalidate_images`, { token: staff, body: { data: {} } });
    expect(empty.statusCode).toBe(400);

    const done = await t.request('POST', `${BASE}/vin_data/invalidate_images`, { token: staff, body: { data: { ids: [Number(a.id)], vins: [b.attributes.vin.toLowerCase()] } } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ found: 2, invalidated: 2 });
    expect((await recordOf(a.attributes.vin))!.images_id).toBeNull();
    expect((await recordOf(b.attributes.vin))!.images_id).toBeNull();
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'invalidate_images'), eq(auditLog.record_id, a.id)));
    expect(entries[0]!.changes).toMatchObject({ images_id: ['img-a', null] });
  });
});
