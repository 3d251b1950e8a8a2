import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { applyAliases, fieldAliasResource, labelOf, type FieldAlias } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBodyColors, carBrands, carGenerations, carModels, carRestylings, cars, dealerships, sites } from '../../schema.ts';
import { carReports, importReports, importSettings } from './import.table.ts';
import { runImport } from './run-import.ts';
import { inTurn } from '../../kit/turns.ts';
import { FEED_LIMITS } from './feed-parsers.ts';
import { hugeCellXlsx } from '../../test/hostile-files.ts';

/**
 * Car import from feeds (spec 001 §3 "Import", §4, §8): formats, aliases, row statuses and
 * counters, moved to sold, the missing-files message, the confirmation phrase, tenant isolation,
 * XXE refusal, all-or-nothing after a crash, hooks on a local server, downloads.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let staff: string;
let dealerA: string;
let dealerB: string;
let brandName: string;
let kia: number;
let rio: number;
let generation: number;
let dealerCentreB: number;
let hookCalls: { path: string; body: any }[] = [];
let server: http.Server;
let base: string;
const feeds = new Map<string, string>();

const API = '/gateway/cars.import/api/v1';
const ALIAS_API = '/gateway/cars.import.alias/api/v1';
const DEALER_CODES = { 'cars.import': ['import_settings.get_list', 'import_settings.patch', 'import.run', 'import_reports.get_list'] };
const STAFF_CODES = {
  'cars.import': [...DEALER_CODES['cars.import'], ...['import_profiles', 'import_hooks'].flatMap((e) => [`${e}.get_list`, `${e}.create`, `${e}.patch`, `${e}.delete`])],
  'cars.import.alias': ['field_aliases.get_list', 'field_aliases.create', 'field_aliases.patch', 'field_aliases.delete'],
};

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url?.startsWith('/feed/')) {
        const feed = feeds.get(req.url.slice(6));
        res.statusCode = feed ? 200 : 404;
        return res.end(feed ?? '');
      }
      if (req.url === '/hook-flaky' && !hookCalls.some((call) => call.path === '/hook-flaky-failed')) {
        hookCalls.push({ path: '/hook-flaky-failed', body: null });
        res.statusCode = 503;
        return res.end();
      }
      hookCalls.push({ path: req.url ?? '', body: body ? JSON.parse(body) : null });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  t = await buildTestApp({ runJobs: false });
  const db = t.database.db;
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = (await db.insert(sites).values({ name: 'Автоград', client_id: clientA, type: 3 }).returning())[0]!.id;
  siteB = (await db.insert(sites).values({ name: 'Чужой', client_id: clientB, type: 3 }).returning())[0]!.id;
  // The sites have their modules, as the demo's (test/module-gating.test.ts walks the sites without them).
  await t.installModules([siteA, siteB]);
  dealerCentreB = (await db.insert(dealerships).values({ client_id: clientB, title: 'ДЦ Б', code: `dcb${Date.now()}` }).returning())[0]!.id;
  brandName = `Kia${Date.now().toString(36)}`;
  kia = (await db.insert(carBrands).values({ name: brandName }).returning())[0]!.id;
  rio = (await db.insert(carModels).values({ name: 'Rio', brand_id: kia }).returning())[0]!.id;
  generation = (await db.insert(carGenerations).values({ name: 'IV', model_id: rio, brand_id: kia }).returning())[0]!.id;
  await db.insert(carRestylings).values({ name: '2020', generation_id: generation, model_id: rio, brand_id: kia });
  await db.insert(carBodyColors).values({ name: 'Белый', code: 'UD', brand_id: kia, hex: ['#FFFFFF'] });
  staff = (await t.signIn((await t.createUser({ email: `import-staff-${Date.now()}@platform.test`, grants: STAFF_CODES })).email)).access_token;
  dealerA = (await t.signIn((await t.createUser({ grants: DEALER_CODES, clientIds: [clientA], internal: false })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: DEALER_CODES, clientIds: [clientB], internal: false })).email)).access_token;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  server?.closeAllConnections();
  server?.close();
  await t?.close();
});

const VINS: string[] = ['XWEAB000000000001', 'XWEAB000000000002', 'XWEAB000000000003', 'XWEAB000000000004'];
type Car = { vin?: string; id?: string; brand?: string; model?: string; price?: string; run?: string; section?: string; generation?: string; color?: string; extra?: string };
const autoru = (list: Car[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<data><cars>${list
    .map(
      (car) =>
        `<car><mark_id>${car.brand ?? brandName}</mark_id><folder_id>${car.model ?? 'Rio'}</folder_id>${car.generation ? `<generation>${car.generation}</generation>` : ''}` +
        `${car.vin ? `<vin>${car.vin}</vin>` : ''}${car.id ? `<unique_id>${car.id}</unique_id>` : ''}<year>2024</year><price>${car.price ?? '1 500 000'}</price>` +
        `${car.run ? `<run>${car.run}</run>` : ''}${car.section ? `<section>${car.section}</section>` : ''}${car.color ? `<color_code>${car.color}</color_code>` : ''}` +
        `<availability>в наличии</availability><images><image>https://img.example/1.jpg</image></images>${car.extra ?? ''}</car>`,
    )
    .join('')}</cars></data>`;

type Response = Awaited<ReturnType<TestApp['request']>>;
const errorsOf = (response: Response) => response.json().errors as { code: string; title: string }[];
async function settingsOf(token: string, siteId: number) {
  const response = await t.request('GET', `${API}/settings/where_site/${siteId}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
async function upload(token: string, settingsId: string, name: string, content: string | Buffer) {
  const boundary = '----feedboundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.request('POST', `${API}/import/${settingsId}/manual`, { token, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
async function setFiles(settingsId: string, files: unknown[], extra: Record<string, unknown> = {}) {
  const response = await t.request('PATCH', `${API}/settings/${settingsId}`, { token: staff, body: { data: { attributes: { files, ...extra } } } });
  expect(response.statusCode, response.body).toBe(200);
}
/** Starts an import over the API and runs its job here (the test app enqueues only). */
async function run(token: string, settingsId: string, confirmation?: string) {
  const response = await t.request('POST', `${API}/import/${settingsId}/manual/start`, { token, body: { data: confirmation ? { confirmation } : {} } });
  expect(response.statusCode, response.body).toBe(202);
  const reportId = Number(response.json().data.id);
  await runImport(t.ctx, { report_id: reportId, lang: 'en' });
  const [report] = await t.database.db.select().from(importReports).where(eq(importReports.id, reportId));
  const rows = await t.database.db.select().from(carReports).where(eq(carReports.report_id, reportId)).orderBy(carReports.file_id, carReports.row);
  return { report: report!, rows };
}
const siteCars = (siteId: number) => t.database.db.select().from(cars).where(eq(cars.site_id, siteId)).orderBy(cars.id);

