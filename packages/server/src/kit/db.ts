import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fillPlaceholders, SQL } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from './config.ts';
import { newPglite, takeDrizzleParsers, TEXT_READ_TYPES, withoutQueryParsers } from './pglite-client.ts';
import { startDatabaseThread, type ThreadClient } from './pglite-thread.ts';
import { afterTurn, failAfterTurn } from './turns.ts';

/** The database handle; queries name their tables (no relational `db.query`), so it carries no schema. */
export type Db = PgDatabase<PgQueryResultHKT>;
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

/**
 * Runs a drizzle query on PostgreSQL's pool and hands each row to `onRow` as an array, as pg parses
 * it, never as a result array: the rows of a long read are garbage at once instead of outliving
 * young-generation GCs together (docs/performance.md "Export at 50k rows/s"). Answers false, having
 * run nothing, where that is not possible (PGlite, a transaction): the caller runs the query itself.
 * A throw of `onRow` is not thrown inside pg's parser: it is kept and thrown once the query ends.
 */
export async function eachRowArray<R extends unknown[]>(db: DbOrTx, query: { toSQL(): { sql: string; params: unknown[] } }, onRow: (row: R) => void): Promise<boolean> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return false;
  const statement = query.toSQL();
  let failure: { error: unknown } | null = null;
  const connection = await pool.connect();
  try {
    await new Promise<void>((resolve, reject) => {
      const running = connection.query(new pg.Query({ text: statement.sql, values: statement.params, rowMode: 'array' } as pg.QueryConfig));
      running.on('row', (row: R) => {
        if (failure) return;
        try {
          onRow(row);
        } catch (error) {
          failure = { error };
        }
      });
      running.on('error', reject);
      running.on('end', () => resolve());
    });
  } catch (error) {
    connection.release(error as Error);
    throw error;
  }
  connection.release();
  if (failure) throw (failure as { error: unknown }).error;
  return true;
}

/** The types drizzle's node-postgres driver reads as text (its column types parse them): dates, times, numeric arrays. */
const DRIZZLE_TEXT_TYPES = new Set(TEXT_READ_TYPES);
const drizzleTypes = {
  getTypeParser: (id: number, format?: string) => (DRIZZLE_TEXT_TYPES.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format as 'text')),
};

/**
 * Names of the statements prepared on PostgreSQL's connections, by their text: a statement run
 * again is only bound and executed, not parsed again. Bounded, for texts that vary (an `in` list
 * of as many parameters as ids): past the bound, statements run unnamed as before.
 */
const preparedNames = new Map<string, string>();
const PREPARED_LIMIT = 200;

function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < PREPARED_LIMIT) preparedNames.set(text, (name = `dp_${preparedNames.size + 1}`));
  return name;
}

/**
 * A drizzle read's rows as arrays, in its select's order and parsed as drizzle's own drivers parse
 * them (its columns' mapFromDriverValue finishes the job): no row objects in between. The shared
 * machinery of the lists reads its pages so (kit/crud-routes.ts). On PostgreSQL the statement is
 * prepared once per connection. `db` is the handle, not a transaction.
 */
export async function readArrays(db: Db, query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Promise<unknown[][]> {
  // Building the statement's text is a piece of its own (kit/turns.ts): for a list with its
  // links and names it is the longest stretch of a request's first piece.
  await afterTurn(undefined);
  const { sql: text, params } = query instanceof SQL ? (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query) : query.toSQL();
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: statementName(text), text, values: params, rowMode: 'array', types: drizzleTypes } as pg.QueryConfig);
    return result.rows as unknown[][];
  }
  const result = await (client as Pick<PGlite, 'query'>).query<unknown[]>(text, params, { rowMode: 'array' });
  return result.rows;
}

/**
 * A statement's rows as `db.execute` gives them, the statement prepared once per connection on
 * PostgreSQL when `db` is the handle (a hot read of many joins, a car's page, is planned at its
 * connection's first runs only); in a transaction, and on the embedded database, as `db.execute`.
 */
export async function readRows<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const result = await client.query({ name: statementName(text), text, values: params, types: drizzleTypes } as pg.QueryConfig);
  return result.rows as R[];
}

/**
 * The rows of a select of plain columns (`fields`, as given to `db.select`), read with readArrays
 * (a prepared statement on PostgreSQL, no drizzle row objects) and decoded by the columns: for the
 * hot reads outside the lists (a car's discounts in every calculation).
 */
type ColumnValue<C extends PgColumn> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;
export async function readColumns<F extends Record<string, PgColumn>>(db: Db, fields: F, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<{ [K in keyof F]: ColumnValue<F[K]> }[]> {
  const entries = Object.entries(fields);
  const arrays = await readArrays(db, query);
  return arrays.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < entries.length; i++) {
      const [key, column] = entries[i]!;
      const value = values[i];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as { [K in keyof F]: ColumnValue<F[K]> };
  });
}

