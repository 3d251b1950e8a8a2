/**
 * `npm run bench:feeds`: a car import of a large feed through the running app (the targets: a
 * 50,000-car feed imported within 5 s on PostgreSQL, the app within 256 MB of memory, and the
 * lists answering meanwhile).
 *
 * Seeds the demo data with a first app process, then starts the measured app (`node
 * scripts/serve.mjs`, as production runs it) on that seeded database: a fresh database of
 * DATABASE_URL (BENCH_DB_PREFIX names it), or the embedded database without it; signs in as the
 * demo dealer manager; uploads a CSV feed of BENCH_FEED_ROWS cars (default 50,000) of the demo
 * catalogue to one site; starts the import; and
 * while it runs asks for the site's new-car list page (100 rows with the total) every
 * BENCH_LIST_EVERY_MS. Prints the import's time from the start call to the finished report, the CPU the app and
 * PostgreSQL used meanwhile, the rows a second, the app's peak resident memory (sampled from /proc,
 * and its VmHWM), and the list requests' p50/p95/max. BENCH_LOG_STATEMENTS_MS=<ms> logs the slow
 * statements in PostgreSQL's log; BENCH_APP_NODE_OPTIONS passes node options to the measured app, and
 * BENCH_APP_FLAGS node flags that NODE_OPTIONS refuses (`--trace-gc`), with its standard output in
 * the file BENCH_APP_STDOUT names.
 * A second run of the same feed measures the update path (every car unchanged). Also prints the
 * app's RSS at idle (demo data loaded, feed uploaded, before any import), so the peak less it is
 * what the import adds. BENCH_CPU_PROF=<dir> runs the app under `node --cpu-prof` (NODE_OPTIONS
 * refuses it); read the profile with `npx tsx bench/profile.ts <file>`. Figures: docs/performance.md,
 * "bench:feeds".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CSV_COLUMNS, feedCsv, stockCars, tableRow } from './stock-feed.ts';
import { BenchError, serveFlags, describeMachine, fmt, positive, postgresCpuMs, printTable, processCpuMs, rssMb, withDatabase, freePort, treeRssMb } from '../kit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = Math.round(positive('BENCH_FEED_ROWS', 50_000));
const PASSWORD = 'Bench-Feed-Pass1!';
const MANAGER = 'manager@avtograd-sever.test';
const TARGET_MS = 5000;
const TARGET_RSS_MB = 256;
const IMPORT_LIMIT_MS = 30 * 60_000;
/**
 * A list request (and a poll of the report) starts every BENCH_LIST_EVERY_MS (default 250: four a
 * second, several people paging lists while the import runs); 0 sends them back to back, a load
 * that takes about a third of the machine's two cores for itself.
 */
const LIST_EVERY_MS = Number(process.env.BENCH_LIST_EVERY_MS ?? 250);
if (!Number.isFinite(LIST_EVERY_MS) || LIST_EVERY_MS < 0) throw new Error(`BENCH_LIST_EVERY_MS must be 0 or more, not "${process.env.BENCH_LIST_EVERY_MS}"`);


