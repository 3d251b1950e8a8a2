import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import type { Config } from './config.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; used where a function works in or out of one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for pg-boss and the few hand-written statements: `exec` without values, `query` with. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Every NOTIFY on `channel` (kit/realtime.ts): from any process on PostgreSQL, through one
   * dedicated connection that reconnects when lost (then `onReconnect`: notifications may have
   * been missed meanwhile); from this process on PGlite. Resolves to the function that stops.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  onReconnect?(): void;
  onError?(error: unknown): void;
  /** The connection is gone (notifications are being missed until onReconnect). */
  onLost?(): void;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'memoryDb'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.memoryDb ? null : path.join(config.dataDir, 'pglite'));
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The embedded database belongs to one process: a second one opening the same folder would
 * corrupt it, so it is refused with a clear message.
 */
function lockDataDir(dir: string): () => void {
  const lock = path.join(dir, 'app.lock');
  const holder = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8')) : 0;
  if (holder && holder !== process.pid && isAlive(holder))
    throw new Error(`The embedded database in ${dir} is in use by process ${holder}: stop it first, or set DATA_DIR to another folder.`);
  fs.writeFileSync(lock, String(process.pid));
  return () => fs.rmSync(lock, { force: true });
}

async function openPglite(dir: string | null): Promise<Database> {
  let unlock = () => {};
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dir);
  }
  // pg_trgm backs the substring search of the lists (migration 0001).
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    ping: () => client.query('select 1').then(() => true, () => false),
    close: () => client.close().finally(unlock),
    async listen(channel, handlers) {
      const stop = await client.listen(channel, (payload) => handlers.onPayload(payload));
      return () => stop().catch(() => undefined);
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it, and the next query reports any real outage.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return {
    kind: 'postgres',
    db,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    ping: () => pool.query('select 1').then(() => true, () => false),
    close: () => pool.end(),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost
 * connection (server restart, failover, a terminated backend) is replaced after a back-off of
 * 0.5 s doubling up to 10 s, and the caller is told so that it can resynchronise.
 */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = 500;

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(true);
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };
  const lost = (client: pg.Client, error?: unknown) => {
    if (client !== current) return;
    current = null;
    handlers.onLost?.();
    if (error) handlers.onError?.(error);
    client.end().catch(() => undefined);
    schedule();
  };
  const connect = async (reconnecting: boolean) => {
    // keepAlive: a peer that vanished without a word is noticed, and onLost called.
    const client = new pg.Client({ connectionString: url, application_name: channel.replace(/^dp_/, 'dp-'), keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      if (!reconnecting) {
        stopped = true;
        if (timer) clearTimeout(timer);
        await client.end().catch(() => undefined);
        throw error;
      }
      lost(client, error);
      return;
    }
    if (stopped) return void client.end().catch(() => undefined);
    delay = 500;
    if (reconnecting) handlers.onReconnect?.();
  };

  await connect(false);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
