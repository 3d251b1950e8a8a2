/**
 * `npm run bench:errors`: error events a second accepted by the error collection, grouped into
 * issues and stored (the target: 2,000 a second on PostgreSQL).
 *
 * On a fresh database of DATABASE_URL (dropped after; without it, the embedded database): the app
 * started as `npm run serve` starts it seeds the demo data; the administrator's first look at the
 * projects creates the admin's and the server's, a first report creates the demo site's, and every
 * project's rate limit is lifted out of the way (the limit is what a project accepts, not what the
 * server can). Then autocannon sends, BENCH_ERRORS_CONNECTIONS (default 32) at a time for
 * BENCH_ERRORS_SECONDS (default 10) after a 3 s warm-up, each case cycling through 64 events of
 * 16 errors (other ids and numbers in their messages, other users and browsers): the sites'
 * reporter script's report to the demo site's `/_api/errors`, and the Sentry SDK's envelope to the
 * server project's DSN. Prints events a second, the latency, the issues they made and the CPU the
 * app and PostgreSQL used per event. Figures: docs/performance.md, "bench:errors".
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/kit/db.ts';
import { startServedApp } from './api/served-app.ts';
import { BenchError, describeMachine, fmt, positive, postgresCpuMs, printTable, processCpuMs, withDatabase } from './kit.ts';

const SECONDS = positive('BENCH_ERRORS_SECONDS', 10);
const CONNECTIONS = Math.round(positive('BENCH_ERRORS_CONNECTIONS', 32));
const TARGET = 2000;
const PASSWORD = 'Bench-Errors-Pass1!';
const ADMIN = 'admin@platform.test';
const SITE_HOST = 'kia-avtograd.localhost';

async function call(base: string, token: string | null, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new BenchError(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A report to the demo site's host on the served app (fetch cannot set Host). */
function reportToSite(base: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/_api/errors`, { method: 'POST', headers: { host: SITE_HOST, 'content-type': 'text/plain' } }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 202 ? resolve() : reject(new BenchError(`the site's reporter answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const signIn = async (base: string) =>
  (await call(base, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: ADMIN, secret: PASSWORD } })).data.access_token as string;

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
];

/** 64 reports of 16 errors in the script's format (Chromium's and Firefox's stacks). */
function reports(origin: string) {
  return Array.from({ length: 64 }, (_, index) => {
    const error = index % 16;
    const firefox = index % 2 === 1;
    const stack = firefox
      ? `handler${error}@${origin}/_site/site.1a2b3c4d5e6f.js:${40 + error}:7\nrender@${origin}/_site/site.1a2b3c4d5e6f.js:90:3\n`
      : `TypeError: x\n    at handler${error} (${origin}/_site/site.1a2b3c4d5e6f.js:${40 + error}:7)\n    at render (${origin}/_site/site.1a2b3c4d5e6f.js:90:3)`;
    return { body: JSON.stringify({ type: 'TypeError', message: `Car ${1000 + index * 7} of list ${error} has no price`, stack, url: `${origin}/cars/${index}` }), agent: BROWSERS[index % BROWSERS.length]! };
  });
}

/** 64 Sentry envelopes of 16 errors, each with its user. */
function envelopes(origin: string) {
  return Array.from({ length: 64 }, (_, index) => {
    const error = index % 16;
    const event = JSON.stringify({
      exception: { values: [{ type: 'Error', value: `Order ${index * 13} failed at step ${error}`, stacktrace: { frames: [{ filename: `${origin}/app.js`, function: 'main', lineno: 1, colno: 1, in_app: true }, { filename: `${origin}/app.js`, function: `step${error}`, lineno: 10 + error, colno: 5, in_app: true }] } }] },
      level: 'error',
      release: `bench@1.${index % 4}`,
      user: { id: `user-${index}` },
      request: { url: `${origin}/orders/${index}`, headers: { 'User-Agent': BROWSERS[index % BROWSERS.length] } },
    });
    return [JSON.stringify({ sent_at: new Date().toISOString() }), JSON.stringify({ type: 'event', length: Buffer.byteLength(event) }), event].join('\n');
  });
}

