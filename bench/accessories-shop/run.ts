/**
 * `npm run bench:accessories-shop`: the accessories catalogue of a dealer's public site with 10,000
 * accessories (target: the cached catalogue page at ≥ 50 % of a bare route's rate answering the same
 * HTML; the catalogue's pages not cached are measured alongside).
 *
 * The app as `npm run serve` starts it (on a fresh database of DATABASE_URL, dropped after, or the
 * embedded one without it) with the demo data; the demo manager's first site imports a CSV of
 * BENCH_SHOP_ROWS accessories (default 10,000, in the four demo categories, every row with the same
 * picture) fetched from a local server. Then, at BENCH_SHOP_CONNECTIONS (32) for BENCH_SHOP_SECONDS
 * (10) each: catalogue pages not cached (every request another address: a category, a search, an
 * order, a page), the catalogue's first page cached, and the same HTML from a bare node server in a
 * process of its own (bench/showroom/ceiling.mjs). Prints the figures; fails when the target is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServedApp, type ServedApp } from '../api/served-app.ts';
import { BenchError, callApi, describeMachine, fmt, positive, printTable, withDatabase, bmp, serveFiles } from '../kit.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Math.round(positive('BENCH_SHOP_ROWS', 10_000));
const CONNECTIONS = Math.round(positive('BENCH_SHOP_CONNECTIONS', 32));
const SECONDS = positive('BENCH_SHOP_SECONDS', 10);
const PASSWORD = 'Bench-Shop-Pass1!';
const MANAGER = 'manager@avtograd-sever.test';
const CACHED_SHARE = 0.5;
const API = '/gateway/accessories.showroom/api/v1';
/** Ports to use (the app, the file server, the bare server) when set: BENCH_SHOP_PORT and the two after it; else free ones. */
const PORT = process.env.BENCH_SHOP_PORT ? Number(process.env.BENCH_SHOP_PORT) : 0;
const CATEGORIES = ['mats', 'roof', 'towbars', 'wheels'];
const MATERIALS = ['Резина', 'Пластик', 'Сталь', 'Текстиль'];

function accessoriesCsv(rows: number, picture: string): string {
  const lines = ['article_code;name;price;discount;category;images;material'];
  for (let i = 0; i < rows; i++) lines.push(`S-${i};Аксессуар ${i};${1000 + (i % 5000)};${i % 100};${CATEGORIES[i % 4]};${picture};${MATERIALS[i % 4]}`);
  return `${lines.join('\n')}\n`;
}

