/**
 * `npm run bench:api`: requests per second and p50/p99 latency of the API, on PGlite and, when
 * DATABASE_URL is set, on PostgreSQL (README.md next to this file).
 *
 * This process is the load generator (autocannon); the app runs in a child process (target.ts)
 * so the two do not share an event loop. Every request goes to 127.0.0.1.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TargetCase } from './target-messages.ts';
import { profiled, startTarget, stopTarget } from './target-process.ts';
import { BenchError, describeMachine, failuresOf, fmt, measure, positive, printTable, withDatabase, type CaseResult } from '../kit.ts';

const DURATION = positive('BENCH_DURATION', 10);
const WARMUP = positive('BENCH_WARMUP', 2);
const CONNECTIONS = Math.round(positive('BENCH_CONNECTIONS', 32));
const CLIENTS = Math.round(positive('BENCH_CLIENTS', 10_000));
const CASE_KEYS = ['me', 'client', 'sorted', 'search'] as const;
/** BENCH_CASES=me,search measures only those. */
const SELECTED = (process.env.BENCH_CASES || CASE_KEYS.join(',')).split(',').map((key) => key.trim());
for (const key of SELECTED) if (!(CASE_KEYS as readonly string[]).includes(key)) throw new Error(`BENCH_CASES: unknown case "${key}" (${CASE_KEYS.join(', ')})`);
/** BENCH_CEILINGS=false skips the same-body ceilings (quicker runs while profiling). */
const CEILINGS = process.env.BENCH_CEILINGS !== 'false';
const CASE_NAMES: Record<TargetCase['key'], string> = {
  me: 'GET /me',
  client: 'GET one client by id',
  sorted: 'GET clients, 100 sorted by name, with the total',
  search: "GET clients, 100 items, filter[search]='Казань', with the total",
};
/** Seeding plus the cases' warm-up and measure, with a generous margin: the run never hangs. */
const RUN_LIMIT_MS = 180_000 + SELECTED.length * 2 * (WARMUP + DURATION + 15) * 1000;

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

async function benchOne(label: string, databaseUrl: string | null) {
  console.log(`\n== ${label}: starting the app and loading ${fmt(CLIENTS)} clients...`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-'));
  pending.tempDir = dataDir;
  const { child, ready } = startTarget({ databaseUrl, dataDir, clients: CLIENTS });
  pending.child = child;
  try {
    const target = await ready;
    const bytes = target.cases.map((c) => `${c.key} ${fmt(c.bytes)} B`).join(', ');
    console.log(`   ready in ${target.seedSeconds.toFixed(1)} s (${target.kind}); search: 100 of ${fmt(target.listTotal)} matching; bodies: ${bytes}`);
    const auth = { authorization: `Bearer ${target.token}` };
    const options = { connections: CONNECTIONS, warmup: WARMUP, duration: DURATION, pid: child.pid };
    const rows: { app: CaseResult; ceiling: CaseResult | null }[] = [];
    for (const item of target.cases.filter((c) => SELECTED.includes(c.key))) {
      const name = CASE_NAMES[item.key];
      process.stdout.write(`   ${name}: ${WARMUP} s warm-up + ${DURATION} s...`);
      const app = await measure(name, target.appUrl + item.path, auth, options, (run) => profiled(child, `${target.kind}-${item.key}`, run));
      process.stdout.write(` ${fmt(app.rps)} req/s`);
      const ceiling = CEILINGS ? await measure(`ceiling of ${name}`, item.ceilingUrl, {}, options) : null;
      console.log(ceiling ? `; same body from bare Fastify ${fmt(ceiling.rps)} req/s` : '');
      rows.push({ app, ceiling });
    }
    console.log(`\n${label} — ${CONNECTIONS} connections, ${DURATION} s per case, ${fmt(CLIENTS)} clients, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at the end\n`);
    const cpu = (value: number | undefined) => (value === undefined ? '–' : fmt(value, 2));
    printTable(
      ['case', 'req/s', 'p50 ms', 'p99 ms', 'app CPU ms/req', 'PostgreSQL CPU ms/req', 'bare Fastify, same body, req/s', 'x same-body', 'non-2xx'],
      rows.map(({ app, ceiling }) => [
        app.name,
        fmt(app.rps),
        fmt(app.p50),
        fmt(app.p99),
        cpu(app.serverCpu),
        target.kind === 'postgres' ? cpu(app.postgresCpu) : '–',
        ceiling ? fmt(ceiling.rps) : '–',
        ceiling ? (app.rps / ceiling.rps).toFixed(3) : '–',
        String(failuresOf(app) + (ceiling ? failuresOf(ceiling) : 0)),
      ]),
    );
    const failed = rows.flatMap(({ app, ceiling }) => [app, ...(ceiling ? [ceiling] : [])]).filter((r) => failuresOf(r) > 0);
    if (failed.length)
      throw new BenchError(failed.map((r) => `${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts of ${r.requests} requests`).join('\n'));
  } finally {
    await stopTarget(child);
    pending.child = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
    pending.tempDir = null;
  }
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const onlyPostgres = process.env.BENCH_DB === 'postgres';
  const onlyPglite = process.env.BENCH_DB === 'pglite';
  const limit = RUN_LIMIT_MS * (serverUrl && !onlyPglite && !onlyPostgres ? 2 : 1);
  const watchdog = setTimeout(() => void abort(`bench:api did not finish within ${Math.round(limit / 1000)} s; stopping.`, 2), limit);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void abort(`bench:api interrupted (${signal}).`, 130));

  describeMachine(`bench:api — ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case, ${fmt(CLIENTS)} clients`);
  if (!onlyPostgres) await benchOne('PGlite (embedded, temporary folder)', null);
  if (serverUrl && !onlyPglite)
    await withDatabase(serverUrl, 'bench', (url) => benchOne(`PostgreSQL (${new URL(serverUrl).host}, fresh database)`, url), (drop) => (pending.dropDatabase = drop));
  else if (!serverUrl) console.log('\nDATABASE_URL is not set: PostgreSQL skipped.');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`\nbench:api failed: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  },
);
