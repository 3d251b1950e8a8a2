import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOM_FILTER_FIELDS,
  DEFAULT_LIST_SORT,
  labelApplies,
  stockSettingsDefaults,
  type CustomFilter,
  type CustomFilterField,
  type Lang,
  type ListSortSettings,
  type StockKindSettings,
  type ViewedFavorites,
} from '@dp/contracts';
import { Batcher } from '../../kit/batcher.ts';
import { readRows, type Db, type DbOrTx } from '../../kit/db.ts';
import { fileUrl } from '../../kit/files.ts';
import { siteLabels, type SiteLabel } from '../cars.catalog/labels.routes.ts';
import { customFilterGroups, showroomPages, stockSiteSettings } from '../cars.stock.sites/stock-settings.table.ts';
import { restylingSorts } from '../cars.sorting/sorting.table.ts';
import { carRestylings } from '../cars.catalog/catalog.table.ts';
import { templates, type PlacedFloor } from '../sites.context/content.table.ts';
import { listSortSettings } from '../cars.sorting/sorting.table.ts';
import { calculateOffers, creditBenefitsOf, loadSiteTerms, today } from '../credit.calc/calculate-credit.ts';
import type { CreditBenefit } from '@dp/contracts';
import { benefitsForCar, benefitsForCars, ownerNumber, type CarBenefits, type ComplectationDiscounts } from '../benefits/benefits-for-car.ts';
import type { SiteCreditTerms } from '../credit.calc/credit-terms.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { answerFromIndex, type StockIndex } from './stock-index.ts';

/**
 * The stock a public site shows (docs/decisions/public-sites.md, "How does a site show its
 * stock?"): which pages list new and used cars (the stock settings' root pages, while the module
 * of the kind is installed and active), the site's custom filters, sort settings, labels and
 * credit terms, showroom pages, sold templates and viewed/favourites settings, kept in the site's
 * snapshot; a list page: the counts of every filter's values (each under the other active
 * filters) and the page's ids from the index of the site's offered cars (stock-index.ts), then the
 * page's cars; the model pages' and catalogue page's data
 * ("How does a site show its models?") and the visitor's favourites and comparison by ids.
 */
export type StockKind = 'new' | 'used';
export const STOCK_MODULES: Record<StockKind, string> = { new: 'available_cars', used: 'used_cars' };

export interface StockList {
  kind: StockKind;
  settings: StockKindSettings;
}

export interface StockFilterGroup {
  title_ru: string;
  title_en: string | null;
  filters: CustomFilter[];
}

export interface StockConfig {
  /** The lists of each root page (new first when both share a page). */
  byRootPage: Map<number, StockList[]>;
  groups: StockFilterGroup[];
  sort: ListSortSettings;
  /** Labels the site shows (hidden ones left out), in their order. */
  labels: SiteLabel[];
  /** The credit terms of the site when `credit_calc` is installed and active. */
  credit: SiteCreditTerms | null;
  /** The showroom pages (a site page per restyling, or per restyling and equipment) by the page's id. */
  showroom: Map<number, ShowroomEntry>;
  /** The restylings' showroom pages (those without an equipment) in the admin's restyling order. */
  models: ShowroomEntry[];
  /** The root catalogue page (`root_catalog_id`): it lists the models; null without one. */
  catalogPageId: number | null;
  /** The floors of each kind's sold template: a sold car's page is drawn with them. */
  soldTemplates: Map<StockKind, PlacedFloor[]>;
  /** The visitor's viewed cars and favourites (the stock settings). */
  viewedFavorites: ViewedFavorites;
  /** The address template of a car's online purchase (`{vin}`, `{id}`, the stock settings); null: none. */
  smartContractLink: string | null;
}

/** A showroom page of the site: the page presenting a restyling (and, optionally, one equipment of it). */
export interface ShowroomEntry {
  page_id: number;
  brand_id: number;
  model_id: number;
  restyling_id: number;
  complectation_id: number | null;
}

/** The showroom page of a car: its equipment's first, else its restyling's; none without either. */
export function showroomPageOf(config: StockConfig, car: { restyling_id: number | null; complectation_id: number | null }): ShowroomEntry | null {
  if (car.restyling_id === null) return null;
  const entries = [...config.showroom.values()].filter((entry) => entry.restyling_id === car.restyling_id);
  return entries.find((entry) => entry.complectation_id !== null && entry.complectation_id === car.complectation_id) ?? entries.find((entry) => entry.complectation_id === null) ?? null;
}

