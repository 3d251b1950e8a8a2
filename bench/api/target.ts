/**
 * The server side of the API benchmark, run as a child process of run.ts so that the load
 * generator does not share this event loop: builds the app on the database named in BENCH_TARGET
 * (PGlite in a temporary folder, or the PostgreSQL database run.ts created), loads the clients,
 * signs in as the administrator, captures the measured responses and starts the bare Fastify
 * ceiling. Reports a `ready` message over IPC and closes everything on `stop`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp, type App } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/kit/config.ts';
import { loadDemoData, generatePassword } from '../../packages/server/src/seed/demo-data.ts';
import { clientGroups, clients } from '../../packages/server/src/schema.ts';
import { eq } from 'drizzle-orm';
import { REGIONS, SEARCH, makeClient } from './clients-data.ts';
import { serveUntilStop } from './target-process.ts';
import type { TargetInput, TargetReady } from './target-messages.ts';

const send = (message: object) => process.send?.(message);
const API = '/gateway/clients.storage/api/v1';
const CHUNK = 1000;

async function main() {
  if (!process.send) throw new Error('target.ts is started by bench/api/run.ts (it needs the IPC channel)');
  const input = JSON.parse(process.env.BENCH_TARGET ?? 'null') as TargetInput | null;
  if (!input) throw new Error('BENCH_TARGET is not set');

  let application: App | null = null;
  let ceiling: ReturnType<typeof Fastify> | null = null;
  let raw: http.Server | null = null;
  const cleanup = async () => {
    await ceiling?.close().catch(() => undefined);
    raw?.close();
    await application?.close().catch((error) => console.error('closing the app failed:', error));
  };
  // The parent going away (killed, crashed) ends this process too.
  process.on('disconnect', () => void cleanup().finally(() => process.exit(1)));

  try {
    const started = performance.now();
    const config = loadConfig(
      {},
      {
        databaseUrl: input.databaseUrl,
        dataDir: input.dataDir,
        memoryDb: false,
        logLevel: 'silent',
        runJobs: false,
        loadDemoData: false,
        webDist: input.webDist ?? null,
        host: '127.0.0.1',
        accessTokenTtlSeconds: 3600,
      },
    );
    application = await buildApp(config);
    const { app, database } = application;
    const password = generatePassword();
    const demo = await loadDemoData(database.db, password);
    if (!demo) throw new Error('the bench database is not empty');

    // Region groups, then the clients in multi-row inserts of CHUNK rows (5 values a row, far
    // below PostgreSQL's 65,535 bind parameters).
    await database.db.insert(clientGroups).values(REGIONS.map((name) => ({ name }))).onConflictDoNothing();
    const groupIds = (await database.db.select({ id: clientGroups.id }).from(clientGroups)).map((g) => g.id);
    for (let from = 0; from < input.clients; from += CHUNK) {
      const rows = [];
      for (let i = from; i < Math.min(from + CHUNK, input.clients); i++) rows.push(makeClient(i, groupIds));
      await database.db.insert(clients).values(rows);
    }
    await database.executeSql('analyze');
    const seedSeconds = (performance.now() - started) / 1000;

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const signIn = await fetch(`${appUrl}/gateway/auth.processing/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { method: 'password', identity: demo.admin, secret: password } }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const signInData = ((await signIn.json()) as { data: { access_token: string } }).data;
    const token = signInData.access_token;
    const headers = { authorization: `Bearer ${token}` };

    const get = async (path: string) => {
      const response = await fetch(appUrl + path, { headers });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
      return text;
    };

    const mePath = `${API}/me`;
    const meText = await get(mePath);
    const meBody = JSON.parse(meText) as { data: { attributes: { email: string } } };
    if (meBody.data.attributes.email !== demo.admin) throw new Error(`GET /me returned ${meBody.data.attributes.email}`);

    const listPath = `${API}/clients?page[size]=100&filter[search]=${encodeURIComponent(SEARCH)}&sort=name`;
    const listText = await get(listPath);
    const listBody = JSON.parse(listText) as { data: { attributes: { name: string } }[]; meta: { page: { total: number } } };
    if (listBody.data.length !== 100) throw new Error(`the clients page has ${listBody.data.length} items, not 100`);
    const stray = listBody.data.find((record) => !record.attributes.name.includes(SEARCH));
    if (stray) throw new Error(`the clients page holds "${stray.attributes.name}", which does not match "${SEARCH}"`);

    const sortedPath = `${API}/clients?page[size]=100&sort=name`;
    const sortedText = await get(sortedPath);
    if ((JSON.parse(sortedText) as { data: unknown[] }).data.length !== 100) throw new Error('the sorted clients page does not hold 100 items');

    // One client in the middle of the loaded ones, with its group in `included`.
    const [middle] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, makeClient(Math.floor(input.clients / 2), []).code));
    if (!middle) throw new Error('the middle client is missing');
    const clientPath = `${API}/clients/${middle.id}`;
    const clientText = await get(clientPath);

    // The ceilings: the same JSON as objects (serialized on every request as the real routes do),
    // no hooks, no auth, no database; and bare node:http sending the same bytes.
    const bodies = { me: meText, client: clientText, sorted: sortedText, search: listText };
    ceiling = Fastify({ logger: false });
    for (const [key, text] of Object.entries(bodies)) {
      const body = JSON.parse(text) as unknown;
      ceiling.get(`/ceiling/${key}`, async () => body);
    }
    await ceiling.listen({ host: '127.0.0.1', port: 0 });
    const rawBodies = new Map(Object.entries(bodies).map(([key, text]) => [`/raw/${key}`, Buffer.from(text)]));
    raw = http.createServer((request, response) => {
      const body = rawBodies.get(request.url ?? '');
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': body?.length ?? 0 });
      response.end(body);
    });
    await new Promise<void>((resolve) => raw!.listen(0, '127.0.0.1', resolve));
    const ceilingBase = `http://127.0.0.1:${(ceiling.server.address() as AddressInfo).port}/ceiling`;
    const rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/raw`;
    for (const [key, text] of Object.entries(bodies)) {
      if ((await (await fetch(`${ceilingBase}/${key}`)).text()) !== text) throw new Error(`the ceiling of ${key} does not return the same JSON`);
    }

    const paths = { me: mePath, client: clientPath, sorted: sortedPath, search: listPath };
    const ready: TargetReady = {
      type: 'ready',
      kind: database.kind,
      appUrl,
      token,
      signIn: signInData,
      cases: (['me', 'client', 'sorted', 'search'] as const).map((key) => ({
        key,
        path: paths[key],
        bytes: Buffer.byteLength(bodies[key]),
        ceilingUrl: `${ceilingBase}/${key}`,
        rawUrl: `${rawBase}/${key}`,
      })),
      listTotal: listBody.meta.page.total,
      seedSeconds,
    };
    send(ready);
    // BENCH_CPU_PROF: a V8 CPU profile of each measured case, started and stopped by run.ts.
    await serveUntilStop(send);
    await cleanup();
    process.exit(0);
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await cleanup();
    process.exit(1);
  }
}

void main();
