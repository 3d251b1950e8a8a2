/**
 * `npm run bench:showroom`: a dealer's public showroom with 50,000 cars on PostgreSQL (targets: a
 * list page with any combination of the site's filters at p99 ≤ 100 ms at 32 connections when not
 * cached, a cached page at ≥ 50 % of a bare route's rate, a car page likewise, and the pages no
 * more than 2× slower while an import of 50,000 cars runs).
 *
 * The app as `npm run serve` starts it on a fresh database of DATABASE_URL (dropped after) with the
 * demo data; the demo manager's first site imports a CSV feed of BENCH_SHOWROOM_CARS cars (default
 * 50,000, new and used Kia Rio and Sportage of the demo catalogue) fetched from a local server.
 * Then, at BENCH_SHOWROOM_CONNECTIONS (32) for BENCH_SHOWROOM_SECONDS (10) each:
 * - list pages not cached: every request another address (the kind, gearboxes, a price and a year
 *   range, an order, a page), so none is answered from the renderer's cache; then a bare node server
 *   spending the app's CPU per such page on each answer (`ceiling.mjs`): what any one process doing
 *   that much work a page gets at these connections;
 * - car pages not cached: every request another car;
 * - the list's first page and one car page cached, each against a bare node server (a process of its
 *   own, `ceiling.mjs`) answering the same HTML;
 * - list pages not cached again while the same feed with every price changed is imported.
 * Figures: docs/performance.md, "bench:showroom".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { carAddress } from '@dp/contracts';
import { startServedApp } from '../api/served-app.ts';
import { feedCsv } from '../feeds/stock-feed.ts';
import { BenchError, callApi, describeMachine, fmt, positive, postgresCpuMs, printTable, processTreeCpuMs, withDatabase } from '../kit.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CARS = Math.round(positive('BENCH_SHOWROOM_CARS', 50_000));
const CONNECTIONS = Math.round(positive('BENCH_SHOWROOM_CONNECTIONS', 32));
const SECONDS = positive('BENCH_SHOWROOM_SECONDS', 10);
const PASSWORD = 'Bench-Showroom-Pass1!';
const MANAGER = 'manager@avtograd-sever.test';
const P99_MS = 100;
const CACHED_SHARE = 0.5;
const IMPORT_SLOWDOWN = 2;

const feeds = new Map<string, Buffer>();
const feedServer = http.createServer((request, response) => {
  const file = feeds.get(request.url ?? '');
  if (!file) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'text/csv', 'content-length': file.length }).end(file);
});

/** A page of the site (its Host header), with its status and body. */
async function page(base: string, host: string, url: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: { host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

/** Imports the feed file `name` into the site's import settings and waits for its report to finish. */
async function importFeed(base: string, token: string, settingsId: string, feedBase: string, name: string) {
  await callApi(base, token, 'PATCH', `/gateway/cars.import/api/v1/settings/${settingsId}`, { data: { attributes: { files: [{ kind: 'url', url: `${feedBase}/${name}`, name }] } } });
  const started = performance.now();
  const report = (await callApi(base, token, 'POST', `/gateway/cars.import/api/v1/import/${settingsId}/manual/start`, { data: {} })).data;
  for (;;) {
    const current = (await callApi(base, token, 'GET', `/gateway/cars.import/api/v1/reports/${report.id}`)).data.attributes;
    if (current.is_finished) return { seconds: (performance.now() - started) / 1000, report: current };
    if (performance.now() - started > 15 * 60_000) throw new BenchError('the import did not finish within 15 min');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Random list addresses, each once: the kind, gearboxes, a price and a year range, an order, a page. */
function listAddresses(count: number): string[] {
  const seen = new Set<string>();
  let n = 0;
  while (seen.size < count && n++ < count * 20) {
    const params = new URLSearchParams();
    if (Math.random() < 0.5) params.append('type', 'used');
    if (Math.random() < 0.4) params.append('transmission', Math.random() < 0.5 ? 'автомат' : 'механика');
    if (Math.random() < 0.7) params.append('final_price_from', String(1_500_000 + Math.floor(Math.random() * 150) * 10_000));
    if (Math.random() < 0.5) params.append('final_price_to', String(2_200_000 + Math.floor(Math.random() * 150) * 10_000));
    if (Math.random() < 0.4) params.append('year_from', String(2019 + Math.floor(Math.random() * 6)));
    if (Math.random() < 0.3) params.append('sort', ['final_price_asc', 'final_price_desc', 'year_desc', 'mileage_asc'][Math.floor(Math.random() * 4)]!);
    if (Math.random() < 0.3) params.append('page', String(2 + Math.floor(Math.random() * 5)));
    seen.add(`/cars?${params}`);
  }
  return [...seen];
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  bad: number;
  appCpu: number;
  pgCpu: number;
}

/** autocannon at CONNECTIONS for SECONDS, each request the next of `paths` (or the one path again). */
async function load(url: string, host: string | null, paths: string[], appPid: number | null, seconds = SECONDS): Promise<Measured> {
  let next = 0;
  const appBefore = appPid ? processTreeCpuMs(appPid) : 0;
  const pgBefore = postgresCpuMs();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: host ? { host } : {},
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  const done = Math.max(1, result['2xx']);
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result['2xx'],
    bad: result.non2xx + result.errors + result.timeouts,
    appCpu: appPid ? (processTreeCpuMs(appPid) - appBefore) / done : 0,
    pgCpu: (postgresCpuMs() - pgBefore) / done,
  };
}

/** The bare server answering `html`, in a process of its own, spending `busyMs` of CPU on each answer first. */
async function startCeiling(html: string, busyMs = 0): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-showroom-')), 'page.html');
  fs.writeFileSync(file, html);
  const child = spawn(process.execPath, [path.join(here, 'ceiling.mjs'), file, String(busyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { url: `http://127.0.0.1:${port}`, child };
}

async function benchOn(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-showroom-'));
  const feedBase = `http://127.0.0.1:${(feedServer.address() as net.AddressInfo).port}`;
  const env = { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' };
  const seeding = await startServedApp(databaseUrl, dataDir, { ...env, DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD });
  await seeding.stop();
  const app = await startServedApp(databaseUrl, dataDir, env);
  const ceilings: ChildProcess[] = [];
  try {
    const token = (await callApi(app.url, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: MANAGER, secret: PASSWORD } })).data.access_token as string;
    const [site] = (await callApi(app.url, token, 'GET', '/gateway/sites.context/api/v1/sites?page%5Bsize%5D=1')).data;
    const host = String(site.attributes.technical_host);
    const settings = (await callApi(app.url, token, 'GET', `/gateway/cars.import/api/v1/settings/where_site/${site.id}`)).data;
    feeds.set('/stock.csv', feedCsv(CARS));
    feeds.set('/stock-repriced.csv', feedCsv(CARS, 10_000));
    const first = await importFeed(app.url, token, settings.id, feedBase, 'stock.csv');
    console.log(`\n${fmt(CARS)} cars imported into ${host} in ${fmt(first.seconds, 1)} s (created ${fmt(Number(first.report.created_count))}, errors ${fmt(Number(first.report.errored_count))})`);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: number; brand: string; model: string }>(
      `select c.id, b.name as brand, m.name as model from cars c join car_brands b on b.id = c.brand_id join car_models m on m.id = c.model_id
        where c.site_id = $1 and c.status in ('active', 'reserved') order by random() limit 20000`,
      [Number(site.id)],
    );
    await client.end();
    const carPaths = rows.map((car) => carAddress('/cars', car, { brand: car.brand, model: car.model }, { enabled: true, with_year: false }));
    // The site's index of each kind's offered cars is made by the first list page of the kind (it then lives with the site's
    // cached answers): both lists' first pages are asked before the measured runs, as a car page is.
    for (const url of ['/cars', '/cars?type=used', carPaths[0]!]) {
      const answer = await page(app.url, host, url);
      if (answer.status !== 200) throw new BenchError(`${host}${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
    const lists = listAddresses(40_000);
    const table: string[][] = [];
    const row = (name: string, m: Measured, target: string) => table.push([name, fmt(m.requests), fmt(m.rps), `${fmt(m.p50)} / ${fmt(m.p99)} / ${fmt(m.max)}`, fmt(m.bad), fmt(m.appCpu, 2), fmt(m.pgCpu, 2), target]);

    const listsIdle = await load(app.url, host, lists.slice(0, 20_000), app.pid);
    row('list pages, not cached (another address each)', listsIdle, `p99 ≤ ${P99_MS} ms: ${listsIdle.p99 <= P99_MS ? 'met' : 'NOT met'}`);
    // What one process spending the app's CPU per uncached page gets at these connections, whatever the work is.
    const busy = await startCeiling((await page(app.url, host, lists[0]!)).body, listsIdle.appCpu);
    ceilings.push(busy.child);
    const busyIdle = await load(busy.url, null, ['/'], null);
    row(`  the same HTML from a bare node server spending ${fmt(listsIdle.appCpu, 2)} ms of CPU on each`, busyIdle, '');
    const carsIdle = await load(app.url, host, carPaths.slice(0, 10_000), app.pid);
    row('car pages, not cached (another car each)', carsIdle, `p99 ≤ ${P99_MS} ms: ${carsIdle.p99 <= P99_MS ? 'met' : 'NOT met'}`);
    for (const [name, url] of [['list page', '/cars'], ['car page', carPaths[1]!]] as const) {
      const html = (await page(app.url, host, url)).body;
      const ceiling = await startCeiling(html);
      ceilings.push(ceiling.child);
      const cached = await load(app.url, host, [url], app.pid);
      const bare = await load(ceiling.url, null, ['/'], null);
      row(`${name}, cached`, cached, `≥ ${CACHED_SHARE * 100} % of bare: ${fmt((cached.rps / bare.rps) * 100)} % ${cached.rps >= bare.rps * CACHED_SHARE ? 'met' : 'NOT met'}`);
      row(`  the same HTML from a bare node server (${fmt(Buffer.byteLength(html) / 1024, 1)} kB)`, bare, '');
    }
    // The pages while the same cars are imported again, every price changed (every car updated).
    const importing = importFeed(app.url, token, settings.id, feedBase, 'stock-repriced.csv');
    const listsImporting = await load(app.url, host, lists.slice(20_000), app.pid);
    const second = await importing;
    row(`list pages, not cached, during an import (${fmt(second.seconds, 1)} s, ${fmt(Number(second.report.updated_count))} updated)`, listsImporting, `p99 ≤ ${IMPORT_SLOWDOWN}× idle: ${fmt(listsImporting.p99 / Math.max(1, listsIdle.p99), 1)}× ${listsImporting.p99 <= IMPORT_SLOWDOWN * listsIdle.p99 ? 'met' : 'NOT met'}`);

    console.log(`\nPostgreSQL, ${fmt(CARS)} cars, ${CONNECTIONS} connections, ${SECONDS} s a case`);
    printTable(['case', 'pages', 'per second', 'p50 / p99 / max ms', 'failed', 'app CPU ms/page', 'PostgreSQL CPU ms/page', 'target'], table);
  } finally {
    for (const child of ceilings) child.kill('SIGTERM');
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describeMachine('bench:showroom');
if (!process.env.DATABASE_URL) {
  console.error('bench:showroom runs on PostgreSQL: set DATABASE_URL (a server where it may create and drop a database)');
  process.exit(2);
}
await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
try {
  await withDatabase(process.env.DATABASE_URL, process.env.BENCH_DB_PREFIX ?? 'bench_showroom', (url) => benchOn(url));
} catch (error) {
  if (error instanceof BenchError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  feedServer.close();
}
