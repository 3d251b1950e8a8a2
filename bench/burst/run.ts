/**
 * `npm run bench:burst`: the first burst of users after a start (docs/performance.md, "bench:burst").
 *
 * Seeds the demo data with a first start, signs in as a dealer manager and notes the ids its
 * calls need, then restarts the app and, the moment `/healthz` first answers, runs BENCH_BURST_CLIENTS
 * concurrent clients for BENCH_BURST_SECONDS, each cycling through a manager's usual calls (from a
 * process of their own at niceness BENCH_BURST_CLIENTS_NICE, 10 by default); then the same again, warm. Meanwhile a process of its own asks `/healthz` every 100 ms on a new
 * connection, as a load balancer would.
 * On PGlite, and on PostgreSQL too when DATABASE_URL is set (a fresh database, dropped after).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUEST_TYPES } from '@dp/contracts';
import { startServedApp, type ServedApp } from '../api/served-app.ts';
import { BenchError, describeMachine, fmt, positive, printTable, processCpuMs, withDatabase } from '../kit.ts';

const CLIENTS = Math.round(positive('BENCH_BURST_CLIENTS', 64));
const SECONDS = positive('BENCH_BURST_SECONDS', 15);
/**
 * The clients' niceness: 10 by default, so that the app and its database have the machine's cores
 * first, as with clients on other machines; 0 runs them at the app's priority (the machine shared).
 */
const CLIENTS_NICE = Math.round(Number(process.env.BENCH_BURST_CLIENTS_NICE ?? 10));
const PASSWORD = 'Bench-Burst-Pass1!';
/** BENCH_BURST_PREWARM=1: each call once, one after the other, before the first burst (what a warm-up before healthy would give). */
const PREWARM = process.env.BENCH_BURST_PREWARM === '1';
const MANAGER = 'manager@avtograd-sever.test';
const SITE_HOST = 'kia-avtograd.localhost';
/** Targets: the first burst's slowest request within twice the warm one's, none over 3 s, /healthz within 100 ms. */
const SLOWEST_MS = 3000;
const HEALTH_MS = 100;

interface Call {
  name: string;
  path: string;
  host?: string;
}

/** A manager's usual calls (the lists are its client's), with the id of its site. */
function managerCalls(siteId: string): Call[] {
  const requests = REQUEST_TYPES[1].list;
  return [
    { name: '/me', path: '/gateway/clients.storage/api/v1/me' },
    { name: 'sites', path: '/gateway/sites.context/api/v1/sites?page%5Bsize%5D=20' },
    { name: 'new cars of the client', path: '/gateway/cars.stock/api/v1/cars?filter%5Bis_new%5D=true&page%5Bsize%5D=100' },
    { name: 'callback requests', path: `/gateway/request.storage/api/v1/${requests}/where_site/${siteId}?page%5Bsize%5D=100` },
    { name: 'users', path: `/gateway/clients.storage/api/v1/users?page%5Bsize%5D=100` },
    { name: 'marketing complectations', path: '/gateway/cars.catalog/api/v1/marketing_complectations?page%5Bsize%5D=100' },
    { name: 'public page', path: '/', host: SITE_HOST },
  ];
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  if (!response.ok) throw new BenchError(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response.json() as Promise<any>;
}

/** Signs the manager in and finds its first site. */
async function prepare(app: ServedApp) {
  const signIn = await json(`${app.url}/gateway/auth.processing/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { method: 'password', identity: MANAGER, secret: PASSWORD } }),
  });
  const token = signIn.data.access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const sites = await json(`${app.url}/gateway/sites.context/api/v1/sites?page%5Bsize%5D=1`, { headers });
  const site = sites.data[0];
  if (!site) throw new BenchError('the manager sees no site');
  return { token, calls: managerCalls(String(site.id)) };
}

interface Burst {
  latencies: number[];
  failures: number;
  /** The calls that failed, with their status (or 'error'): a wrong call would measure nothing. */
  failed: Set<string>;
  health: number[];
  slowestCall: string;
  /** The app's CPU (every thread) during the burst, ms. */
  cpuMs: number;
}

/** The latencies of a load balancer's checks in the coming SECONDS, asked from a process of its own (health-checker.mjs). */
function healthChecks(url: string): Promise<number[]> {
  const checker = fork(fileURLToPath(new URL('./health-checker.mjs', import.meta.url)), [url, String(SECONDS)]);
  return new Promise((resolve, reject) => {
    checker.once('message', (latencies) => resolve(latencies as number[]));
    checker.once('exit', (code) => reject(new BenchError(`the health checker exited (code ${code}) without its figures`)));
  });
}

/** The burst's clients, run by a process of their own (clients.mjs) at a lower priority (BENCH_BURST_CLIENTS_NICE). */
function runClients(url: string, token: string, calls: Call[]): Promise<{ latencies: number[]; failures: number; failed: string[]; slowestCall: string }> {
  const clients = fork(fileURLToPath(new URL('./clients.mjs', import.meta.url)), [JSON.stringify({ url, token, calls, clients: CLIENTS, seconds: SECONDS, nice: CLIENTS_NICE })]);
  return new Promise((resolve, reject) => {
    clients.once('message', (result) => resolve(result as never));
    clients.once('exit', (code) => reject(new BenchError(`the clients' process exited (code ${code}) without its figures`)));
  });
}

