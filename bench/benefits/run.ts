/**
 * `npm run bench:benefits`: the import of a large discounts spreadsheet through the running app
 * (the targets: 20,000 rows imported in under 10 s, the app's peak resident memory under 256 MB).
 *
 * Seeds the demo data with a first app process, then starts the measured app (`node
 * scripts/serve.mjs`, as production runs it) on that database (a fresh one on DATABASE_URL's server,
 * dropped after, or the embedded one without it); signs in as the demo dealer manager; creates four discount programs; builds a CSV
 * of BENCH_DISCOUNT_ROWS rows (default 20,000) over the demo catalogue's marketing complectations;
 * then times the preview, the apply (every row created) and a second apply of the same file with
 * every sum changed (every row updated), each from the request to the answer, sampling the app's
 * resident memory (with its children) meanwhile. Prints the figures and fails when a target is
 * missed. Figures: docs/performance.md, "bench:benefits".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, describeMachine, fmt, positive, printTable, serveFlags, withDatabase, freePort, treeRssMb } from '../kit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = Math.round(positive('BENCH_DISCOUNT_ROWS', 20_000));
const PASSWORD = 'Bench-Benefits-Pass1!';
const MANAGER = 'manager@avtograd-sever.test';
const TARGET_MS = 10_000;
const TARGET_RSS_MB = 256;


async function startApp(databaseUrl: string, dataDir: string, demoData: boolean): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serveFlags(), 'scripts/serve.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, MALLOC_ARENA_MAX: '2', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_PASSWORD: PASSWORD, DEMO_DATA: String(demoData), LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new BenchError(`the app exited with ${child.exitCode}:\n${stderr}`);
    if (Date.now() - started > 300_000) throw new BenchError('the app was not healthy within 300 s');
    if (await fetch(`${base}/healthz`).then((r) => r.status === 200, () => false)) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopApp(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

async function api(base: string, token: string | null, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new BenchError(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** The discounts file: every row a distinct marketing complectation, program and start date. */
function discountsCsv(codes: string[], programs: string[], rows: number, sumOffset: number): string {
  const lines = ['marketing_complectation_code,program_code,discount_sum,start_date,end_date'];
  const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < rows; i++) {
    const code = codes[i % codes.length]!;
    const program = programs[Math.floor(i / codes.length) % programs.length]!;
    const start = Math.floor(i / (codes.length * programs.length));
    lines.push(`${code},${program},${50_000 + (i % 200) * 1000 + sumOffset},${day(start)},${day(start + 30)}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  describeMachine('bench:benefits');
  // A fresh database on DATABASE_URL's server (dropped after), or the embedded one without it.
  const server = process.env.DATABASE_URL;
  if (server) await withDatabase(server, 'bench_benefits', (url) => bench(url));
  else await bench('');
}

async function bench(databaseUrl: string) {
  console.log(databaseUrl ? 'PostgreSQL' : 'the embedded database (PGlite, in the app process: its memory counts in the RSS)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-benefits-'));
  let app: { child: ChildProcess; base: string } | null = null;
  try {
    const seeding = await startApp(databaseUrl, dataDir, true);
    await stopApp(seeding.child);
    app = await startApp(databaseUrl, dataDir, false);
    const { base, child } = app;
    const token = (await api(base, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: MANAGER, secret: PASSWORD } })).data.access_token as string;
    const me = (await api(base, token, 'GET', '/gateway/clients.storage/api/v1/me')).data.attributes;
    const clientId = me.client?.id ?? me.clients[0].id;
    const catalogue = (await api(base, token, 'GET', '/gateway/cars.catalog/api/v1/marketing_complectations?page[size]=1000')).data as { attributes: { code: string } }[];
    const counts = new Map<string, number>();
    for (const row of catalogue) counts.set(row.attributes.code, (counts.get(row.attributes.code) ?? 0) + 1);
    const codes = [...counts].filter(([, count]) => count === 1).map(([code]) => code);
    if (!codes.length) throw new BenchError('the demo catalogue has no marketing complectation with a code of its own');
    const programs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const code = `bench-${Date.now()}-${i}`;
      await api(base, token, 'POST', '/gateway/benefits/api/v1/programs', { data: { attributes: { client_id: clientId, name: `Bench ${i}`, code, owners_from: 0, owners_to: 5 } } });
      programs.push(code);
    }
    const idle = treeRssMb(child.pid!);
    const results: string[][] = [];
    const run = async (label: string, file: string, apply: boolean, expect: Partial<Record<'create' | 'update' | 'errors', number>>) => {
      let peak = treeRssMb(child.pid!);
      const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(child.pid!))), 50);
      const form = new FormData();
      form.append('client_id', String(clientId));
      form.append('file', new Blob([file], { type: 'text/csv' }), 'discounts.csv');
      const started = performance.now();
      const report = (await api(base, token, 'POST', `/gateway/benefits/api/v1/import/discounts/csv${apply ? '' : '/preview'}`, form)).data;
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, treeRssMb(child.pid!));
      for (const [key, value] of Object.entries(expect)) if (report[key] !== value) throw new BenchError(`${label}: ${key} ${report[key]}, expected ${value}`);
      results.push([label, fmt(report.total), fmt(ms), fmt(report.total / (ms / 1000)), fmt(peak), ms < TARGET_MS && peak < TARGET_RSS_MB ? 'yes' : 'NO']);
      return { ms, peak };
    };
    const first = discountsCsv(codes, programs, ROWS, 0);
    const changed = discountsCsv(codes, programs, ROWS, 500);
    console.log(`${fmt(ROWS)} rows over ${codes.length} marketing complectations and ${programs.length} programs; file ${fmt(first.length / 1024)} KB; app idle RSS ${fmt(idle)} MB`);
    const figures = [
      await run('preview (all new)', first, false, { create: ROWS, errors: 0 }),
      await run('apply (all created)', first, true, { create: ROWS, errors: 0 }),
      await run('apply (all updated)', changed, true, { update: ROWS, errors: 0 }),
    ];
    printTable(['case', 'rows', 'ms', 'rows/s', 'peak RSS MB', `within ${TARGET_MS / 1000} s and ${TARGET_RSS_MB} MB`], results);
    const missed = figures.some((figure) => figure.ms >= TARGET_MS || figure.peak >= TARGET_RSS_MB);
    if (missed) throw new BenchError('a target was missed');
  } finally {
    if (app) await stopApp(app.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
