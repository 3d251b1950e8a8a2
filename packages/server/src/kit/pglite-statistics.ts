import type { PGlite } from '@electric-sql/pglite';

/**
 * The planner's statistics of the embedded database. PGlite runs no autovacuum, so a table keeps
 * the statistics of its last ANALYZE, or none: the demo's 600 new cars of a client were planned
 * as one row, and their list page read each car's site through a nested loop, three times the
 * work of the plan with statistics (docs/performance.md, "bench:burst"). PostgreSQL's own
 * autovacuum keeps them there.
 */

/**
 * The tables whose statistics are missing or stale: never analysed while holding rows, or grown
 * or shrunk since by more than a fifth of their pages (and more than two). Row changes that keep
 * the size (updates in place) are not seen, as PGlite keeps no counts of them.
 */
const STALE_TABLES = `
  select c.oid::regclass::text as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    and pg_relation_size(c.oid) > 0
    and (c.reltuples < 0 or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > greatest(2, c.relpages / 5))
  order by pg_relation_size(c.oid)`;

/**
 * Analyses the stale tables, one statement each, so that requests wait at most one table's
 * ANALYZE behind it (the database serves its queue in order). Answers the tables analysed.
 */
export async function analyzeStaleTables(client: Pick<PGlite, 'query' | 'exec'>): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(STALE_TABLES);
  for (const { name } of rows) await client.exec(`analyze ${name}`);
  return rows.map((row) => row.name);
}

/**
 * Keeps the statistics every `everyMs` (the first look `firstMs` after the start, after the burst
 * of a start's own work); stops with the returned function. A failure waits for the next look.
 */
export function keepStatistics(client: Pick<PGlite, 'query' | 'exec'>, { firstMs = 15_000, everyMs = 60_000 } = {}): () => void {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const look = (delay: number) => {
    timer = setTimeout(() => {
      analyzeStaleTables(client)
        .catch(() => undefined)
        .finally(() => !stopped && look(everyMs));
    }, delay);
    timer.unref();
  };
  look(firstMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
