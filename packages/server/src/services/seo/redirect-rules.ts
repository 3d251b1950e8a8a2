import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { pages } from '../sites.context/content.table.ts';
import { redirects } from './seo.table.ts';

/** The most hops a chain of redirects is followed for a loop. */
const MAX_HOPS = 100;

/**
 * The loop a new redirect `from → to` would close (A → B → A), as the chain of addresses, or null.
 * `next` is every other redirect of the site (from → to). Only a chain that comes back to `from`
 * counts: an older loop elsewhere is not this redirect's doing.
 */
export function loopChain(next: ReadonlyMap<string, string>, from: string, to: string): string[] | null {
  const chain = [from, to];
  let current = to;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (current === from) return chain;
    const following = next.get(current);
    if (following === undefined || chain.includes(following) && following !== from) return null;
    chain.push(following);
    current = following;
  }
  return null;
}

/** The chain as a message shows it: '/a → /b → /a', at most 10 addresses. */
export const chainText = (chain: string[]) => (chain.length > 10 ? [...chain.slice(0, 9), '…', chain.at(-1)!] : chain).join(' → ');

/** Every redirect of a site but one, as from → to. */
export async function siteRedirectMap(tx: DbOrTx, siteId: number, exceptId?: number): Promise<Map<string, string>> {
  const rows = await tx
    .select({ from: redirects.from_uri, to: redirects.to_uri })
    .from(redirects)
    .where(and(eq(redirects.site_id, siteId), exceptId ? ne(redirects.id, exceptId) : undefined));
  return new Map(rows.map((row) => [row.from, row.to]));
}

/** The address of a page of the site; a page of another site (or none) answers like a missing record. */
export async function pageUriOf(tx: DbOrTx, siteId: number, pageId: number, pointer: string): Promise<string> {
  const [page] = await tx.select({ uri: pages.uri }).from(pages).where(and(eq(pages.id, pageId), eq(pages.site_id, siteId))).limit(1);
  if (!page) throw badRequest('invalid_reference', pointer, { id: pageId });
  return page.uri;
}

/** 409 on from_uri when the site already redirects that address. */
export async function assertFromFree(tx: DbOrTx, siteId: number, from: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: redirects.id })
    .from(redirects)
    .where(and(eq(redirects.site_id, siteId), eq(redirects.from_uri, from), exceptId ? ne(redirects.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'redirect_from_taken', { uri: from }, '/data/attributes/from_uri');
}
