import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from './site.table.ts';

/** Site statuses (spec 000 §4): 1 published, 2 draft, 3 pending (published, waiting for its VM). */
export const SITE_STATUS = { published: 1, draft: 2, pending: 3 } as const;

/**
 * Called by sites.controller when a task that provisions a site's hosts completes: a site whose
 * publication was waiting for it (pending) becomes published.
 */
export async function markSiteProvisioned(tx: DbOrTx, siteId: number) {
  await tx
    .update(sites)
    .set({ status: SITE_STATUS.published, updated_at: new Date() })
    .where(and(eq(sites.id, siteId), eq(sites.status, SITE_STATUS.pending)));
}