async function startApp(databaseUrl: string, dataDir: string, options: { demoData: boolean; profile: boolean }): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the app runs under `node --cpu-prof` (read the profile with bench/profile.ts).
  const profile = options.profile && process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const flags = options.profile ? (process.env.BENCH_APP_FLAGS ?? '').split(' ').filter(Boolean) : [];
  const stdout = options.profile && process.env.BENCH_APP_STDOUT ? fs.openSync(process.env.BENCH_APP_STDOUT, 'w') : 'ignore';
  const child = spawn(process.execPath, [...serveFlags(), ...profile, ...flags, 'scripts/serve.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', stdout, 'pipe'],
    // The flags and MALLOC_ARENA_MAX as `npm run serve` sets them (docs/decisions/platform.md, "What memory does a process get?").
    // BENCH_APP_NODE_OPTIONS: node options of the measured app only (e.g. a heap limit, to tell live memory from garbage not yet collected).
    env: { ...process.env, ...(options.profile && process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}), MALLOC_ARENA_MAX: '2', OUTBOUND_ALLOW_HOSTS: '127.0.0.1', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_PASSWORD: PASSWORD, DEMO_DATA: String(options.demoData), LOG_LEVEL: 'warn' },
  });
  // The app has its own copy of the file's descriptor.
  if (typeof stdout === 'number') fs.closeSync(stdout);
  let stderr = '';
  child.stderr!.on('data', (chunk) => { stderr = (stderr + chunk).slice(-4000); if (process.env.BENCH_ECHO) process.stderr.write(chunk); });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new BenchError(`the app exited with ${child.exitCode}:\n${stderr}`);
    if (Date.now() - started > 300_000) throw new BenchError('the app was not healthy within 300 s');
    const ok = await fetch(`${base}/healthz`).then((r) => r.status === 200, () => false);
    if (ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The app as production runs it: the demo data seeded by a first process that then stops, the
 * measured one started on the seeded database (seeding in the same process leaves it 90-110 MB
 * larger: docs/decisions/platform.md, "What memory does a process get?").
 */
async function startSeededApp(databaseUrl: string, dataDir: string) {
  const seeding = await startApp(databaseUrl, dataDir, { demoData: true, profile: false });
  await stopApp(seeding.child);
  return startApp(databaseUrl, dataDir, { demoData: false, profile: true });
}

async function stopApp(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

async function api(base: string, token: string | null, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body instanceof FormData ? body : body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new BenchError(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

const xmlText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The stock as an Auto.ru / Yandex XML feed (`<data><cars><car>`, the tags of that format). */
function feedXml(rows: number): Buffer {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<data><cars>\n'];
  for (const car of stockCars(rows)) {
    const tags: [string, string][] = [
      ['mark_id', car.brand!], ['folder_id', car.model!], ['generation', car.generation!], ['complectation_name', car.complectation!], ['modification_id', car.engine!],
      ['body_type', car.body!], ['wheel', car.steering!], ['color', car.color!], ['availability', car.availability!], ['section', car.state === 'новый' ? 'new' : 'used'],
      ['owners_number', car.owners!], ['run', car.mileage!], ['year', car.year!], ['price', car.price!], ['currency', 'RUR'], ['credit_discount', car.credit_discount!],
      ['tradein_discount', car.tradein_discount!], ['vin', car.vin!], ['unique_id', car.external_id!], ['pts', car.pts!], ['doors_count', car.doors!],
      ['transmission', car.transmission!], ['drive', car.wheel_drive!], ['poi_id', car.dealer_code!], ['description', car.description!],
    ];
    const images = car.images!.split(',').map((url) => `<image>${xmlText(url)}</image>`).join('');
    parts.push(`<car>${tags.map(([tag, value]) => `<${tag}>${xmlText(value)}</${tag}>`).join('')}<images>${images}</images></car>\n`);
  }
  parts.push('</cars></data>\n');
  return Buffer.from(parts.join(''));
}

/** The stock as an XLSX workbook with the CSV's columns (the parser reads it row by row). */
async function feedXlsx(rows: number): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Склад');
  sheet.addRow(CSV_COLUMNS);
  for (const car of stockCars(rows)) sheet.addRow(tableRow(car));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** BENCH_FEEDS: the formats measured, each on its own demo site (default CSV and XML; xlsx too). */
const FEEDS = (process.env.BENCH_FEEDS ?? 'csv,xml').split(',').map((name) => name.trim()).filter(Boolean);
const FEED_FORMATS: Record<string, { name: string; file: (rows: number) => Buffer | Promise<Buffer>; extension: string }> = {
  csv: { name: 'a CSV feed', file: feedCsv, extension: 'csv' },
  xml: { name: 'an Auto.ru XML feed', file: feedXml, extension: 'xml' },
  xlsx: { name: 'an XLSX feed', file: feedXlsx, extension: 'xlsx' },
};
for (const feed of FEEDS) if (!FEED_FORMATS[feed]) throw new Error(`BENCH_FEEDS: "${feed}" is not one of ${Object.keys(FEED_FORMATS).join(', ')}`);

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0);

interface Run {
  name: string;
  ms: number;
  report: Record<string, unknown>;
  peakRssMb: number;
  /** CPU used during the run, s: by the app, and by every PostgreSQL process of the machine (other work's too). */
  appCpuS: number;
  postgresCpuS: number;
  /** VmHWM after the run: the process's highest RSS since it started (catches a peak between samples). */
  hwmMb: number;
  lists: number[];
  /** Rows with warnings among the report's first 1,000, and the first row with an error or warning. */
  warnings: number;
  firstIssue: string | null;
}

/** The site's new cars, first page of 100: the list a manager watches while the import runs. */
const listCars = (base: string, token: string, clientId: string, siteId: string) => api(base, token, 'GET', `/gateway/cars.stock/api/v1/cars/where_client/${clientId}?filter[site_id]=${siteId}&is_new=true&page[size]=100`);

/** The same list asked `times` times back to back with nothing else running: its time sorted, ms. */
async function listTimes(base: string, token: string, clientId: string, siteId: string, times: number) {
  const took: number[] = [];
  for (let n = 0; n < times; n++) {
    const started = performance.now();
    await listCars(base, token, clientId, siteId);
    took.push(performance.now() - started);
  }
  return took.sort((a, b) => a - b);
}

async function importOnce(base: string, token: string, appPid: number, settingsId: string, siteId: string, clientId: string, name: string): Promise<Run> {
  const lists: number[] = [];
  let peakRssMb = treeRssMb(appPid);
  const appCpuBefore = processCpuMs(appPid) ?? 0;
  const postgresCpuBefore = postgresCpuMs();
  const started = performance.now();
  const report = (await api(base, token, 'POST', `/gateway/cars.import/api/v1/import/${settingsId}/manual/start`, { data: {} })).data;
  let done: Record<string, unknown> | null = null;
  let ms = 0;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, treeRssMb(appPid))), 50);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  // The report is polled every 50 ms (the end's time within that), the list at its own pace.
  const poll = async () => {
    while (!done) {
      if (performance.now() - started > IMPORT_LIMIT_MS) throw new BenchError(`the import did not finish within ${IMPORT_LIMIT_MS / 60_000} min`);
      const current = (await api(base, token, 'GET', `/gateway/cars.import/api/v1/reports/${report.id}`)).data.attributes;
      if (current.is_finished) {
        ms = performance.now() - started;
        done = current;
      } else await pause(50);
    }
  };
  const askLists = async () => {
    while (!done) {
      const listStarted = performance.now();
      await listCars(base, token, clientId, siteId);
      lists.push(performance.now() - listStarted);
      await pause(LIST_EVERY_MS - (performance.now() - listStarted));
    }
  };
  try {
    await Promise.all([poll(), askLists()]);
  } finally {
    clearInterval(sampler);
  }
  const appCpuS = ((processCpuMs(appPid) ?? 0) - appCpuBefore) / 1000;
  const postgresCpuS = (postgresCpuMs() - postgresCpuBefore) / 1000;
  const hwmMb = rssMb(appPid).peak;
  // What the matching said of the rows: a realistic feed should match the catalogue without errors.
  const sample = (await api(base, token, 'GET', `/gateway/cars.import/api/v1/import/car_reports/by/report/${report.id}?page[size]=1000`)).data as { attributes: { row: number; errors: string[]; warnings: string[] } }[];
  const issue = sample.find((row) => row.attributes.errors.length || row.attributes.warnings.length);
  const firstIssue = issue ? `row ${issue.attributes.row}: ${[...issue.attributes.errors, ...issue.attributes.warnings].join('; ')}` : null;
  return { name, ms, report: done!, peakRssMb, hwmMb, appCpuS, postgresCpuS, lists, warnings: sample.filter((row) => row.attributes.warnings.length).length, firstIssue };
}

