import type { PageRecord } from './content-api.ts';

// What the page tree, its dialogs, the collections and the page editor share about a site's pages.

/** The editor of a page, at one of its states when given. */
export const pageEditPath = (siteId: string, pageId: string, stateId?: string | number | null) => `/sites.context/sites/${siteId}/pages/${pageId}${stateId ? `/${stateId}` : ''}`;

/** Options of a site's pages for a parent choice: caption and address. */
export const pageOptions = (pages: PageRecord[]) =>
  [...pages].sort((a, b) => a.attributes.uri.localeCompare(b.attributes.uri)).map((page) => ({ value: Number(page.id), label: `${page.attributes.caption ?? ''} (${page.attributes.uri})` }));
