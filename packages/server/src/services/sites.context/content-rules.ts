import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import type { Row } from '../../kit/crud-routes.ts';
import { pages } from './content.table.ts';

/**
 * Rules every write of site content follows (docs/decisions/content.md, "Whose are content records,
 * and how do they stay on their site?" and "Which sites get copies of content?"): references stay
 * within the record's site, page addresses are unique per site, copies of an official master's
 * content (origin_id) are read-only.
 */

/** 403 for a record copied from an official master site: it changes only on the master. */
export function assertNoOrigin(row: Record<string, unknown> | null | undefined) {
  if (row?.origin_id != null) throw new AppError(403, 'origin_read_only');
}

type SiteTable = PgTable & { id: PgColumn; site_id: PgColumn };

/** The record `id` of `table` on the site `siteId`; otherwise a 400 on `pointer` that does not tell whether it exists elsewhere. */
export async function recordOfSite<T extends SiteTable>(tx: DbOrTx, table: T, id: number, siteId: number, pointer: string): Promise<Row> {
  const [row] = await tx.select().from(table as PgTable).where(and(eq(table.id, id), eq(table.site_id, siteId))).limit(1);
  if (!row) throw badRequest('invalid_reference', pointer, { id });
  return row as Row;
}

/** 409 'page_uri_taken' when another page of the site has the address. */
export async function assertUriFree(tx: DbOrTx, siteId: number, uri: string, pointer: string, exceptIds: number[] = []) {
  const conditions: (SQL | undefined)[] = [eq(pages.site_id, siteId), eq(pages.uri, uri)];
  if (exceptIds.length === 1) conditions.push(ne(pages.id, exceptIds[0]!));
  const rows = await tx.select({ id: pages.id }).from(pages).where(and(...conditions));
  if (rows.some((row) => !exceptIds.includes(row.id))) throw new AppError(409, 'page_uri_taken', { uri }, pointer);
}

