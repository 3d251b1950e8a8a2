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

/**
 * The pending list's size of a bulkSearchIndex, kB: a search scans at most this many (32 pages),
 * so the planner's view of the index and its speed stay as with `fastupdate = off`.
 */
export const BULK_PENDING_LIST_KB = 256;

/**
 * A searchIndex for a table written in bulk (the cars a feed import writes, 50,000 in one
 * transaction): `fastupdate = on` with a small pending list, so the inserted rows' trigrams are
 * merged into the index in sorted runs each time the list reaches BULK_PENDING_LIST_KB, instead of
 * one tree descent per trigram per row (50,000 VINs: 0.6 s instead of 1.5–5.3 s measured,
 * docs/decisions/platform.md, "How do lists page, sort and count?"). The writer of a bulk empties
 * the list after it (cleanPendingLists), so the search is as fast right after an import as before.
 */
export const bulkSearchIndex = (name: string, column: PgColumn) =>
  index(name).using('gin', sql`search_fold(${column}) gin_trgm_ops`).with({ fastupdate: true, gin_pending_list_limit: BULK_PENDING_LIST_KB });

/** Merges the pending lists of bulkSearchIndex indexes into them (after a bulk write has committed). */
export async function cleanPendingLists(db: { execute: (query: SQL) => Promise<unknown> }, indexNames: readonly string[]) {
  for (const name of indexNames) await db.execute(sql`select gin_clean_pending_list(${name}::regclass)`);
}

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
