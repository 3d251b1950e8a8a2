import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { recordAudit } from '../../kit/audit.ts';
import { onPageAddressesChanged, type PageAddressActor, type PageAddressChange } from '../sites.context/page-tree.ts';
import { sites } from '../sites.context/site.table.ts';
import { redirects } from './seo.table.ts';

/**
 * Redirects the platform makes (created_type `auto`; docs/decisions/seo.md, "What happens to old
 * addresses when pages move?"): when pages change address (their uri edited, or moved in the tree
 * with their subpages), in the same transaction,
 * - a redirect from an address that is now a live page goes (it would hide the page);
 * - redirects to the page (by page, or by its old address) now lead to its new address, so a
 *   chain A → old → new collapses to A → new;
 * - the old address gets a 301 to the page, unless a manual or imported redirect holds it (kept
 *   as the editor wrote it); an automatic one from there is pointed at the page.
 * No chain or loop can result: every redirect touched ends at a live page's address, which no
 * redirect leaves from.
 */
async function redirectMovedPages(tx: DbOrTx, siteId: number, changes: PageAddressChange[], actor: PageAddressActor) {
  if (!changes.length) return;
  const [site] = await tx.select({ client_id: sites.client_id }).from(sites).where(eq(sites.id, siteId));
  const clientId = site!.client_id;
  const audit = (action: string, recordId: number, values: Record<string, unknown>) =>
    recordAudit(tx, actor.auth, { action, service: 'seo', resource: 'redirects', recordId, changes: { created_type: 'auto', ...values }, clientId, ip: actor.ip });
  const newUris = new Set(changes.map((change) => change.to));
  const now = new Date();

  // 1. No redirect leaves from an address a page now holds.
  const hiding = await tx.delete(redirects).where(and(eq(redirects.site_id, siteId), inArray(redirects.from_uri, [...newUris]))).returning();
  for (const row of hiding) await audit('delete', row.id, { from_uri: row.from_uri, to_uri: row.to_uri, created_type: row.created_type });

  // 2. What led to a page (by the page or by its old address) leads to its new address; decided
  // on the addresses before the change, as a page may take the old address of another.
  const rows = await tx.select().from(redirects).where(eq(redirects.site_id, siteId));
  for (const row of rows) {
    const change = changes.find((one) => row.to_page_id === one.page_id || row.to_uri === one.from);
    if (!change || (row.to_uri === change.to && row.to_page_id === change.page_id)) continue;
    await tx.update(redirects).set({ to_uri: change.to, to_page_id: change.page_id, updated_at: now }).where(eq(redirects.id, row.id));
    await audit('update', row.id, { from_uri: row.from_uri, to_uri: change.to });
  }

  for (const change of changes) {
    // 3. The old address answers 301 to the page, unless another page took it over.
    if (newUris.has(change.from)) continue;
    const [held] = await tx
      .select()
      .from(redirects)
      .where(and(eq(redirects.site_id, siteId), eq(redirects.from_uri, change.from)))
      .limit(1);
    if (held && held.created_type !== 'auto') continue;
    if (held) {
      if (held.to_uri === change.to) continue;
      await tx.update(redirects).set({ to_uri: change.to, to_page_id: change.page_id, code: 301, updated_at: now }).where(eq(redirects.id, held.id));
      await audit('update', held.id, { from_uri: change.from, to_uri: change.to });
      continue;
    }
    const [made] = await tx
      .insert(redirects)
      .values({ site_id: siteId, client_id: clientId, from_uri: change.from, to_uri: change.to, to_page_id: change.page_id, created_type: 'auto', code: 301 })
      .returning({ id: redirects.id });
    await audit('create', made!.id, { from_uri: change.from, to_uri: change.to, to_page_id: change.page_id, code: 301 });
  }
}

onPageAddressesChanged(redirectMovedPages);
