import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { sites } from './site.table.ts';

/**
 * Official master sites (spec 000 §4, §6): the pages, layouts, stages, templates and collections
 * of an official master site (type 2) are its central content. Forks (origin_site_id) show it;
 * everybody but platform staff sees it read-only, through the master and through every fork.
 * Content of any other site is not central: whoever may edit the site edits it.
 *
 * The content services call assertCentralContentEditable before each write of a content record,
 * with the id of the site that owns the record.
 */
export function isCentralContentLocked(auth: Pick<AuthContext, 'scope'>, owner: { type: number }): boolean {
  return owner.type === 2 && auth.scope !== 'all';
}

/** 403 'central_content_read_only' when the content of `ownerSiteId` is central and the caller is not staff. */
export async function assertCentralContentEditable(db: DbOrTx, auth: Pick<AuthContext, 'scope'>, ownerSiteId: number) {
  const [owner] = await db.select({ type: sites.type }).from(sites).where(eq(sites.id, ownerSiteId)).limit(1);
  if (owner && isCentralContentLocked(auth, owner)) throw new AppError(403, 'central_content_read_only');
}

/** The sites whose central content a site shows: itself, and the official master it was forked from. */
export async function centralContentSiteIds(db: DbOrTx, siteId: number): Promise<number[]> {
  const [site] = await db.select({ id: sites.id, origin_site_id: sites.origin_site_id }).from(sites).where(eq(sites.id, siteId)).limit(1);
  return site ? centralContentSiteIdsOf(db, site) : [];
}

/** The same for a site row already read. */
export async function centralContentSiteIdsOf(db: DbOrTx, site: { id: number; origin_site_id: number | null }): Promise<number[]> {
  if (!site.origin_site_id) return [site.id];
  const [origin] = await db.select({ id: sites.id, type: sites.type }).from(sites).where(eq(sites.id, site.origin_site_id)).limit(1);
  return origin?.type === 2 ? [site.id, origin.id] : [site.id];
}
