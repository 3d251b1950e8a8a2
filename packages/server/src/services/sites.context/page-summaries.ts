import { asc, inArray } from 'drizzle-orm';
import { STATE_STATUS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import type { Row } from '../../kit/crud-routes.ts';
import { pageStates } from './content.table.ts';

/**
 * Adds what spec 000 §3 Page lists beside the uri, read from the page's states: `published` (the
 * published state's id), `submitted` and `drafts` (ids), and `caption` (the published state's,
 * else the newest state's).
 */
export async function attachPageSummaries(db: DbOrTx, rows: Row[]) {
  const ids = rows.map((row) => row.id);
  const states = ids.length
    ? await db
        .select({ id: pageStates.id, page_id: pageStates.page_id, status: pageStates.status, superseded_at: pageStates.superseded_at, caption: pageStates.caption })
        .from(pageStates)
        .where(inArray(pageStates.page_id, ids))
        .orderBy(asc(pageStates.id))
    : [];
  for (const row of rows) {
    const own = states.filter((state) => state.page_id === row.id);
    const published = own.find((state) => state.status === STATE_STATUS.published && state.superseded_at == null) ?? null;
    row.published = published?.id ?? null;
    row.submitted = own.filter((state) => state.status === STATE_STATUS.submitted).map((state) => state.id);
    row.drafts = own.filter((state) => state.status === STATE_STATUS.draft).map((state) => state.id);
    row.caption = published?.caption ?? own.at(-1)?.caption ?? null;
  }
}
