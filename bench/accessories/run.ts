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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServedApp, type ServedApp } from '../api/served-app.ts';
import { BenchError, callApi, describeMachine, fmt, positive, printTable, withDatabase, treeRssMb, bmp, serveFiles } from '../kit.ts';

const ROWS = Math.round(positive('BENCH_ACCESSORY_ROWS', 10_000));
const PASSWORD = 'Bench-Accessories-Pass1!';
const MANAGER = 'manager@avtograd-sever.test';
const TARGET_MS = 15_000;
const TARGET_RSS_MB = 256;
const API = '/gateway/accessories.showroom/api/v1';

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
  const files = await serveFiles(0);
  const { served, base: fileBase } = files;
  served.set('/mat.bmp', { type: 'image/bmp', body: bmp(64, 64) });
  let app: ServedApp | null = null;
  // The file server is on this machine: the outgoing-call guard lets 127.0.0.1 through for the bench only.
  const env = { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' };
  try {
    const seeding = await startServedApp(databaseUrl || null, dataDir, { ...env, DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD });
    await seeding.stop();
    app = await startServedApp(databaseUrl || null, dataDir, env);
    const { url: base, pid } = app;
    const token = (await callApi(base, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: MANAGER, secret: PASSWORD } })).data.access_token as string;
    const sites = (await callApi(base, token, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=1&sort=id')).data as { id: string }[];
    const siteId = sites[0]!.id;
    const settings = (await callApi(base, token, 'GET', `${API}/settings/by_site_id/${siteId}`)).data as { id: string };
    await callApi(base, token, 'PATCH', `${API}/settings/${settings.id}`, { data: { attributes: { import_files: [{ name: 'Bench', url: `${fileBase}/accessories.csv`, profile: 'csv' }] } } });
    const idle = treeRssMb(pid);
    const results: string[][] = [];
    const run = async (label: string, file: string, expect: 'created_count' | 'updated_count') => {
      served.set('/accessories.csv', { type: 'text/csv', body: file });
      let peak = treeRssMb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 50);
      const started = performance.now();
      const run = (await callApi(base, token, 'POST', `${API}/accessories/import/by_settings_id/${settings.id}`, {})).data as { id: string };
      let state: Record<string, unknown>;
      for (;;) {
        state = (await callApi(base, token, 'GET', `${API}/accessories/imports/${run.id}`)).data.attributes;
        if (state.status === 'done' || state.status === 'failed') break;
        if (performance.now() - started > 600_000) throw new BenchError(`${label}: not done within 600 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, treeRssMb(pid));
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
    await app?.stop();
    files.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
