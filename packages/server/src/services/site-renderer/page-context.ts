import type { Lang } from '@dp/contracts';
import type { DrawnRegions, RenderContext } from './render-context.ts';
import type { FormOutcome } from './site-forms.ts';
import type { CarView, ShowroomModel, ShowroomView, StockView, VisitorCarsView } from './site-stock.ts';
import type { AccessoryView, ShopView } from './site-accessories.ts';
import type { FloorRow, LayoutStateRow, PageStateRow, SitePage, SiteSnapshot, StageStateRow } from './site-snapshot.ts';

export interface ContextOptions {
  lang: Lang;
  prefix: string;
  base: string;
  listPage: number;
  form?: FormOutcome | null;
  stock?: StockView | null;
  car?: CarView | null;
  showroom?: ShowroomView | null;
  models?: ShowroomModel[] | null;
  visitor?: VisitorCarsView | null;
  shop?: ShopView | null;
  accessory?: AccessoryView | null;
  preview?: boolean;
  /** A preview's draft layout state, its stages, or floors only it places. */
  layout?: LayoutStateRow | null;
  stages?: StageStateRow[];
  floors?: Map<number, FloorRow>;
  /** Regions of floors the site's pages drew (list and car pages: the same header, floors and footer on each). */
  drawn?: DrawnRegions | null;
}

/**
 * The context of one page's rendering: the page's layout (its own when published, else the
 * site's default layout) and, on the main page, the stages.
 */
export function contextFor(snap: SiteSnapshot, page: SitePage, state: PageStateRow | null, options: ContextOptions): RenderContext {
  const own = page.layout_id !== null ? snap.layouts.get(page.layout_id) : undefined;
  const layout = options.layout !== undefined ? options.layout : (own ?? (snap.defaultLayoutId !== null ? snap.layouts.get(snap.defaultLayoutId) : undefined) ?? null);
  return {
    snap,
    lang: options.lang,
    prefix: options.prefix,
    base: options.base,
    page,
    state: state ?? page.state,
    layout,
    stages: page.uri === '/' ? (options.stages ?? snap.stages) : [],
    floors: options.floors ?? snap.floors,
    listPage: options.listPage,
    preview: options.preview ?? false,
    form: options.form ?? null,
    stock: options.stock ?? null,
    car: options.car ?? null,
    showroom: options.showroom ?? null,
    models: options.models ?? null,
    visitor: options.visitor ?? null,
    shop: options.shop ?? null,
    accessory: options.accessory ?? null,
    css: [],
    counter: 0,
    drawn: options.drawn ?? null,
  };
}

/**
 * A page that is not one (the 404 page): no menu entry is current, its breadcrumbs are off.
 */
export function syntheticPage(snap: SiteSnapshot): SitePage {
  const model = snap.pagesByUri.get('/')?.state ?? [...snap.pagesById.values()][0]?.state;
  const state = { ...(model ?? {}), id: 0, page_id: 0, caption: '', floors: [], collection: null, seo_properties: { noindex: true }, active_bread_crumbs: false, hide_from_menu: true } as PageStateRow;
  return { id: 0, uri: '/404', parent_id: null, position: 0, layout_id: null, state };
}
