import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const START_PARAMS = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;

/**
 * How the embedded database starts, in the process or in its thread (pglite-thread.ts).
 * pg_trgm backs the substring search of the lists (migration 0001). An in-memory database (the
 * tests') starts with 32 MB of shared buffers instead of the 128 MB of PGlite's configuration:
 * PostgreSQL zeroes them at every start (0.4 s of CPU), and a page they miss is a copy from
 * memory. A data folder keeps 128 MB: there a miss is a system call through Emscripten's file
 * system, and a burst of a manager's lists on the demo data cost twice the CPU with 32 MB
 * (docs/performance.md, "bench:burst").
 */
export function newPglite(start: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'> = {}): PGlite {
  const inMemory = !start.dataDir;
  return new PGlite({ ...start, extensions: { pg_trgm }, ...(inMemory ? { startParams: [...START_PARAMS, '-c', 'shared_buffers=32MB'] } : {}) });
}

/** The types drizzle's drivers read as text (its column types parse them): dates, times, numeric arrays; on PGlite and on PostgreSQL (readArrays). */
export const TEXT_READ_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const ARRAY_ELEMENT: Record<number, number> = { 1231: types.NUMERIC, 1115: types.TIMESTAMP, 1185: types.TIMESTAMPTZ, 1187: types.INTERVAL, 1182: types.DATE };
export type Parser = (value: string, typeId?: number) => unknown;

/**
 * drizzle's PGlite driver gives every query a map of parsers (TEXT_READ_TYPES as text), which
 * PGlite merges into its own map of some 300 types on every query: a third of the cost of a
 * one-row select (docs/performance.md). So the client reads those types as text itself, once, and
 * drizzle's queries go without the map (withoutQueryParsers). Returns PGlite's own parsers of
 * those types, for the raw statements.
 */
export function takeDrizzleParsers(client: PGlite): Record<number, Parser> {
  const parsers = (client as unknown as { parsers: Record<number, Parser> }).parsers;
  const own: Record<number, Parser> = {};
  for (const id of TEXT_READ_TYPES) {
    const element = ARRAY_ELEMENT[id];
    const scalar = element === undefined ? parsers[id] : parsers[element];
    own[id] = element === undefined ? (parsers[id] ?? ((value) => value)) : (value) => types.arrayParser(value, scalar ?? ((v: string) => v), id);
  }
  for (const id of TEXT_READ_TYPES) parsers[id] = (value) => value;
  return own;
}

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown };
const withoutParsers = (options?: QueryOptions) => (options?.parsers ? { ...options, parsers: undefined } : options);

/** The client as drizzle sees it: the same, except that the parsers its queries carry are dropped (takeDrizzleParsers). */
export function withoutQueryParsers(client: PGlite): PGlite {
  const strip = <T extends object>(target: T, wrap: (name: string | symbol, value: unknown) => unknown): T =>
    new Proxy(target, {
      get(object, name) {
        const value = Reflect.get(object, name, object);
        const wrapped = wrap(name, value);
        if (wrapped !== undefined) return wrapped;
        // PGlite's methods use private state: they run on the client itself, not on this proxy.
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  const transactionClient = (tx: object) =>
    strip(tx, (name, value) =>
      name === 'query' ? (text: string, params?: unknown[], options?: QueryOptions) => (value as Function).call(tx, text, params, withoutParsers(options)) : undefined,
    );
  return strip(client, (name) => {
    if (name === 'query') return (text: string, params?: unknown[], options?: QueryOptions) => client.query(text, params, withoutParsers(options) as never);
    if (name === 'transaction') return <T>(run: (tx: never) => Promise<T>) => client.transaction((tx) => run(transactionClient(tx) as never));
    return undefined;
  });
}

