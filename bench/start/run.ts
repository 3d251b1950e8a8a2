/**
 * `npm run bench:start`: how long a start takes (the target: the server healthy within 3 s of start
 * on an existing data folder; `npm start` skips the web build when it is up to date).
 *
 * Prepares a data folder in the OS temp dir (the first start: migrations and demo data), then
 * starts the app BENCH_START_RUNS times on it and prints, per way of starting, the time from the
 * spawn to the first 200 of `/healthz`: `node scripts/serve.mjs` (what `npm run serve` runs, the
 * server bundle up to date) and `npm start` (the web build up to date, so not rebuilt). With
 * DATABASE_URL set, `npm run serve` is timed on PostgreSQL as well, on a fresh database of that
 * server holding the demo data (dropped at the end).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, serveFlags, describeMachine, fmt, positive, printTable, withDatabase } from '../kit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Math.round(positive('BENCH_START_RUNS', 5));
const TARGET_MS = 3000;
/** A start that takes longer than this is a failure, not a figure. */
const LIMIT_MS = 180_000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function healthy(port: number) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** Milliseconds from the spawn of `command` to a healthy server, then stops it. */
async function timeStart(command: string[], dataDir: string, databaseUrl = ''): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: root, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  try {
    // Polling is the measurement here: the figure is when the server first answers.
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new BenchError(`${command.join(' ')} exited with ${child.exitCode}:\n${stderr}`);
      if (performance.now() - started > LIMIT_MS) throw new BenchError(`${command.join(' ')} was not healthy within ${LIMIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

const POSTGRES = process.env.DATABASE_URL || '';
describeMachine(`bench:start — ${RUNS} starts per way, PGlite${POSTGRES ? ' and PostgreSQL' : ''}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-start-'));

/** The median, fastest and slowest of RUNS starts, and whether the median meets the target. */
async function timeRuns(name: string, command: string[], databaseUrl = ''): Promise<string[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push(await timeStart(command, dataDir, databaseUrl));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  return [name, fmt(median), fmt(times[0]!), fmt(times.at(-1)!), median <= TARGET_MS ? 'yes' : 'no'];
}

try {
  const serve = ['node', ...serveFlags(), 'scripts/serve.mjs'];
  const first = await timeStart(serve, dataDir);
  console.log(`first start (migrations, demo data, the server bundle if stale): ${fmt(first)} ms`);
  const rows: string[][] = [];
  rows.push(await timeRuns('PGlite: npm run serve (node scripts/serve.mjs)', serve));
  await timeStart(['npm', 'start'], dataDir); // builds the web once if it is stale
  rows.push(await timeRuns('PGlite: npm start (web build up to date)', ['npm', 'start']));
  if (POSTGRES) {
    rows.push(
      await withDatabase(POSTGRES, 'dp_bench_start', async (url) => {
        const seeded = await timeStart(serve, dataDir, url);
        console.log(`first start on PostgreSQL (migrations, demo data): ${fmt(seeded)} ms`);
        return timeRuns('PostgreSQL: npm run serve (node scripts/serve.mjs)', serve, url);
      }),
    );
  }
  console.log('');
  printTable(['start', 'median ms', 'min ms', 'max ms', `≤ ${TARGET_MS} ms`], rows);
} catch (error) {
  console.error(error instanceof BenchError ? error.message : error);
  process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
