/**
 * `npm run bench:web`: what the browser pays for the admin (README.md next to this file).
 *
 * Serves the built web (`npm run build:web` first) from the app on PGlite with 10,000 clients,
 * and opens it in Chromium (/usr/bin/chromium, as the end-to-end tests):
 * - the sign-in page from an empty cache: every script it loads, with the bytes on the wire
 *   (compressed) and unpacked;
 * - the clients list from an empty cache, signed in: when its first row appears (median of
 *   BENCH_WEB_RUNS loads), and when each request of the chain started and ended;
 * - the headers assets and the page are served with;
 * - every list screen of the side menu opened by a click in the loaded app: the time until its
 *   rows and the longest main-thread task (list-screens.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTarget, stopTarget } from '../api/target-process.ts';
import { BenchError, describeMachine, fmt, positive, printTable } from '../kit.ts';
import { listScreenLoads } from './list-screens.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST || path.join(root, 'packages/web/dist'));
const RUNS = Math.round(positive('BENCH_WEB_RUNS', 7));
const CLIENTS = Math.round(positive('BENCH_CLIENTS', 10_000));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LIST = '/clients.storage/clients/';
/** The targets: the sign-in page's JavaScript on the wire, and the first row of a list on a cold load. */
const SIGN_IN_TARGET_KB = 250;
const FIRST_ROW_TARGET_MS = 800;
/** The targets of a list opened in the loaded app: its rows within a second of the click, no task over 200 ms. */
const CLICK_TO_ROWS_TARGET_MS = 1000;
const LONG_TASK_TARGET_MS = 200;
/** BENCH_WEB_PROFILE=<file.cpuprofile>: a CPU profile of the page during the first measured load (bench/profile.ts reads it). */
const PROFILE = process.env.BENCH_WEB_PROFILE ? path.resolve(process.env.BENCH_WEB_PROFILE) : undefined;

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every script the sign-in page loads from an empty cache, with its size on the wire and unpacked. */
async function signInScripts(browser: Browser, appUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<{ url: string; wire: number; unpacked: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const body = await response?.body().catch(() => null);
        return { url: new URL(request.url()).pathname, wire: sizes.responseBodySize, unpacked: body?.length ?? 0, encoding: (await response?.headerValue('content-encoding')) ?? '' };
      })(),
    );
  });
  await page.goto(appUrl + '/', { waitUntil: 'networkidle' });
  await page.waitForSelector('input[type=password]');
  const scripts = await Promise.all(pending);
  await context.close();
  return scripts.sort((a, b) => b.unpacked - a.unpacked);
}

interface ListLoad {
  firstRow: number;
  /**
   * The page's main thread until the first row, ms (Chromium's metrics): `busy` is the wall time
   * of its tasks (TaskDuration), `cpu` the CPU time it got (ThreadTime), `script` running scripts.
   * On a busy machine busy > cpu: the thread waited for a core.
   */
  busy: number;
  cpu: number;
  script: number;
  chain: { what: string; start: number; end: number }[];
}

/** The clients list from an empty cache, signed in: the first row's time and the requests before it. */
async function coldListLoad(browser: Browser, appUrl: string, auth: unknown, profileFile?: string): Promise<ListLoad> {
  const context = await browser.newContext();
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', stored);
    const w = window as unknown as { __firstRow?: number };
    new MutationObserver((_changes, observer) => {
      if (document.querySelector('.ant-table-tbody tr.ant-table-row')) {
        w.__firstRow = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, JSON.stringify(auth));
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (profileFile) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  await page.goto(appUrl + LIST);
  await page.waitForSelector('.ant-table-tbody tr.ant-table-row', { timeout: 30_000 });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => 1000 * (metrics.find((m) => m.name === name)?.value ?? 0);
  if (profileFile) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profileFile, JSON.stringify(profile));
  }
  const timings = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      firstRow: (window as unknown as { __firstRow: number }).__firstRow,
      chain: [
        { what: 'index.html', start: nav.startTime, end: nav.responseEnd },
        ...entries.map((e) => ({ what: new URL(e.name).pathname + new URL(e.name).search, start: e.startTime, end: e.responseEnd })),
      ],
    };
  });
  await context.close();
  return { ...timings, busy: metric('TaskDuration'), cpu: metric('ThreadTime'), script: metric('ScriptDuration') };
}

function describeRequest(what: string): string | null {
  if (what === 'index.html') return 'index.html';
  if (what.includes('/api/v1/me/routes')) return 'GET /me/routes';
  if (/\/api\/v1\/me(\?|$)/.test(what)) return 'GET /me';
  if (what.includes('/api/v1/clients')) return 'GET clients (the list)';
  if (/\/assets\/index-[^/]*\.js$/.test(what)) return `entry ${path.basename(what)}`;
  if (/\/assets\/ClientsPage-[^/]*\.js$/.test(what)) return `page code ${path.basename(what)}`;
  if (/\/assets\/start-[^/]*\.js$/.test(what)) return `app code ${path.basename(what)}`;
  if (/\/assets\/AppShell-[^/]*\.js$/.test(what)) return `shell code ${path.basename(what)}`;
  if (/\/assets\/bundle-(ru|en)-[^/]*\.js$/.test(what)) return `texts ${path.basename(what)}`;
  return null;
}