describe('aliases', () => {
  const alias = (over: Partial<FieldAlias>): FieldAlias => ({ profile_id: null, brand_id: null, model_id: null, placeholder: null, search: '', replace: '', entity: 'brand', direction: 'both', ...over });
  it('maps the feed text to the catalogue on import and back on export, the most specific alias winning', () => {
    const list = [alias({ search: 'KIA MOTORS', replace: 'Kia' }), alias({ entity: 'model', search: 'rio x', replace: 'Rio X-Line' }), alias({ entity: 'model', search: 'rio x', replace: 'Rio X', brand_id: 7 }), alias({ search: 'Лада', replace: 'LADA', direction: 'import' })];
    expect(applyAliases(list, 'brand', 'kia  motors', 'import')).toBe('Kia');
    expect(applyAliases(list, 'brand', 'Kia', 'export')).toBe('KIA MOTORS');
    expect(applyAliases(list, 'brand', 'LADA', 'export')).toBe('LADA');
    expect(applyAliases(list, 'model', 'Rio X', 'import', { brand_id: 7 })).toBe('Rio X');
    expect(applyAliases(list, 'model', 'Rio X', 'import', { brand_id: 8 })).toBe('Rio X-Line');
    expect(applyAliases(list, 'brand', 'Toyota', 'import')).toBe('Toyota');
    expect(applyAliases([alias({ entity: 'logistic_status', placeholder: 'в наличии' })], 'logistic_status', '', 'import')).toBe('в наличии');
  });

  it("names an alias by the feed's value (the edit form's title, the row buttons, the audit trail)", () => {
    expect(labelOf(fieldAliasResource, { ...alias({ search: 'KIA MOTORS', replace: 'Kia' }) })).toBe('KIA MOTORS');
    // A fill-in for an empty value has no feed value: the screens fall back to the record's number.
    expect(labelOf(fieldAliasResource, { ...alias({ entity: 'logistic_status', placeholder: 'в наличии' }) })).toBeNull();
  });
});

