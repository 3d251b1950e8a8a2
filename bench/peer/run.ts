/**
 * `npm run bench:peer`: this app against Directus 10 on the same data, the same PostgreSQL server
 * and the same load (README.md next to this file).
 *
 * Directus is installed with npm into a folder under the OS temp dir (kept for the next run),
 * never into the project's dependencies. Each run makes two fresh databases on the DATABASE_URL
 * server, one per system, loads the app's clients (bench/api/clients-data.ts) into both, checks
 * that both answer the same rows and totals, measures each case on each system one at a time and
 * prints the side-by-side table. Everything but the installation is removed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { profiled, startTarget, stopTarget } from '../api/target-process.ts';
import type { TargetCase, TargetReady } from '../api/target-messages.ts';
import { SEARCH } from '../api/clients-data.ts';
import { BenchError, describeMachine, failuresOf, fmt, measure, positive, printTable, withDatabase, type CaseResult } from '../kit.ts';

/** The newest Directus 10 (its engines: Node >= 18, so it runs on Node 20). */
export const DIRECTUS_VERSION = '10.13.4';
const DURATION = positive('BENCH_DURATION', 10);
const WARMUP = positive('BENCH_WARMUP', 2);
const CONNECTIONS = Math.round(positive('BENCH_CONNECTIONS', 32));
const CLIENTS = Math.round(positive('BENCH_CLIENTS', 10_000));
const INSTALL_DIR = process.env.BENCH_PEER_DIR || path.join(os.tmpdir(), `dp-bench-directus-${DIRECTUS_VERSION}`);
/** Installing takes minutes the first time (native modules are compiled); the rest about 3 min. */
const RUN_LIMIT_MS = 30 * 60_000;

type PeerCase = Exclude<TargetCase['key'], 'me'>;
const CASES: { key: PeerCase; name: string }[] = [
  { key: 'client', name: 'one client by id' },
  { key: 'sorted', name: '100 clients sorted by name, with the total' },
  { key: 'search', name: `100 clients, substring search '${SEARCH}' on name or code, with the total` },
];

/** What an interrupted run still has to undo. */
const pending = { children: new Set<ChildProcess>(), dirs: new Set<string>(), drops: new Set<() => Promise<void>>() };

async function cleanup() {
  for (const child of pending.children) child.kill('SIGKILL');
  for (const dir of pending.dirs) fs.rmSync(dir, { recursive: true, force: true });
  await Promise.race([Promise.all([...pending.drops].map((drop) => drop().catch(() => undefined))), new Promise((r) => setTimeout(r, 10_000))]);
}

async function abort(message: string, code: number) {
  console.error(`\n${message}`);
  await cleanup();
  process.exit(code);
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; quiet?: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BenchError(`${command} ${args.join(' ')} exited with ${code}\n${output.slice(-4000)}`))));
  });
}

