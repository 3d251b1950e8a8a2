/**
 * `npm run bench:site`: how fast the public site renderer serves a published page — a main page
 * in a layout (header and footer floors), with a stage and three floors — against a bare route
 * returning the same HTML, at 32 connections, on PGlite and, with DATABASE_URL, on PostgreSQL
 * (README.md next to this file). The target is at least 50 % of the bare route.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, describeMachine, failuresOf, fmt, measure, positive, printTable, withDatabase, type CaseResult } from '../kit.ts';
import type { SiteTargetInput, SiteTargetReady } from './target.ts';
import { SETUP_LIMIT_MS, startTargetScript, stopTarget } from '../api/target-process.ts';

const DURATION = positive('BENCH_DURATION', 10);
const WARMUP = positive('BENCH_WARMUP', 2);
const CONNECTIONS = Math.round(positive('BENCH_CONNECTIONS', 32));
/** BENCH_UNCACHED=1 also measures the page with the cache off, at BENCH_UNCACHED_CONNECTIONS (4). */
const UNCACHED = process.env.BENCH_UNCACHED === '1';
const UNCACHED_CONNECTIONS = Math.round(positive('BENCH_UNCACHED_CONNECTIONS', 4));
const RUN_LIMIT_MS = SETUP_LIMIT_MS + 3 * (WARMUP + DURATION + 15) * 1000;
const here = path.dirname(fileURLToPath(import.meta.url));

const pending = { child: null as ChildProcess | null, tempDir: null as string | null, dropDatabase: null as (() => Promise<void>) | null };

async function abort(message: string, code: number) {
  console.error(`\n${message}`);
  pending.child?.kill('SIGKILL');
  if (pending.tempDir) fs.rmSync(pending.tempDir, { recursive: true, force: true });
  const drop = pending.dropDatabase;
  if (drop) await Promise.race([drop().catch((error) => console.error('dropping the bench database failed:', error)), new Promise((r) => setTimeout(r, 10_000))]);
  process.exit(code);
}

const startTarget = (input: SiteTargetInput) => startTargetScript<SiteTargetReady>(path.join(here, 'target.ts'), input);

/** Sends `type` to the app and waits for the same type back. */
function ask(child: ChildProcess, type: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: { type?: string }) => {
      if (message?.type !== type) return;
      child.off('message', listener);
      resolve();
    };
    child.on('message', listener);
    child.send({ type });
  });
}


async function benchOne(label: string, databaseUrl: string | null) {
  console.log(`\n== ${label}: starting the app and publishing the site...`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-site-'));
  pending.tempDir = dataDir;
  const { child, ready } = startTarget({ databaseUrl, dataDir });
  pending.child = child;
  try {
    const target = await ready;
    console.log(`   ready in ${target.seedSeconds.toFixed(1)} s (${target.kind}); the page: ${fmt(target.bytes)} B of HTML`);
    const options = { connections: CONNECTIONS, warmup: WARMUP, duration: DURATION };
    const host = { host: target.host };
    const step = async (name: string, run: () => Promise<CaseResult>) => {
      process.stdout.write(`   ${name}: ${WARMUP} s warm-up + ${DURATION} s...`);
      const result = await run();
      console.log(` ${fmt(result.rps)} req/s`);
      return result;
    };
    const ceiling = await step('ceiling: bare Fastify, the same HTML', () => measure('ceiling: bare Fastify, the same HTML', target.ceilingUrl, {}, options));
    const page = await step('the page through the renderer (cached)', () => measure('the page through the renderer (cached)', target.appUrl + target.path, host, options));
    let uncached: CaseResult | null = null;
    if (UNCACHED) {
      await ask(child, 'cache-off');
      const name = `the page, cache off (read and rendered per request), ${UNCACHED_CONNECTIONS} connections`;
      uncached = await step(name, () => measure(name, target.appUrl + target.path, host, { ...options, connections: UNCACHED_CONNECTIONS }));
      await ask(child, 'cache-on');
    }
    const results = [ceiling, page, ...(uncached ? [uncached] : [])];
    console.log(`\n${label} — ${CONNECTIONS} connections, ${DURATION} s per case, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at the end\n`);
    printTable(
      ['case', 'req/s', 'p50 ms', 'p99 ms', 'x bare route', 'non-2xx'],
      results.map((row) => [row.name, fmt(row.rps), fmt(row.p50), fmt(row.p99), (row.rps / ceiling.rps).toFixed(3), String(failuresOf(row))]),
    );
    const ratio = page.rps / ceiling.rps;
    console.log(`\n   the cached page at ${(ratio * 100).toFixed(0)} % of the bare route: ${ratio >= 0.5 ? 'meets' : 'MISSES'} the target's 50 %`);
    const failed = results.filter((r) => failuresOf(r) > 0);
    if (failed.length) throw new BenchError(failed.map((r) => `${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts of ${r.requests} requests`).join('\n'));
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
  const watchdog = setTimeout(() => void abort(`bench:site did not finish within ${Math.round(limit / 1000)} s; stopping.`, 2), limit);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void abort(`bench:site interrupted (${signal}).`, 130));
  describeMachine(`bench:site — ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case`);
  if (!onlyPostgres) await benchOne('PGlite (embedded, temporary folder)', null);
  if (serverUrl && !onlyPglite)
    await withDatabase(serverUrl, 'bench_site', (url) => benchOne(`PostgreSQL (${new URL(serverUrl).host}, fresh database)`, url), (drop) => (pending.dropDatabase = drop));
  else if (!serverUrl) console.log('\nDATABASE_URL is not set: PostgreSQL skipped.');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`\nbench:site failed: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  },
);
