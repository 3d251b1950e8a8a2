/**
 * `npm run bench:feeds`: a car import of a large feed through the running app (issue 13: a
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
 * statements in PostgreSQL's log; BENCH_APP_NODE_OPTIONS passes node options to the measured app.
 * A second run of the same feed measures the update path (every car unchanged). Also prints the
 * app's RSS at idle (demo data loaded, feed uploaded, before any import), so the peak less it is
 * what the import adds. BENCH_CPU_PROF=<dir> runs the app under `node --cpu-prof` (NODE_OPTIONS
 * refuses it); read the profile with `npx tsx bench/profile.ts <file>`. Figures: docs/performance.md,
 * "Feed import (issue 13)".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BenchError, describeMachine, fmt, positive, postgresCpuMs, printTable, processCpuMs, rssMb, withDatabase } from '../kit.ts';

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
 * that takes about a third of the machine's two cores for itself (docs/performance.md).
 */
const LIST_EVERY_MS = Number(process.env.BENCH_LIST_EVERY_MS ?? 250);
if (!Number.isFinite(LIST_EVERY_MS) || LIST_EVERY_MS < 0) throw new Error(`BENCH_LIST_EVERY_MS must be 0 or more, not "${process.env.BENCH_LIST_EVERY_MS}"`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Resident memory of a process and its descendants, MB (the serve script runs the app as its child). */
function treeRssMb(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = fs.readFileSync(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      for (const task of fs.readdirSync(`/proc/${id}/task`)) {
        const children = fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(Number(child));
      }
    } catch {
      /* ended */
    }
  };
  visit(pid);
  return total;
}

async function startApp(databaseUrl: string, dataDir: string, options: { demoData: boolean; profile: boolean }): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the app runs under `node --cpu-prof` (read the profile with bench/profile.ts).
  const profile = options.profile && process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, 'scripts/serve.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // MALLOC_ARENA_MAX as `npm run serve` sets it (docs/performance.md, "Memory").
    // BENCH_APP_NODE_OPTIONS: node options of the measured app only (e.g. a heap limit, to tell live memory from garbage not yet collected).
    env: { ...process.env, ...(options.profile && process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}), MALLOC_ARENA_MAX: '2', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_PASSWORD: PASSWORD, DEMO_DATA: String(options.demoData), LOG_LEVEL: 'warn' },
  });
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
 * larger: docs/performance.md, "Memory at idle").
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

/** A CSV of `rows` cars of one brand and model of the demo catalogue, each with its own VIN. */
function feedCsv(brand: string, model: string, rows: number): Buffer {
  const lines = ['vin;brand;model;price;year;mileage'];
  for (let i = 0; i < rows; i++) lines.push(`XWB${String(i).padStart(14, '0')};${brand};${model};${2_000_000 + (i % 1000) * 1000};2024;0`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

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
      await api(base, token, 'GET', `/gateway/cars.stock/api/v1/cars/where_client/${clientId}?filter[site_id]=${siteId}&is_new=true&page[size]=100`);
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
  return { name, ms, report: done!, peakRssMb, hwmMb: rssMb(appPid).peak, appCpuS, postgresCpuS, lists };
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

async function benchOn(label: string, databaseUrl: string) {
  await logSlowStatements(databaseUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-feeds-'));
  const { child, base } = await startSeededApp(databaseUrl, dataDir);
  try {
    const signIn = await api(base, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: MANAGER, secret: PASSWORD } });
    const token = signIn.data.access_token as string;
    const siteList = (await api(base, token, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=100')).data as { id: string; attributes: Record<string, any> }[];
    const site = siteList.find((s) => s.attributes.type === 3 && s.attributes.host);
    if (!site) throw new BenchError('the demo manager has no dealer site');
    const clientId = String(site.attributes.client_id);
    const brands = ((await api(base, token, 'GET', '/gateway/cars.catalog/api/v1/brands?page[size]=1000')).data as { id: string; attributes: { name: string } }[]).filter((b) => b.attributes.name === 'Kia');
    if (!brands.length) throw new BenchError('no Kia in the demo catalogue');
    const models = (await api(base, token, 'GET', `/gateway/cars.catalog/api/v1/models?filter[brands]=${brands[0]!.id}&page[size]=1`)).data;
    const settings = (await api(base, token, 'GET', `/gateway/cars.import/api/v1/settings/where_site/${site.id}`)).data;
    const form = new FormData();
    form.append('file', new Blob([feedCsv(brands[0]!.attributes.name, models[0].attributes.name, ROWS)]), `bench-${ROWS}.csv`);
    await api(base, token, 'POST', `/gateway/cars.import/api/v1/import/${settings.id}/manual`, form);
    // The app's memory before any import (demo data loaded, the feed uploaded): what the import adds is the peak less this.
    const idleRssMb = treeRssMb(child.pid!);
    const runs = [
      await importOnce(base, token, child.pid!, settings.id, site.id, clientId, 'first import (cars created)'),
      await importOnce(base, token, child.pid!, settings.id, site.id, clientId, 'same feed again (cars unchanged)'),
    ];
    console.log(`\n${label}: a CSV feed of ${fmt(ROWS)} cars, one site, a list request every ${LIST_EVERY_MS} ms (targets: ${TARGET_MS / 1000} s on PostgreSQL, ${TARGET_RSS_MB} MB)\n`);
    printTable(
      ['run', 'time, s', 'app CPU, s', 'PG CPU, s', 'rows/s', 'created', 'updated', 'unchanged', 'errors', 'peak RSS, MB', 'VmHWM, MB', 'list p50, ms', 'list p95, ms', 'list max, ms', 'lists'],
      runs.map((run) => {
        const sorted = [...run.lists].sort((a, b) => a - b);
        return [
          run.name, fmt(run.ms / 1000, 1), fmt(run.appCpuS, 1), fmt(run.postgresCpuS, 1), fmt(ROWS / (run.ms / 1000)), fmt(Number(run.report.created_count)), fmt(Number(run.report.updated_count)),
          fmt(Number(run.report.unchanged_count)), fmt(Number(run.report.errored_count)),
          fmt(run.peakRssMb), fmt(run.hwmMb), fmt(percentile(sorted, 0.5)), fmt(percentile(sorted, 0.95)), fmt(sorted.at(-1) ?? 0), String(sorted.length),
        ];
      }),
    );
    console.log(`   app RSS at idle (before the imports): ${fmt(idleRssMb)} MB`);
    for (const run of runs) if (Number(run.report.created_count) + Number(run.report.updated_count) + Number(run.report.unchanged_count) === 0) console.log(`   warning: ${run.name} wrote no car: ${JSON.stringify(run.report).slice(0, 400)}`);
  } finally {
    await stopApp(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describeMachine('Feed import benchmark');
try {
  if (process.env.DATABASE_URL) await withDatabase(process.env.DATABASE_URL, process.env.BENCH_DB_PREFIX || 'bench_feeds', (url) => benchOn('PostgreSQL', url));
  if (!process.env.DATABASE_URL || process.env.BENCH_EMBEDDED === '1') await benchOn('Embedded database (PGlite)', '');
} catch (error) {
  if (error instanceof BenchError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