/** One GET, its body read (http.get: fetch does not let one set the Host header). */
function getOnce(url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => response.resume().on('end', () => resolve())).on('error', reject);
  });
}

/** CLIENTS loops for SECONDS, and /healthz meanwhile. */
async function burst(app: ServedApp, token: string, calls: Call[]): Promise<Burst> {
  const cpuBefore = processCpuMs(app.pid) ?? 0;
  const [health, clients] = await Promise.all([healthChecks(app.url), runClients(app.url, token, calls)]);
  return { ...clients, failed: new Set(clients.failed), health, cpuMs: (processCpuMs(app.pid) ?? 0) - cpuBefore };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

function row(database: string, run: string, burst: Burst): string[] {
  const slowest = Math.max(...burst.latencies);
  return [
    database,
    run,
    fmt(burst.latencies.length),
    fmt(burst.failures),
    fmt(percentile(burst.latencies, 50)),
    fmt(percentile(burst.latencies, 99)),
    `${fmt(slowest)} (${burst.slowestCall})`,
    fmt(burst.latencies.filter((ms) => ms > SLOWEST_MS).length),
    `${fmt(percentile(burst.health, 50))} / ${fmt(percentile(burst.health, 90))} / ${fmt(Math.max(...burst.health))}`,
    fmt(burst.cpuMs / burst.latencies.length, 2),
  ];
}

/** Seeds, restarts, runs the cold burst the moment the app is healthy, then the warm one. */
async function measureDatabase(name: string, databaseUrl: string | null, dataDir: string) {
  const seeding = await startServedApp(databaseUrl, dataDir, { DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD });
  const { token, calls } = await prepare(seeding);
  await seeding.stop();
  const app = await startServedApp(databaseUrl, dataDir);
  try {
    if (PREWARM) for (const call of calls) await getOnce(`${app.url}${call.path}`, call.host ? { host: call.host } : { authorization: `Bearer ${token}` });
    const cold = await burst(app, token, calls);
    const warm = await burst(app, token, calls);
    const met =
      Math.max(...cold.latencies) <= 2 * Math.max(...warm.latencies) &&
      [...cold.latencies, ...warm.latencies].every((ms) => ms <= SLOWEST_MS) &&
      [...cold.health, ...warm.health].every((ms) => ms <= HEALTH_MS);
    const failed = new Set([...cold.failed, ...warm.failed]);
    if (failed.size) console.log(`${name}: failed calls: ${[...failed].join(', ')}`);
    return { rows: [row(name, 'first burst after the start', cold), row(name, 'the same, warm', warm)], met };
  } finally {
    await app.stop();
  }
}

describeMachine(`bench:burst — ${CLIENTS} clients, ${SECONDS} s per burst`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-burst-'));
try {
  const results = [await measureDatabase('PGlite', null, dataDir)];
  if (process.env.DATABASE_URL) results.push(await withDatabase(process.env.DATABASE_URL, 'dp_bench_burst', (url) => measureDatabase('PostgreSQL', url, dataDir)));
  console.log('');
  printTable(['database', 'run', 'requests', 'failed', 'p50 ms', 'p99 ms', 'slowest ms', `> ${SLOWEST_MS} ms`, '/healthz p50 / p90 / slowest ms', 'app CPU ms/request'], results.flatMap((r) => r.rows));
  console.log(`\ntargets (first burst's slowest ≤ 2× the warm one's, none over ${SLOWEST_MS} ms, /healthz ≤ ${HEALTH_MS} ms): ${results.map((r, i) => `${i ? 'PostgreSQL' : 'PGlite'} ${r.met ? 'met' : 'missed'}`).join(', ')}`);
} catch (error) {
  console.error(error instanceof BenchError ? error.message : error);
  process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
