/**
 * The app as `npm run serve` runs it in production (the bundled server, MALLOC_ARENA_MAX=2, jobs
 * included), started on a database a benchmark has already seeded. Memory figures are read from
 * this process: a target script that seeds the demo data itself and runs the sources under tsx
 * holds 90–110 MB more at idle (docs/decisions/platform.md, "What memory does a process get?").
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, serveFlags } from '../kit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_LIMIT_MS = 120_000;

export interface ServedApp {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts scripts/serve.mjs on the database (PostgreSQL URL, or the PGlite folder when null) and
 * waits until /healthz answers. `extraEnv` adds to its environment (DEMO_DATA and DEMO_PASSWORD
 * to seed the demo data).
 */
export async function startServedApp(databaseUrl: string | null, dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServedApp> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', MALLOC_ARENA_MAX: '2', LOG_LEVEL: 'warn', ...extraEnv };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_CPU_PROF: node writes the profile when the process exits (stop() ends it with SIGTERM).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  // BENCH_APP_FLAGS: node flags of the served app, space-separated (a V8 heap flag to compare, say).
  const flags = (process.env.BENCH_APP_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...serveFlags(), ...flags, ...profile, path.join(root, 'scripts/serve.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  // Serving from several processes (APP_PROCESSES): healthy once the first listens, ready once all do.
  const processes = Number(env.APP_PROCESSES ?? 1);
  let allListen = processes <= 1;
  child.stdout!.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes(`Serving from ${processes} processes.`)) allListen = true;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new BenchError(`the served app exited (code ${child.exitCode}) before it was healthy`);
    const healthy = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (healthy && allListen) return { url, pid: child.pid!, stop };
    if (performance.now() - started > START_LIMIT_MS) {
      await stop();
      throw new BenchError(`the served app was not healthy within ${START_LIMIT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