/** The stock part of a site's snapshot; null when neither stock module is active. */
export async function loadStockConfig(db: DbOrTx, siteId: number, clientId: number, activeModules: Set<string>): Promise<StockConfig | null> {
  const kinds = (Object.keys(STOCK_MODULES) as StockKind[]).filter((kind) => activeModules.has(STOCK_MODULES[kind]));
  if (!kinds.length) return null;
  const [settingsRows, sortRows, groups, labels, credit, showroomRows] = await Promise.all([
    db.select().from(stockSiteSettings).where(eq(stockSiteSettings.site_id, siteId)).limit(1),
    db.select().from(listSortSettings).where(eq(listSortSettings.site_id, siteId)).limit(1),
    db.select({ title_ru: customFilterGroups.title_ru, title_en: customFilterGroups.title_en, filters: customFilterGroups.filters }).from(customFilterGroups).where(eq(customFilterGroups.site_id, siteId)).orderBy(customFilterGroups.sort, customFilterGroups.id),
    siteLabels(db, siteId),
    activeModules.has('credit_calc') ? loadSiteTerms(db, { id: siteId, client_id: clientId }) : Promise.resolve(null),
    // The restylings in the admin's order (restyling_sorts), then the catalogue's own.
    db
      .select({ page_id: showroomPages.page_id, brand_id: showroomPages.brand_id, model_id: showroomPages.model_id, restyling_id: showroomPages.restyling_id, complectation_id: showroomPages.complectation_id })
      .from(showroomPages)
      .innerJoin(carRestylings, eq(carRestylings.id, showroomPages.restyling_id))
      .leftJoin(restylingSorts, and(eq(restylingSorts.site_id, showroomPages.site_id), eq(restylingSorts.restyling_id, showroomPages.restyling_id)))
      .where(eq(showroomPages.site_id, siteId))
      .orderBy(sql`${restylingSorts.sort} asc nulls last`, carRestylings.sorting, showroomPages.id),
  ]);
  const settings = settingsRows[0] ?? stockSettingsDefaults();
  const templateIds = kinds.flatMap((kind) => (kind === 'new' ? settings.new_settings : settings.used_settings).sold_template_id ?? []);
  const templateRows = templateIds.length ? await db.select({ id: templates.id, floors: templates.floors }).from(templates).where(and(eq(templates.site_id, siteId), inArray(templates.id, templateIds))) : [];
  const soldTemplates = new Map<StockKind, PlacedFloor[]>();
  for (const kind of kinds) {
    const template = templateRows.find((row) => row.id === (kind === 'new' ? settings.new_settings : settings.used_settings).sold_template_id);
    if (template?.floors.length) soldTemplates.set(kind, template.floors);
  }
  const byRootPage = new Map<number, StockList[]>();
  for (const kind of kinds) {
    const own = kind === 'new' ? settings.new_settings : settings.used_settings;
    if (own.root_page_id === null) continue;
    byRootPage.set(own.root_page_id, [...(byRootPage.get(own.root_page_id) ?? []), { kind, settings: own }]);
  }
  const sort = sortRows[0] ? { new_sort: sortRows[0].new_sort, used_sort: sortRows[0].used_sort, visitor_fields: sortRows[0].visitor_fields } : DEFAULT_LIST_SORT;
  const showroom = new Map<number, ShowroomEntry>();
  for (const row of showroomRows) if (!showroom.has(row.page_id)) showroom.set(row.page_id, row);
  const models = showroomRows.filter((row) => row.complectation_id === null);
  return { byRootPage, groups, sort, labels: labels.filter((label) => !label.hide), credit, showroom, models, catalogPageId: settings.root_catalog_id, soldTemplates, viewedFavorites: settings.viewed_favorites, smartContractLink: settings.smart_contract_link ?? null };
}

/** Cars per list page. */
export const CARS_PER_PAGE = 12;
/** A list goes up to this page; a larger number shows the last one. */
const MAX_PAGE = 500;
/** The most values a multiselect may carry in the address (more are dropped). */
const MAX_VALUES = 30;

/** A visitor's choice of order: `<field>_<asc|desc>`. */
export interface VisitorSort {
  field: ListSortSettings['visitor_fields'][number];
  direction: 'asc' | 'desc';
}

/** What the address asks of a list, checked against the site's filters: the page's state. */
export interface ListQuery {
  list: StockList;
  /** Chosen values of choice fields (texts, references, numbers shown as a select). */
  values: Map<CustomFilterField, string[]>;
  ranges: Map<CustomFilterField, { from: number | null; to: number | null }>;
  flags: Set<CustomFilterField>;
  sort: VisitorSort | null;
  page: number;
  /** The state written back as a query string in a fixed order (cache key, links, canonical rules). */
  search: string;
  /** Whether a filter or a visitor's order is set (such a list is `noindex`, its canonical the plain list). */
  filtered: boolean;
  /** The model page's cars: those of one restyling (and equipment), never from the address. */
  scope?: { restyling_id: number; complectation_id: number | null } | null;
}

/** The site's filters, each field once (the first group that names it). */
export function filtersOf(config: StockConfig): CustomFilter[] {
  const seen = new Set<string>();
  return config.groups.flatMap((group) => group.filters).filter((filter) => !seen.has(filter.field) && seen.add(filter.field));
}

const REF_FIELDS = new Set<CustomFilterField>(['brand_id', 'model_id', 'body_color_id']);
const isWhole = (value: string) => /^\d{1,12}$/.test(value);

/** The list's state from a query string; unknown parameters and values of a wrong shape are left out. */
export function parseListQuery(config: StockConfig, lists: StockList[], query: string): ListQuery {
  const params = new URLSearchParams(query);
  const list = lists.find((one) => one.kind === params.get('type')) ?? lists[0]!;
  const values = new Map<CustomFilterField, string[]>();
  const ranges = new Map<CustomFilterField, { from: number | null; to: number | null }>();
  const flags = new Set<CustomFilterField>();
  const out = new URLSearchParams();
  if (lists.length > 1 && list !== lists[0]) out.append('type', list.kind);
  for (const filter of filtersOf(config)) {
    const field = filter.field;
    if (filter.type === 'range') {
      const from = params.get(`${field}_from`)?.replace(/\s/g, '') ?? '';
      const to = params.get(`${field}_to`)?.replace(/\s/g, '') ?? '';
      const range = { from: isWhole(from) ? Number(from) : null, to: isWhole(to) ? Number(to) : null };
      if (range.from === null && range.to === null) continue;
      ranges.set(field, range);
      if (range.from !== null) out.append(`${field}_from`, String(range.from));
      if (range.to !== null) out.append(`${field}_to`, String(range.to));
    } else if (filter.type === 'checkbox') {
      if (params.get(field) !== '1') continue;
      flags.add(field);
      out.append(field, '1');
    } else {
      const numeric = REF_FIELDS.has(field) || CUSTOM_FILTER_FIELDS[field] === 'number';
      const wanted = [...new Set(params.getAll(field).map((value) => value.trim()).filter((value) => value && value.length <= 100 && (!numeric || isWhole(value))))];
      const chosen = (filter.type === 'select' ? wanted.slice(0, 1) : wanted.slice(0, MAX_VALUES)).sort();
      if (!chosen.length) continue;
      values.set(field, chosen);
      for (const value of chosen) out.append(field, value);
    }
  }
  const [, field, direction] = /^([a-z_]+)_(asc|desc)$/.exec(params.get('sort') ?? '') ?? [];
  const sort = field && config.sort.visitor_fields.includes(field as VisitorSort['field']) ? { field: field as VisitorSort['field'], direction: direction as 'asc' | 'desc' } : null;
  if (sort) out.append('sort', `${sort.field}_${sort.direction}`);
  const filtered = out.toString() !== (lists.length > 1 && list !== lists[0] ? `type=${list.kind}` : '');
  const page = Math.min(Math.max(Number(/^\d{1,4}$/.test(params.get('page') ?? '') ? params.get('page') : 1), 1), MAX_PAGE);
  if (page > 1) out.append('page', String(page));
  return { list, values, ranges, flags, sort, page, search: out.toString(), filtered };
}

