import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { SITE_LOCALES, STATE_STATUS, type Lang } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { layouts, layoutStates, pages, pageStates, type PlacedFloor } from '../sites.context/content.table.ts';
import { centralContentSiteIdsOf } from '../sites.context/central-content.ts';
import { stageStates } from '../content.storage/stage.table.ts';
import { floors } from '../floors.storage/floor.table.ts';
import { redirects, seoConfigs, seoConstants } from '../seo/seo.table.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { carModels } from '../cars.catalog/catalog.table.ts';
import { customForms } from '../form-constructor/form.table.ts';
import { loadPublicMedia, type PublicMediaItem } from '../custom.media/custom-media.routes.ts';
import type { FormModel } from './site-forms.ts';
import { loadStockConfig, type StockConfig } from './site-stock.ts';
import { loadShopConfig, type ShopConfig } from './site-accessories.ts';

/**
 * Everything a public site shows, read at once per site (a dozen statements) and kept by the
 * site cache until a change of the site is NOTIFYed (site-cache.ts): the site, its pages with
 * their published states, the published layouts, stages, the floors they place, SEO settings,
 * constants, redirects and the dealerships collections name. Pages render from it without SQL.
 */
export type SiteRow = typeof sites.$inferSelect;
export type PageStateRow = typeof pageStates.$inferSelect;
export type LayoutStateRow = typeof layoutStates.$inferSelect;
export type StageStateRow = typeof stageStates.$inferSelect;
export type FloorRow = typeof floors.$inferSelect;
export type SeoConfigRow = typeof seoConfigs.$inferSelect;

export interface SitePage {
  id: number;
  uri: string;
  parent_id: number | null;
  position: number;
  layout_id: number | null;
  state: PageStateRow;
}

export interface Redirect {
  to: string;
  code: number;
}

/** A dealer the site names (hidden ones, status 1, are left out). */
export interface Dealer {
  id: number;
  name: string;
  city: string | null;
}

export interface SiteSnapshot {
  site: SiteRow;
  /** The site's language and its extra ones (the multiple_locales module), main first. */
  languages: Lang[];
  pagesByUri: Map<string, SitePage>;
  pagesById: Map<number, SitePage>;
  /** Published pages under each parent (null: the top), in menu order. */
  children: Map<number | null, SitePage[]>;
  /** Published layout states by layout id, and the layout pages without one use. */
  layouts: Map<number, LayoutStateRow>;
  defaultLayoutId: number | null;
  /** Published stage states shown on the main page, in order (the site's own and its master's). */
  stages: StageStateRow[];
  floors: Map<number, FloorRow>;
  seo: SeoConfigRow | null;
  constants: Map<string, string>;
  /** Redirects by their "from" address. */
  redirects: Map<string, Redirect>;
  dealers: Map<number, Dealer>;
  /** The catalogue models of the site's brand: the model select of its test drive and purchase forms. */
  models: FormModel[];
  /** The site's own constructor forms by id (their titles): the forms a `custom_form` floor may draw. */
  customForms: Map<number, string>;
  /** Visible custom media items by profile (0: the site's own profiles), when a `custom_media` floor is placed and the module is active. */
  customMedia: Map<number, PublicMediaItem[]>;
  /** The modules installed and active on the site. */
  modules: Set<string>;
  /** What the site's stock lists read (site-stock.ts); null without an active stock module. */
  stock: StockConfig | null;
  /** The accessories shop's categories and attributes (site-accessories.ts); null without an active `accessories_stock`. */
  shop: ShopConfig | null;
  /** Sites whose content this snapshot shows (the site, its official master): a change of any drops it. */
  dependsOn: number[];
  /** The smart captcha its forms show (form-constructor's captcha settings); absent: the proof of work. */
  smartCaptcha?: { sitekey: string; scriptUrl: string } | null;
  /** Where the site's script reads the call-tracking session id a request's analytics carry (config `calltracking`). */
  calltracking?: { cookie: string; global: string } | null;
  /** The smart contract widget (smart_contracts): its script, the configuration it is given, where it shows; null: none. */
  smartContracts?: SmartContractsView | null;
  /** The call tracking service's widget (calltracking): its script and the numbers it substitutes; null: none. */
  callWidget?: CallWidgetView | null;
  /** The optional fields the site's trade-in settings add to its trade-in forms (tradein.calculator); null: none. */
  tradeInFields?: readonly string[] | null;
  /** The share of page views whose errors the site's reporter sends, in percent (the error collection's setting); absent: all. */
  errorSamplePercent?: number;
}

