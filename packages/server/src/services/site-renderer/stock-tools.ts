import { html, type Html } from './html.ts';
import { localHref, type RenderContext } from './render-context.ts';
import type { ListedCar, ListsByKind, StockTools } from './site-stock.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { say } from './texts.ts';

/*
 * The visitor's tools on a site with stock (docs/decisions/public-sites.md, "How do visitors keep
 * favourites, viewed cars and a comparison?"): where the favourites and comparison pages are, what
 * the site script reads (limits, messages), the cars' buttons, the tools' links and the viewed
 * strip, which the script fills and shows (hidden without it).
 */

/** The most cars a comparison shows side by side. */
export const COMPARE_MAX = 3;
/** Where the favourites and comparison pages are: below the first list's page. */
export const FAVORITES_SEGMENT = 'favorites';
export const COMPARE_SEGMENT = 'compare';

/** The site's tools: below the new cars' list page (else the used cars'), favourites and viewed only when the settings enable them. */
export function stockToolsOf(ctx: Pick<RenderContext, 'snap'>, lists: ListsByKind): StockTools | null {
  const stock = ctx.snap.stock;
  const base = lists.get('new')?.uri ?? lists.get('used')?.uri;
  if (!stock || base === undefined) return null;
  const below = (segment: string) => `${base === '/' ? '' : base}/${segment}`;
  const settings = stock.viewedFavorites;
  return {
    compareUri: below(COMPARE_SEGMENT),
    favoritesUri: settings.favorites_enabled ? below(FAVORITES_SEGMENT) : null,
    favorites: settings.favorites_enabled ? { max: settings.favorites_max_count, days: settings.favorites_lifetime_days } : null,
    viewed: settings.viewed_enabled ? { max: settings.viewed_max_count, days: settings.viewed_lifetime_days } : null,
  };
}

/** What the site script reads of the tools: addresses, limits and its messages in the page's language. */
export function stockMeta(ctx: RenderContext, tools: StockTools | null): Html | null {
  if (!tools) return null;
  const content = {
    compare: localHref(ctx, tools.compareUri),
    favorites: tools.favoritesUri ? localHref(ctx, tools.favoritesUri) : null,
    compareMax: COMPARE_MAX,
    favoritesMax: tools.favorites?.max ?? 0,
    favoritesDays: tools.favorites?.days ?? 0,
    viewedMax: tools.viewed?.max ?? 0,
    viewedDays: tools.viewed?.days ?? 0,
    text: {
      favoritesAdd: say(ctx.lang, 'favorites_add'),
      favoritesAdded: say(ctx.lang, 'favorites_added'),
      favoritesFull: say(ctx.lang, 'favorites_full', { max: tools.favorites?.max ?? 0 }),
      compareAdd: say(ctx.lang, 'compare_add'),
      compareAdded: say(ctx.lang, 'compare_added'),
      compareFull: say(ctx.lang, 'compare_full'),
    },
  };
  return html`<meta name="dp-stock" content="${JSON.stringify(content)}">`;
}

/** The buttons of a car (favourite, compare): shown by the site script, which keeps the lists. */
export function carActions(ctx: RenderContext, tools: StockTools | null, car: Pick<ListedCar, 'id'>, summary?: Record<string, unknown>): Html | null {
  if (!tools) return null;
  return html`<div class="car-actions" data-car-actions="${car.id}"${summary ? html` data-car="${JSON.stringify(summary)}"` : null} hidden>${
    tools.favorites ? html`<button type="button" class="btn btn--outline btn--small" data-favorite aria-pressed="false">${say(ctx.lang, 'favorites_add')}</button>` : null
  }<button type="button" class="btn btn--outline btn--small" data-compare aria-pressed="false">${say(ctx.lang, 'compare_add')}</button><p class="stock-message" role="status" data-stock-message></p></div>`;
}

/** Links to the favourites and comparison (with the counts the script fills in), and where its refusals are said. */
export function toolsBar(ctx: RenderContext, tools: StockTools | null): Html | null {
  if (!tools) return null;
  return html`<div class="stock-tools-wrap"><nav class="stock-tools" aria-label="${say(ctx.lang, 'stock_tools')}" data-stock-tools hidden>${
    tools.favoritesUri ? html`<a href="${localHref(ctx, tools.favoritesUri)}" data-tool="favorites">${say(ctx.lang, 'favorites_title')} <span class="stock-tools__count" data-count></span></a>` : null
  }<a href="${localHref(ctx, tools.compareUri)}" data-tool="compare">${say(ctx.lang, 'compare_title')} <span class="stock-tools__count" data-count></span></a></nav><p class="stock-message" role="status" data-stock-message></p></div>`;
}

/** The strip of the cars the visitor viewed (filled by the script from what it kept), when the settings keep them. */
export function viewedStrip(ctx: RenderContext, tools: StockTools | null): Html | null {
  if (!tools?.viewed) return null;
  return html`<section class="container stock-viewed" aria-labelledby="stock-viewed-title" data-viewed hidden><h2 id="stock-viewed-title">${say(ctx.lang, 'viewed_title')}</h2><ul class="stock-viewed__list"></ul></section>`;
}

/** Each kind's list and its page's address, from the snapshot. */
export function listsOf(snap: SiteSnapshot): ListsByKind {
  const lists: ListsByKind = new Map();
  for (const [pageId, own] of snap.stock?.byRootPage ?? []) {
    const uri = snap.pagesById.get(pageId)?.uri;
    if (uri) for (const list of own) lists.set(list.kind, { list, uri });
  }
  return lists;
}
