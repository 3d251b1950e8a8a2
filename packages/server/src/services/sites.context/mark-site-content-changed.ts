import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from './site.table.ts';

/**
 * A publication changed what a site shows (a page, layout or stage state published or taken
 * off): the public renderer drops what it caches for the site. Until the renderer exists this
 * sets `sites.rendered_at`, which it will compare with its cache.
 */
export async function markSiteContentChanged(tx: DbOrTx, siteId: number) {
  await tx.update(sites).set({ rendered_at: new Date() }).where(eq(sites.id, siteId));
}