/** What a site's pages need of its smart contract widget (smart_contracts/widget-view.ts makes it). */
export interface SmartContractsView {
  scriptUrl: string;
  /** The widget's configuration (the settings without the site's internals), given to its script as JSON. */
  config: Record<string, unknown>;
  onDetail: boolean;
  onList: boolean;
  replaceCarOrder: boolean;
  replaceBuyModel: boolean;
}

/** What a site's pages need of its call tracking widget (calltracking/widget-view.ts makes it). */
export interface CallWidgetView {
  provider: 'calltouch' | 'callkeeper';
  /** The service's script with its site's id. */
  scriptUrl: string;
  /** The site's numbers the service substitutes. */
  phones: string[];
  /** Where the page keeps the service's session id (its cookie). */
  cookie: string;
}

const published = (table: typeof pageStates | typeof layoutStates | typeof stageStates) => and(eq(table.status, STATE_STATUS.published), isNull(table.superseded_at));

/** Menu order: the state's order, then the place in the tree. */
const byMenuOrder = (a: SitePage, b: SitePage) => a.state.order - b.state.order || a.position - b.position || a.id - b.id;

/** The floors placed by a list of placements, as ids. */
export const placedFloorIds = (lists: (PlacedFloor[] | null | undefined)[]) => lists.flatMap((list) => (list ?? []).map((placed) => placed.floor_id));

/**
 * Floors a site may show: enabled, and the platform's or the site client's own. A floor of another
 * client is never shown, whatever a placement names.
 */
export async function loadFloors(db: DbOrTx, clientId: number, ids: number[]): Promise<Map<number, FloorRow>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (!wanted.length) return new Map();
  const rows = await db
    .select()
    .from(floors)
    .where(and(inArray(floors.id, wanted), eq(floors.enabled, true), or(isNull(floors.client_id), eq(floors.client_id, clientId))));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The most models a form's select offers. */
const MODELS_MAX = 300;

/** The catalogue models of the site's brand (none without a brand), by name, in the site's language. */
export async function loadModels(db: DbOrTx, site: SiteRow): Promise<FormModel[]> {
  const brand = site.context?.brand_id;
  if (!brand) return [];
  const rows = await db.select({ id: carModels.id, name: carModels.name, name_ru: carModels.name_ru, name_en: carModels.name_en }).from(carModels).where(eq(carModels.brand_id, brand)).orderBy(asc(carModels.name)).limit(MODELS_MAX);
  return rows.map((row) => ({ id: row.id, name: (site.locale === 'en' ? row.name_en : row.name_ru) || row.name }));
}

/** The site's own constructor forms (ids and titles). */
export async function loadCustomForms(db: DbOrTx, siteId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: customForms.id, title: customForms.title }).from(customForms).where(eq(customForms.site_id, siteId));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The site row, or null when there is none. */
export async function loadSiteRow(db: DbOrTx, siteId: number): Promise<SiteRow | null> {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  return site ?? null;
}