async function measureCase(url: string, pid: number, requests: autocannon.Request[], headers: Record<string, string>) {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers, requests, timeout: 10 });
  const warm = await run(3);
  if (warm.non2xx + warm.errors + warm.timeouts) throw new BenchError(`warm-up: ${warm.non2xx} non-2xx, ${warm.errors} errors, ${warm.timeouts} timeouts`);
  const appBefore = processCpuMs(pid) ?? 0;
  const pgBefore = postgresCpuMs();
  const result = await run(SECONDS);
  if (result.non2xx + result.errors + result.timeouts) throw new BenchError(`${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  const done = Math.max(1, result['2xx']);
  return { result, rate: result['2xx'] / result.duration, appCpu: ((processCpuMs(pid) ?? 0) - appBefore) / done, pgCpu: (postgresCpuMs() - pgBefore) / done };
}

async function liftLimits(databaseUrl: string | null, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir, memoryDb: false });
  try {
    await database.db.execute(sql`update error_projects set rate_limit = 100000000`);
  } finally {
    await database.close();
  }
}

async function benchOn(label: string, databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-errors-'));
  try {
    const seeding = await startServedApp(databaseUrl, dataDir, { DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD });
    const siteOrigin = `http://${SITE_HOST}`;
    let serverProject: { id: string; attributes: { key: string } };
    try {
      const token = await signIn(seeding.url);
      await reportToSite(seeding.url, JSON.stringify({ type: 'Error', message: 'first report', url: siteOrigin }));
      serverProject = (await call(seeding.url, token, 'GET', '/gateway/error-collection-system/api/v1/projects?filter%5Bkind%5D=server')).data[0];
    } finally {
      await seeding.stop();
    }
    await liftLimits(databaseUrl, dataDir);

    const app = await startServedApp(databaseUrl, dataDir);
    try {
      const rows: string[][] = [];
      const cases = [
        ["the sites' reporter (POST /_api/errors)", `${app.url}/_api/errors`, reports(siteOrigin).map(({ body, agent }) => ({ method: 'POST' as const, body, headers: { host: SITE_HOST, 'content-type': 'text/plain', 'user-agent': agent } })), {}],
        [
          "the Sentry SDK's envelope (server project's DSN)",
          `${app.url}/gateway/error-collection-system/api/${serverProject.id}/envelope/?sentry_key=${serverProject.attributes.key}&sentry_version=7`,
          envelopes(siteOrigin).map((body) => ({ method: 'POST' as const, body })),
          { 'content-type': 'text/plain;charset=UTF-8' },
        ],
      ] as const;
      for (const [name, url, requests, headers] of cases) {
        const before = await issuesOf(databaseUrl);
        const { result, rate, appCpu, pgCpu } = await measureCase(url, app.pid, requests as unknown as autocannon.Request[], headers);
        const after = await issuesOf(databaseUrl);
        rows.push([name, fmt(result['2xx']), fmt(rate), `${fmt(result.latency.p50)} / ${fmt(result.latency.p99)}`, before === null || after === null ? '—' : fmt(after - before), fmt(appCpu, 2), databaseUrl ? fmt(pgCpu, 2) : '—', rate >= TARGET ? `≥ ${fmt(TARGET)}: met` : `≥ ${fmt(TARGET)}: NOT met`]);
      }
      console.log(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s a case, 64 events of 16 errors each`);
      printTable(['case', 'events accepted', 'per second', 'p50 / p99 ms', 'new issues', 'app CPU ms/event', 'PostgreSQL CPU ms/event', 'target'], rows);
    } finally {
      await app.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Issues stored so far, read beside the served app on PostgreSQL (PGlite is held by the app: null). */
async function issuesOf(databaseUrl: string | null): Promise<number | null> {
  if (!databaseUrl) return null;
  const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir(), memoryDb: false });
  try {
    const counts = await database.db.execute(sql`select count(*)::int as issues from error_issues`);
    return (counts as unknown as { rows: { issues: number }[] }).rows[0]!.issues;
  } finally {
    await database.close();
  }
}

describeMachine('bench:errors');
if (process.env.DATABASE_URL) await withDatabase(process.env.DATABASE_URL, process.env.BENCH_DB_PREFIX ?? 'bench_errors', (url) => benchOn('PostgreSQL', url));
else await benchOn('Embedded database (PGlite)', null);
