/** Multi-page fetches of "all" stop after this many pages (spec 000 §7). Apart from jsonapi.ts's schemas (first-load.ts). */
export const MAX_PAGES = 200;