/** A page of the site (its Host header), with its status and body. */
async function page(base: string, host: string, url: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: { host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

/** Catalogue addresses, each once: a search, an attribute's value, an order, a page. */
function catalogueAddresses(count: number): string[] {
  const seen = new Set<string>();
  let n = 0;
  while (seen.size < count && n++ < count * 20) {
    const params = new URLSearchParams();
    if (Math.random() < 0.3) params.append('q', String(Math.floor(Math.random() * 1000)));
    if (Math.random() < 0.4) params.append('attr_material', MATERIALS[Math.floor(Math.random() * 4)]!);
    if (Math.random() < 0.5) params.append('sort', Math.random() < 0.5 ? 'price_asc' : 'price_desc');
    params.append('page', String(1 + Math.floor(Math.random() * 200)));
    seen.add(`/accessories?${params}`);
  }
  return [...seen];
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
}

async function load(url: string, host: string | null, paths: string[]): Promise<Measured> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    headers: host ? { host } : {},
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  return { rps: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99, requests: result['2xx'], bad: result.non2xx + result.errors + result.timeouts };
}

async function startCeiling(html: string): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shop-')), 'page.html');
  fs.writeFileSync(file, html);
  const child = spawn(process.execPath, [path.join(here, '..', 'showroom', 'ceiling.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CEILING_PORT: PORT ? String(PORT + 2) : '0' } });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { url: `http://127.0.0.1:${port}`, child };
}

async function main() {
  describeMachine('bench:accessories-shop');
  const server = process.env.DATABASE_URL;
  if (server) await withDatabase(server, 'bench_accessories_shop', (url) => bench(url));
  else await bench('');
}

async function bench(databaseUrl: string) {
  console.log(databaseUrl ? 'PostgreSQL' : 'the embedded database (PGlite)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shop-'));
  const files = await serveFiles(PORT ? PORT + 1 : 0);
  const { served, base: fileBase } = files;
  served.set('/item.bmp', { type: 'image/bmp', body: bmp(64, 64) });
  served.set('/accessories.csv', { type: 'text/csv', body: accessoriesCsv(ROWS, `${fileBase}/item.bmp`) });
  let app: ServedApp | null = null;
  const ceilings: ChildProcess[] = [];
  // The file server is on this machine: the outgoing-call guard lets 127.0.0.1 through for the bench only.
  const env: NodeJS.ProcessEnv = { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', ...(PORT ? { PORT: String(PORT) } : {}) };
  try {
    const seeding = await startServedApp(databaseUrl || null, dataDir, { ...env, DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD });
    await seeding.stop();
    app = await startServedApp(databaseUrl || null, dataDir, env);
    const base = app.url;
    const token = (await callApi(base, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: MANAGER, secret: PASSWORD } })).data.access_token as string;
    const [site] = (await callApi(base, token, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=1&sort=id')).data as { id: string; attributes: { technical_host: string } }[];
    const host = site!.attributes.technical_host;
    const settings = (await callApi(base, token, 'GET', `${API}/settings/by_site_id/${site!.id}`)).data as { id: string };
    await callApi(base, token, 'PATCH', `${API}/settings/${settings.id}`, { data: { attributes: { import_files: [{ name: 'Bench', url: `${fileBase}/accessories.csv`, profile: 'csv' }] } } });
    const started = performance.now();
    const run = (await callApi(base, token, 'POST', `${API}/accessories/import/by_settings_id/${settings.id}`, {})).data as { id: string };
    for (;;) {
      const state = (await callApi(base, token, 'GET', `${API}/accessories/imports/${run.id}`)).data.attributes;
      if (state.status === 'done') break;
      if (state.status === 'failed' || performance.now() - started > 600_000) throw new BenchError(`the import did not finish: ${JSON.stringify(state)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const first = await page(base, host, '/accessories');
    const found = /Найдено аксессуаров: ([\d\s\u00a0\u202f]+)/.exec(first.body)?.[1]?.replace(/\D/g, '');
    if (first.status !== 200 || Number(found) < ROWS) throw new BenchError(`${host}/accessories answered ${first.status} with ${found ?? 'no'} accessories`);
    console.log(`${fmt(ROWS)} accessories imported into ${host} in ${fmt((performance.now() - started) / 1000, 1)} s; the catalogue lists ${fmt(Number(found))}`);

    const table: string[][] = [];
    const row = (name: string, m: Measured, target: string) => table.push([name, fmt(m.requests), fmt(m.rps), `${fmt(m.p50)} / ${fmt(m.p99)}`, fmt(m.bad), target]);
    const uncached = await load(base, host, catalogueAddresses(20_000));
    row('catalogue pages, not cached (another address each)', uncached, '');
    const html = (await page(base, host, '/accessories')).body;
    const ceiling = await startCeiling(html);
    ceilings.push(ceiling.child);
    const cached = await load(base, host, ['/accessories']);
    const bare = await load(ceiling.url, null, ['/']);
    const share = cached.rps / Math.max(1, bare.rps);
    row('catalogue page, cached', cached, `≥ ${CACHED_SHARE * 100} % of bare: ${fmt(share * 100)} % ${share >= CACHED_SHARE ? 'met' : 'NOT met'}`);
    row(`  the same HTML from a bare node server (${fmt(Buffer.byteLength(html) / 1024, 1)} kB)`, bare, '');
    console.log(`\n${fmt(ROWS)} accessories, ${CONNECTIONS} connections, ${SECONDS} s a case`);
    printTable(['case', 'pages', 'per second', 'p50 / p99 ms', 'failed', 'target'], table);
    if (share < CACHED_SHARE) throw new BenchError('the target was missed');
  } finally {
    for (const child of ceilings) child.kill('SIGTERM');
    await app?.stop();
    files.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
