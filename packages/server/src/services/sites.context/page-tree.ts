import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { childUri } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { Row } from '../../kit/crud-routes.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { pages } from './content.table.ts';
import { assertNoOrigin } from './content-rules.ts';
import { markSiteContentChanged } from './mark-site-content-changed.ts';

/**
 * The page tree of a site (spec 000 §2 pages): parent and position among siblings. A page's address
 * follows its place: `/news/sale` under `/news`. Moving or renaming a page carries its subpages'
 * addresses along (docs/decisions/content.md, "How is the page tree kept?").
 */
type TreePage = { id: number; parent_id: number | null; uri: string; position: number };

/** A page whose address changed: what it was and what it is. */
export type PageAddressChange = { page_id: number; from: string; to: string };
/** Who changed them, for the audit trail of what listeners write. */
export type PageAddressActor = { auth: AuthContext; ip: string | null };
type PageAddressListener = (tx: DbOrTx, siteId: number, changes: PageAddressChange[], actor: PageAddressActor) => Promise<void>;
const addressListeners: PageAddressListener[] = [];

/**
 * Runs in the transaction that changes page addresses (seo's automatic redirects,
 * services/seo/auto-redirects.ts), after the pages hold their new addresses.
 */
export function onPageAddressesChanged(listener: PageAddressListener) {
  addressListeners.push(listener);
}

async function sitePages(tx: DbOrTx, siteId: number): Promise<TreePage[]> {
  return tx.select({ id: pages.id, parent_id: pages.parent_id, uri: pages.uri, position: pages.position }).from(pages).where(eq(pages.site_id, siteId));
}

/** The ids of `pageId` and every page below it. */
export function subtreeOf(all: TreePage[], pageId: number): Set<number> {
  const ids = new Set([pageId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const page of all) {
      if (page.parent_id != null && ids.has(page.parent_id) && !ids.has(page.id)) {
        ids.add(page.id);
        grew = true;
      }
    }
  }
  return ids;
}

/**
 * Gives the page `newUri` and its subpages whose address starts with the page's the new prefix;
 * 409 'page_uri_taken' (on `pointer`) when one of those addresses belongs to another page.
 */
export async function rebaseUris(tx: DbOrTx, siteId: number, pageId: number, oldUri: string, newUri: string, pointer: string, actor: PageAddressActor) {
  if (oldUri === newUri) return;
  const all = await sitePages(tx, siteId);
  const subtree = subtreeOf(all, pageId);
  const prefix = oldUri === '/' ? '/' : `${oldUri}/`;
  const changes = new Map<number, string>([[pageId, newUri]]);
  for (const page of all) {
    if (page.id === pageId || !subtree.has(page.id) || !page.uri.startsWith(prefix)) continue;
    changes.set(page.id, childUri(newUri, page.uri.slice(prefix.length)));
  }
  const others = new Map(all.filter((page) => !changes.has(page.id)).map((page) => [page.uri, page.id]));
  for (const uri of changes.values()) if (others.has(uri)) throw new AppError(409, 'page_uri_taken', { uri }, pointer);
  // Through a temporary address first, so that no two rows hold one address mid-way.
  for (const [id, uri] of changes) await tx.update(pages).set({ uri: `${uri}#moving-${id}` }).where(eq(pages.id, id));
  for (const [id, uri] of changes) await tx.update(pages).set({ uri, updated_at: new Date() }).where(eq(pages.id, id));
  const oldUris = new Map(all.map((page) => [page.id, page.uri]));
  const changed = [...changes].map(([id, uri]) => ({ page_id: id, from: oldUris.get(id)!, to: uri })).filter((change) => change.from !== change.to);
  for (const listener of addressListeners) await listener(tx, siteId, changed, actor);
}

/** The address a page takes under a new parent: its last segment below the parent's, when it followed its old parent's. */
export function uriUnder(page: { uri: string }, oldParentUri: string | null, newParentUri: string | null): string {
  if (page.uri === '/') return page.uri;
  const slug = page.uri.slice(page.uri.lastIndexOf('/') + 1);
  return page.uri === childUri(oldParentUri, slug) ? childUri(newParentUri, slug) : page.uri;
}

/** Renumbers the children of `parentId` 0, 1, 2 ... with `moved` at `position`. */
async function placeAmongSiblings(tx: DbOrTx, siteId: number, parentId: number | null, moved: number | null, position: number) {
  const siblings = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.site_id, siteId), parentId == null ? isNull(pages.parent_id) : eq(pages.parent_id, parentId)))
    .orderBy(asc(pages.position), asc(pages.id));
  const order = siblings.map((row) => row.id).filter((id) => id !== moved);
  if (moved != null) order.splice(Math.min(Math.max(position, 0), order.length), 0, moved);
  if (!order.length) return;
  await tx
    .update(pages)
    .set({ position: sql`array_position(${sql.raw(`array[${order.map(Number).join(',')}]::int[]`)}, ${pages.id}) - 1` })
    .where(inArray(pages.id, order));
}

/**
 * Moves a page in the tree (drag and drop): under `parent_id` (null: the top) at `position`
 * among its new siblings. A page cannot go below itself; its address and its subpages' follow.
 */
export async function movePage(tx: DbOrTx, auth: AuthContext, page: Row, target: { parent_id: number | null; position: number }, ip: string | null) {
  assertNoOrigin(page);
  const siteId = page.site_id as number;
  const all = await sitePages(tx, siteId);
  const byId = new Map(all.map((row) => [row.id, row]));
  const parent = target.parent_id == null ? null : byId.get(target.parent_id);
  if (target.parent_id != null && !parent) throw badRequest('invalid_reference', '/data/parent_id', { id: target.parent_id });
  if (parent && subtreeOf(all, page.id).has(parent.id)) throw badRequest('page_parent_cycle', '/data/parent_id');
  const oldParent = page.parent_id == null ? null : byId.get(page.parent_id as number) ?? null;
  const newUri = uriUnder({ uri: page.uri as string }, oldParent?.uri ?? null, parent?.uri ?? null);
  await rebaseUris(tx, siteId, page.id, page.uri as string, newUri, '/data/parent_id', { auth, ip });
  await tx.update(pages).set({ parent_id: parent?.id ?? null, updated_at: new Date() }).where(eq(pages.id, page.id));
  await placeAmongSiblings(tx, siteId, parent?.id ?? null, page.id, target.position);
  if ((oldParent?.id ?? null) !== (parent?.id ?? null)) await placeAmongSiblings(tx, siteId, oldParent?.id ?? null, null, 0);
  const [moved] = await tx.select().from(pages).where(eq(pages.id, page.id));
  const changes: Record<string, unknown> = {};
  for (const field of ['parent_id', 'position', 'uri'] as const) if (page[field] !== moved![field]) changes[field] = [page[field], moved![field]];
  await recordAudit(tx, auth, { action: 'move', service: 'sites.context', resource: 'pages', recordId: page.id, changes, clientId: page.client_id as number, ip });
  // The menu of the site follows the tree.
  await markSiteContentChanged(tx, siteId);
  return moved as unknown as Row;
}

/** The position a new page takes: after its siblings. */
export async function nextPosition(tx: DbOrTx, siteId: number, parentId: number | null) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${pages.position}) + 1, 0)`.mapWith(Number) })
    .from(pages)
    .where(and(eq(pages.site_id, siteId), parentId == null ? isNull(pages.parent_id) : eq(pages.parent_id, parentId)));
  return row?.n ?? 0;
}
