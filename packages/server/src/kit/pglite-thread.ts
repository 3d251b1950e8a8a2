import fs from 'node:fs';
import os from 'node:os';
import type { MessagePort, Worker } from 'node:worker_threads';
import { types, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { newPglite, takeDrizzleParsers, withoutQueryParsers, type Parser } from './pglite-client.ts';
import { keepStatistics } from './pglite-statistics.ts';
import { startThread } from './thread.ts';
import { ArrivalQueue } from './arrival-queue.ts';
import { arrivalOf, inTurn, servesRequest } from './turns.ts';

/**
 * The embedded database of a data folder runs in a thread of its own. PGlite executes each
 * statement synchronously in WebAssembly: in the main thread, a burst of requests would keep the
 * event loop from reading sockets and answering while the database works, and a start would
 * open the database (about a second of CPU) before loading the server's code instead of beside
 * it. In its thread, statements run on the second core while the main thread serves HTTP.
 *
 * The main thread holds a `ThreadClient`, the part of PGlite's interface that drizzle, pg-boss
 * and the realtime listener use (query, exec, transaction, listen, close); each call is a
 * message, answered in the order PGlite runs them (its own queue, first come first served). A
 * transaction is opened in the thread and held there until the main thread ends it; other
 * statements wait for it, as in one process. Values cross as structured clones: rows as PGlite
 * parses them in the thread (dates and numeric arrays as text for drizzle, takeDrizzleParsers),
 * except json and jsonb, which cross as text and are parsed here.
 */

type QueryOptions = { rowMode?: 'array' | 'object' };
/** `own`: with PGlite's own parsers of dates (the raw statements of pg-boss), not drizzle's. */
type Call =
  | { op: 'query'; text: string; params?: unknown[]; options?: QueryOptions; own?: boolean; tx?: number }
  | { op: 'exec'; text: string; own?: boolean; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' };
/** An error as it crosses: its message and its plain fields (a database error's code, detail, constraint). */
type SentError = Record<string, string | number | boolean | null> & { message: string };
/** A call as it crosses, with the arrival of the request it serves (the thread runs the earliest first). */
type Sent = Call & { id: number; arrival: number };
type Answer = { id: number; result?: unknown; error?: SentError };
type FromThread = Answer | { notify: string; payload: string } | { ready: true } | { failed: SentError };

/** json and jsonb cross as text and are parsed in the main thread: a parsed document costs far more to clone than its text. */
const JSON_TYPES = new Set<number>([types.JSON, types.JSONB]);

/** Parses the json and jsonb values of rows that crossed as text (rows as arrays or as objects). */
function parseJsonColumns<T>(result: Results<T>): Results<T> {
  const columns = result.fields.flatMap((field, index) => (JSON_TYPES.has(field.dataTypeID) ? [{ index, name: field.name }] : []));
  if (!columns.length) return result;
  for (const row of result.rows as unknown[]) {
    for (const { index, name } of columns) {
      const record = row as Record<string | number, unknown>;
      const key = Array.isArray(row) ? index : name;
      if (typeof record[key] === 'string') record[key] = JSON.parse(record[key] as string);
    }
  }
  return result;
}

function sendable(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value));
  return { ...Object.fromEntries(fields), name: error.name, message: error.message };
}

function revived(sent: SentError): Error {
  const { message, ...fields } = sent;
  return Object.assign(new Error(message), fields);
}

// ——— the main thread ———

/** Set by scripts/serve.mjs (esbuild's define): the bundled thread entry. */
declare const DP_DATABASE_THREAD_BUNDLE: string | undefined;
const SOURCE_ENTRY = new URL('../database-thread.ts', import.meta.url);