/**
 * A hot read of plain columns built once: `build` makes the drizzle query with `sql.placeholder`
 * where the values go, its text and parameters are made at the first call, and each call fills
 * the placeholders and runs it with readColumns (drizzle's builder walked on every call was a tenth
 * of a credit calculation's time).
 */
export function preparedColumns<F extends Record<string, PgColumn>>(fields: F, build: (db: Db) => { toSQL(): { sql: string; params: unknown[] } }) {
  let built: { sql: string; params: unknown[] } | undefined;
  return (db: Db, values: Record<string, unknown>) => {
    const query = (built ??= build(db).toSQL());
    return readColumns(db, fields, { toSQL: () => ({ sql: query.sql, params: fillPlaceholders(query.params, values) }) });
  };
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'memoryDb' | 'memoryDbTemplate' | 'databaseThreadNice'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  if (!config.memoryDb) return openPgliteThread(path.join(config.dataDir, 'pglite'), config.databaseThreadNice ?? 0);
  return openMemoryPglite(config.memoryDbTemplate ?? null);
}

/**
 * Dumps a migrated embedded database to `file`: each test file's in-memory database loads it
 * (memoryDbTemplate) instead of running initdb and every migration, about 3 s of CPU less each.
 * `fill` writes into it before the dump (the demo data, once for every test file that reads it).
 */
export async function dumpPgliteTemplate(file: string, fill?: (db: Db) => Promise<void>) {
  const client = newPglite();
  await client.waitReady;
  await migratePglite(drizzlePglite({ client }) as never, { migrationsFolder });
  if (fill) {
    takeDrizzleParsers(client);
    await fill(drizzlePglite({ client: withoutQueryParsers(client) }) as unknown as Db);
  }
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
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

/** The embedded database in memory, in the process (the tests' databases, from a migrated template); a data folder's runs in its own thread (openPgliteThread). */
async function openMemoryPglite(template: string | null): Promise<Database> {
  const client = newPglite(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {});
  await client.waitReady;
  const ownParsers = takeDrizzleParsers(client);
  const db = drizzlePglite({ client: withoutQueryParsers(client) }) as unknown as Db;
  // From a template too: a no-op when it is up to date, and right when it is not.
  await migratePglite(db as never, { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      // Raw statements (pg-boss, hand-written SQL) read dates as PGlite does by itself.
      if (values && values.length > 0) return client.query(text, values, { parsers: ownParsers });
      const results = await client.exec(text, { parsers: ownParsers });
      return { rows: results.at(-1)?.rows ?? [] };
    },
    ping: () => client.query('select 1').then(() => true, () => false),
    close: () => client.close(),
    async listen(channel, handlers) {
      const stop = await client.listen(channel, (payload) => handlers.onPayload(payload));
      return () => stop().catch(() => undefined);
    },
  };
}

/** A data folder's database, opened and migrated in its thread; the folder is this process's while it runs. */
async function openPgliteThread(dir: string, nice = 0): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  const client: ThreadClient = startDatabaseThread(dir, migrationsFolder, nice);
  try {
    await client.waitReady;
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client: client as never }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length > 0) return client.queryOwn(text, values);
      const results = await client.execOwn(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    ping: () => (client.stopped ? Promise.resolve(false) : healthy(client.lastAnswer, () => client.query('select 1'))),
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
  answerInTurns(pool);
  // When a pooled connection last came back from a statement (performance.now()), for ping.
  let answeredAt = 0;
  pool.on('release', (error) => {
    if (!error) answeredAt = performance.now();
  });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return {
    kind: 'postgres',
    db,
    // pg-boss's statements with values (a worker's fetch every half second per queue) are prepared once per connection.
    executeSql: (text, values) => (values?.length ? pool.query({ name: statementName(text), text, values }) : pool.query(text)),
    ping: () => (pool.ending ? Promise.resolve(false) : healthy(answeredAt, () => pool.query('select 1'))),
    close: () => pool.end(),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
  };
}

/**
 * Whether the database answers, for a load balancer's check: at once when it answered a
 * statement within the last second (`lastAnswer`, performance.now()), since a busy database
 * answers its queue in order and the check must not wait behind it (or, on PostgreSQL, for a
 * pooled connection); else by a statement of its own (`ask`).
 */
function healthy(lastAnswer: number, ask: () => Promise<unknown>): Promise<boolean> {
  if (performance.now() - lastAnswer < 1000) return Promise.resolve(true);
  return ask().then(() => true, () => false);
}

/**
 * The pool's answers reach their callers in the main thread's turns (kit/turns.ts): a burst's
 * answers arriving together do not keep the sockets unread. Transactions, on a connection of
 * their own, are answered as they come.
 */
function answerInTurns(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown> | undefined;
  const inTurns = (...args: unknown[]) => {
    const running = query(...args);
    // The callback form answers nothing to wait on: left as it is.
    return running && running.then(afterTurn, failAfterTurn);
  };
  Object.assign(pool, { query: inTurns });
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
