import type { CollectionBlock } from '../sites.context/content.table.ts';
import { html, type Html } from './html.ts';
import { href, localHref, tx, type RenderContext } from './render-context.ts';
import { imageTag, videoBlock } from './render-media.ts';
import type { SitePage } from './site-snapshot.ts';
import { formatDate, say } from './texts.ts';

/**
 * Collections on public sites (spec 000 §3 Collection page): the published pages carrying a
 * collection block of a type, as lists (the news, specials and collection list floors, paged with
 * ?page=) and as detail pages (the block's title, date, picture, dealers, tags, video above the
 * page's floors).
 */
export interface CollectionFilter {
  type: string;
  tags: string[];
  /** Only pages below this address (/news). */
  parentUri: string | null;
  /** The page being shown is not listed on itself. */
  exclude: number | null;
}

const dateOf = (page: SitePage) => {
  const value = page.state.collection?.publication_date;
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? 0 : time;
};

/** News newest first; other types by their order, then newest (as the admin lists them). */
export function collectionPages(pages: Iterable<SitePage>, filter: CollectionFilter): SitePage[] {
  const prefix = filter.parentUri ? `${filter.parentUri.replace(/\/+$/, '')}/` : null;
  const list = [...pages].filter((page) => {
    const block = page.state.collection;
    if (!block || block.type !== filter.type || page.id === filter.exclude) return false;
    if (prefix && !page.uri.startsWith(prefix)) return false;
    return !filter.tags.length || block.tags.some((tag) => filter.tags.includes(tag));
  });
  const order = (page: SitePage) => page.state.collection?.order ?? 0;
  return list.sort((a, b) => (filter.type === 'news' ? dateOf(b) - dateOf(a) || order(a) - order(b) : order(a) - order(b) || dateOf(b) - dateOf(a)) || a.id - b.id);
}

/** Dealers a block names, among the site's own (others are never shown). */
function dealerNames(ctx: RenderContext, block: CollectionBlock): string[] {
  return (block.dealer_ids ?? []).map((id) => ctx.snap.dealers.get(id)).filter((dealer) => !!dealer).map((dealer) => (dealer.city ? `${dealer.name} (${dealer.city})` : dealer.name));
}

function tagList(ctx: RenderContext, tags: string[] | undefined): Html | null {
  const shown = (tags ?? []).map((tag) => tx(ctx, tag)).filter((tag) => !!tag);
  return shown.length ? html`<ul class="tags" aria-label="${say(ctx.lang, 'tags')}">${shown.map((tag) => html`<li>${tag}</li>`)}</ul>` : null;
}

function timeTag(ctx: RenderContext, iso: string | null | undefined): Html | null {
  const text = formatDate(ctx.lang, iso);
  return text ? html`<time datetime="${new Date(iso!).toISOString()}">${text}</time>` : null;
}

/** One page of a collection as a card; `level` is its heading's level under the list's title. */
export function collectionCard(ctx: RenderContext, page: SitePage, level: 2 | 3): Html {
  const block = page.state.collection!;
  const title = tx(ctx, block.title) ?? tx(ctx, page.state.caption) ?? page.uri;
  const date = block.type !== 'specials' ? timeTag(ctx, block.publication_date) : null;
  const heading = html`<a href="${localHref(ctx, page.uri)}">${title}</a>`;
  return html`<li class="card">${imageTag(block.image, { altFallback: '' })}<div class="card__body">${date ? html`<p class="card__meta">${date}</p>` : null}${level === 2 ? html`<h2>${heading}</h2>` : html`<h3>${heading}</h3>`}${tx(ctx, block.description) ? html`<p>${tx(ctx, block.description)}</p>` : null}${tagList(ctx, block.tags)}</div></li>`;
}

/** Links to the pages of a paged list: ?page=2 … of the page being shown. */
export function pagination(ctx: RenderContext, pages: number, current: number): Html | null {
  if (pages <= 1) return null;
  const link = (n: number) => `${localHref(ctx, ctx.page.uri)}${n > 1 ? `?page=${n}` : ''}`;
  const items = Array.from({ length: pages }, (_, index) => index + 1).map((n) =>
    n === current ? html`<li><span aria-current="page">${n}</span></li>` : html`<li><a href="${link(n)}" aria-label="${say(ctx.lang, 'page_n', { n })}">${n}</a></li>`,
  );
  return html`<nav aria-label="${say(ctx.lang, 'pages')}"><ul class="pagination">${items}</ul></nav>`;
}

/**
 * The head of a collection page: its title as the page's heading, date, dealers, picture, lead and
 * video. The page's floors follow.
 */
export function collectionHeader(ctx: RenderContext, block: CollectionBlock & { video?: unknown }): Html {
  const title = tx(ctx, block.title) ?? tx(ctx, ctx.state.caption) ?? '';
  const dealers = dealerNames(ctx, block);
  const date = block.type !== 'specials' ? timeTag(ctx, block.publication_date) : null;
  const meta = date || dealers.length ? html`<p class="article-meta">${date ? html`<span>${say(ctx.lang, 'published_on')}: ${date}</span>` : null}${dealers.length ? html`<span>${say(ctx.lang, 'valid_at')}: ${dealers.join(', ')}</span>` : null}</p>` : null;
  const image = imageTag(block.image, { lazy: false, altFallback: title });
  return html`<h1>${title}</h1>${meta}${tagList(ctx, block.tags)}${image ? html`<figure class="article-image">${image}</figure>` : null}${tx(ctx, block.description) ? html`<p class="lead">${tx(ctx, block.description)}</p>` : null}${videoBlock(block.video as never, title)}`;
}

/** The "all …" link of a list floor, when it leads somewhere else than the page shown. */
export function allLink(ctx: RenderContext, value: unknown, label: string): Html | null {
  const target = href(ctx, value);
  if (!target || target === localHref(ctx, ctx.page.uri)) return null;
  return html`<p class="list-more"><a class="btn btn--outline" href="${target}">${label}</a></p>`;
}
