import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carModels, cars, sites } from '../../schema.ts';
import { carReports, importReports, importSettings, importStagedRows } from './import.table.ts';
import { IMPORT_JOB, recoverImports, runImport } from './run-import.ts';
import { enqueueDueImports } from './auto-import.ts';
import { CARS_SEARCH_INDEXES } from '../cars.stock/car.table.ts';

/**
 * Import states and progress (spec 001 §2 import states, §4, §7): the progress a report shows
 * mid-run, abort and reset (nothing half-written), restart with a cache reset type, the catalogue
 * cache reset taking effect at once, feed-change tracking, the auto import schedule, and that a
 * dealer reaches only its own client's imports.
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
let brandId: number;
let server: http.Server;
let base: string;
let feedEtag = '"v1"';
let feedBody = '';

const API = '/gateway/cars.import/api/v1';
const DEALER = { 'cars.import': ['import_settings.get_list', 'import_settings.patch', 'import.run', 'import_reports.get_list', 'import_states.get_list', 'import_states.manage'] };
const STAFF = { 'cars.import': [...DEALER['cars.import']] };

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  server = http.createServer((req, res) => {
    if (req.headers['if-none-match'] === feedEtag) {
      res.statusCode = 304;
      return res.end();
    }
    res.setHeader('etag', feedEtag);
    res.end(feedBody);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp({ runJobs: false });
  const db = t.database.db;
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = (await db.insert(sites).values({ name: 'Сайт А', client_id: clientA, type: 3 }).returning())[0]!.id;
  siteB = (await db.insert(sites).values({ name: 'Сайт Б', client_id: clientB, type: 3 }).returning())[0]!.id;
  // The sites have their modules, as the demo's (test/module-gating.test.ts walks the sites without them).
  await t.installModules([siteA, siteB]);
  brandName = `Skoda${Date.now().toString(36)}`;
  brandId = (await db.insert(carBrands).values({ name: brandName }).returning())[0]!.id;
  await db.insert(carModels).values({ name: 'Octavia', brand_id: brandId });
  staff = (await t.signIn((await t.createUser({ email: `states-${Date.now()}@platform.test`, grants: STAFF })).email)).access_token;
  dealerA = (await t.signIn((await t.createUser({ grants: DEALER, clientIds: [clientA], internal: false })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: DEALER, clientIds: [clientB], internal: false })).email)).access_token;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  server?.closeAllConnections();
  server?.close();
  await t?.close();
});

const vin = (n: number) => `XW8AB${String(n).padStart(12, '0')}`;
const csv = (count: number, model = 'Octavia', from = 1) =>
  `vin;brand;model;price;year\n${Array.from({ length: count }, (_, i) => `${vin(from + i)};${brandName};${model};1500000;2024`).join('\n')}\n`;

async function settingsOf(token: string, siteId: number) {
  const response = await t.request('GET', `${API}/settings/where_site/${siteId}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as string;
}
async function upload(token: string, settingsId: string, content: string) {
  const boundary = '----statesboundary';
  const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="feed.csv"\r\nContent-Type: text/csv\r\n\r\n`), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const response = await t.request('POST', `${API}/import/${settingsId}/manual`, { token, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode, response.body).toBe(200);
}
async function replaceFeed(token: string, settingsId: string, content: string) {
  expect((await t.request('PATCH', `${API}/settings/${settingsId}`, { token, body: { data: { attributes: { files: [] } } } })).statusCode).toBe(200);
  await upload(token, settingsId, content);
}
async function start(token: string, settingsId: string) {
  const response = await t.request('POST', `${API}/import/${settingsId}/manual/start`, { token, body: { data: {} } });
  expect(response.statusCode, response.body).toBe(202);
  return Number(response.json().data.id);
}
const reportOf = async (id: number) => (await t.database.db.select().from(importReports).where(eq(importReports.id, id)))[0]!;
const settingsRow = async (id: string) => (await t.database.db.select().from(importSettings).where(eq(importSettings.id, Number(id))))[0]!;
const siteCars = (siteId: number) => t.database.db.select().from(cars).where(eq(cars.site_id, siteId));

describe('progress while an import runs', () => {
  it('shows 0 < processed < expected between batches, and 100 % only once applied', async () => {
    const settings = await settingsOf(dealerA, siteA);
    await replaceFeed(dealerA, settings, csv(50));
    const reportId = await start(dealerA, settings);
    const seen: { processed: number; expected: number; finished: boolean }[] = [];
    await runImport(t.ctx, { report_id: reportId, lang: 'en' }, {
      batchSize: 10,
      onBatch: async () => {
        const response = await t.request('GET', `${API}/reports/${reportId}`, { token: dealerA });
        const attributes = response.json().data.attributes;
        seen.push({ processed: attributes.processed_count, expected: attributes.expected_count, finished: attributes.is_finished });
      },
    });
    expect(seen.length).toBeGreaterThanOrEqual(4);
    const middle = seen[1]!;
    expect(middle.processed).toBeGreaterThan(0);
    expect(middle.processed).toBeLessThan(middle.expected);
    expect(middle.finished).toBe(false);
    // The estimate stays near the truth (50 rows) while the file is read.
    expect(middle.expected).toBeGreaterThanOrEqual(40);
    expect(middle.expected).toBeLessThanOrEqual(60);
    expect(seen.map((item) => item.processed)).toEqual([...seen.map((item) => item.processed)].sort((a, b) => a - b));
    expect(await reportOf(reportId)).toMatchObject({ is_finished: true, status: 'finished', processed_count: 50, total_count: 50, created_count: 50 });
  });
});

describe('abort and reset', () => {
  it('aborts a running import at its next batch: no car written, staged rows gone, the site free again', async () => {
    const settings = await settingsOf(dealerA, siteA);
    await replaceFeed(dealerA, settings, csv(40, 'Octavia', 1000));
    const before = await siteCars(siteA);
    const reportId = await start(dealerA, settings);
    // Another client cannot abort it.
    expect((await t.request('POST', `${API}/import/abort/${settings}`, { token: dealerB })).statusCode).toBe(404);
    let asked = false;
    await runImport(t.ctx, { report_id: reportId, lang: 'en' }, {
      batchSize: 10,
      onBatch: async () => {
        if (asked) return;
        asked = true;
        const response = await t.request('POST', `${API}/import/abort/${settings}`, { token: dealerA });
        expect(response.statusCode, response.body).toBe(202);
      },
    });
    const report = await reportOf(reportId);
    expect(report).toMatchObject({ is_finished: true, status: 'finished_with_error', abort_requested: true });
    expect(report.error).toContain('aborted');
    expect(await t.database.db.select().from(carReports).where(eq(carReports.report_id, reportId))).toHaveLength(0);
    expect(await t.database.db.select().from(importStagedRows).where(eq(importStagedRows.report_id, reportId))).toHaveLength(0);
    expect(await siteCars(siteA)).toHaveLength(before.length);
    expect((await settingsRow(settings)).in_process).toBe(false);
    const again = await t.request('POST', `${API}/import/abort/${settings}`, { token: dealerA, lang: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].title).toBe('No import of this site is running now');
  });

  it('ends with the error and writes no car when the apply fails mid-way (on PostgreSQL while the parse still runs)', async () => {
    const settings = await settingsOf(dealerA, siteA);
    await replaceFeed(dealerA, settings, csv(60, 'Octavia', 3000));
    const before = await siteCars(siteA);
    const reportId = await start(dealerA, settings);
    let parsedAfterFailure = 0;
    let failed = false;
    await runImport(t.ctx, { report_id: reportId, lang: 'en' }, {
      batchSize: 10,
      onBatch: async () => {
        if (failed) parsedAfterFailure++;
      },
      onApplyBatch: async () => {
        failed = true;
        throw new Error('the disk is full (test)');
      },
    });
    const report = await reportOf(reportId);
    expect(report).toMatchObject({ is_finished: true, status: 'finished_with_error', created_count: 0 });
    expect(report.error).toContain('the disk is full');
    expect(await siteCars(siteA)).toHaveLength(before.length);
    expect(await t.database.db.select().from(carReports).where(eq(carReports.report_id, reportId))).toHaveLength(0);
    expect(await t.database.db.select().from(importStagedRows).where(eq(importStagedRows.report_id, reportId))).toHaveLength(0);
    expect((await settingsRow(settings)).in_process).toBe(false);
    // The parse stopped at its next batch instead of reading the rest of the feed.
    expect(parsedAfterFailure).toBeLessThanOrEqual(1);
  });

  it('resets a stuck in-process state (the job died), and the late job then writes nothing', async () => {
    const settings = await settingsOf(dealerA, siteA);
    const reportId = await start(dealerA, settings);
    expect((await t.request('POST', `${API}/import/${settings}/manual/start`, { token: dealerA, body: { data: {} } })).statusCode).toBe(409);
    expect((await t.request('POST', `${API}/import/reset/${settings}`, { token: dealerB })).statusCode).toBe(404);
    const reset = await t.request('POST', `${API}/import/reset/${settings}`, { token: dealerA, lang: 'ru' });
    expect(reset.statusCode, reset.body).toBe(200);
    const report = await reportOf(reportId);
    expect(report).toMatchObject({ is_finished: true, status: 'finished_with_error' });
    expect(report.error).toContain('сброшено');
    expect((await settingsRow(settings)).in_process).toBe(false);
    const before = await siteCars(siteA);
    await runImport(t.ctx, { report_id: reportId });
    expect(await siteCars(siteA)).toHaveLength(before.length);
    expect((await t.request('POST', `${API}/import/reset/${settings}`, { token: dealerA })).statusCode).toBe(409);
  });
});

describe('restart and the catalogue cache', () => {
  it("ends a report whose resumed run died as well, and refuses its file at manual start and restart, in the caller's language, until it is replaced", async () => {
    const settings = await settingsOf(dealerA, siteA);
    await replaceFeed(dealerA, settings, csv(5, 'Octavia', 3000));
    const reportId = await start(dealerA, settings);
    // A process took the report's job and died: pg-boss shows it active, and no run holds its lock.
    const died = () => t.database.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = ${IMPORT_JOB} and data->>'report_id' = ${String(reportId)} and state = 'created'`);
    await died();
    expect((await recoverImports(t.ctx)).resumed).toContain(reportId);
    expect(await reportOf(reportId)).toMatchObject({ is_finished: false });
    // Its resumed job died as well: not resumed again.
    await died();
    expect((await recoverImports(t.ctx)).ended).toContain(reportId);
    expect(await reportOf(reportId)).toMatchObject({ is_finished: true, status: 'finished_with_error', error: 'Импорт дважды прервался из-за остановки процесса и не возобновлён: автомобили не изменены. Замените файл фида, чтобы запустить импорт снова' });
    expect((await settingsRow(settings)).in_process).toBe(false);
    const { rows: waiting } = (await t.database.db.execute(sql`select id from pgboss.job where name = ${IMPORT_JOB} and data->>'report_id' = ${String(reportId)} and state in ('created', 'retry', 'active')`)) as unknown as { rows: unknown[] };
    expect(waiting).toEqual([]);

    const reports = async () => (await t.database.db.select().from(importReports).where(eq(importReports.settings_id, Number(settings)))).length;
    const before = await reports();
    for (const lang of ['ru', 'en'] as const) {
      const manual = await t.request('POST', `${API}/import/${settings}/manual/start`, { token: dealerA, lang, body: { data: {} } });
      expect(manual.statusCode, manual.body).toBe(409);
      expect(manual.json().errors[0]).toMatchObject({ code: 'import_stopped_twice', title: lang === 'ru' ? expect.stringMatching(/^Импорт дважды прервался/) : expect.stringMatching(/^The import stopped unexpectedly twice and was not resumed/) });
      const restart = await t.request('POST', `${API}/import/restart/${settings}`, { token: staff, lang, body: { data: { cache_reset_type: 'catalog' } } });
      expect(restart.statusCode, restart.body).toBe(409);
      expect(restart.json().errors[0].code).toBe('import_stopped_twice');
    }
    expect(await reports()).toBe(before);

    // A new upload replaces the file: the import starts and runs.
    await replaceFeed(dealerA, settings, csv(5, 'Octavia', 3000));
    const again = await start(dealerA, settings);
    await runImport(t.ctx, { report_id: again, lang: 'en' });
    expect(await reportOf(again)).toMatchObject({ status: 'finished', created_count: 5 });
  });

  it('matches a model added to the catalogue only after a cache reset, which takes effect at once', async () => {
    const settings = await settingsOf(dealerB, siteB);
    await replaceFeed(dealerB, settings, csv(2, 'Kodiaq', 5000));
    const first = await start(dealerB, settings);
    await runImport(t.ctx, { report_id: first, lang: 'en' });
    expect(await reportOf(first)).toMatchObject({ errored_count: 2 });
    await t.database.db.insert(carModels).values({ name: 'Kodiaq', brand_id: brandId });
    // Restart without a reset: the import still uses its cached catalogue.
    const plain = await t.request('POST', `${API}/import/restart/${settings}`, { token: dealerB, body: { data: { cache_reset_type: 'none' } } });
    expect(plain.statusCode, plain.body).toBe(202);
    await runImport(t.ctx, { report_id: Number(plain.json().data.id), lang: 'en' });
    expect(await reportOf(Number(plain.json().data.id))).toMatchObject({ errored_count: 2, created_count: 0 });
    // Only provider staff reset the shared cache.
    expect((await t.request('POST', `${API}/catalog_cache/reset`, { token: dealerB })).statusCode).toBe(403);
    const bad = await t.request('POST', `${API}/import/restart/${settings}`, { token: dealerB, lang: 'en', body: { data: { cache_reset_type: 'everything' } } });
    expect(bad.statusCode).toBe(400);
    const restarted = await t.request('POST', `${API}/import/restart/${settings}`, { token: dealerB, body: { data: { cache_reset_type: 'catalog' } } });
    expect(restarted.statusCode, restarted.body).toBe(202);
    await runImport(t.ctx, { report_id: Number(restarted.json().data.id), lang: 'en' });
    expect(await reportOf(Number(restarted.json().data.id))).toMatchObject({ errored_count: 0, created_count: 2 });
    // The staff reset answers its moment.
    const staffReset = await t.request('POST', `${API}/catalog_cache/reset`, { token: staff });
    expect(staffReset.statusCode, staffReset.body).toBe(200);
    expect(staffReset.json().data.reset_at).toBeTruthy();
    // Another client's settings cannot be restarted.
    expect((await t.request('POST', `${API}/import/restart/${settings}`, { token: dealerA, body: { data: {} } })).statusCode).toBe(404);
  });
});

describe('import states', () => {
  it("lists every site's import for staff and only the own client's for a dealer, with feed-change tracking", async () => {
    const settingsB = await settingsOf(dealerB, siteB);
    feedBody = csv(1, 'Octavia', 7000);
    feedEtag = '"v1"';
    expect((await t.request('PATCH', `${API}/settings/${settingsB}`, { token: dealerB, body: { data: { attributes: { files: [{ kind: 'url', url: `${base}/feed.csv`, name: 'feed.csv' }] } } } })).statusCode).toBe(200);
    const list = async (token: string) => {
      const response = await t.request('GET', `${API}/import_states?sort=site_name`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { id: string; attributes: any }[]; meta: { page: { total: number } } };
    };
    // The configured file is not the one the last import read.
    const changed = (await list(staff)).data.find((row) => row.id === settingsB)!;
    expect(changed.attributes).toMatchObject({ site_name: 'Сайт Б', files_count: 1, feed_changed: true, in_process: false });
    expect(changed.attributes.last_report).toMatchObject({ status: 'finished' });
    const reportId = await start(dealerB, settingsB);
    await runImport(t.ctx, { report_id: reportId, lang: 'en' });
    expect((await list(staff)).data.find((row) => row.id === settingsB)!.attributes.feed_changed).toBe(false);
    // A check asks the server with the ETag it gave: unchanged (304), then changed.
    const same = await t.request('POST', `${API}/import_states/${settingsB}/check`, { token: dealerB });
    expect(same.json().data.feed_changed).toBe(false);
    feedEtag = '"v2"';
    const moved = await t.request('POST', `${API}/import_states/${settingsB}/check`, { token: dealerB });
    expect(moved.json().data.feed_changed).toBe(true);
    expect((await list(dealerB)).data.find((row) => row.id === settingsB)!.attributes.feed_changed).toBe(true);
    // Tenant isolation: a dealer sees its own client's sites only.
    const ofA = await list(dealerA);
    expect(ofA.data.every((row) => row.attributes.client_id === clientA)).toBe(true);
    expect(ofA.data.some((row) => row.attributes.site_id === siteA)).toBe(true);
    expect((await t.request('POST', `${API}/import_states/${settingsB}/check`, { token: dealerA })).statusCode).toBe(404);
    const searched = await t.request('GET', `${API}/import_states?filter[search]=${encodeURIComponent('Сайт Б')}`, { token: staff });
    expect(searched.json().data.map((row: { id: string }) => row.id)).toContain(settingsB);
  });
});

describe('auto import on a schedule', () => {
  it('starts an auto import of each site whose hours have passed since its last import, once', async () => {
    const settingsB = await settingsOf(dealerB, siteB);
    expect((await t.request('PATCH', `${API}/settings/${settingsB}`, { token: dealerB, body: { data: { attributes: { auto_import_hours: 6 } } } })).statusCode).toBe(200);
    // An import ran moments ago: not due now.
    expect(await enqueueDueImports(t.ctx)).toEqual([]);
    const later = new Date(Date.now() + 7 * 3600_000);
    const started = await enqueueDueImports(t.ctx, later);
    expect(started).toHaveLength(1);
    expect(await reportOf(started[0]!)).toMatchObject({ type: 'auto', site_id: siteB, user_id: null, is_finished: false });
    // Running now: the next tick starts nothing more.
    expect(await enqueueDueImports(t.ctx, later)).toEqual([]);
    await runImport(t.ctx, { report_id: started[0]! });
    expect(await reportOf(started[0]!)).toMatchObject({ status: 'finished' });
  });
});

describe('batches of the apply', () => {
  let siteC: number;
  beforeAll(async () => {
    siteC = await t.createSite(clientA);
  });
  const rowsOf = async (reportId: number) => t.database.db.select().from(carReports).where(eq(carReports.report_id, reportId));

  it('writes one car for a VIN repeated within a batch: the later row wins and is reported updated', async () => {
    const settings = await settingsOf(dealerA, siteC);
    await replaceFeed(dealerA, settings, `vin;brand;model;price;year\n${vin(900)};${brandName};Octavia;1500000;2024\n${vin(901)};${brandName};Octavia;1500000;2024\n${vin(900)};${brandName};Octavia;1600000;2024\n`);
    const reportId = await start(dealerA, settings);
    await runImport(t.ctx, { report_id: reportId, lang: 'en' }, { batchSize: 10 });
    const written = (await siteCars(siteC)).filter((car) => car.vin === vin(900));
    expect(written).toHaveLength(1);
    expect(Number(written[0]!.price)).toBe(1_600_000);
    const rows = (await rowsOf(reportId)).sort((a, b) => a.row - b.row);
    expect(rows.map((row) => [row.status, row.car_id])).toEqual([['created', written[0]!.id], ['created', expect.any(Number)], ['updated', written[0]!.id]]);
    expect(await reportOf(reportId)).toMatchObject({ created_count: 2, updated_count: 1, total_count: 3 });
  });

  it('applies a batch of more rows than 65,535 bind parameters would allow (2,200 × 31 columns) with none dropped, and a rerun adds no car', async () => {
    const settings = await settingsOf(dealerA, siteC);
    await replaceFeed(dealerA, settings, csv(2200, 'Octavia', 10_000));
    const first = await start(dealerA, settings);
    await runImport(t.ctx, { report_id: first, lang: 'en' }, { batchSize: 2200 });
    expect(await reportOf(first)).toMatchObject({ status: 'finished', total_count: 2200, created_count: 2200 });
    const created = (await rowsOf(first)).filter((row) => row.status === 'created' && row.car_id !== null && row.is_imported);
    expect(new Set(created.map((row) => row.car_id)).size).toBe(2200);
    // The staged rows went with the apply.
    expect(await t.database.db.select().from(importStagedRows).where(eq(importStagedRows.report_id, first))).toHaveLength(0);
    // The cars' search indexes took the cars through their pending lists, merged once the apply committed.
    for (const index of CARS_SEARCH_INDEXES) {
      const pending = await t.database.executeSql(`select gin_clean_pending_list('${index}'::regclass) as pages`);
      expect(Number(pending.rows[0].pages), index).toBe(0);
    }
    const carsAfter = await siteCars(siteC);
    expect(carsAfter.filter((car) => car.status === 'active' && car.vin?.startsWith('XW8AB00000001'))).toHaveLength(2200);
    const again = await start(dealerA, settings);
    await runImport(t.ctx, { report_id: again, lang: 'en' }, { batchSize: 2200 });
    expect(await reportOf(again)).toMatchObject({ status: 'finished', total_count: 2200, unchanged_count: 2200, created_count: 0 });
    expect(await siteCars(siteC)).toHaveLength(carsAfter.length);
  });
});