/** A car of a list, as its card shows it. */
export interface ListedCar {
  id: number;
  /** The smart contract link's `{vin}`. */
  vin: string | null;
  /** The catalogue's own brand and model names: the friendly address is the same in every language. */
  slug: { brand: string | null; model: string | null };
  is_new: boolean;
  status: string;
  restyling_id: number | null;
  /** The catalogue complectation (equipment): the showroom page of an equipment. */
  complectation_id: number | null;
  brand: string | null;
  model: string | null;
  complectation: string | null;
  year: number | null;
  mileage: number | null;
  engine: string | null;
  transmission: string | null;
  wheel_drive: string | null;
  body: string | null;
  color: string | null;
  price: number | null;
  final_price: number | null;
  dealer: string | null;
  image: string | null;
  labels: SiteLabel[];
  /** The lowest monthly payment of the site's credit offers, whole roubles; null without one. */
  monthly: number | null;
  /** The dealer's discount programs' discounts on the car today, summed (benefits), roubles; 0 without. */
  benefit: number;
}

export interface FilterCounts {
  /** Per choice field: each value (as the address writes it) with its name and the count under the other filters. */
  options: Map<CustomFilterField, { value: string; name: string; count: number }[]>;
  /** Per range field: the lowest and highest value under the other filters. */
  bounds: Map<CustomFilterField, { min: number | null; max: number | null }>;
  /** Cars of true value per checkbox field, under the other filters. */
  flags: Map<CustomFilterField, number>;
}

/** What a list page draws: the site's stock, the page's lists, the address's state and the cars found. */
export interface StockView {
  config: StockConfig;
  lists: StockList[];
  query: ListQuery;
  result: ListResult;
}

export interface ListResult {
  cars: ListedCar[];
  total: number;
  page: number;
  pages: number;
  counts: FilterCounts;
}

/** The SQL of a car's shown names of references (brand, model, colour). */
function nameOf(field: 'brand_id' | 'model_id' | 'body_color_id', lang: Lang): SQL {
  const local = lang === 'en' ? 'name_en' : 'name_ru';
  if (field === 'brand_id') return sql.raw('b.name');
  if (field === 'model_id') return sql.raw(`coalesce(m.${local}, m.name)`);
  return sql.raw(`coalesce(bc.${local}, bc.name)`);
}

/** The order of the list: the visitor's choice, else the site's for the kind. */
function orderOf(config: StockConfig, query: ListQuery): { field: string; direction: 'asc' | 'desc' } {
  return query.sort ?? (query.list.kind === 'new' ? config.sort.new_sort : config.sort.used_sort);
}

