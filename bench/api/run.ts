/**
 * `npm run bench:api`: requests per second and p50/p99 latency of the API at 32 connections, on
 * PGlite and, when DATABASE_URL is set, on PostgreSQL (README.md next to this file).
 *
 * This process is the load generator (autocannon); the app runs in a child process (target.ts)
 * so the two do not share an event loop. Every request goes to 127.0.0.1.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { TargetInput, TargetReady } from './target.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

const positive = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
};

const DURATION = positive('BENCH_DURATION', 10);
const WARMUP = positive('BENCH_WARMUP', 2);
const CONNECTIONS = Math.round(positive('BENCH_CONNECTIONS', 32));
const CLIENTS = Math.round(positive('BENCH_CLIENTS', 10_000));
/** Seeding plus 4 cases of warm-up and measure, with a generous margin: the run never hangs. */
const SETUP_LIMIT_MS = 180_000;
const CASES = 4;
const RUN_LIMIT_MS = SETUP_LIMIT_MS + CASES * (WARMUP + DURATION + 15) * 1000;

interface CaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: number;
}

class BenchError extends Error {}

/** What an interrupted run (Ctrl-C, the time limit) still has to undo. */
const pending = { child: null as ChildProcess | null, tempDir: null as string | null, dropDatabase: null as (() => Promise<void>) | null };

async function abort(message: string, code: number) {
  console.error(`\n${message}`);
  pending.child?.kill('SIGKILL');
  if (pending.tempDir) fs.rmSync(pending.tempDir, { recursive: true, force: true });
  const drop = pending.dropDatabase;
  if (drop) await Promise.race([drop().catch((error) => console.error('dropping the bench database failed:', error)), new Promise((r) => setTimeout(r, 10_000))]);
  process.exit(code);
}

async function measure(name: string, url: string, headers: Record<string, string>): Promise<CaseResult> {
  const run = (duration: number) =>
    autocannon({ url, connections: CONNECTIONS, duration, headers, method: 'GET', pipelining: 1, timeout: 10 });
  const failures = (r: autocannon.Result) => r.non2xx + r.errors + r.timeouts;

  const warm = await run(WARMUP);
  if (failures(warm) > 0)
    throw new BenchError(`${name}: warm-up had ${warm.non2xx} non-2xx answers, ${warm.errors} errors, ${warm.timeouts} timeouts`);
  const result = await run(DURATION);
  return {
    name,
    // Completed 2xx requests over the measured time (autocannon's per-second average drops the tail).
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests: result.requests.total,
  };
}

function startTarget(input: TargetInput): { child: ChildProcess; ready: Promise<TargetReady> } {
  // run.ts runs under tsx; the child inherits its loader flags (or gets tsx if run otherwise).
  const execArgv = process.execArgv.length ? [...process.execArgv] : ['--import', 'tsx'];
  // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the app process (open it in Chrome DevTools).
  if (process.env.BENCH_CPU_PROF) execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`);
  const child = fork(path.join(here, 'target.ts'), [], {
    execArgv,
    env: { ...process.env, BENCH_TARGET: JSON.stringify(input) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<TargetReady>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchError(`the app did not start within ${SETUP_LIMIT_MS / 1000} s`)), SETUP_LIMIT_MS);
    child.on('message', (message: TargetReady | { type: 'error'; message: string }) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve(message);
      else reject(new BenchError(`the app failed to start:\n${message.message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new BenchError(`the app process exited (code ${code}) before it was ready`));
    });
  });
  return { child, ready };
}