/**
 * BENCH_LOG_STATEMENTS_MS=<ms>: PostgreSQL logs every statement of the bench's database that ran
 * that long (its server log), without the parameters' values (a batch is megabytes of JSON).
 */
async function logSlowStatements(databaseUrl: string) {
  const ms = process.env.BENCH_LOG_STATEMENTS_MS;
  if (!databaseUrl || !ms) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const name = client.escapeIdentifier(new URL(databaseUrl).pathname.slice(1));
    await client.query(`alter database ${name} set log_min_duration_statement = ${Number(ms)}`);
    await client.query(`alter database ${name} set log_parameter_max_length = 0`);
  } finally {
    await client.end();
  }
}

/** The feeds the app fetches, served from this process (the app allows its host: OUTBOUND_ALLOW_HOSTS). */
const feedFiles = new Map<string, Buffer>();
const feedServer = http.createServer((request, response) => {
  const file = feedFiles.get(request.url ?? '');
  if (!file) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.length }).end(file);
});
let feedBase = '';

async function benchOn(label: string, databaseUrl: string) {
  await logSlowStatements(databaseUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-feeds-'));
  const { child, base } = await startSeededApp(databaseUrl, dataDir);
  try {
    const signIn = await api(base, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: MANAGER, secret: PASSWORD } });
    const token = signIn.data.access_token as string;
    const siteList = (await api(base, token, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=100')).data as { id: string; attributes: Record<string, any> }[];
    const dealerSites = siteList.filter((s) => s.attributes.type === 3 && s.attributes.host);
    if (dealerSites.length < FEEDS.length) throw new BenchError(`the demo manager has ${dealerSites.length} dealer sites, ${FEEDS.length} needed (one per format)`);
    // The app's memory before any import (demo data loaded): what an import adds is the peak less this.
    const idleRssMb = treeRssMb(child.pid!);
    for (const [index, feed] of FEEDS.entries()) {
      const site = dealerSites[index]!;
      const format = FEED_FORMATS[feed]!;
      const clientId = String(site.attributes.client_id);
      const settings = (await api(base, token, 'GET', `/gateway/cars.import/api/v1/settings/where_site/${site.id}`)).data;
      const file = await format.file(ROWS);
      // Fetched from a URL, as a DMS publishes its feed (a 50,000-car XML is past the 50 MB upload limit).
      const name = `bench-${ROWS}.${format.extension}`;
      feedFiles.set(`/${name}`, file);
      await api(base, token, 'PATCH', `/gateway/cars.import/api/v1/settings/${settings.id}`, { data: { attributes: { files: [{ kind: 'url', url: `${feedBase}/${name}`, name }] } } });
      const runs = [
        await importOnce(base, token, child.pid!, settings.id, site.id, clientId, 'first import (cars created)'),
        await importOnce(base, token, child.pid!, settings.id, site.id, clientId, 'same feed again (cars unchanged)'),
      ];
      const idleLists = await listTimes(base, token, clientId, site.id, 10);
      console.log(`\n${label}: ${format.name} of ${fmt(ROWS)} cars (${fmt(file.length / 1024 / 1024, 1)} MB), site ${site.attributes.host}, a list request every ${LIST_EVERY_MS} ms (targets: ${TARGET_MS / 1000} s on PostgreSQL, ${TARGET_RSS_MB} MB)\n`);
      printTable(
        ['run', 'time, s', 'app CPU, s', 'PG CPU, s', 'rows/s', 'created', 'updated', 'unchanged', 'errors', 'warnings in 1,000', 'peak RSS, MB', 'VmHWM, MB', 'list p50, ms', 'list p95, ms', 'list max, ms', 'lists'],
        runs.map((run) => {
          const sorted = [...run.lists].sort((a, b) => a - b);
          return [
            run.name, fmt(run.ms / 1000, 1), fmt(run.appCpuS, 1), fmt(run.postgresCpuS, 1), fmt(ROWS / (run.ms / 1000)), fmt(Number(run.report.created_count)), fmt(Number(run.report.updated_count)),
            fmt(Number(run.report.unchanged_count)), fmt(Number(run.report.errored_count)), fmt(run.warnings),
            fmt(run.peakRssMb), fmt(run.hwmMb), fmt(percentile(sorted, 0.5)), fmt(percentile(sorted, 0.95)), fmt(sorted.at(-1) ?? 0), String(sorted.length),
          ];
        }),
      );
      for (const run of runs) if (Number(run.report.created_count) + Number(run.report.updated_count) + Number(run.report.unchanged_count) === 0) console.log(`   warning: ${run.name} wrote no car: ${JSON.stringify(run.report).slice(0, 400)}`);
      console.log(`   the list at idle after the imports (${idleLists.length} requests): p50 ${fmt(percentile(idleLists, 0.5))} ms, max ${fmt(idleLists.at(-1) ?? 0)} ms`);
      if (runs[0]!.firstIssue) console.log(`   first row with an error or warning: ${runs[0]!.firstIssue}`);
    }
    console.log(`   app RSS at idle (before the imports): ${fmt(idleRssMb)} MB`);
  } finally {
    await stopApp(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describeMachine('Feed import benchmark');
await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
feedBase = `http://127.0.0.1:${(feedServer.address() as net.AddressInfo).port}`;
try {
  if (process.env.DATABASE_URL) await withDatabase(process.env.DATABASE_URL, process.env.BENCH_DB_PREFIX || 'bench_feeds', (url) => benchOn('PostgreSQL', url));
  if (!process.env.DATABASE_URL || process.env.BENCH_EMBEDDED === '1') await benchOn('Embedded database (PGlite)', '');
} catch (error) {
  if (error instanceof BenchError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
} finally {
  feedServer.close();
}