interface CarRow extends Record<string, unknown> {
  id: number;
  vin: string | null;
  is_new: boolean;
  status: string;
  brand_id: number | null;
  model_id: number | null;
  marketing_complectation_id: number | null;
  restyling_id: number | null;
  complectation_id: number | null;
  brand: string | null;
  model: string | null;
  brand_slug: string | null;
  model_slug: string | null;
  complectation: string | null;
  complectation_code: string | null;
  year: number | null;
  mileage: number | null;
  owners: number | null;
  engine: string | null;
  transmission: string | null;
  wheel_drive: string | null;
  body: string | null;
  /** Labels put on the car by hand (the import-edit widget). */
  label_ids: number[] | null;
  color: string | null;
  price: string | number | null;
  final_price: string | number | null;
  dealer: string | null;
  dealer_code: string | null;
  pts: string | null;
  logistic_status: string;
  certification: boolean;
  image_key?: string | null;
  image_ext?: string | null;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The statement of cards' cars under `where`, in `order` (with its limit): names joined, and the
 * first photo's public file (the client's own or the platform's).
 */
function carsSelect(lang: Lang, clientId: number, where: SQL, order: SQL): SQL {
  const local = lang === 'en' ? 'name_en' : 'name_ru';
  return sql`
      select c.id, c.vin, c.is_new, c.status, c.brand_id, c.restyling_id, c.complectation_id, c.marketing_complectation_id, c.year, c.mileage, c.owners, c.engine, c.transmission, c.wheel_drive, c.body, c.label_ids,
        c.price, c.final_price, c.dealer_code, c.pts, c.logistic_status, c.certification,
        ${nameOf('brand_id', lang)} as brand, ${nameOf('model_id', lang)} as model, ${nameOf('body_color_id', lang)} as color, b.name as brand_slug, m.name as model_slug,
        coalesce(mc.${sql.raw(local)}, mc.name) as complectation, mc.code as complectation_code, d.title as dealer,
        f.key as image_key, f.ext as image_ext
      from cars c left join car_brands b on b.id = c.brand_id left join car_models m on m.id = c.model_id left join car_body_colors bc on bc.id = c.body_color_id
        left join car_marketing_complectations mc on mc.id = c.marketing_complectation_id
        left join dealerships d on d.id = c.dealers_id
        left join media_files f on f.id = coalesce(c.manual_image_ids[1], c.import_image_ids[1], c.stock_image_ids[1]) and f.access = 1 and (f.client_id is null or f.client_id = ${clientId})
      where ${where}
      order by ${order}`;
}

/**
 * The site's offered cars of its listed kinds among `ids`, as their cards show them, in the order
 * of `ids` (a visitor's favourites and comparison; ids of other sites' or sold cars are left out).
 */
export async function loadCarsByIds(db: DbOrTx, siteId: number, clientId: number, config: StockConfig, ids: number[], lang: Lang): Promise<ListedCar[]> {
  if (!ids.length) return [];
  const result = await db.execute(carsSelect(lang, clientId, sql`c.site_id = ${siteId} and ${OFFERED} and ${listedKinds(config)} and c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`, sql`c.id limit ${ids.length}`));
  const rows = rowsOf<CarRow>(result);
  const cars = await cardsOf(db, clientId, config, rows, lang);
  const byId = new Map(cars.map((car) => [car.id, car]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The car ids of a favourites or comparison address (`?ids=3,5,8`): whole numbers, each once, at most `max`. */
export function idsOf(query: string, max: number): number[] {
  const raw = new URLSearchParams(query).get('ids') ?? '';
  return [...new Set(raw.split(',').filter((part) => /^\d{1,9}$/.test(part)).map(Number))].slice(0, max);
}

/**
 * What a site's list pages keep for the next ones while the site's cached answers live (the
 * renderer keeps it on the site's cache entry, so the notifications that drop the answers drop it):
 * the index of the offered cars of each kind (stock-index.ts) and the cards read so far.
 */
export interface StockMemo {
  index(kind: StockKind): Promise<StockIndex>;
  cards(): Promise<CardMemo>;
}

/**
 * The cards the site's list pages have shown, per day and language (a card's discounts and monthly
 * payment are today's): a list page reads from the database only the cars no page showed before.
 */
export interface CardMemo {
  cards: Map<string, ListedCar>;
  /** The client's discounts of each complectation the cards showed (a few per site), per day. */
  discounts: ComplectationDiscounts;
  /** Counts what was added against the renderer's memory budget. */
  grew(bytes: number): void;
  /**
   * The car pages' reads of the site's cars, shared by the pages asked together: made by the first
   * car page with the site's database, id and client, as the memo is the site's alone (its
   * discounts are its client's too).
   */
  carRows?: Batcher<{ id: number; lang: Lang }, CarPageRow | null>;
}

/** An empty memo of cards, whose growth `grew` counts. */
export const newCardMemo = (grew: (bytes: number) => void): CardMemo & { bytes: number } => ({ cards: new Map(), discounts: new Map(), grew, bytes: 0 });

/** About what a kept card weighs in the heap, with its drawn markup (render-stock.ts; Cyrillic text is two bytes a character). */
const CARD_BYTES = 5000;
/** The most cards a site keeps (about 10 MB): the first pages' cars, shown most, come first. */
const MAX_CARDS = 2000;

/** The cards of `ids` in their order (ids no longer offered left out): those kept, the others read in one statement and kept. */
async function memoCards(db: DbOrTx, siteId: number, clientId: number, config: StockConfig, memo: CardMemo, ids: number[], lang: Lang): Promise<ListedCar[]> {
  const date = today();
  const keyOf = (id: number) => `${date}|${lang}|${id}`;
  const missing = ids.filter((id) => !memo.cards.has(keyOf(id)));
  const made = new Map<number, ListedCar>();
  if (missing.length) {
    // One text whatever the ids: the statement is prepared once per connection.
    const rows = await readRows<CarRow>(db, carsSelect(lang, clientId, sql`c.site_id = ${siteId} and ${OFFERED} and c.id = any(${`{${missing.join(',')}}`}::int[])`, sql`c.id limit ${missing.length}`));
    for (const car of await cardsOf(db, clientId, config, rows, lang, memo.discounts)) made.set(car.id, car);
    if (memo.cards.size < MAX_CARDS) {
      for (const [id, car] of made) memo.cards.set(keyOf(id), car);
      memo.grew(made.size * CARD_BYTES);
    }
  }
  return ids.flatMap((id) => memo.cards.get(keyOf(id)) ?? made.get(id) ?? []);
}

/**
 * One list page: the counts of every filter's values under the other filters, the total and the
 * page's ids from the index of the site's offered cars of the kind, then the page's cards: those
 * the site's pages drew before, the others read (one statement, names and the first photo joined,
 * and their complectations' discounts) and kept.
 */
export async function queryList(db: DbOrTx, siteId: number, clientId: number, config: StockConfig, query: ListQuery, lang: Lang, memo: StockMemo): Promise<ListResult> {
  const [index, cardMemo] = await Promise.all([memo.index(query.list.kind), memo.cards()]);
  const answer = answerFromIndex(
    index,
    { filters: filtersOf(config), values: query.values, ranges: query.ranges, flags: query.flags, scope: query.scope, order: orderOf(config, query), offset: (query.page - 1) * CARS_PER_PAGE, limit: CARS_PER_PAGE },
    lang,
  );
  const cars = answer.ids.length ? await memoCards(db, siteId, clientId, config, cardMemo, answer.ids, lang) : [];
  const pages = Math.max(1, Math.ceil(answer.total / CARS_PER_PAGE));
  return { cars, total: answer.total, page: query.page, pages, counts: { options: answer.options, bounds: answer.bounds, flags: answer.flags } };
}

/** Addresses of the public media files among `ids`: the site client's own or the platform's. */
export async function publicImages(db: DbOrTx, clientId: number, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((value): value is number => typeof value === 'number'))];
  if (!wanted.length) return new Map();
  const files = await db.select({ id: mediaFiles.id, key: mediaFiles.key, ext: mediaFiles.ext, client_id: mediaFiles.client_id }).from(mediaFiles).where(and(inArray(mediaFiles.id, wanted), eq(mediaFiles.access, 1)));
  return new Map(files.filter((file) => file.client_id === null || file.client_id === clientId).map((file) => [file.id, fileUrl({ id: file.key, ext: file.ext })]));
}

/**
 * A page's cars as their cards show them: with their first image, and with the dealer's benefits
 * today (their sum, and the monthly payment on the price they lower, as the car page shows it),
 * read in one statement for all the cars.
 */
async function cardsOf(db: Db, clientId: number, config: StockConfig, rows: CarRow[], lang: Lang, discounts?: ComplectationDiscounts): Promise<ListedCar[]> {
  const asked = rows.flatMap((row) => (row.marketing_complectation_id ? [{ id: row.id, marketingComplectationId: row.marketing_complectation_id, owners: ownerNumber(row.owners) }] : []));
  const found = asked.length ? await benefitsForCars(db, clientId, today(), asked, discounts) : new Map<number, CarBenefits>();
  return rows.map((row) => {
    const car = { ...listedCar(config, row, lang), image: row.image_key ? fileUrl({ id: row.image_key, ext: row.image_ext ?? '' }) : null };
    const benefits = creditBenefitsOf(found.get(row.id) ?? { discounts: [], combinedProgramIds: [] });
    if (!benefits.length) return car;
    const monthly = monthlyPayment(config.credit, { price: car.final_price ?? car.price, isNew: row.is_new, year: row.year, brandId: row.brand_id, owners: row.owners }, lang, benefits);
    return { ...car, monthly, benefit: benefits.reduce((sum, benefit) => sum + benefit.sum / 100, 0) };
  });
}

/** A car row as a card shows it: names, prices, the labels whose conditions it meets, the monthly payment. */
function listedCar(config: StockConfig, row: CarRow, lang: Lang): ListedCar {
  const price = numberOrNull(row.price);
  const final = numberOrNull(row.final_price);
  const subject = {
    pts: row.pts,
    year: row.year,
    final_price: final,
    has_discount_price: final !== null && price !== null && final < price,
    dealer_code: row.dealer_code,
    certified: row.certification,
    mileage: row.mileage,
    owners_count: row.owners,
    marketing_complectation_code: row.complectation_code,
    logistic_status: row.logistic_status,
    brand: row.brand_id,
    restyling: row.restyling_id,
  };
  return {
    id: row.id,
    vin: row.vin,
    slug: { brand: row.brand_slug, model: row.model_slug },
    is_new: row.is_new,
    status: row.status,
    restyling_id: row.restyling_id,
    complectation_id: row.complectation_id,
    brand: row.brand,
    model: row.model,
    complectation: row.complectation,
    year: row.year,
    mileage: row.mileage,
    engine: row.engine,
    transmission: row.transmission,
    wheel_drive: row.wheel_drive,
    body: row.body,
    color: row.color,
    price,
    final_price: final,
    dealer: row.dealer,
    image: null,
    labels: config.labels.filter((label) => labelApplies(label.conditions, subject) || (row.label_ids ?? []).includes(label.id)),
    monthly: monthlyPayment(config.credit, { price: final ?? price, isNew: row.is_new, year: row.year, brandId: row.brand_id, owners: row.owners }, lang),
    benefit: 0,
  };
}

/**
 * The lowest monthly payment of the site's credit offers for a car (the credit calculator's own
 * calculation, with the site's default down payment and term), whole roubles rounded up; null
 * without terms, a price or an offer.
 */
export function monthlyPayment(credit: SiteCreditTerms | null, car: { price: number | null; isNew: boolean; year: number | null; brandId: number | null; owners: number | null }, lang: Lang, benefits: CreditBenefit[] = []): number | null {
  if (!credit || !credit.programs.length || !car.price || car.price < 1) return null;
  const age = car.year ? Math.max(0, new Date().getUTCFullYear() - car.year) : 0;
  const result = calculateOffers({ price: car.price, car_type: car.isNew ? 'new' : 'used', car_age: age, brand_id: car.brandId, owners: car.owners }, credit.programs, credit.settings, lang, benefits);
  const best = result.offers[0];
  return best ? Math.ceil(best.monthly_payment / 100) : null;
}

/** A car as its page shows it. */
export interface CarDetails extends ListedCar {
  /** The catalogue model (the page's test drive books it). */
  model_id: number | null;
  owners: number | null;
  pts: string | null;
  logistic_status: string;
  color_hex: string | null;
  upholstery: string | null;
  options: string[];
  equipment: string[];
  description: string | null;
  discounts: { tradein: number; credit: number; insurance: number; credit_tradein: number };
  /** The dealer's discount programs' discounts on the car's complectation today (benefits), roubles. */
  benefits: { name: string; sum: number; disclaimer: string | null }[];
  images: string[];
  sold: boolean;
}

/** What a car's page draws. */
export interface CarView {
  car: CarDetails;
  list: StockList;
  /** The list's page (the root page of the stock settings). */
  listUri: string;
  /** The car's own address (canonical). */
  uri: string;
  /** The placement its form posts (`car`). */
  placement: string;
  /** The address of the car's model page (its showroom page); null without one. */
  modelUri?: string | null;
}

/**
 * The client's discounts on a car's marketing complectation valid today for its next owner (none
 * without one); the complectation's discounts read once a day while `kept` lives (the site's cards').
 */
async function carBenefitsToday(db: DbOrTx, clientId: number, car: { marketing_complectation_id?: number | null; owners: number | null }, kept?: ComplectationDiscounts): Promise<CreditBenefit[]> {
  if (!car.marketing_complectation_id) return [];
  return creditBenefitsOf(await benefitsForCar(db, { clientId, marketingComplectationId: car.marketing_complectation_id, date: today(), owners: ownerNumber(car.owners) }, kept));
}

/** A car's row as its page reads it: the card's, with the page's own columns. */
type CarPageRow = CarRow & { manual_image_ids: number[]; import_image_ids: number[]; stock_image_ids: number[]; options: string[]; equipment: string[]; description: string | null; color_hex: string | null; upholstery: string | null; tradein_discount: string | number; credit_discount: string | number; insurance_discount: string | number; credit_tradein_discount: string | number; files: string | [number, string, string][] | null };

/** A car's id at the end of its address (`kia-rio-2024-123` or `123`). */
export const carIdOf = (segment: string): number | null => {
  const match = /(?:^|-)(\d{1,9})$/.exec(segment);
  return match ? Number(match[1]) : null;
};

/**
 * A car of the site's list for its page: the site's car of the list's kind, offered or sold (a sold
 * car stays while the sold period keeps it); its photos in the configured order (the dealer's own,
 * the import's, then the stock images), public files of the site's client only.
 */
export async function loadCar(db: DbOrTx, siteId: number, clientId: number, config: StockConfig, lists: StockList[], carId: number, lang: Lang, memo?: CardMemo): Promise<{ car: CarDetails; list: StockList } | null> {
  const row = memo ? await carRowsOf(db, siteId, clientId, memo).submit({ id: carId, lang }) : (await carPageRows(db, siteId, clientId, [carId], lang))[0];
  const list = row ? lists.find((one) => (one.kind === 'new') === row.is_new) : undefined;
  if (!row || !list) return null;
  const benefits = await carBenefitsToday(db, clientId, row, memo?.discounts);
  return { car: carDetails(config, row, lang, benefits), list };
}

/**
 * The site's car pages' reads (kit/batcher.ts): the cars of the pages asked while a read runs are
 * read together, one statement per language, instead of one each.
 */
function carRowsOf(db: DbOrTx, siteId: number, clientId: number, memo: CardMemo): NonNullable<CardMemo['carRows']> {
  return (memo.carRows ??= new Batcher(async (asked) => {
    const found = new Map<string, CarPageRow>();
    for (const lang of new Set(asked.map((one) => one.lang))) {
      const ids = [...new Set(asked.flatMap((one) => (one.lang === lang ? [one.id] : [])))];
      for (const row of await carPageRows(db, siteId, clientId, ids, lang)) found.set(`${lang}|${row.id}`, row);
    }
    return asked.map((one) => found.get(`${one.lang}|${one.id}`) ?? null);
  }));
}

/** The site's cars of `ids` (offered or sold) with the names, the dealer and their pictures' public files (the client's own or the platform's). */
async function carPageRows(db: DbOrTx, siteId: number, clientId: number, ids: number[], lang: Lang): Promise<CarPageRow[]> {
  const local = lang === 'en' ? 'name_en' : 'name_ru';
  return readRows<CarPageRow>(db, sql`
    select c.*, ${nameOf('brand_id', lang)} as brand, ${nameOf('model_id', lang)} as model, b.name as brand_slug, m.name as model_slug, ${nameOf('body_color_id', lang)} as color, bc.hex[1] as color_hex,
      coalesce(u.${sql.raw(local)}, u.name) as upholstery, coalesce(mc.${sql.raw(local)}, mc.name) as complectation, mc.code as complectation_code, d.title as dealer,
      (select json_agg(json_build_array(f.id, f.key, f.ext)) from media_files f
        where f.id = any(coalesce(c.manual_image_ids, '{}') || coalesce(c.import_image_ids, '{}') || coalesce(c.stock_image_ids, '{}'))
          and f.access = 1 and (f.client_id is null or f.client_id = ${clientId})) as files
    from cars c left join car_brands b on b.id = c.brand_id left join car_models m on m.id = c.model_id left join car_body_colors bc on bc.id = c.body_color_id
      left join car_upholsteries u on u.id = c.upholstery_id
      left join car_marketing_complectations mc on mc.id = c.marketing_complectation_id
      left join dealerships d on d.id = c.dealers_id
    where c.id = any(${`{${ids.join(',')}}`}::int[]) and c.site_id = ${siteId} and c.status in ('active', 'reserved', 'sold')`);
}

/** The car's pictures in the configured order (the dealer's own, the import's, then the stock images) that have a public file. */
function carImages(row: CarPageRow): string[] {
  const ordered = [...new Set([...(row.manual_image_ids ?? []), ...(row.import_image_ids ?? []), ...(row.stock_image_ids ?? [])])];
  const files = (typeof row.files === 'string' ? JSON.parse(row.files) : (row.files ?? [])) as [number, string, string][];
  const byId = new Map(files.map(([id, key, ext]) => [id, fileUrl({ id: key, ext })]));
  return ordered.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The car as its page shows it: its card's values, with its benefits, the payment they lower, and
 * the page's own. The card's object takes them (`Object.assign`): a copy spread into a literal with
 * properties the card lacks is made in V8's slow dictionary form, some 20 µs a page and garbage for
 * the old space's collections.
 */
function carDetails(config: StockConfig, row: CarPageRow, lang: Lang, benefits: CreditBenefit[]): CarDetails {
  const listed = listedCar(config, row, lang);
  const images = carImages(row);
  return Object.assign(listed, {
    // The payment on the price less the discounts the credit programmes combine with.
    monthly: benefits.length ? monthlyPayment(config.credit, { price: listed.final_price ?? listed.price, isNew: row.is_new, year: row.year, brandId: row.brand_id, owners: row.owners }, lang, benefits) : listed.monthly,
    benefits: benefits.map((benefit) => ({ name: benefit.program_name, sum: benefit.sum / 100, disclaimer: benefit.disclaimer })),
    benefit: benefits.reduce((sum, benefit) => sum + benefit.sum / 100, 0),
    image: images[0] ?? null,
    model_id: row.model_id,
    owners: row.owners,
    pts: row.pts,
    logistic_status: row.logistic_status,
    color_hex: row.color_hex,
    upholstery: row.upholstery,
    options: row.options ?? [],
    equipment: row.equipment ?? [],
    description: row.description,
    discounts: { tradein: Number(row.tradein_discount), credit: Number(row.credit_discount), insurance: Number(row.insurance_discount), credit_tradein: Number(row.credit_tradein_discount) },
    images,
    sold: row.status === 'sold',
  });
}

/** The addresses of a site's offered cars for its site map (the newest first, at most `limit`). */
export async function carAddresses(db: DbOrTx, siteId: number, config: StockConfig, limit: number): Promise<{ kind: StockKind; id: number; year: number | null; brand: string | null; model: string | null; updated_at: string | null }[]> {
  const kinds = [...config.byRootPage.values()].flat().map((list) => list.kind);
  if (!kinds.length) return [];
  const result = await db.execute(sql`
    select c.id, c.is_new, c.year, b.name as brand, m.name as model, c.updated_at
    from cars c left join car_brands b on b.id = c.brand_id left join car_models m on m.id = c.model_id
    where c.site_id = ${siteId} and c.status in ('active', 'reserved') and c.is_new in (${sql.join(kinds.map((kind) => sql`${kind === 'new'}`), sql`, `)})
    order by c.id desc limit ${limit}`);
  return rowsOf<{ id: number; is_new: boolean; year: number | null; brand: string | null; model: string | null; updated_at: string | Date | null }>(result).map((row) => ({
    kind: row.is_new ? 'new' : 'used',
    id: row.id,
    year: row.year,
    brand: row.brand,
    model: row.model,
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  }));
}

/** A complectation of a model page: its lowest price in the site's stock ("from N ₽") and how many cars have it. */
export interface ShowroomComplectation {
  id: number;
  name: string;
  /** The lowest final price of the site's offered cars of it; null when none is in stock. */
  from: number | null;
  count: number;
}

/** What a model page draws: the model's name, gallery, complectations with stock prices, and its cars. */
export interface ShowroomView {
  entry: ShowroomEntry;
  name: string;
  images: string[];
  complectations: ShowroomComplectation[];
  /** The model's cars in the first list that has any (new before used), as its cards show them. */
  cars: { list: StockList; listUri: string; result: ListResult } | null;
}

/** A model of the catalogue page: its page, name, picture and the lowest price of its cars in stock. */
export interface ShowroomModel {
  uri: string;
  name: string;
  image: string | null;
  from: number | null;
  count: number;
}

const OFFERED = sql`c.status in ('active', 'reserved')`;
/** The cars of the kinds the site lists (its active stock modules with a root page). */
const listedKinds = (config: StockConfig) => {
  const kinds = [...new Set([...config.byRootPage.values()].flat().map((list) => list.kind === 'new'))];
  return kinds.length ? sql`c.is_new in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})` : sql`false`;
};
/** The gallery's most pictures. */
const GALLERY_MAX = 24;

/** A restyling's name as a model page shows it: brand, model and the restyling's marketing name (or its name). */
function restylingName(row: { brand: string | null; model: string | null; model_name: string | null; restyling: string | null }) {
  // A restyling named after its model ("Granta FL", in any of the model's names) is not preceded by the model again.
  const restyling = row.restyling?.toLocaleLowerCase() ?? '';
  const named = [row.model, row.model_name].some((name) => name && restyling.startsWith(name.toLocaleLowerCase()));
  return [row.brand, named ? null : row.model, row.restyling].filter(Boolean).join(' ');
}

/**
 * A model page (a showroom page of the stock settings): the restyling's name, its pictures (the
 * restyling's, its complectations' and their marketing galleries'), its marketing complectations
 * (of the equipment only for an equipment's page) with the lowest final price of the site's offered
 * cars of each, and the model's cars as the list shows them (the site's order, the first page).
 */
export async function loadShowroom(db: DbOrTx, siteId: number, clientId: number, config: StockConfig, entry: ShowroomEntry, rootUris: Map<StockKind, string>, lang: Lang, memo: StockMemo): Promise<ShowroomView> {
  const local = sql.raw(lang === 'en' ? 'name_en' : 'name_ru');
  const equipment = entry.complectation_id !== null ? sql` and mc.complectation_id = ${entry.complectation_id}` : sql``;
  const [nameResult, imageResult, complectationResult] = await Promise.all([
    db.execute(sql`select b.name as brand, coalesce(m.${local}, m.name) as model, m.name as model_name, coalesce(r.marketing_name, r.name) as restyling, r.image_id
      from car_restylings r join car_brands b on b.id = r.brand_id join car_models m on m.id = r.model_id where r.id = ${entry.restyling_id}`),
    db.execute(sql`select image_id from (
        select r.image_id, 0 as part, 0 as place, 0 as id from car_restylings r where r.id = ${entry.restyling_id}
        union all select k.image_id, 1, 0, k.id from car_complectations k where k.restyling_id = ${entry.restyling_id}${entry.complectation_id !== null ? sql` and k.id = ${entry.complectation_id}` : sql``}
        union all select g.image_ids[i], 2, i, g.id from car_marketing_galleries g join car_complectations k on k.id = g.complectation_id, generate_subscripts(g.image_ids, 1) i
          where k.restyling_id = ${entry.restyling_id}${entry.complectation_id !== null ? sql` and k.id = ${entry.complectation_id}` : sql``}
      ) pictures where image_id is not null order by part, id, place limit ${GALLERY_MAX * 2}`),
    db.execute(sql`select mc.id, coalesce(mc.${local}, mc.name) as name, min(c.final_price) as from_price, count(c.id)::int as count
      from car_marketing_complectations mc
        left join cars c on c.marketing_complectation_id = mc.id and c.site_id = ${siteId} and ${OFFERED} and ${listedKinds(config)}
      where mc.restyling_id = ${entry.restyling_id} and mc.actual${equipment}
      group by mc.id order by min(c.final_price) asc nulls last, mc.base_price asc nulls last, mc.id limit 100`),
  ]);
  const named = rowsOf<{ brand: string | null; model: string | null; model_name: string | null; restyling: string | null }>(nameResult)[0] ?? { brand: null, model: null, model_name: null, restyling: null };
  const imageIds = [...new Set(rowsOf<{ image_id: number }>(imageResult).map((row) => row.image_id))];
  const urls = await publicImages(db, clientId, imageIds);
  const images = imageIds.flatMap((id) => urls.get(id) ?? []).slice(0, GALLERY_MAX);
  const complectations = rowsOf<{ id: number; name: string; from_price: string | number | null; count: number }>(complectationResult).map((row) => ({ id: row.id, name: row.name, from: numberOrNull(row.from_price), count: Number(row.count) }));
  let cars: ShowroomView['cars'] = null;
  const lists = [...config.byRootPage.values()].flat().sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'new' ? -1 : 1));
  for (const list of lists) {
    const listUri = rootUris.get(list.kind);
    if (!listUri) continue;
    const query: ListQuery = { list, values: new Map(), ranges: new Map(), flags: new Set(), sort: null, page: 1, search: '', filtered: false, scope: { restyling_id: entry.restyling_id, complectation_id: entry.complectation_id } };
    const result = await queryList(db, siteId, clientId, { ...config, groups: [] }, query, lang, memo);
    if (result.total || !cars) cars = { list, listUri, result };
    if (result.total) break;
  }
  return { entry, name: restylingName(named), images, complectations, cars };
}

/**
 * The root catalogue page's models: each restyling's showroom page in the admin's restyling order,
 * its name, picture and the lowest final price of the site's offered cars of it. One statement
 * (and one for the pictures' files).
 */
export async function loadShowroomModels(db: DbOrTx, siteId: number, clientId: number, config: StockConfig, uriOf: (pageId: number) => string | undefined, lang: Lang): Promise<ShowroomModel[]> {
  const models = config.models.filter((entry) => uriOf(entry.page_id) !== undefined);
  if (!models.length) return [];
  const local = sql.raw(lang === 'en' ? 'name_en' : 'name_ru');
  const result = await db.execute(sql`select r.id, b.name as brand, coalesce(m.${local}, m.name) as model, m.name as model_name, coalesce(r.marketing_name, r.name) as restyling, r.image_id,
      (select min(c.final_price) from cars c where c.site_id = ${siteId} and c.restyling_id = r.id and ${OFFERED} and ${listedKinds(config)}) as from_price,
      (select count(*) from cars c where c.site_id = ${siteId} and c.restyling_id = r.id and ${OFFERED} and ${listedKinds(config)})::int as count
    from car_restylings r join car_brands b on b.id = r.brand_id join car_models m on m.id = r.model_id
    where r.id in (${sql.join(models.map((entry) => sql`${entry.restyling_id}`), sql`, `)})`);
  const rows = new Map(rowsOf<{ id: number; brand: string | null; model: string | null; model_name: string | null; restyling: string | null; image_id: number | null; from_price: string | number | null; count: number }>(result).map((row) => [row.id, row]));
  const urls = await publicImages(db, clientId, [...rows.values()].map((row) => row.image_id));
  return models.flatMap((entry) => {
    const row = rows.get(entry.restyling_id);
    if (!row) return [];
    return [{ uri: uriOf(entry.page_id)!, name: restylingName(row), image: row.image_id !== null ? (urls.get(row.image_id) ?? null) : null, from: numberOrNull(row.from_price), count: Number(row.count) }];
  });
}

/** Each kind's list and its page's address (a car's card links below it). */
export type ListsByKind = Map<StockKind, { list: StockList; uri: string }>;

/** The addresses and limits of the visitor's tools on a site (the stock settings), or null without a list. */
export interface StockTools {
  compareUri: string;
  favoritesUri: string | null;
  favorites: { max: number; days: number } | null;
  viewed: { max: number; days: number } | null;
}

/** What a favourites or comparison page draws: the cars found among the address's ids. */
export interface VisitorCarsView {
  kind: 'favorites' | 'compare';
  cars: ListedCar[];
  /** How many ids the address asked for (a comparison of more shows the first three and says why). */
  asked: number;
  lists: ListsByKind;
  /** The favourites and comparison pages' addresses. */
  tools: StockTools;
}