async function stopTarget(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printTable(title: string, results: CaseResult[], ceiling: CaseResult, ceilingMe: CaseResult) {
  const sameBody = (r: CaseResult) => (r.name.startsWith('GET /me') ? ceilingMe : ceiling);
  const header = ['case', 'req/s', 'p50 ms', 'p99 ms', 'x ceiling', 'x same-body ceiling', 'non-2xx'];
  const rows = results.map((r) => [
    r.name,
    fmt(r.rps),
    fmt(r.p50),
    fmt(r.p99),
    (r.rps / ceiling.rps).toFixed(3),
    (r.rps / sameBody(r).rps).toFixed(3),
    String(r.non2xx + r.errors + r.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 1) + '-' : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const row of rows) console.log(line(row));
}

async function benchOne(label: string, databaseUrl: string | null) {
  console.log(`\n== ${label}: starting the app and loading ${fmt(CLIENTS)} clients...`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-'));
  pending.tempDir = dataDir;
  const { child, ready } = startTarget({ databaseUrl, dataDir, clients: CLIENTS });
  pending.child = child;
  try {
    const target = await ready;
    console.log(
      `   ready in ${target.seedSeconds.toFixed(1)} s (${target.kind}); clients page: 100 of ${fmt(target.listTotal)} matching, ` +
        `${fmt(target.listBytes)} bytes; /me: ${fmt(target.meBytes)} bytes`,
    );
    const auth = { authorization: `Bearer ${target.token}` };
    const results: CaseResult[] = [];
    const cases: [string, string, Record<string, string>][] = [
      ['ceiling: bare Fastify, clients page JSON', target.ceilingUrl, {}],
      ['ceiling: bare Fastify, /me JSON', target.ceilingMeUrl, {}],
      ['GET /me', target.appUrl + target.mePath, auth],
      ['GET clients, 100 items, filter[search]', target.appUrl + target.listPath, auth],
    ];
    for (const [name, url, headers] of cases) {
      process.stdout.write(`   ${name}: ${WARMUP} s warm-up + ${DURATION} s...`);
      const result = await measure(name, url, headers);
      console.log(` ${fmt(result.rps)} req/s`);
      results.push(result);
    }
    printTable(
      `${label} — ${CONNECTIONS} connections, ${DURATION} s per case, ${fmt(CLIENTS)} clients, ${os.cpus().length} CPUs`,
      results,
      results[0]!,
      results[1]!,
    );
    const failed = results.filter((r) => r.non2xx + r.errors + r.timeouts > 0);
    if (failed.length)
      throw new BenchError(
        failed.map((r) => `${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts of ${r.requests} requests`).join('\n'),
      );
  } finally {
    await stopTarget(child);
    pending.child = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
    pending.tempDir = null;
  }
}

/** A fresh database on the DATABASE_URL server; the one named in the URL is only used to create and drop it. */
async function withBenchDatabase(serverUrl: string, use: (url: string) => Promise<void>) {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    let dropped = false;
    const drop = async () => {
      if (dropped) return;
      dropped = true;
      pending.dropDatabase = null;
      await admin.query(`drop database if exists ${name} with (force)`);
    };
    pending.dropDatabase = drop;
    try {
      await use(url.toString());
    } finally {
      await drop();
    }
  } finally {
    await admin.end();
  }
}

async function main() {
  const limit = RUN_LIMIT_MS * (process.env.DATABASE_URL ? 2 : 1);
  const watchdog = setTimeout(() => void abort(`bench:api did not finish within ${Math.round(limit / 1000)} s; stopping.`, 2), limit);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void abort(`bench:api interrupted (${signal}).`, 130));

  const [load1] = os.loadavg();
  console.log(
    `bench:api — ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case, ${fmt(CLIENTS)} clients; ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load average ${load1!.toFixed(2)}`,
  );
  if (load1! > 0.5 * os.cpus().length) console.log('   warning: the machine is busy with other work; the figures will be lower and noisier.');

  await benchOne('PGlite (embedded, temporary folder)', null);
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) await withBenchDatabase(serverUrl, (url) => benchOne(`PostgreSQL (${new URL(serverUrl).host}, fresh database)`, url));
  else console.log('\nDATABASE_URL is not set: PostgreSQL skipped.');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`\nbench:api failed: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  },
);
