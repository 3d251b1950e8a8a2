import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSIONS, type FileImportReport } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBodies, carBrands, carComplectations, carGenerations, carMarketingComplectations, carModels, carOptionCategories, carOptions, carRestylings } from '../../schema.ts';
import { auditLog } from '../../kit/audit.table.ts';
import { carOptionPrices } from './option-prices.table.ts';

/**
 * The marketing complectation imports (spec 001 §7 /import/marketing_complectations and
 * /import/{specifications|prices|options}/{restylingId}): a preview of what each row would do or
 * why it cannot, then the apply of the rows without errors, on the real database.
 */
let t: TestApp;
let staff: string;
let dealer: string;
const API = '/gateway/cars.catalog/api/v1';
const unique = () => randomUUID().slice(0, 8);
type Chain = { brand: number; restyling: number; complectations: { base: number; top: number } };

beforeAll(async () => {
  t = await buildTestApp();
  const every = PERMISSIONS.filter((p) => p.service === 'cars.catalog').map((p) => p.code);
  staff = (await t.signIn((await t.createUser({ email: `imports-${unique()}@platform.test`, grants: { 'cars.catalog': every } })).email)).access_token;
  dealer = (await t.signIn((await t.createUser({ grants: { 'cars.catalog': every }, clientIds: [await t.createClient()] })).email)).access_token;
});
afterAll(() => t?.close());

async function chain(): Promise<Chain> {
  const db = t.database.db;
  const [brand] = await db.insert(carBrands).values({ name: `Brand ${unique()}` }).returning();
  const [model] = await db.insert(carModels).values({ name: 'Solaris', brand_id: brand!.id }).returning();
  const [generation] = await db.insert(carGenerations).values({ name: 'II', model_id: model!.id, brand_id: brand!.id }).returning();
  const [restyling] = await db.insert(carRestylings).values({ name: '2020', generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id }).returning();
  const levels = { restyling_id: restyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id };
  const [base] = await db.insert(carComplectations).values({ name: 'Comfort', ...levels }).returning();
  const [top] = await db.insert(carComplectations).values({ name: 'Elegance', ...levels }).returning();
  return { brand: brand!.id, restyling: restyling!.id, complectations: { base: base!.id, top: top!.id } };
}

