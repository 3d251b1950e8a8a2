import type { Lang } from '@dp/contracts';
import { safeHref, type Html } from './html.ts';
import type { FloorRow, LayoutStateRow, PageStateRow, SitePage, SiteSnapshot, StageStateRow } from './site-snapshot.ts';
import type { FormOutcome } from './site-forms.ts';
import type { CarView, ShowroomModel, ShowroomView, StockView, VisitorCarsView } from './site-stock.ts';
import type { AccessoryView, ShopView } from './site-accessories.ts';

/** Everything one page's rendering reads: the site, the page and the states shown, the language. */
export interface RenderContext {
  snap: SiteSnapshot;
  lang: Lang;
  /** '' for the site's main language, '/en' for an extra one: internal links keep it. */
  prefix: string;
  /** The site's public origin (canonical addresses, Open Graph, the site map). */
  base: string;
  page: SitePage;
  state: PageStateRow;
  layout: LayoutStateRow | null;
  /** Banners shown on this page (the main page's, and pages a stage is personalised for). */
  stages: StageStateRow[];
  floors: Map<number, FloorRow>;
  /** The page number of paged lists (?page=). */
  listPage: number;
  preview: boolean;
  /** A posted form of this page: its placement and what the check found. */
  form: FormOutcome | null;
  /** Rules made from checked values (stage colours), put in the page's style element. */
  css: string[];
  /** The stock list the page shows (a root page of the stock settings). */
  stock?: StockView | null;
  /** The car a car page shows. */
  car?: CarView | null;
  /** The model a model page (a showroom page of the stock settings) shows. */
  showroom?: ShowroomView | null;
  /** The models the root catalogue page lists. */
  models?: ShowroomModel[] | null;
  /** The visitor's favourites or comparison a page of them shows. */
  visitor?: VisitorCarsView | null;
  /** The accessories catalogue the shop's page shows. */
  shop?: ShopView | null;
  /** The accessory an accessory's page shows. */
  accessory?: AccessoryView | null;
  /** For unique element ids. */
  counter: number;
  /** Regions of floors drawn before, kept with the site's cached answers; none: each is drawn. */
  drawn: DrawnRegions | null;
}

/**
 * Regions of floors a site's pages drew, for the next page that draws the same (the renderer keeps
 * them with the site's cached answers, so the notifications that drop those drop them): the markup
 * and the rules it added to the page's stylesheet, by what the markup depends on (render-floors.ts).
 */
export interface DrawnRegions {
  /** By the placed floors drawn (the snapshot's arrays), then by what else their markup depends on. */
  regions: WeakMap<object, Map<string, { html: Html; css: string[] }>>;
  /** How many are kept. */
  count: number;
  /** Counts what was added against the renderer's memory budget. */
  grew(bytes: number): void;
}

/** SEO constants (`{CITY}`) replaced by their values; an unknown placeholder stays as typed. */
export function substitute(constants: ReadonlyMap<string, string>, text: string): string {
  if (!constants.size || !text.includes('{')) return text;
  return text.replace(/\{([A-Za-z_]{1,100})\}/g, (whole, name: string) => constants.get(name) ?? whole);
}

/** An editor's text with the site's constants filled in (null for no text); escaped where it is used. */
export function tx(ctx: RenderContext, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text ? substitute(ctx.snap.constants, text) : null;
}

/** A safe link target; page addresses keep the language prefix of the page being shown. */
export function href(ctx: RenderContext, value: unknown): string | null {
  const link = safeHref(value);
  if (!link) return null;
  return localHref(ctx, link);
}

export function localHref(ctx: Pick<RenderContext, 'prefix'>, link: string): string {
  if (!ctx.prefix || !link.startsWith('/') || link.startsWith('/files/') || link.startsWith('/_site/')) return link;
  return link === '/' ? ctx.prefix : `${ctx.prefix}${link}`;
}

export function uid(ctx: RenderContext, prefix: string): string {
  ctx.counter += 1;
  return `${prefix}-${ctx.counter}`;
}

/** The published pages from the top of the tree down to `page`. */
export function ancestorsOf(snap: SiteSnapshot, page: SitePage): SitePage[] {
  const chain: SitePage[] = [];
  const seen = new Set<number>([page.id]);
  let current = page.parent_id !== null ? snap.pagesById.get(page.parent_id) : undefined;
  while (current && !seen.has(current.id)) {
    chain.unshift(current);
    seen.add(current.id);
    current = current.parent_id !== null ? snap.pagesById.get(current.parent_id) : undefined;
  }
  return chain;
}

/** The main page of the site ('/'). */
export const homeOf = (snap: SiteSnapshot) => snap.pagesByUri.get('/') ?? null;

/**
 * The menu's first level: the main page's children and the other pages at the top of the tree,
 * hidden ones left out (hide_from_menu).
 */
export function menuRoots(snap: SiteSnapshot): SitePage[] {
  const home = homeOf(snap);
  const top = (snap.children.get(null) ?? []).filter((page) => page.uri !== '/');
  const underHome = home ? (snap.children.get(home.id) ?? []) : [];
  return [...underHome, ...top].filter((page) => !page.state.hide_from_menu);
}

export const menuChildren = (snap: SiteSnapshot, page: SitePage) => (snap.children.get(page.id) ?? []).filter((child) => !child.state.hide_from_menu);

/** An address of the site as an absolute URL (canonical, Open Graph): site paths and stored files on the site's origin. */
export function absolute(base: string, value: string): string {
  return /^https?:\/\//i.test(value) ? value : `${base}${value.startsWith('/') ? value : `/${value}`}`;
}
