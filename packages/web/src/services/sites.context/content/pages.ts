import { childUri, transliterate } from '@dp/contracts';
import type { PageRecord } from './content-api.ts';

// What the page tree, its dialogs, the collections and the page editor share about a site's pages.

/** The editor of a page, at one of its states when given. */
export const pageEditPath = (siteId: string, pageId: string, stateId?: string | number | null) => `/sites.context/sites/${siteId}/pages/${pageId}${stateId ? `/${stateId}` : ''}`;

/** Options of a site's pages for a parent choice: caption and address. */
export const pageOptions = (pages: PageRecord[]) =>
  [...pages].sort((a, b) => a.attributes.uri.localeCompare(b.attributes.uri)).map((page) => ({ value: Number(page.id), label: `${page.attributes.caption ?? ''} (${page.attributes.uri})` }));

/** The address segment made from a title: Cyrillic transliterated, lower case, words joined by hyphens. */
export const slugFromTitle = (title: string) =>
  transliterate(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

/** `uri` unless a page of the site already holds it, otherwise with the first free `-2`, `-3` … */
export function freeUri(uri: string, pages: PageRecord[]): string {
  const taken = new Set(pages.map((page) => page.attributes.uri));
  if (!taken.has(uri)) return uri;
  for (let n = 2; ; n++) if (!taken.has(`${uri}-${n}`)) return `${uri}-${n}`;
}

/** The address a new page under `parentUri` gets from its title, free on the site. */
export const addressFromTitle = (parentUri: string | null | undefined, title: string, pages: PageRecord[]) => {
  const slug = slugFromTitle(title);
  return slug ? freeUri(childUri(parentUri, slug), pages) : childUri(parentUri, '');
};

/** Where the addresses a collection's items usually start, by type: the collection's own page. */
const COLLECTION_ADDRESSES: Record<string, string[]> = { news: ['/news'], specials: ['/specials', '/offers'], article: ['/articles', '/blog'], any: [] };

/**
 * The collection's page, the parent a new item of the type gets: the parent most of the listed
 * items have, otherwise the site's page at the type's usual address (/news for news); null when
 * neither is found.
 */
export function collectionParent(type: string, items: { attributes: { parent_id: number | null } }[], pages: PageRecord[]): number | null {
  const counts = new Map<number, number>();
  for (const item of items) if (item.attributes.parent_id != null) counts.set(item.attributes.parent_id, (counts.get(item.attributes.parent_id) ?? 0) + 1);
  const usual = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (usual != null && pages.some((page) => Number(page.id) === usual)) return usual;
  const page = (COLLECTION_ADDRESSES[type] ?? []).map((uri) => pages.find((one) => one.attributes.uri === uri)).find(Boolean);
  return page ? Number(page.id) : null;
}
