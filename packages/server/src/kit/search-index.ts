import { sql, type SQL } from 'drizzle-orm';
import { index, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * The substring search of the lists (`filter[search]`, crud-routes.ts) is
 * `search_fold(column) like search_fold('%text%')`, where search_fold (migrations 0010, 0013) is
 * lower() declared as costly as it really is: PostgreSQL prices lower() like an addition, and so
 * prefers folding every row of a sequential scan to a trigram index, although folding Cyrillic
 * text costs microseconds a row. Priced right, the planner takes the index at every table size,
 * for the rows and the total. It is PostgreSQL's own lower() (LANGUAGE internal) where the
 * migration may declare one, so that the rows the index finds are checked at lower()'s speed.
 * Give every searched column of a table that grows such an index in its table file:
 *
 *   (t) => [searchIndex('clients_name_search', t.name), ...]
 *
 * `fastupdate = off`: rows go straight into the index, not into a pending list that is scanned
 * sequentially until the next vacuum (and makes the planner shun the index meanwhile).
 */
export const searchIndex = (name: string, column: PgColumn) =>
  index(name).using('gin', sql`search_fold(${column}) gin_trgm_ops`).with({ fastupdate: false });

/** A user's text as a literal inside LIKE patterns. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Rows where any of `columns` contains `text`, case-insensitively (see searchIndex). */
export function searchCondition(columns: PgColumn[], text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return sql`(${sql.join(
    columns.map((column) => sql`search_fold(${column}) like search_fold(${pattern})`),
    sql` or `,
  )})`;
}
