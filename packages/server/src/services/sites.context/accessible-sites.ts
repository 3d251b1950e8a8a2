import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { sites } from './site.table.ts';

/** Of `ids`, the sites that exist and belong to a client in the caller's scope. */
export async function accessibleSiteIds(db: DbOrTx, scope: AuthContext['scope'], ids: number[]): Promise<Set<number>> {
  if (ids.length === 0 || (scope !== 'all' && scope.length === 0)) return new Set();
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(inArray(sites.id, ids), scope === 'all' ? undefined : inArray(sites.client_id, scope)));
  return new Set(rows.map((row) => row.id));
}