/** Directus in its own folder, outside the project's dependencies; installed once, then reused. */
async function installDirectus(): Promise<string> {
  const cli = path.join(INSTALL_DIR, 'node_modules', 'directus', 'cli.js');
  const installed = path.join(INSTALL_DIR, 'node_modules', 'directus', 'package.json');
  if (fs.existsSync(installed) && JSON.parse(fs.readFileSync(installed, 'utf8')).version === DIRECTUS_VERSION) return cli;
  console.log(`   installing Directus ${DIRECTUS_VERSION} into ${INSTALL_DIR} (once; a few minutes)...`);
  fs.mkdirSync(INSTALL_DIR, { recursive: true });
  fs.writeFileSync(path.join(INSTALL_DIR, 'package.json'), JSON.stringify({ name: 'dp-bench-directus', private: true }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `directus@${DIRECTUS_VERSION}`], { cwd: INSTALL_DIR, quiet: true });
  return cli;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

interface ClientRow {
  id: number;
  name: string;
  code: string;
  group_ids: number[];
  holding: string | null;
  billing_id: string | null;
  media_elements: unknown;
  created_at: Date;
  updated_at: Date;
}

/**
 * The same clients in Directus's database, ids included, with the indexes the app has on its
 * clients table (read from the app's database; its search indexes are on the app's own
 * search_fold(), which Directus does not call) and trigram indexes on lower(name) and
 * lower(code), the expressions Directus's `_icontains` filters on. `group_ids` is json there
 * (Directus has no integer arrays).
 */
async function loadDirectusClients(appUrl: string, directusUrl: string): Promise<string[]> {
  const app = new pg.Client({ connectionString: appUrl });
  const directus = new pg.Client({ connectionString: directusUrl });
  await app.connect();
  await directus.connect();
  try {
    const rows = (await app.query<ClientRow>('select id, name, code, group_ids, holding, billing_id, media_elements, created_at, updated_at from clients order by id')).rows;
    const appIndexes = (
      await app.query<{ indexdef: string }>(
        `select indexdef from pg_indexes where schemaname = 'public' and tablename = 'clients' and indexdef not like '%UNIQUE%' and indexdef not like '%group_ids%' and indexdef not like '%search_fold%'`,
      )
    ).rows.map((r) => r.indexdef);
    await directus.query('create extension if not exists pg_trgm');
    await directus.query(`create table clients (
      id serial primary key, name text not null, code text not null unique, group_ids json not null default '[]',
      holding text, billing_id text, media_elements json not null default '[]',
      created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
    for (let from = 0; from < rows.length; from += 1000) {
      const chunk = rows.slice(from, from + 1000);
      const values: unknown[] = [];
      const tuples = chunk.map((row, i) => {
        values.push(row.id, row.name, row.code, JSON.stringify(row.group_ids), row.holding, row.billing_id, JSON.stringify(row.media_elements), row.created_at, row.updated_at);
        return `(${Array.from({ length: 9 }, (_, k) => `$${i * 9 + k + 1}`).join(', ')})`;
      });
      await directus.query(`insert into clients (id, name, code, group_ids, holding, billing_id, media_elements, created_at, updated_at) values ${tuples.join(', ')}`, values);
    }
    await directus.query(`select setval('clients_id_seq', (select max(id) from clients))`);
    const indexes = [...appIndexes];
    for (const column of ['name', 'code']) {
      if (!indexes.some((def) => def.includes(`lower(${column})`) && def.includes('gin_trgm_ops')))
        indexes.push(`CREATE INDEX clients_lower_${column}_trgm ON public.clients USING gin (lower(${column}) gin_trgm_ops)`);
    }
    for (const def of indexes) await directus.query(def);
    await directus.query('analyze clients');
    return indexes;
  } finally {
    await app.end();
    await directus.end();
  }
}

async function startDirectus(cli: string, databaseUrl: string, workDir: string): Promise<{ url: string; token: string; child: ChildProcess }> {
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DB_CLIENT: 'pg',
    DB_CONNECTION_STRING: databaseUrl,
    KEY: randomBytes(16).toString('hex'),
    SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: randomBytes(16).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TELEMETRY: 'false',
    // As the app in the benchmark (log level silent): no line per request.
    LOG_LEVEL: 'warn',
    STORAGE_LOCAL_ROOT: path.join(workDir, 'uploads'),
    EXTENSIONS_PATH: path.join(workDir, 'extensions'),
  };
  fs.mkdirSync(env.STORAGE_LOCAL_ROOT, { recursive: true });
  fs.mkdirSync(env.EXTENSIONS_PATH, { recursive: true });
  await run(process.execPath, [cli, 'bootstrap'], { cwd: workDir, env, quiet: true });
  // The administrator's static token (Directus's API tokens): no sign-in round trip in the run.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('update directus_users set token = $1 where email = $2', [token, env.ADMIN_EMAIL]);
  await db.end();

  const log = fs.openSync(path.join(workDir, 'directus.log'), 'a');
  const child = spawn(process.execPath, [cli, 'start'], { cwd: workDir, env, stdio: ['ignore', log, log] });
  pending.children.add(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new BenchError(`Directus exited (${child.exitCode}):\n${fs.readFileSync(path.join(workDir, 'directus.log'), 'utf8').slice(-3000)}`);
    const ok = await fetch(`${url}/server/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new BenchError('Directus did not become healthy within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, token, child };
}

function directusPath(key: PeerCase, clientId: string): string {
  const list = '/items/clients?limit=100&sort=name,id&meta=filter_count';
  if (key === 'client') return `/items/clients/${clientId}`;
  if (key === 'sorted') return list;
  const filter = { _or: [{ name: { _icontains: SEARCH } }, { code: { _icontains: SEARCH } }] };
  return `${list}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

async function getJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new BenchError(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** Both systems must answer the same records in the same order, and the same totals. */
async function checkSameAnswers(target: TargetReady, appHeaders: Record<string, string>, directus: { url: string; headers: Record<string, string> }, clientId: string) {
  for (const { key, name } of CASES) {
    const item = target.cases.find((c) => c.key === key)!;
    const ours = await getJson(target.appUrl + item.path, appHeaders);
    const theirs = await getJson(directus.url + directusPath(key, clientId), directus.headers);
    if (key === 'client') {
      const a = ours.data;
      const b = theirs.data;
      if (a.id !== String(b.id) || a.attributes.name !== b.name || a.attributes.code !== b.code) throw new BenchError(`${name}: the answers differ`);
      continue;
    }
    const idsOurs = ours.data.map((r: { id: string }) => r.id).join(',');
    const idsTheirs = theirs.data.map((r: { id: number }) => String(r.id)).join(',');
    if (idsOurs !== idsTheirs) throw new BenchError(`${name}: the records differ\n  app:      ${idsOurs.slice(0, 200)}\n  Directus: ${idsTheirs.slice(0, 200)}`);
    if (ours.meta.page.total !== Number(theirs.meta.filter_count))
      throw new BenchError(`${name}: totals differ (app ${ours.meta.page.total}, Directus ${theirs.meta.filter_count})`);
    console.log(`   ${name}: both answer the same ${ours.data.length} records of ${fmt(ours.meta.page.total)}`);
  }
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new BenchError('bench:peer needs DATABASE_URL (a PostgreSQL server where it may create databases), e.g. postgres://root@127.0.0.1:5432/postgres');
  const watchdog = setTimeout(() => void abort(`bench:peer did not finish within ${RUN_LIMIT_MS / 60_000} min; stopping.`, 2), RUN_LIMIT_MS);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void abort(`bench:peer interrupted (${signal}).`, 130));
  describeMachine(`bench:peer — this app against Directus ${DIRECTUS_VERSION}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case, ${fmt(CLIENTS)} clients`);

  const cli = await installDirectus();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-peer-'));
  pending.dirs.add(workDir);
  const register = (drop: (() => Promise<void>) | null, previous: { drop: (() => Promise<void>) | null }) => {
    if (previous.drop) pending.drops.delete(previous.drop);
    previous.drop = drop;
    if (drop) pending.drops.add(drop);
  };
  const appDrop = { drop: null as (() => Promise<void>) | null };
  const directusDrop = { drop: null as (() => Promise<void>) | null };

  await withDatabase(serverUrl, 'bench', (appDbUrl) =>
    withDatabase(serverUrl, 'bench_directus', async (directusDbUrl) => {
      console.log(`\n== starting the app on PostgreSQL and loading ${fmt(CLIENTS)} clients...`);
      const { child, ready } = startTarget({ databaseUrl: appDbUrl, dataDir: workDir, clients: CLIENTS });
      pending.children.add(child);
      let directusChild: ChildProcess | null = null;
      try {
        const target = await ready;
        const clientId = target.cases.find((c) => c.key === 'client')!.path.split('/').pop()!;
        console.log(`== loading the same ${fmt(target.listTotal)}-match data into Directus's database and starting Directus...`);
        const indexes = await loadDirectusClients(appDbUrl, directusDbUrl);
        for (const def of indexes) console.log(`   Directus index: ${def}`);
        const directus = await startDirectus(cli, directusDbUrl, workDir);
        directusChild = directus.child;
        const appHeaders = { authorization: `Bearer ${target.token}` };
        const directusHeaders = { authorization: `Bearer ${directus.token}` };
        await checkSameAnswers(target, appHeaders, { url: directus.url, headers: directusHeaders }, clientId);

        const options = { connections: CONNECTIONS, warmup: WARMUP, duration: DURATION };
        const results: { name: string; app: CaseResult; directus: CaseResult; raw: CaseResult; bytes: number }[] = [];
        for (const { key, name } of CASES) {
          const item = target.cases.find((c) => c.key === key)!;
          process.stdout.write(`   ${name}: app...`);
          const app = await measure(`app: ${name}`, target.appUrl + item.path, appHeaders, { ...options, pid: child.pid }, (run) => profiled(child, `peer-${key}`, run));
          process.stdout.write(` ${fmt(app.rps)} req/s; Directus...`);
          const peer = await measure(`Directus: ${name}`, directus.url + directusPath(key, clientId), directusHeaders, { ...options, pid: directus.child.pid });
          process.stdout.write(` ${fmt(peer.rps)} req/s; bare node:http...`);
          const raw = await measure(`bare node:http: ${name}`, item.rawUrl, {}, options);
          console.log(` ${fmt(raw.rps)} req/s`);
          results.push({ name, app, directus: peer, raw, bytes: item.bytes });
        }

        const cell = (r: CaseResult) => `${fmt(r.rps)} (${fmt(r.p50)} / ${fmt(r.p99)} ms)`;
        console.log(
          `\nPostgreSQL (${new URL(serverUrl).host}), ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case, ` +
            `${fmt(CLIENTS)} clients loaded, load average ${os.loadavg()[0]!.toFixed(2)} at the end\n`,
        );
        printTable(
          ['case', 'this app req/s (p50 / p99)', `Directus ${DIRECTUS_VERSION} req/s (p50 / p99)`, 'ratio', 'bare node:http, same bytes, req/s', 'app / bare'],
          results.map((r) => [
            `${r.name} (${fmt(r.bytes)} B)`,
            cell(r.app),
            cell(r.directus),
            `${(r.app.rps / r.directus.rps).toFixed(2)}×`,
            fmt(r.raw.rps),
            (r.app.rps / r.raw.rps).toFixed(3),
          ]),
        );
        // CPU per request, server process plus PostgreSQL: what each system costs the machine,
        // which holds where the machine is shared with other work and req/s do not.
        const cpuOf = (r: CaseResult) => (r.serverCpu ?? NaN) + (r.postgresCpu ?? 0);
        const cpuCell = (r: CaseResult) => `${fmt(cpuOf(r), 2)} (${fmt(r.serverCpu ?? NaN, 2)} + ${fmt(r.postgresCpu ?? NaN, 2)})`;
        console.log('\nCPU per request, ms (server process + PostgreSQL), during the same runs\n');
        printTable(
          ['case', 'this app', `Directus ${DIRECTUS_VERSION}`, 'Directus / app'],
          results.map((r) => [r.name, cpuCell(r.app), cpuCell(r.directus), `${(cpuOf(r.directus) / cpuOf(r.app)).toFixed(2)}×`]),
        );
        const failed = results.flatMap((r) => [r.app, r.directus, r.raw]).filter((r) => failuresOf(r) > 0);
        if (failed.length) throw new BenchError(failed.map((r) => `${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`).join('\n'));
      } finally {
        if (directusChild) {
          const exited = new Promise((resolve) => directusChild!.once('exit', resolve));
          directusChild.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
          directusChild.kill('SIGKILL');
          pending.children.delete(directusChild);
        }
        await stopTarget(child);
        pending.children.delete(child);
      }
    }, (drop) => register(drop, directusDrop)),
  (drop) => register(drop, appDrop));
  fs.rmSync(workDir, { recursive: true, force: true });
  pending.dirs.delete(workDir);
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(`\nbench:peer failed: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}`);
    await cleanup();
    process.exit(1);
  },
);