/** One GET as it goes over the wire (fetch would unpack the body): its headers and its byte count. */
function rawGet(url: string, encoding: string): Promise<{ headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ headers: response.headers, bytes }));
      })
      .on('error', reject);
  });
}

async function assetHeaders(appUrl: string, scripts: { url: string }[]) {
  const asset = scripts[0]?.url;
  const rows: string[][] = [];
  for (const [what, url, encoding] of [
    ['index.html', '/', 'br, gzip'],
    ['a client route', LIST, 'br, gzip'],
    [`the biggest script, br`, asset, 'br, gzip'],
    ['the biggest script, gzip only', asset, 'gzip'],
    ['the biggest script, no encoding', asset, 'identity'],
  ] as const) {
    if (!url) continue;
    const { headers, bytes } = await rawGet(appUrl + url, encoding);
    rows.push([what, String(headers['cache-control'] ?? ''), String(headers['content-encoding'] ?? ''), fmt(bytes)]);
  }
  return rows;
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new BenchError(`no built web in ${WEB_DIST}: run npm run build:web first`);
  if (!fs.existsSync(CHROMIUM)) throw new BenchError(`no Chromium at ${CHROMIUM} (Debian package chromium, or set CHROMIUM_PATH)`);
  describeMachine(`bench:web — ${WEB_DIST}, ${RUNS} cold loads, ${fmt(CLIENTS)} clients on PGlite`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-web-'));
  const { child, ready } = startTarget({ databaseUrl: null, dataDir, clients: CLIENTS, webDist: WEB_DIST });
  let browser: Browser | null = null;
  try {
    const target = await ready;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });

    const scripts = await signInScripts(browser, target.appUrl);
    const wire = scripts.reduce((sum, s) => sum + s.wire, 0);
    const unpacked = scripts.reduce((sum, s) => sum + s.unpacked, 0);
    console.log(`\nThe sign-in page: ${scripts.length} scripts, ${kb(wire)} on the wire, ${kb(unpacked)} unpacked (target: at most ${SIGN_IN_TARGET_KB} KB on the wire)\n`);
    printTable(
      ['script', 'on the wire', 'unpacked', 'encoding'],
      scripts.map((s) => [s.url, kb(s.wire), kb(s.unpacked), s.encoding || 'none']),
    );

    console.log(`\nHeaders\n`);
    printTable(['what', 'cache-control', 'content-encoding', 'bytes'], await assetHeaders(target.appUrl, scripts));

    await coldListLoad(browser, target.appUrl, target.signIn); // warms the server, not the browser
    const loads: ListLoad[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await coldListLoad(browser, target.appUrl, target.signIn, i === 0 ? PROFILE : undefined));
    const times = loads.map((l) => l.firstRow);
    const typical = loads.find((l) => l.firstRow === median(times))!;
    console.log(
      `\nThe clients list (${LIST}), cold cache, signed in: first row after ${fmt(median(times))} ms (median of ${RUNS}; ${times.map((t) => fmt(t)).join(', ')}; target: at most ${FIRST_ROW_TARGET_MS} ms)`,
    );
    console.log(
      `   the page's main thread: ${fmt(median(loads.map((l) => l.cpu)))} ms of CPU, busy ${fmt(median(loads.map((l) => l.busy)))} ms, ` +
        `${fmt(median(loads.map((l) => l.script)))} ms running scripts (medians; busy > CPU means it waited for a core)` +
        (PROFILE ? `; CPU profile of the first load: ${PROFILE}` : '') +
        '\n',
    );
    printTable(
      ['request (median load)', 'start ms', 'end ms'],
      typical.chain
        .map((c) => ({ ...c, label: describeRequest(c.what) }))
        .filter((c) => c.label)
        .sort((a, b) => a.start - b.start)
        .map((c) => [c.label!, fmt(c.start), fmt(c.end)]),
    );
    const screens = await listScreenLoads(browser, target.appUrl, target.signIn);
    const missed = screens.filter((s) => s.toRows > CLICK_TO_ROWS_TARGET_MS || s.longestTask > LONG_TASK_TARGET_MS);
    console.log(
      `\nEvery list screen of the side menu, opened by a click in the loaded app (its code loaded as the pointer rested on the item): ` +
        `${screens.length} screens, ${missed.length} over a target (rows within ${fmt(CLICK_TO_ROWS_TARGET_MS)} ms of the click, no task over ${LONG_TASK_TARGET_MS} ms)\n`,
    );
    printTable(
      ['screen', 'click to rows ms', 'longest task ms', 'rows'],
      screens.map((s) => [s.path, fmt(s.toRows), s.longestTask ? fmt(s.longestTask) : '< 50', String(s.rows)]),
    );
    console.log(`\n(load average ${os.loadavg()[0]!.toFixed(2)} at the end)`);
  } finally {
    await browser?.close();
    await stopTarget(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`\nbench:web failed: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  },
);