function form(file: Buffer | string, name: string) {
  const boundary = `----imports${unique()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
async function upload(path: string, data: Buffer | string, options: { apply?: boolean; token?: string; lang?: string; name?: string } = {}) {
  const { body, contentType } = form(data, options.name ?? 'import.csv');
  const [kind, ...rest] = path.split('/');
  const url = `${API}/import/${kind}${rest.length ? `/${rest.join('/')}` : ''}${options.apply ? '' : '/preview'}`;
  return t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${options.token ?? staff}`, 'content-type': contentType, 'accept-language': options.lang ?? 'en' } });
}
async function report(path: string, data: Buffer | string, options: { apply?: boolean; lang?: string; name?: string } = {}) {
  const response = await upload(path, data, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as FileImportReport;
}
const marketingOf = (restylingId: number) => t.database.db.select().from(carMarketingComplectations).where(eq(carMarketingComplectations.restyling_id, restylingId)).orderBy(carMarketingComplectations.code);

describe('marketing complectations import', () => {
  it('previews creates, updates and bad rows, then writes the good rows with the engine, price and flags', async () => {
    const c = await chain();
    const body = `Бодикит ${unique()}`;
    await t.database.db.insert(carBodies).values({ name: body });
    const csv = [
      'restyling_id;complectation;code;name;body;engine_name;engine_volume;engine_power;engine_power_unit;engine_torque;engine_rpm_from;engine_rpm_to;price;published;actual',
      `${c.restyling};Comfort;SOL-16-MT;Comfort 1.6 MT;${body};1.6 MPI;1,6;123;;151;4850;4850;1 250 000;да;yes`,
      `${c.restyling};elegance;SOL-16-AT;Elegance 1.6 AT;;1.6 MPI;1.6;90;kilowatts_per_hours;;;;1450000;no;`,
      `${c.restyling};Premium;SOL-20-AT;Premium;;;;;;;;;;;`,
      `${c.restyling};Comfort;SOL 20;Bad code;Кабриолет;;2.0;;;;;;-5;maybe;`,
      `${c.restyling};Comfort;SOL-16-MT;Twice;;;;;;;;;;;`,
      `999999999;Comfort;SOL-X;Unknown restyling;;;;;;;;;;;`,
    ].join('\n');
    const preview = await report('marketing_complectations', csv);
    expect(preview).toMatchObject({ kind: 'marketing_complectations', total: 6, create: 2, update: 0, errors: 4, applied: false });
    expect(preview.rows[2]!.errors).toEqual([{ field: 'complectation', message: 'The restyling has no complectation "Premium"' }]);
    const bad = Object.fromEntries(preview.rows[3]!.errors.map((error) => [error.field, error.message]));
    expect(bad).toMatchObject({
      body: '"Кабриолет" is not in the dictionary',
      engine_name: 'Give the engine name (engine_name): the engine cannot be kept without it',
      price: 'The price is a whole number of roubles, 0 or more',
      published: 'Yes or no: yes/no, да/нет, 1/0',
    });
    expect(bad.code).toBeTruthy();
    expect(preview.rows[4]!.errors).toEqual([{ field: 'code', message: 'Duplicate: the same entry is already in row 2' }]);
    expect(preview.rows[5]!.errors).toEqual([{ field: 'restyling_id', message: 'The restyling 999999999 was not found' }]);
    expect(await marketingOf(c.restyling)).toEqual([]);

    const applied = await report('marketing_complectations', csv, { apply: true });
    expect(applied).toMatchObject({ create: 2, errors: 4, applied: true });
    const rows = await marketingOf(c.restyling);
    expect(rows.map((row) => row.code)).toEqual(['SOL-16-AT', 'SOL-16-MT']);
    const [at, mt] = rows;
    expect(mt).toMatchObject({ complectation_id: c.complectations.base, brand_id: c.brand, base_price: 1_250_000, published: true, actual: true });
    expect(mt!.engine).toEqual({ name: '1.6 MPI', volume: { value: 1.6, unit: 'liter' }, power: { value: 123, unit: 'horse_power' }, torque: { value: 151, unit: 'newton_meter', rpm_from: 4850, rpm_to: 4850 } });
    expect(mt!.body_id).not.toBeNull();
    expect(at).toMatchObject({ complectation_id: c.complectations.top, base_price: 1_450_000, published: false });
    expect(at!.engine).toMatchObject({ power: { value: 90, unit: 'kilowatts_per_hours' } });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.record_id, String(mt!.id)));
    expect(audits.some((entry) => entry.action === 'create' && (entry.changes as Record<string, unknown>).import_row === 2)).toBe(true);

    // The same file again changes nothing; a changed name is an update; columns left out stay.
    expect(await report('marketing_complectations', csv)).toMatchObject({ create: 0, update: 0, unchanged: 2 });
    const second = `restyling_id;complectation;code;name\n${c.restyling};Comfort;SOL-16-MT;Comfort 1.6 MT (2024)\n`;
    expect(await report('marketing_complectations', second, { apply: true })).toMatchObject({ update: 1, applied: true });
    const [, renamed] = await marketingOf(c.restyling);
    expect(renamed).toMatchObject({ name: 'Comfort 1.6 MT (2024)', base_price: 1_250_000, engine: mt!.engine });
  });

  it('reads XLSX, answers in Russian, refuses a file without the required columns, and is for platform staff', async () => {
    const c = await chain();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('МК');
    sheet.addRow(['restyling_id', 'complectation', 'code', 'name']);
    sheet.addRow([c.restyling, 'Comfort', 'X-1', 'Comfort X']);
    sheet.addRow([c.restyling, 'Нет такой', 'X-2', 'Lost']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = await report('marketing_complectations', xlsx, { lang: 'ru', name: 'mc.xlsx' });
    expect(preview).toMatchObject({ format: 'xlsx', create: 1, errors: 1 });
    expect(preview.rows[1]!.errors).toEqual([{ field: 'complectation', message: 'У рестайлинга нет комплектации «Нет такой»' }]);
    const missing = await upload('marketing_complectations', 'code;name\nA;B\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].title).toBe('The first row of the file lacks the columns: restyling_id, complectation. Download the template');
    expect((await upload('marketing_complectations', 'restyling_id;complectation;code;name\n', { apply: true, token: dealer })).statusCode).toBe(403);
  });
});

describe('a restyling\'s imports', () => {
  async function withMarketing() {
    const c = await chain();
    const levels = { restyling_id: c.restyling, brand_id: c.brand, ...(await t.database.db.select({ generation_id: carRestylings.generation_id, model_id: carRestylings.model_id }).from(carRestylings).where(eq(carRestylings.id, c.restyling)))[0]! };
    const [comfort] = await t.database.db
      .insert(carMarketingComplectations)
      .values({ code: 'CMF', name: 'Comfort', complectation_id: c.complectations.base, ...levels, specification_categories: [{ title: 'Двигатель', order: 0, specifications: [{ title: 'Мощность', code: 'power', value: '100', main: true, order: 0 }] }] })
      .returning();
    const [elegance] = await t.database.db.insert(carMarketingComplectations).values({ code: 'ELG', name: 'Elegance', complectation_id: c.complectations.top, ...levels }).returning();
    return { ...c, comfort: comfort!, elegance: elegance! };
  }

  it('sets base prices by code, reporting unknown codes and bad prices', async () => {
    const c = await withMarketing();
    const csv = 'marketing_complectation_code;price\nCMF;1 300 000\nELG;1.5\nNOPE;100\n';
    const preview = await report(`prices/${c.restyling}`, csv);
    expect(preview).toMatchObject({ update: 1, errors: 2 });
    expect(preview.rows[1]!.errors).toEqual([{ field: 'price', message: 'The price is a whole number of roubles, 0 or more' }]);
    expect(preview.rows[2]!.errors).toEqual([{ field: 'marketing_complectation_code', message: 'The restyling has no marketing complectation with the code "NOPE"' }]);
    await report(`prices/${c.restyling}`, csv, { apply: true });
    const [row] = await t.database.db.select().from(carMarketingComplectations).where(eq(carMarketingComplectations.id, c.comfort.id));
    expect(row!.base_price).toBe(1_300_000);
    // Another brand's restyling or a missing one: 404.
    expect((await upload(`prices/999999999`, csv)).statusCode).toBe(404);
  });

  it('merges specifications into the categories: a known code updates, a new one is added, others stay', async () => {
    const c = await withMarketing();
    const csv = [
      'marketing_complectation_code;category;title;code;value;main;order',
      'CMF;Двигатель;Мощность, л.с.;power;123;yes;0',
      'CMF;Двигатель;Крутящий момент;torque;151;;1',
      'ELG;Кузов;Длина, мм;length;4400;no;',
      'ELG;;Без категории;x;1;;',
      'CMF;Двигатель;Мощность, л.с.;power;124;;',
    ].join('\n');
    const preview = await report(`specifications/${c.restyling}`, csv);
    expect(preview.rows.map((row) => row.status)).toEqual(['update', 'create', 'create', 'error', 'error']);
    expect(preview.rows[3]!.errors).toEqual([{ field: 'category', message: 'This field is required' }]);
    await report(`specifications/${c.restyling}`, csv, { apply: true });
    const [comfort] = await t.database.db.select().from(carMarketingComplectations).where(eq(carMarketingComplectations.id, c.comfort.id));
    expect(comfort!.specification_categories).toEqual([
      {
        title: 'Двигатель',
        order: 0,
        specifications: [
          { title: 'Мощность, л.с.', code: 'power', value: '123', main: true, order: 0 },
          { title: 'Крутящий момент', code: 'torque', value: '151', main: false, order: 1 },
        ],
      },
    ]);
    const [elegance] = await t.database.db.select().from(carMarketingComplectations).where(eq(carMarketingComplectations.id, c.elegance.id));
    expect(elegance!.specification_categories).toEqual([{ title: 'Кузов', order: 0, specifications: [{ title: 'Длина, мм', code: 'length', value: '4400', main: false, order: 0 }] }]);
    const view = await t.request('GET', `${API}/marketing_complectations/${c.comfort.id}/specifications`, { token: dealer });
    expect(view.json().data[0].attributes.specifications.map((s: { code: string }) => s.code)).toEqual(['power', 'torque']);
  });

  it('creates the restyling\'s options, lists them in the marketing complectations with their prices', async () => {
    const c = await withMarketing();
    const category = `Комфорт ${unique()}`;
    await t.database.db.insert(carOptionCategories).values({ name: category, brand_id: c.brand });
    const csv = [
      'marketing_complectation_code;code;name;category;price',
      `CMF;WP1;Winter package;${category};45 000`,
      `ELG;WP1;Winter package;${category};`,
      'ELG;SR2;Sunroof;;90000',
      'CMF;SR3;Sunroof;Нет такой;1',
      'ELG;SR4;Other name;;-1',
    ].join('\n');
    const preview = await report(`options/${c.restyling}`, csv);
    expect(preview).toMatchObject({ create: 3, errors: 2 });
    expect(preview.rows[3]!.errors).toEqual([{ field: 'category', message: 'The brand has no option category "Нет такой"' }]);
    expect(await t.database.db.select().from(carOptions).where(eq(carOptions.restyling_id, c.restyling))).toEqual([]);
    await report(`options/${c.restyling}`, csv, { apply: true });
    const options = await t.database.db.select().from(carOptions).where(eq(carOptions.restyling_id, c.restyling)).orderBy(carOptions.code);
    expect(options.map((o) => o.code)).toEqual(['SR2', 'WP1']);
    const [comfort] = await t.database.db.select().from(carMarketingComplectations).where(eq(carMarketingComplectations.id, c.comfort.id));
    const [elegance] = await t.database.db.select().from(carMarketingComplectations).where(eq(carMarketingComplectations.id, c.elegance.id));
    expect(comfort!.option_ids).toEqual([options[1]!.id]);
    expect(elegance!.option_ids.sort()).toEqual([options[0]!.id, options[1]!.id].sort());
    const prices = await t.database.db.select().from(carOptionPrices).where(eq(carOptionPrices.option_id, options[1]!.id));
    expect(prices.map((p) => [p.marketing_complectation_id, p.price])).toEqual([[c.comfort.id, 45_000]]);
    const view = await t.request('GET', `${API}/marketing_complectations/${c.comfort.id}/options`, { token: dealer });
    expect(view.json().data[0].attributes).toMatchObject({ code: 'WP1', price: 45_000 });
    // Again: nothing new; a new price is an update.
    expect(await report(`options/${c.restyling}`, csv)).toMatchObject({ create: 0, unchanged: 3 });
    const repriced = await report(`options/${c.restyling}`, `marketing_complectation_code;code;name;price\nCMF;WP1;Winter package;50000\n`, { apply: true });
    expect(repriced).toMatchObject({ update: 1 });
    expect((await t.database.db.select().from(carOptionPrices).where(eq(carOptionPrices.option_id, options[1]!.id)))[0]!.price).toBe(50_000);
  });
});
