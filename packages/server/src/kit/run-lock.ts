import type pg from 'pg';
import type { ServiceContext } from './context.ts';

/**
 * A lock a long run (an import, a task) holds while its process lives, so that a sweep can tell
 * a run that is going on from one whose process died (kill -9, out of memory, a lost machine):
 * - PostgreSQL: a session advisory lock on a connection of its own, which the server releases as
 *   soon as the connection drops, whichever process held it;
 * - PGlite: a set per database in this process (the embedded database belongs to one process, so
 *   a run of another one cannot exist; after a restart the set is empty).
 * `scope` keeps the locks of different kinds of runs apart (an advisory lock's first key).
 */
const heldByDatabase = new WeakMap<object, Set<string>>();

type Pool = pg.Pool;
const poolOf = (ctx: Pick<ServiceContext, 'db'>) => (ctx.db as unknown as { $client: Pool }).$client;

/** Takes the lock of the run `id`; answers its release, or null when a live run holds it. */
export async function takeRunLock(ctx: Pick<ServiceContext, 'db' | 'config'>, scope: number, id: number): Promise<(() => Promise<void>) | null> {
  const key = `${scope}:${id}`;
  if (!ctx.config.databaseUrl) {
    const held = heldByDatabase.get(ctx.db) ?? new Set<string>();
    heldByDatabase.set(ctx.db, held);
    if (held.has(key)) return null;
    held.add(key);
    return async () => void held.delete(key);
  }
  const client = await poolOf(ctx).connect();
  try {
    const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1, $2) as taken', [scope, id]);
    if (!rows[0]?.taken) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  return async () => {
    try {
      await client.query('select pg_advisory_unlock($1, $2)', [scope, id]);
      client.release();
    } catch (error) {
      // A broken connection is dropped, not returned to the pool; its lock went with it.
      client.release(error as Error);
    }
  };
}

/**
 * Whether a live run (of any process) holds the lock of `id`. It only looks, never takes the lock:
 * a run starting while it asks must not find the lock held and stand aside
 * (docs/decisions/import.md, "What if the process dies mid-import?").
 */
export async function isRunLive(ctx: Pick<ServiceContext, 'db' | 'config'>, scope: number, id: number): Promise<boolean> {
  if (!ctx.config.databaseUrl) return heldByDatabase.get(ctx.db)?.has(`${scope}:${id}`) ?? false;
  // pg_try_advisory_lock(int4, int4) shows in pg_locks as classid, objid and objsubid 2.
  const { rows } = await poolOf(ctx).query<{ live: boolean }>(
    `select exists (select 1 from pg_locks where locktype = 'advisory' and granted and objsubid = 2
       and classid = $1::int::oid and objid = $2::int::oid
       and database = (select oid from pg_database where datname = current_database())) as live`,
    [scope, id],
  );
  return rows[0]?.live ?? false;
}
