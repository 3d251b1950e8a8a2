/**
 * The server side of the API benchmark, run as a child process of run.ts so that the load
 * generator does not share this event loop: builds the app on the database named in BENCH_TARGET
 * (PGlite in a temporary folder, or the PostgreSQL database run.ts created), loads the clients,
 * signs in as the administrator, captures the measured responses and starts the bare Fastify
 * ceiling. Reports a `ready` message over IPC and closes everything on `stop`.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp, type App } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/kit/config.ts';
import { loadDemoData, generatePassword } from '../../packages/server/src/seed/demo-data.ts';
import { clientGroups, clients } from '../../packages/server/src/kit/schema.ts';
import { REGIONS, SEARCH, makeClient } from './clients-data.ts';

export interface TargetInput {
  /** postgres://... of the bench database, or null for PGlite. */
  databaseUrl: string | null;
  /** A temporary folder run.ts made (and removes): PGlite's data, the mail outbox. */
  dataDir: string;
  clients: number;
}

export interface TargetReady {
  type: 'ready';
  kind: 'pglite' | 'postgres';
  appUrl: string;
  /** Bare Fastify returning the clients page body, and one returning the /me body. */
  ceilingUrl: string;
  ceilingMeUrl: string;
  token: string;
  mePath: string;
  listPath: string;
  listBytes: number;
  meBytes: number;
  listTotal: number;
  seedSeconds: number;
}

const send = (message: object) => process.send?.(message);
const API = '/gateway/clients.storage/api/v1';
const CHUNK = 1000;

async function main() {
  if (!process.send) throw new Error('target.ts is started by bench/api/run.ts (it needs the IPC channel)');
  const input = JSON.parse(process.env.BENCH_TARGET ?? 'null') as TargetInput | null;
  if (!input) throw new Error('BENCH_TARGET is not set');

  let application: App | null = null;
  let ceiling: ReturnType<typeof Fastify> | null = null;
  let ceilingMe: ReturnType<typeof Fastify> | null = null;
  const cleanup = async () => {
    await ceiling?.close().catch(() => undefined);
    await ceilingMe?.close().catch(() => undefined);
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
        webDist: null,
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
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}` };

    const mePath = `${API}/me`;
    const meResponse = await fetch(appUrl + mePath, { headers });
    const meText = await meResponse.text();
    if (meResponse.status !== 200) throw new Error(`GET /me answered ${meResponse.status}: ${meText}`);
    const meBody = JSON.parse(meText) as { data: { attributes: { email: string } } };
    if (meBody.data.attributes.email !== demo.admin) throw new Error(`GET /me returned ${meBody.data.attributes.email}`);

    const listPath = `${API}/clients?page[size]=100&filter[search]=${encodeURIComponent(SEARCH)}&sort=name`;
    const listResponse = await fetch(appUrl + listPath, { headers });
    const listText = await listResponse.text();
    if (listResponse.status !== 200) throw new Error(`the clients page answered ${listResponse.status}: ${listText}`);
    const listBody = JSON.parse(listText) as { data: { attributes: { name: string } }[]; meta: { page: { total: number } } };
    if (listBody.data.length !== 100) throw new Error(`the clients page has ${listBody.data.length} items, not 100`);
    const stray = listBody.data.find((record) => !record.attributes.name.includes(SEARCH));
    if (stray) throw new Error(`the clients page holds "${stray.attributes.name}", which does not match "${SEARCH}"`);

    // The ceilings: the same JSON as objects (serialized on every request as the real routes do),
    // no hooks, no auth, no database.
    const bare = async (body: unknown) => {
      const server = Fastify({ logger: false });
      server.get('/ceiling', async () => body);
      await server.listen({ host: '127.0.0.1', port: 0 });
      return server;
    };
    ceiling = await bare(listBody);
    ceilingMe = await bare(meBody);
    const urlOf = (server: ReturnType<typeof Fastify>) => `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/ceiling`;
    const ceilingText = await (await fetch(urlOf(ceiling))).text();
    if (ceilingText !== listText) throw new Error('the ceiling does not return the same JSON as the clients page');

    const ready: TargetReady = {
      type: 'ready',
      kind: database.kind,
      appUrl,
      ceilingUrl: urlOf(ceiling),
      ceilingMeUrl: urlOf(ceilingMe),
      token,
      mePath,
      listPath,
      listBytes: Buffer.byteLength(listText),
      meBytes: Buffer.byteLength(meText),
      listTotal: listBody.meta.page.total,
      seedSeconds,
    };
    send(ready);
    await new Promise<void>((resolve) => process.on('message', (message: { type?: string }) => message?.type === 'stop' && resolve()));
    process.removeAllListeners('disconnect');
    await cleanup();
    process.exit(0);
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await cleanup();
    process.exit(1);
  }
}

void main();