export async function loadSiteSnapshot(db: DbOrTx, site: SiteRow): Promise<SiteSnapshot> {
  const siteIds = await centralContentSiteIdsOf(db, site);
  const masterIds = siteIds.filter((id) => id !== site.id);
  const [pageRows, layoutRows, stageRows, seoRows, constantRows, redirectRows, localeRows, dealerRows, models, forms] = await Promise.all([
    db
      .select({ id: pages.id, uri: pages.uri, parent_id: pages.parent_id, position: pages.position, layout_id: pages.layout_id, state: pageStates })
      .from(pages)
      .innerJoin(pageStates, and(eq(pageStates.page_id, pages.id), published(pageStates)))
      .where(eq(pages.site_id, site.id)),
    db
      .select({ id: layouts.id, is_default: layouts.is_default, state: layoutStates })
      .from(layouts)
      .leftJoin(layoutStates, and(eq(layoutStates.layout_id, layouts.id), published(layoutStates)))
      .where(eq(layouts.site_id, site.id))
      .orderBy(asc(layouts.id)),
    db
      .select()
      .from(stageStates)
      .where(and(inArray(stageStates.site_id, siteIds), published(stageStates)))
      .orderBy(asc(stageStates.order), asc(stageStates.id)),
    db.select().from(seoConfigs).where(eq(seoConfigs.site_id, site.id)).limit(1),
    db.select({ placeholder: seoConstants.placeholder, value: seoConstants.value }).from(seoConstants).where(eq(seoConstants.site_id, site.id)),
    db.select({ from: redirects.from_uri, to: redirects.to_uri, code: redirects.code }).from(redirects).where(eq(redirects.site_id, site.id)),
    db
      .select({ code: modules.code })
      .from(moduleInstallations)
      .innerJoin(modules, eq(modules.id, moduleInstallations.module_id))
      .where(and(eq(moduleInstallations.site_id, site.id), eq(moduleInstallations.active, true))),
    site.dealer_ids.length || site.dealer_id
      ? db
          .select({ id: dealerships.id, name: dealerships.title, city: dealerships.city })
          .from(dealerships)
          .where(and(eq(dealerships.client_id, site.client_id), ne(dealerships.status, 1), inArray(dealerships.id, [...site.dealer_ids, ...(site.dealer_id ? [site.dealer_id] : [])])))
      : Promise.resolve([] as Dealer[]),
    loadModels(db, site),
    loadCustomForms(db, site.id),
  ]);

  const pagesById = new Map<number, SitePage>(pageRows.map((row) => [row.id, row]));
  const pagesByUri = new Map<string, SitePage>(pageRows.map((row) => [row.uri, row]));
  const children = new Map<number | null, SitePage[]>();
  for (const page of pageRows) {
    // A page below a page that is not on the site is not reachable from the menu.
    const parent = page.parent_id !== null && pagesById.has(page.parent_id) ? page.parent_id : null;
    if (page.parent_id !== null && parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), page]);
  }
  for (const list of children.values()) list.sort(byMenuOrder);

  const layoutStatesById = new Map<number, LayoutStateRow>();
  for (const row of layoutRows) if (row.state) layoutStatesById.set(row.id, row.state);
  const defaultLayoutId = layoutRows.find((row) => row.is_default)?.id ?? null;

  // A master's stages reach its forks in the stage's site groups (none: every fork).
  const stages = stageRows.filter((stage) => stage.site_id === site.id || !stage.group_ids.length || stage.group_ids.some((id) => site.group_ids.includes(id)));

  const floorIds = placedFloorIds([...pageRows.map((row) => row.state.floors), ...[...layoutStatesById.values()].flatMap((state) => [state.header_floors, state.footer_floors])]);
  const activeModules = new Set(localeRows.map((row) => row.code));
  // The stock's sold templates place floors too: they are read with the pages' and layouts'.
  const [stock, shop] = await Promise.all([loadStockConfig(db, site.id, site.client_id, activeModules), loadShopConfig(db, site.client_id!, activeModules)]);
  const floorRows = await loadFloors(db, site.client_id, [...floorIds, ...placedFloorIds([...(stock?.soldTemplates.values() ?? [])])]);

  const customMedia = activeModules.has('custom_media') && [...floorRows.values()].some((floor) => floor.component === 'custom_media') ? await loadPublicMedia(db, site) : new Map<number, PublicMediaItem[]>();

  const main = (SITE_LOCALES as readonly string[]).includes(site.locale) ? (site.locale as Lang) : 'ru';
  const extra = activeModules.has('multiple_locales') ? site.locales.filter((code): code is Lang => (SITE_LOCALES as readonly string[]).includes(code) && code !== main) : [];

  return {
    site,
    languages: [main, ...new Set(extra)],
    pagesByUri,
    pagesById,
    children,
    layouts: layoutStatesById,
    defaultLayoutId,
    stages,
    floors: floorRows,
    seo: seoRows[0] ?? null,
    constants: new Map(constantRows.map((row) => [row.placeholder, row.value])),
    redirects: new Map(redirectRows.map((row) => [row.from, { to: row.to, code: row.code }])),
    dealers: new Map(dealerRows.map((row) => [row.id, row])),
    models,
    customForms: forms,
    customMedia,
    modules: activeModules,
    stock,
    shop,
    dependsOn: [site.id, ...masterIds],
  };
}