/** What a transaction callback receives: its statements go to the transaction held in the thread. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

export class ThreadClient {
  /**
   * The calls waiting for their answer, each with the arrival of the request it serves
   * (kit/turns.ts) and whether it serves one, and whether the database is held for its caller
   * meanwhile (a transaction).
   */
  private readonly calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; arrival: number; ofRequest: boolean; holds: boolean }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private lastId = 0;
  private failure: Error | null = null;
  /** When the thread last answered a statement (performance.now()). */
  private answeredAt = 0;
  readonly waitReady: Promise<void>;

  constructor(private readonly worker: Worker) {
    this.waitReady = new Promise((resolve, reject) => {
      worker.on('message', (message: FromThread) => {
        if ('ready' in message) resolve();
        else if ('failed' in message) reject(revived(message.failed));
        else if ('notify' in message) for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload);
        else this.answer(message);
      });
      const gone = (error: Error) => {
        this.failure = error;
        reject(error);
        for (const call of this.calls.values()) call.reject(error);
        this.calls.clear();
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(new Error(`the embedded database's thread stopped (exit code ${code})`)));
    });
    // A start that fails is reported by whoever awaits waitReady; this only keeps it from being unhandled twice.
    this.waitReady.catch(() => undefined);
  }

  private answer({ id, result, error }: Answer) {
    this.answeredAt = performance.now();
    const call = this.calls.get(id);
    if (!call) return;
    this.calls.delete(id);
    const settle = () => (error ? call.reject(revived(error)) : call.resolve(result));
    // The caller goes on in its turn of the main thread (kit/turns.ts); at once inside a
    // transaction, which holds the database until its caller goes on.
    if (call.holds) settle();
    else inTurn(settle, call.arrival, call.ofRequest);
  }

  private call<T>(call: Call): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    const arrival = arrivalOf();
    return new Promise<T>((resolve, reject) => {
      const holds = call.op === 'begin' || ('tx' in call && call.tx !== undefined);
      this.calls.set(id, { resolve: resolve as (value: unknown) => void, reject, arrival, ofRequest: servesRequest(), holds });
      this.worker.postMessage({ id, arrival, ...call } satisfies Sent);
    });
  }

  /** When the thread last answered a statement (performance.now()); 0 before the first. */
  get lastAnswer(): number {
    return this.answeredAt;
  }

  /** Whether the thread has stopped: no statement will be answered again. */
  get stopped(): boolean {
    return this.failure !== null;
  }

  /** drizzle passes its parsers (functions) with each query: the thread applies the same ones itself. */
  async query<T>(text: string, params?: unknown[], options?: QueryOptions & { parsers?: unknown }): Promise<Results<T>> {
    return parseJsonColumns(await this.call<Results<T>>({ op: 'query', text, params, options: options?.rowMode ? { rowMode: options.rowMode } : undefined }));
  }
  async exec(text: string): Promise<Results[]> {
    return (await this.call<Results[]>({ op: 'exec', text })).map(parseJsonColumns);
  }
  /** A raw statement read with PGlite's own date parsers (pg-boss's), in or out of a transaction. */
  queryOwn<T>(text: string, params?: unknown[]): Promise<Results<T>> {
    return this.call({ op: 'query', text, params, own: true });
  }
  execOwn(text: string): Promise<Results[]> {
    return this.call({ op: 'exec', text, own: true });
  }

  async transaction<T>(run: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const handle: ThreadTransaction = {
      query: async (text, params, options) => parseJsonColumns(await this.call({ op: 'query', text, params, options: options?.rowMode ? { rowMode: options.rowMode } : undefined, tx })),
      exec: async (text) => (await this.call<Results[]>({ op: 'exec', text, tx })).map(parseJsonColumns),
    };
    let result: T;
    try {
      result = await run(handle);
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    const known = this.listeners.get(channel);
    if (known) known.add(listener);
    else {
      this.listeners.set(channel, new Set([listener]));
      await this.call({ op: 'listen', channel });
    }
    return async () => {
      const set = this.listeners.get(channel);
      set?.delete(listener);
      if (set && !set.size) {
        this.listeners.delete(channel);
        await this.call({ op: 'unlisten', channel });
      }
    };
  }

  async close() {
    if (!this.failure) await this.call({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}

/**
 * Starts the embedded database of `dataDir` in its thread, migrated with `migrationsFolder`;
 * the client answers once the database is open (its waitReady).
 */
export function startDatabaseThread(dataDir: string, migrationsFolder: string, nice = 0): ThreadClient {
  const worker = startThread(typeof DP_DATABASE_THREAD_BUNDLE === 'string' ? DP_DATABASE_THREAD_BUNDLE : undefined, SOURCE_ENTRY, {
    workerData: { databaseThread: { dataDir, migrationsFolder, nice } },
  });
  return new ThreadClient(worker);
}

// ——— the database's thread ———

/**
 * Gives the calling thread a niceness of its own. On Linux a thread is scheduled by its own id,
 * which `/proc/thread-self` names; elsewhere, or when refused, the thread keeps the process's.
 */
export function lowerThisThread(nice: number): boolean {
  try {
    const tid = Number(/\/task\/(\d+)$/.exec(fs.readlinkSync('/proc/thread-self'))?.[1]);
    if (!tid) return false;
    os.setPriority(tid, Math.min(os.getPriority(tid) + nice, 19));
    return true;
  } catch {
    return false;
  }
}

/** Opens the database, migrates it, then runs the statements the main thread sends. */
export async function serveDatabase(port: MessagePort, { dataDir, migrationsFolder, nice = 0 }: { dataDir: string; migrationsFolder: string; nice?: number }) {
  if (nice) lowerThisThread(nice);
  let client: PGlite;
  let own: Record<number, Parser>;
  try {
    client = newPglite({ dataDir });
    await client.waitReady;
    own = takeDrizzleParsers(client);
    const parsers = (client as unknown as { parsers: Record<number, Parser> }).parsers;
    for (const type of JSON_TYPES) {
      own[type] = parsers[type]!;
      parsers[type] = (value) => value;
    }
    await migrate(drizzle({ client: withoutQueryParsers(client) }) as never, { migrationsFolder });
  } catch (error) {
    port.postMessage({ failed: sendable(error) });
    return;
  }
  const stopKeeping = keepStatistics(client);
  const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void; done: Promise<void> }>();
  const unlistens = new Map<string, () => Promise<void>>();
  let lastTx = 0;

  const begin = () =>
    new Promise<number>((resolve, reject) => {
      const id = ++lastTx;
      const done = client.transaction(async (tx) => {
        const commit = await new Promise<boolean>((end) => {
          transactions.set(id, { tx, end, done });
          resolve(id);
        });
        if (!commit) await tx.rollback();
      });
      done.then(
        () => transactions.delete(id),
        (error) => {
          transactions.delete(id);
          reject(error);
        },
      );
    });

  const run = async (call: Call): Promise<unknown> => {
    switch (call.op) {
      case 'query': {
        const target = call.tx ? transactions.get(call.tx)!.tx : client;
        return target.query(call.text, call.params, { ...call.options, ...(call.own ? { parsers: own } : {}) });
      }
      case 'exec': {
        const target = call.tx ? transactions.get(call.tx)!.tx : client;
        return target.exec(call.text, call.own ? { parsers: own } : undefined);
      }
      case 'begin':
        return begin();
      case 'end': {
        const open = transactions.get(call.tx)!;
        open.end(call.commit);
        return open.done;
      }
      case 'listen':
        unlistens.set(call.channel, await client.listen(call.channel, (payload) => port.postMessage({ notify: call.channel, payload })));
        return;
      case 'unlisten':
        await unlistens.get(call.channel)?.();
        unlistens.delete(call.channel);
        return;
      case 'close':
        stopKeeping();
        return client.close();
    }
  };

  /**
   * Calls run one at a time, the earliest request's first (PGlite's own queue would take them as
   * they came, so a request's third statement would wait behind the first statement of every
   * request that came after it). While a transaction is open, only its statements run: it holds
   * the database, as in one process.
   */
  const waiting = new ArrivalQueue<Sent>();
  const inTransaction: Sent[] = [];
  let open: number | null = null;
  let pumping = false;
  const next = () => (open === null ? waiting.shift() : inTransaction.shift());
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    for (let call = next(); call; call = next()) {
      try {
        const result = await run(call);
        if (call.op === 'begin') open = result as number;
        if (call.op === 'end') open = null;
        port.postMessage({ id: call.id, result });
      } catch (error) {
        if (call.op === 'end') open = null;
        port.postMessage({ id: call.id, error: sendable(error) });
      }
    }
    pumping = false;
  };
  port.on('message', (message: Sent) => {
    if ('tx' in message && message.tx) inTransaction.push(message);
    else waiting.push(message.arrival, message);
    void pump();
  });
  port.postMessage({ ready: true });
}