describe('settings, profiles, hooks and aliases: who may do what', () => {
  it('makes the settings of a site on first read with the defaults, for the site client only', async () => {
    const settings = await settingsOf(dealerA, siteA);
    expect(settings.attributes).toMatchObject({ site_id: siteA, client_id: clientA, timeout: 300_000_000_000, unique_vins_only: false, is_manual_mode: false, files: [], in_process: false });
    expect((await t.request('GET', `${API}/settings/where_site/${siteA}`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/settings/${settings.id}`, { token: dealerB })).statusCode).toBe(404);
    const foreign = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealerB, body: { data: { attributes: { timeout: 600_000_000_000 } } } });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a dealership of another client and bad timeouts, in the caller language', async () => {
    const settings = await settingsOf(dealerA, siteA);
    const dealer = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: staff, lang: 'en', body: { data: { attributes: { default_dealer_id: dealerCentreB } } } });
    expect(dealer.statusCode).toBe(400);
    const timeout = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealerA, lang: 'ru', body: { data: { attributes: { timeout: 0 } } } });
    expect(timeout.statusCode).toBe(400);
    expect(errorsOf(timeout)[0]!.title).toMatch(/не меньше/);
  });

  it('lets only provider staff write profiles, hooks and aliases', async () => {
    const body = { data: { attributes: { code: 'dealer-try', name: 'Try', format: 'csv' } } };
    expect((await t.request('POST', `${API}/import_file_profiles`, { token: dealerA, body })).statusCode).toBe(403);
    const made = await t.request('POST', `${API}/import_file_profiles`, { token: staff, body });
    expect(made.statusCode, made.body).toBe(201);
    const badFormat = await t.request('POST', `${API}/import_file_profiles`, { token: staff, lang: 'en', body: { data: { attributes: { code: 'x1', name: 'X', format: 'yml' } } } });
    expect(badFormat.statusCode).toBe(400);
    expect(errorsOf(badFormat)[0]!.title).toContain('Auto.ru XML');
    expect((await t.request('POST', `${ALIAS_API}/field_alias`, { token: dealerA, body: { data: { attributes: { entity: 'brand', search: 'a', replace: 'b' } } } })).statusCode).toBe(403);
    expect((await t.request('GET', `${API}/import_hooks`, { token: dealerA })).statusCode).toBe(403);
  });
});

describe('running an import', () => {
  it("answers 'Import cannot be run: feed files are missing' (ru too) and changes nothing", async () => {
    const settings = await settingsOf(dealerA, siteA);
    for (const [lang, text] of [['en', 'Import cannot be run: feed files are missing'], ['ru', 'Импорт не может быть запущен: отсутствуют файлы фида']]) {
      const response = await t.request('POST', `${API}/import/${settings.id}/manual/start`, { token: dealerA, lang, body: { data: {} } });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)[0]!.title).toBe(text);
    }
    expect(await t.database.db.select().from(importReports).where(eq(importReports.site_id, siteA))).toHaveLength(0);
  });

  it('imports an Auto.ru feed: rows created, in error, with warnings; aliases place the brand', async () => {
    const settings = await settingsOf(dealerA, siteA);
    const alias = await t.request('POST', `${ALIAS_API}/field_alias`, { token: staff, body: { data: { attributes: { entity: 'brand', search: 'KIA MOTORS RUS', replace: brandName } } } });
    expect(alias.statusCode, alias.body).toBe(201);
    const feed = autoru([
      { vin: VINS[0], price: '1 500 000' },
      { vin: VINS[1], brand: 'KIA MOTORS RUS', generation: 'IV', color: 'UD' },
      { vin: VINS[2], generation: 'XX' },
      { vin: 'BADVIN', model: 'Rio' },
      { vin: VINS[3], model: 'Sorento' },
      { id: 'EXT-9', section: 'used' },
      { vin: 'XWEAB000000000005', price: '1500000.50' },
    ]);
    expect((await upload(dealerA, settings.id, 'autoru.xml', feed)).statusCode).toBe(200);
    const { report, rows } = await run(dealerA, settings.id);
    expect(report).toMatchObject({ status: 'finished', is_finished: true, total_count: 7, processed_count: 7, created_count: 3, errored_count: 4, gone_count: 0 });
    expect(rows.map((row) => row.status)).toEqual(['created', 'created', 'created', 'error', 'error', 'error', 'error']);
    expect(rows[2]!.warnings.join()).toContain('Generation "XX"');
    expect(rows[3]!.errors.join()).toContain('VIN "BADVIN"');
    expect(rows[4]!.errors.join()).toContain('Model "Sorento"');
    expect(rows[5]!.errors.join()).toContain('Mileage');
    expect(rows[6]!.errors.join()).toContain('whole');
    const stock = await siteCars(siteA);
    expect(stock).toHaveLength(3);
    const second = stock.find((car) => car.vin === VINS[1])!;
    expect(second).toMatchObject({ brand_id: kia, model_id: rio, generation_id: generation, price: 1_500_000, final_price: 1_500_000, is_new: true, logistic_status: 'in_stock', status: 'active', client_id: clientA });
    expect(second.body_color_id).not.toBeNull();
    const settingsAfter = await settingsOf(dealerA, siteA);
    expect(settingsAfter.attributes.in_process).toBe(false);
    expect(settingsAfter.attributes.last_import_date).not.toBeNull();
  });

  it('counts updates, unchanged rows, cars gone from the feed and cars sold because their row is in error', async () => {
    const settings = await settingsOf(dealerA, siteA);
    await setFiles(settings.id, [], {});
    // VIN 1 changes price only, VIN 2 stays, VIN 3 has an error now, VIN 4 (never imported) is new; nothing else.
    const feed = autoru([{ vin: VINS[0], price: '1 400 000' }, { vin: VINS[1], generation: 'IV', color: 'UD' }, { vin: VINS[2], model: 'Nope' }, { vin: VINS[3] }]);
    expect((await upload(dealerA, settings.id, 'autoru-2.xml', feed)).statusCode).toBe(200);
    const manualCar = (await t.database.db.insert(cars).values({ site_id: siteA, client_id: clientA, vin: 'XWEAB000000000099', is_new: true, price: 1 }).returning())[0]!;
    const { report, rows } = await run(dealerA, settings.id);
    expect(rows.map((row) => row.status)).toEqual(['updated', 'no_changes', 'error', 'created']);
    expect(report).toMatchObject({ total_count: 4, created_count: 1, updated_count: 1, updated_in_stock_count: 1, unchanged_count: 1, errored_count: 1, to_sale_errored_count: 1, gone_count: 0 });
    const byVin = new Map((await siteCars(siteA)).map((car) => [car.vin, car]));
    expect(byVin.get(VINS[0]!)!.price).toBe(1_400_000);
    expect(byVin.get(VINS[2]!)!.status).toBe('sold');
    expect(byVin.get(manualCar.vin)!.status).toBe('active');

    // The next feed lists only VIN 1: the cars the import wrote before go to sold, the hand-made one stays.
    await setFiles(settings.id, []);
    expect((await upload(dealerA, settings.id, 'autoru-3.xml', autoru([{ vin: VINS[0], price: '1 400 000' }]))).statusCode).toBe(200);
    const third = await run(dealerA, settings.id);
    expect(third.report).toMatchObject({ total_count: 1, unchanged_count: 1, gone_count: 2 });
    const after = new Map((await siteCars(siteA)).map((car) => [car.vin, car]));
    expect(after.get(VINS[1]!)!.status).toBe('sold');
    expect(after.get(VINS[3]!)!.status).toBe('sold');
    expect(after.get(VINS[1]!)!.sold_at).not.toBeNull();
    expect(after.get(manualCar.vin)!.status).toBe('active');
    expect(await siteCars(siteA)).toHaveLength(5);
  });

  it("writes each car's own values when the cars of one batch change different fields, and tells an unchanged description (Cyrillic, long) from a changed one", async () => {
    // A site of its own: the other tests count the cars of theirs.
    const site = (await t.database.db.insert(sites).values({ name: 'Партии', client_id: clientB, type: 3 }).returning())[0]!.id;
    await t.installModules([site]);
    const settings = await settingsOf(dealerB, site);
    const vins = ['XWEAB000000000201', 'XWEAB000000000202', 'XWEAB000000000203'];
    const long = `Один владелец, «полный» комплект ключей; пробег подтверждён. ${'Подробнее в салоне. '.repeat(40)}`.trimEnd();
    const description = (text: string) => `<description>${text}</description>`;
    await setFiles(settings.id, []);
    const first = autoru([{ vin: vins[0], price: '1 500 000', extra: description(long) }, { vin: vins[1], price: '1 600 000', extra: description('Как новый') }, { vin: vins[2], extra: description(long) }]);
    expect((await upload(dealerB, settings.id, 'batch-1.xml', first)).statusCode).toBe(200);
    expect((await run(dealerB, settings.id)).report).toMatchObject({ created_count: 3 });

    // The first car changes its price only, the second its description only, the third nothing.
    await setFiles(settings.id, []);
    const second = autoru([{ vin: vins[0], price: '1 450 000', extra: description(long) }, { vin: vins[1], price: '1 600 000', extra: description('Как новый, зимняя резина') }, { vin: vins[2], extra: description(long) }]);
    expect((await upload(dealerB, settings.id, 'batch-2.xml', second)).statusCode).toBe(200);
    const { report, rows } = await run(dealerB, settings.id);
    expect(rows.map((row) => row.status)).toEqual(['updated', 'updated', 'no_changes']);
    expect(report).toMatchObject({ updated_count: 2, updated_in_stock_count: 1, unchanged_count: 1 });
    const byVin = new Map((await siteCars(site)).map((car) => [car.vin, car]));
    expect(byVin.get(vins[0]!)).toMatchObject({ price: 1_450_000, final_price: 1_450_000, description: long });
    expect(byVin.get(vins[1]!)).toMatchObject({ price: 1_600_000, final_price: 1_600_000, description: 'Как новый, зимняя резина' });
    expect(byVin.get(vins[2]!)).toMatchObject({ price: 1_500_000, description: long });

    // Prices alone change in the whole batch: written from the compared values, the rest kept.
    await setFiles(settings.id, []);
    const third = autoru([{ vin: vins[0], price: '1 400 000', extra: description(long) }, { vin: vins[1], price: '1 550 000', extra: description('Как новый, зимняя резина') }, { vin: vins[2], extra: description(long) }]);
    expect((await upload(dealerB, settings.id, 'batch-3.xml', third)).statusCode).toBe(200);
    const repriced = await run(dealerB, settings.id);
    expect(repriced.rows.map((row) => row.status)).toEqual(['updated', 'updated', 'no_changes']);
    expect(repriced.report).toMatchObject({ updated_count: 2, updated_in_stock_count: 2, unchanged_count: 1 });
    const after = new Map((await siteCars(site)).map((car) => [car.vin, car]));
    expect(after.get(vins[0]!)).toMatchObject({ price: 1_400_000, final_price: 1_400_000, description: long, year: 2024 });
    expect(after.get(vins[1]!)).toMatchObject({ price: 1_550_000, final_price: 1_550_000, description: 'Как новый, зимняя резина', year: 2024 });
  });

  it('finishes an import while the main thread is kept busy, with every car written', async () => {
    const site = (await t.database.db.insert(sites).values({ name: 'Занятый сайт', client_id: clientB, type: 3 }).returning())[0]!.id;
    await t.installModules([site]);
    const settings = await settingsOf(dealerB, site);
    await setFiles(settings.id, []);
    const vins = Array.from({ length: 25 }, (_, index) => `XWEAB0000000003${String(index).padStart(2, '0')}`);
    expect((await upload(dealerB, settings.id, 'busy.xml', autoru(vins.map((vin) => ({ vin }))))).statusCode).toBe(200);
    const response = await t.request('POST', `${API}/import/${settings.id}/manual/start`, { token: dealerB, body: { data: {} } });
    expect(response.statusCode, response.body).toBe(202);
    // A request's piece of 1 ms arriving in every pass of the event loop until the import ends, as a site's requests do under load.
    let importing = true;
    const keepBusy = (): void =>
      inTurn(() => {
        for (const until = performance.now() + 1; performance.now() < until; );
        if (importing) setImmediate(keepBusy);
      }, performance.now(), true);
    keepBusy();
    try {
      await runImport(t.ctx, { report_id: Number(response.json().data.id), lang: 'en' }, { batchSize: 10 });
    } finally {
      importing = false;
    }
    const [report] = await t.database.db.select().from(importReports).where(eq(importReports.id, Number(response.json().data.id)));
    expect(report).toMatchObject({ status: 'finished', created_count: 25, errored_count: 0 });
    expect((await siteCars(site)).map((car) => car.vin).sort()).toEqual(vins);
  });

  it('reads CSV through a profile mapping from a URL, excludes repeated VINs, and calls hooks on a local server with retries', async () => {
    const settings = await settingsOf(dealerB, siteB);
    // A chosen field without its column header: the message says so, at that field, in the caller's language.
    for (const [lang, text] of [['ru', 'Укажите заголовок колонки'], ['en', 'Enter the column header']] as const) {
      const blank = await t.request('POST', `${API}/import_file_profiles`, { token: staff, lang, body: { data: { attributes: { code: 'csv-blank', name: 'CSV', format: 'csv', column_mapping: { vin: 'VIN', price: '  ' } } } } });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors[0]).toMatchObject({ source: { pointer: '/data/attributes/column_mapping/price' } });
      expect(blank.json().errors[0].title).toContain(text);
    }
    const profile = await t.request('POST', `${API}/import_file_profiles`, {
      token: staff,
      body: { data: { attributes: { code: 'csv-b', name: 'CSV B', format: 'csv', client_ids: [clientB], column_mapping: { vin: 'VIN-код', brand: 'Марка', model: 'Модель', price: 'Цена', year: 'Год' }, handler_url: `${base}/callback` } } },
    });
    expect(profile.statusCode, profile.body).toBe(201);
    for (const [code, url, pre] of [['pre-b', `${base}/hook-pre`, true], ['post-b', `${base}/hook-flaky`, false]] as const) {
      const hook = await t.request('POST', `${API}/import_hooks`, { token: staff, body: { data: { attributes: { title: code, code, handler_url: url, is_pre_hook: pre, client_ids: [clientB] } } } });
      expect(hook.statusCode, hook.body).toBe(201);
    }
    feeds.set('b.csv', `VIN-код;Марка;Модель;Цена;Год\nXWEAB00000000B001;${brandName};Rio;1 200 000;2023\nXWEAB00000000B002;${brandName};Rio;1300000;2024\nXWEAB00000000B001;${brandName};Rio;1 250 000;2023\n`);
    await setFiles(settings.id, [{ kind: 'url', url: `${base}/feed/b.csv`, name: 'b.csv' }], { profile_id: Number(profile.json().data.id), unique_vins_only: true });
    hookCalls = [];
    const { report, rows } = await run(dealerB, settings.id);
    expect(report).toMatchObject({ status: 'finished', total_count: 3, created_count: 2, excluded_count: 1, errored_count: 0 });
    expect(rows[2]).toMatchObject({ excluded: true, status: 'no_changes', is_imported: false });
    expect(rows[2]!.warnings[0]).toContain('row 2');
    expect(hookCalls.map((call) => call.path)).toEqual(['/hook-pre', '/hook-flaky-failed', '/hook-flaky', '/callback']);
    expect(hookCalls.find((call) => call.path === '/callback')!.body).toMatchObject({ stage: 'post', created_count: 2, site_id: siteB });
    expect((report.hooks as any[]).map((hook) => hook.ok)).toEqual([true, true, true]);
    // Tenant isolation: the other client sees neither the report nor its rows.
    for (const url of [`${API}/reports/${report.id}`, `${API}/import/car_reports/by/report/${report.id}`, `${API}/import/reports/${report.id}/errors`]) {
      expect((await t.request('GET', url, { token: dealerA })).statusCode, url).toBe(404);
    }
    const list = await t.request('GET', `${API}/reports?filter[site_id]=${siteB}`, { token: dealerA });
    expect(list.json().data).toHaveLength(0);
  });

  it('reads an Avito Autoload feed', async () => {
    const settings = await settingsOf(dealerB, siteB);
    await setFiles(settings.id, [], { profile_id: null, unique_vins_only: false });
    const feed = `<?xml version="1.0" encoding="utf-8"?><Ads formatVersion="3" target="Avito.ru"><Ad><Id>AV-1</Id><Make>${brandName}</Make><Model>Rio</Model><Year>2021</Year><Price>990000</Price><VIN>XWEAB00000000B003</VIN><Kilometrage>35000</Kilometrage><Condition>С пробегом</Condition><Images><Image url="https://img.example/a.jpg"/></Images></Ad></Ads>`;
    expect((await upload(dealerB, settings.id, 'avito.xml', feed)).statusCode).toBe(200);
    const { report } = await run(dealerB, settings.id);
    expect(report).toMatchObject({ status: 'finished', created_count: 1, gone_count: 2 });
    const car = (await siteCars(siteB)).find((item) => item.vin === 'XWEAB00000000B003')!;
    expect(car).toMatchObject({ external_id: 'AV-1', is_new: false, mileage: 35000, price: 990000 });
  });

  it('finds a car by its External ID when the feed corrects its VIN, and updates that car', async () => {
    const settings = await settingsOf(dealerB, siteB);
    const avito = (vin: string) =>
      `<?xml version="1.0" encoding="utf-8"?><Ads formatVersion="3" target="Avito.ru"><Ad><Id>AV-1</Id><Make>${brandName}</Make><Model>Rio</Model><Year>2021</Year><Price>990000</Price><VIN>${vin}</VIN><Kilometrage>35000</Kilometrage><Condition>С пробегом</Condition></Ad></Ads>`;
    const before = await siteCars(siteB);
    const car = before.find((item) => item.external_id === 'AV-1')!;
    for (const vin of ['XWEAB00000000B004', car.vin!]) {
      await setFiles(settings.id, []);
      expect((await upload(dealerB, settings.id, `avito-${vin}.xml`, avito(vin))).statusCode).toBe(200);
      const { report, rows } = await run(dealerB, settings.id);
      expect(report).toMatchObject({ status: 'finished', created_count: 0, updated_count: 1, updated_in_stock_count: 0 });
      expect(rows.map((row) => [row.status, row.car_id])).toEqual([['updated', car.id]]);
      const after = await siteCars(siteB);
      expect(after).toHaveLength(before.length);
      expect(after.find((item) => item.id === car.id)).toMatchObject({ vin, external_id: 'AV-1', status: 'active' });
    }
  });

  it('refuses XML with a DOCTYPE (external entities, entity expansion) and then sells nothing', async () => {
    const settings = await settingsOf(dealerB, siteB);
    await setFiles(settings.id, []);
    const xxe = `<?xml version="1.0"?><!DOCTYPE data [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><data><cars><car><mark_id>&xxe;&b;</mark_id></car></cars></data>`;
    expect((await upload(dealerB, settings.id, 'xxe.xml', xxe)).statusCode).toBe(200);
    const before = await siteCars(siteB);
    const { report } = await run(dealerB, settings.id);
    expect(report.status).toBe('finished_with_error');
    expect(report.error).toContain('DOCTYPE');
    expect(report.gone_count).toBe(0);
    expect(await siteCars(siteB)).toEqual(before);
  });

  it('leaves the cars untouched when the process dies before the apply, and a rerun makes no duplicates', async () => {
    const settings = await settingsOf(dealerB, siteB);
    await setFiles(settings.id, []);
    const feed = autoru([{ vin: 'XWEAB00000000C001' }, { vin: 'XWEAB00000000C002' }, { vin: 'XWEAB00000000B003', price: '999 000' }]);
    expect((await upload(dealerB, settings.id, 'c.xml', feed)).statusCode).toBe(200);
    const before = await siteCars(siteB);
    const start = await t.request('POST', `${API}/import/${settings.id}/manual/start`, { token: dealerB, body: { data: {} } });
    const reportId = Number(start.json().data.id);
    await expect(runImport(t.ctx, { report_id: reportId }, { crashBeforeApply: true })).rejects.toThrow();
    expect(await siteCars(siteB)).toEqual(before);
    const again = await t.request('POST', `${API}/import/${settings.id}/manual/start`, { token: dealerB, body: { data: {} } });
    expect(again.statusCode).toBe(409);
    // The job's retry runs the same report again from the start.
    await runImport(t.ctx, { report_id: reportId });
    await runImport(t.ctx, { report_id: reportId });
    const [report] = await t.database.db.select().from(importReports).where(eq(importReports.id, reportId));
    expect(report).toMatchObject({ status: 'finished', total_count: 3, created_count: 2, updated_count: 1 });
    const after = await siteCars(siteB);
    expect(after.filter((car) => car.vin === 'XWEAB00000000C001')).toHaveLength(1);
    expect(after).toHaveLength(before.length + 2);
    expect(await t.database.db.select().from(carReports).where(and(eq(carReports.report_id, reportId)))).toHaveLength(3);
  });

  it('needs the typed phrase for a manual import while auto import is configured', async () => {
    const settings = await settingsOf(dealerB, siteB);
    await setFiles(settings.id, [{ kind: 'url', url: `${base}/feed/b.csv`, name: 'b.csv' }], { auto_import_hours: 6 });
    const refused = await t.request('POST', `${API}/import/${settings.id}/manual/start`, { token: dealerB, lang: 'en', body: { data: { confirmation: 'yes' } } });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)[0]!.title).toContain('OVERWRITE');
    const [state] = await t.database.db.select().from(importSettings).where(eq(importSettings.id, Number(settings.id)));
    expect(state!.in_process).toBe(false);
    const { report } = await run(dealerB, settings.id, 'перезаписать');
    expect(report.status).toBe('finished');
    await setFiles(settings.id, [], { auto_import_hours: null });
  });

  it('downloads the rows with errors as XLSX with typed cells, formula-like text as plain text', async () => {
    const settings = await settingsOf(dealerA, siteA);
    await setFiles(settings.id, []);
    expect((await upload(dealerA, settings.id, 'bad.xml', autoru([{ vin: VINS[0], price: '1 400 000' }, { id: '=HYPERLINK("http://evil")', model: 'Nope' }]))).statusCode).toBe(200);
    const { report } = await run(dealerA, settings.id);
    const response = await t.request('GET', `${API}/import/reports/${report.id}/errors`, { token: dealerA, lang: 'ru' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Файл');
    // A string cell is never a formula: the text as the feed gave it, no apostrophe.
    expect(sheet.getRow(2).getCell(4).value).toBe('=HYPERLINK("http://evil")');
    expect(sheet.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(2).getCell(6).value).toBe(false);
    expect(String(sheet.getRow(2).getCell(7).value)).toContain('Nope');
    const rowsPage = await t.request('GET', `${API}/import/car_reports/by/report/${report.id}?filter[status]=error`, { token: dealerA });
    expect(rowsPage.json().meta.page.total).toBe(1);
  });
});

describe('hostile feed files (bounded parsers)', () => {
  /** Runs an import whose report speaks `lang`. */
  async function runIn(token: string, settingsId: string, lang: 'ru' | 'en') {
    const response = await t.request('POST', `${API}/import/${settingsId}/manual/start`, { token, lang, body: { data: {} } });
    expect(response.statusCode, response.body).toBe(202);
    const reportId = Number(response.json().data.id);
    await runImport(t.ctx, { report_id: reportId, lang });
    const [report] = await t.database.db.select().from(importReports).where(eq(importReports.id, reportId));
    const rows = await t.database.db.select().from(carReports).where(eq(carReports.report_id, reportId)).orderBy(carReports.row);
    return { report: report!, rows };
  }
  async function workbook(rows: string[][]) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Feed');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const header = ['vin', 'brand', 'model', 'price', 'year'];

  it('imports an XLSX feed, told by its bytes whatever its name, row by row', async () => {
    const settings = await settingsOf(dealerA, siteA);
    await setFiles(settings.id, []);
    const file = await workbook([header, ['XWEAB0000000XLS01', brandName, 'Rio', '1 100 000', '2024'], ['XWEAB0000000XLS02', brandName, 'Rio', '1200000', '2023']]);
    expect((await upload(dealerA, settings.id, 'feed.bin', file)).statusCode).toBe(200);
    const { report, rows } = await runIn(dealerA, settings.id, 'en');
    expect(report).toMatchObject({ status: 'finished', total_count: 2, created_count: 2, errored_count: 0 });
    expect(rows.map((row) => [row.row, row.vin, row.status])).toEqual([[2, 'XWEAB0000000XLS01', 'created'], [3, 'XWEAB0000000XLS02', 'created']]);
    const cars = (await siteCars(siteA)).filter((car) => car.vin?.startsWith('XWEAB0000000XLS'));
    expect(cars.map((car) => Number(car.price)).sort()).toEqual([1_100_000, 1_200_000]);
  });

  it('refuses an XLSX whose sheet inflates past the limit (a zip bomb) and an oversized XLSX, said in the caller language, importing nothing', async () => {
    const settings = await settingsOf(dealerA, siteA);
    const limits = { ...FEED_LIMITS };
    try {
      // The limits lowered so that small files reach them: a 300 kB cell packs into a few kB.
      FEED_LIMITS.maxXlsxUnpackedBytes = 100_000;
      const bomb = await workbook([header, ['XWEAB0000000BOMB1', brandName, 'Rio', '1000000', '2024'], ['XWEAB0000000BOMB2', brandName, 'Rio', 'A'.repeat(300_000), '2024']]);
      expect(bomb.length).toBeLessThan(20_000);
      for (const [file, lang, text] of [[bomb, 'ru', 'слишком велика в распакованном виде'], [await workbook([header, ['XWEAB0000000BIG01', brandName, 'Rio', '1000000', '2024']]), 'en', 'The XLSX file is too large']] as const) {
        if (lang === 'en') {
          FEED_LIMITS.maxXlsxUnpackedBytes = limits.maxXlsxUnpackedBytes;
          FEED_LIMITS.maxXlsxBytes = 1024;
        }
        await setFiles(settings.id, []);
        expect((await upload(dealerA, settings.id, 'feed.xlsx', file)).statusCode).toBe(200);
        const before = await siteCars(siteA);
        const { report, rows } = await runIn(dealerA, settings.id, lang);
        expect(report).toMatchObject({ status: 'finished_with_error', is_finished: true, created_count: 0, updated_count: 0, gone_count: 0 });
        expect(report.error).toContain(text);
        expect((report.files as { error: string }[])[0]!.error).toContain(text);
        expect(report.error).not.toMatch(/import_/);
        expect(rows).toHaveLength(0);
        expect(await siteCars(siteA)).toEqual(before);
      }
    } finally {
      Object.assign(FEED_LIMITS, limits);
    }
  });

  it('refuses a 150 kB XLSX whose one cell is 150 million characters, naming the cell in the caller language, importing nothing', async () => {
    const settings = await settingsOf(dealerA, siteA);
    for (const [where, lang, text] of [['inline', 'ru', 'Файл не прочитан: Ячейка B2 длиннее 10\u00a0000 символов'], ['shared', 'en', 'The file could not be read: Cell B2 is longer than 10,000 characters']] as const) {
      const file = await hugeCellXlsx(where, 150_000_000);
      expect(file.length).toBeLessThan(400_000);
      await setFiles(settings.id, []);
      expect((await upload(dealerA, settings.id, 'feed.xlsx', file)).statusCode).toBe(200);
      const before = await siteCars(siteA);
      const { report, rows } = await runIn(dealerA, settings.id, lang);
      expect(report).toMatchObject({ status: 'finished_with_error', is_finished: true, created_count: 0, updated_count: 0, gone_count: 0 });
      expect((report.files as { error: string }[])[0]!.error).toBe(text);
      expect(rows).toHaveLength(0);
      expect(await siteCars(siteA)).toEqual(before);
    }
  });

  it('reports a row with bytes that are not valid in the feed encoding as an error of that row only', async () => {
    const settings = await settingsOf(dealerA, siteA);
    await setFiles(settings.id, []);
    const feed = Buffer.concat([
      Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<data><cars><car><mark_id>${brandName}</mark_id><folder_id>Rio</folder_id><vin>XWEAB00000000E001</vin><year>2024</year><price>1000000</price></car>`),
      Buffer.from(`<car><mark_id>${brandName}</mark_id><folder_id>Rio</folder_id><vin>XWEAB00000000E002</vin><year>2024</year><price>1000000</price><description>`),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('</description></car></cars></data>'),
    ]);
    expect((await upload(dealerA, settings.id, 'broken.xml', feed)).statusCode).toBe(200);
    const { report, rows } = await runIn(dealerA, settings.id, 'ru');
    expect(report).toMatchObject({ status: 'finished', total_count: 2, errored_count: 1 });
    expect(rows[0]!.status).not.toBe('error');
    expect(rows[1]).toMatchObject({ status: 'error', vin: 'XWEAB00000000E002' });
    expect(rows[1]!.errors.join()).toContain('неверная кодировка');
    expect((await siteCars(siteA)).some((car) => car.vin === 'XWEAB00000000E002')).toBe(false);
  });
});
