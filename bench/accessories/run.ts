/**
 * `npm run bench:accessories`: the import of a large accessories file through the running app (the
 * targets: 10,000 rows applied in under 15 s, the app's peak resident memory under 256 MB).
 *
 * Seeds the demo data with a first app process, then starts the measured app (`node
 * scripts/serve.mjs`) on that database (a fresh one on DATABASE_URL's server, dropped after, or the
 * embedded one without it); serves a CSV of BENCH_ACCESSORY_ROWS rows (default 10,000) in a demo
 * category, every row with the same picture, from a local HTTP server; signs in as the demo dealer
 * manager, names the file in the first demo site's accessories settings, starts the import and polls
 * it until it ends, sampling the app's resident memory (with its children) meanwhile; then imports
 * the same file with every price changed (every row updated). Prints the figures and fails when a
 * target is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, describeMachine, fmt, positive, printTable, serveFlags, withDatabase, freePort, treeRssMb } from '../kit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = Math.round(positive('BENCH_ACCESSORY_ROWS', 10_000));
const PASSWORD = 'Bench-Accessories-Pass1!';
const MANAGER = 'manager@avtograd-sever.test';
const TARGET_MS = 15_000;
const TARGET_RSS_MB = 256;
const API = '/gateway/accessories.showroom/api/v1';

async function startApp(databaseUrl: string, dataDir: string, demoData: boolean): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serveFlags(), 'scripts/serve.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // The file server is on this machine: the outgoing-call guard lets 127.0.0.1 through for the bench only.
    env: { ...process.env, MALLOC_ARENA_MAX: '2', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_PASSWORD: PASSWORD, DEMO_DATA: String(demoData), LOG_LEVEL: 'warn', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
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
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new BenchError(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** A tiny BMP picture (what the media library accepts). */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const data = Buffer.alloc(54 + row * height);
  data.write('BM', 0);
  data.writeUInt32LE(data.length, 2);
  data.writeUInt32LE(54, 10);
  data.writeUInt32LE(40, 14);
  data.writeInt32LE(width, 18);
  data.writeInt32LE(height, 22);
  data.writeUInt16LE(1, 26);
  data.writeUInt16LE(24, 28);
  data.writeUInt32LE(row * height, 34);
  return data;
}

/** The accessories file: every row a distinct article in the demo "mats" category. */
function accessoriesCsv(rows: number, priceOffset: number, picture: string): string {
  const lines = ['article_code;name;price;discount;category;images;material'];
  for (let i = 0; i < rows; i++) lines.push(`B-${i};Коврик ${i};${1000 + (i % 500) + priceOffset};${i % 100};mats;${picture};Резина`);
  return `${lines.join('\n')}\n`;
}

async function main() {
  describeMachine('bench:accessories');
  const server = process.env.DATABASE_URL;
  if (server) await withDatabase(server, 'bench_accessories', (url) => bench(url));
  else await bench('');
}

async function bench(databaseUrl: string) {
  console.log(databaseUrl ? 'PostgreSQL' : 'the embedded database (PGlite, in the app process: its memory counts in the RSS)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-accessories-'));
  const served = new Map<string, { type: string; body: Buffer | string }>();
  const files = http.createServer((req, res) => {
    const file = served.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const fileBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  served.set('/mat.bmp', { type: 'image/bmp', body: bmp(64, 64) });
  let app: { child: ChildProcess; base: string } | null = null;
  try {
    const seeding = await startApp(databaseUrl, dataDir, true);
    await stopApp(seeding.child);
    app = await startApp(databaseUrl, dataDir, false);
    const { base, child } = app;
    const token = (await api(base, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: MANAGER, secret: PASSWORD } })).data.access_token as string;
    const sites = (await api(base, token, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=1&sort=id')).data as { id: string }[];
    const siteId = sites[0]!.id;
    const settings = (await api(base, token, 'GET', `${API}/settings/by_site_id/${siteId}`)).data as { id: string };
    await api(base, token, 'PATCH', `${API}/settings/${settings.id}`, { data: { attributes: { import_files: [{ name: 'Bench', url: `${fileBase}/accessories.csv`, profile: 'csv' }] } } });
    const idle = treeRssMb(child.pid!);
    const results: string[][] = [];
    const run = async (label: string, file: string, expect: 'created_count' | 'updated_count') => {
      served.set('/accessories.csv', { type: 'text/csv', body: file });
      let peak = treeRssMb(child.pid!);
      const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(child.pid!))), 50);
      const started = performance.now();
      const run = (await api(base, token, 'POST', `${API}/accessories/import/by_settings_id/${settings.id}`, {})).data as { id: string };
      let state: Record<string, unknown>;
      for (;;) {
        state = (await api(base, token, 'GET', `${API}/accessories/imports/${run.id}`)).data.attributes;
        if (state.status === 'done' || state.status === 'failed') break;
        if (performance.now() - started > 600_000) throw new BenchError(`${label}: not done within 600 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, treeRssMb(child.pid!));
      if (state.status !== 'done' || state[expect] !== ROWS) throw new BenchError(`${label}: ${JSON.stringify(state)}`);
      results.push([label, fmt(ROWS), fmt(ms), fmt(ROWS / (ms / 1000)), fmt(peak), ms < TARGET_MS && peak < TARGET_RSS_MB ? 'yes' : 'NO']);
      return { ms, peak };
    };
    const first = accessoriesCsv(ROWS, 0, `${fileBase}/mat.bmp`);
    console.log(`${fmt(ROWS)} rows; file ${fmt(first.length / 1024)} KB; app idle RSS ${fmt(idle)} MB`);
    const figures = [await run('import (all created)', first, 'created_count'), await run('import (all updated)', accessoriesCsv(ROWS, 100, `${fileBase}/mat.bmp`), 'updated_count')];
    printTable(['case', 'rows', 'ms', 'rows/s', 'peak RSS MB', `within ${TARGET_MS / 1000} s and ${TARGET_RSS_MB} MB`], results);
    if (figures.some((figure) => figure.ms >= TARGET_MS || figure.peak >= TARGET_RSS_MB)) throw new BenchError('a target was missed');
  } finally {
    if (app) await stopApp(app.child);
    files.closeAllConnections();
    files.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
