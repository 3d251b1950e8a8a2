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
} from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { fileUrl } from '../../kit/files.ts';
import { siteLabels, type SiteLabel } from '../cars.catalog/labels.routes.ts';
import { customFilterGroups, stockSiteSettings } from '../cars.stock.sites/stock-settings.table.ts';
import { listSortSettings } from '../cars.sorting/sorting.table.ts';
import { calculateOffers, creditBenefitsOf, loadSiteTerms, today } from '../credit.calc/calculate-credit.ts';
import type { CreditBenefit } from '@dp/contracts';
import { benefitsForCar, ownerNumber } from '../benefits/benefits-for-car.ts';
import type { SiteCreditTerms } from '../credit.calc/credit-terms.ts';
import { mediaFiles } from '../media.storage/media.table.ts';

/**
 * The stock a public site shows (docs/decisions/public-sites.md, "How does a site show its
 * stock?"): which pages list new and used cars (the stock settings' root pages, while the module
 * of the kind is installed and active), the site's custom filters, sort settings, labels and
 * credit terms, kept in the site's snapshot; and the two statements of a list page: the page of
 * cars, and the counts of every filter's values (each under the other active filters).
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
}

/** The stock part of a site's snapshot; null when neither stock module is active. */
export async function loadStockConfig(db: DbOrTx, siteId: number, clientId: number, activeModules: Set<string>): Promise<StockConfig | null> {
  const kinds = (Object.keys(STOCK_MODULES) as StockKind[]).filter((kind) => activeModules.has(STOCK_MODULES[kind]));
  if (!kinds.length) return null;
  const [settingsRows, sortRows, groups, labels, credit] = await Promise.all([
    db.select().from(stockSiteSettings).where(eq(stockSiteSettings.site_id, siteId)).limit(1),
    db.select().from(listSortSettings).where(eq(listSortSettings.site_id, siteId)).limit(1),
    db.select({ title_ru: customFilterGroups.title_ru, title_en: customFilterGroups.title_en, filters: customFilterGroups.filters }).from(customFilterGroups).where(eq(customFilterGroups.site_id, siteId)).orderBy(customFilterGroups.sort, customFilterGroups.id),
    siteLabels(db, siteId),
    activeModules.has('credit_calc') ? loadSiteTerms(db, { id: siteId, client_id: clientId }) : Promise.resolve(null),
  ]);
  const settings = settingsRows[0] ?? stockSettingsDefaults();
  const byRootPage = new Map<number, StockList[]>();
  for (const kind of kinds) {
    const own = kind === 'new' ? settings.new_settings : settings.used_settings;
    if (own.root_page_id === null) continue;
    byRootPage.set(own.root_page_id, [...(byRootPage.get(own.root_page_id) ?? []), { kind, settings: own }]);
  }
  const sort = sortRows[0] ? { new_sort: sortRows[0].new_sort, used_sort: sortRows[0].used_sort, visitor_fields: sortRows[0].visitor_fields } : DEFAULT_LIST_SORT;
  return { byRootPage, groups, sort, labels: labels.filter((label) => !label.hide), credit };
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
  /** The catalogue's own brand and model names: the friendly address is the same in every language. */
  slug: { brand: string | null; model: string | null };
  is_new: boolean;
  status: string;
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

/** The SQL of a car field (table alias `c`), and of its shown name for references. */
function column(field: CustomFilterField): SQL {
  return sql.raw(`c.${field}`);
}
function nameOf(field: CustomFilterField, lang: Lang): SQL {
  const local = lang === 'en' ? 'name_en' : 'name_ru';
  if (field === 'brand_id') return sql.raw('b.name');
  if (field === 'model_id') return sql.raw(`coalesce(m.${local}, m.name)`);
  if (field === 'body_color_id') return sql.raw(`coalesce(bc.${local}, bc.name)`);
  return sql.raw(`c.${field}::text`);
}

/** The condition one filter puts on the list, or null when it is not set. */
function conditionOf(query: ListQuery, field: CustomFilterField): SQL | null {
  const chosen = query.values.get(field);
  if (chosen) {
    const typed = REF_FIELDS.has(field) || CUSTOM_FILTER_FIELDS[field] === 'number' ? chosen.map(Number) : chosen;
    return sql`${column(field)} in (${sql.join(typed.map((value) => sql`${value}`), sql`, `)})`;
  }
  const range = query.ranges.get(field);
  if (range) return sql.join([range.from !== null ? sql`${column(field)} >= ${range.from}` : null, range.to !== null ? sql`${column(field)} <= ${range.to}` : null].filter((part): part is SQL => part !== null), sql` and `);
  if (query.flags.has(field)) return sql`${column(field)} = true`;
  return null;
}

/** Cars a list shows: the site's, of the kind, offered (active or reserved). */
const baseCondition = (siteId: number, query: ListQuery) => sql`c.site_id = ${siteId} and c.is_new = ${query.list.kind === 'new'} and c.status in ('active', 'reserved')`;
const allOf = (parts: (SQL | null)[]) => {
  const present = parts.filter((part): part is SQL => part !== null);
  return present.length ? sql.join(present.map((part) => sql`(${part})`), sql` and `) : sql`true`;
};

/** The order of the list: the visitor's choice, else the site's for the kind; the id last so pages never overlap. */
function orderOf(config: StockConfig, query: ListQuery): SQL {
  const chosen = query.sort ?? (query.list.kind === 'new' ? config.sort.new_sort : config.sort.used_sort);
  const direction = sql.raw(chosen.direction === 'desc' ? 'desc nulls last' : 'asc nulls last');
  const expression: Record<VisitorSort['field'], SQL> = {
    restyling_sort: sql`(select rs.sort from restyling_sorts rs where rs.site_id = c.site_id and rs.restyling_id = c.restyling_id)`,
    final_price: sql`c.final_price`,
    price: sql`c.price`,
    year: sql`c.year`,
    mileage: sql`c.mileage`,
    created_at: sql`c.created_at`,
    discount: sql`(c.price - c.final_price)`,
  };
  // The restyling order places the restylings set by hand first; the rest by price.
  const tail = chosen.field === 'restyling_sort' ? sql`, c.final_price asc nulls last` : sql``;
  return sql`${expression[chosen.field]} ${direction}${tail}, c.id ${sql.raw(chosen.direction === 'desc' ? 'desc' : 'asc')}`;
}

interface CarRow extends Record<string, unknown> {
  id: number;
  is_new: boolean;
  status: string;
  brand_id: number | null;
  model_id: number | null;
  marketing_complectation_id: number | null;
  restyling_id: number | null;
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
  color: string | null;
  price: string | number | null;
  final_price: string | number | null;
  dealer: string | null;
  dealer_code: string | null;
  pts: string | null;
  logistic_status: string;
  certification: boolean;
  image_id: number | null;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One list page: the page of cars (one statement, names and the first photo joined), the counts of
 * every filter's values under the other filters and the total (one statement, grouping sets over
 * the site's cars of the kind), then the first photos' files.
 */
export async function queryList(db: DbOrTx, siteId: number, clientId: number, config: StockConfig, query: ListQuery, lang: Lang): Promise<ListResult> {
  const filters = filtersOf(config);
  const local = lang === 'en' ? 'name_en' : 'name_ru';
  const conditions = new Map(filters.map((filter) => [filter.field, conditionOf(query, filter.field)]));
  const except = (field: CustomFilterField | null) => allOf([...conditions].filter(([other]) => other !== field).map(([, condition]) => condition));
  const joins = sql`left join car_brands b on b.id = c.brand_id left join car_models m on m.id = c.model_id left join car_body_colors bc on bc.id = c.body_color_id`;

  // Counts: a grouping set per choice field, and one () for the total and the ranges' bounds.
  const choice = filters.filter((filter) => filter.type !== 'range' && filter.type !== 'checkbox');
  const ranged = filters.filter((filter) => filter.type === 'range');
  const flagged = filters.filter((filter) => filter.type === 'checkbox');
  const selects: SQL[] = [sql`count(*) filter (where ${except(null)})::int as total`];
  choice.forEach((filter, i) => {
    selects.push(sql`${column(filter.field)}::text as ${sql.raw(`v${i}`)}`, sql`min(${nameOf(filter.field, lang)}) as ${sql.raw(`n${i}`)}`, sql`grouping(${column(filter.field)}) as ${sql.raw(`g${i}`)}`);
    selects.push(sql`count(*) filter (where ${except(filter.field)})::int as ${sql.raw(`c${i}`)}`);
  });
  ranged.forEach((filter, i) => selects.push(sql`min(${column(filter.field)}) filter (where ${except(filter.field)}) as ${sql.raw(`lo${i}`)}`, sql`max(${column(filter.field)}) filter (where ${except(filter.field)}) as ${sql.raw(`hi${i}`)}`));
  flagged.forEach((filter, i) => selects.push(sql`count(*) filter (where ${column(filter.field)} = true and ${except(filter.field)})::int as ${sql.raw(`f${i}`)}`));
  const sets = sql.join([...choice.map((filter) => sql`(${column(filter.field)})`), sql`()`], sql`, `);

  const offset = (query.page - 1) * CARS_PER_PAGE;
  const [pageResult, countResult] = await Promise.all([
    db.execute(sql`
      select c.id, c.is_new, c.status, c.brand_id, c.restyling_id, c.year, c.mileage, c.owners, c.engine, c.transmission, c.wheel_drive, c.body,
        c.price, c.final_price, c.dealer_code, c.pts, c.logistic_status, c.certification,
        ${nameOf('brand_id', lang)} as brand, ${nameOf('model_id', lang)} as model, ${nameOf('body_color_id', lang)} as color, b.name as brand_slug, m.name as model_slug,
        coalesce(mc.${sql.raw(local)}, mc.name) as complectation, mc.code as complectation_code, d.title as dealer,
        coalesce(c.manual_image_ids[1], c.import_image_ids[1], c.stock_image_ids[1]) as image_id
      from cars c ${joins}
        left join car_marketing_complectations mc on mc.id = c.marketing_complectation_id
        left join dealerships d on d.id = c.dealers_id
      where ${baseCondition(siteId, query)} and ${except(null)}
      order by ${orderOf(config, query)}
      limit ${CARS_PER_PAGE} offset ${offset}`),
    db.execute(sql`select ${sql.join(selects, sql`, `)} from cars c ${joins} where ${baseCondition(siteId, query)} group by grouping sets (${sets})`),
  ]);
  const rows = rowsOf<CarRow>(pageResult);
  const counted = rowsOf<Record<string, unknown>>(countResult);

  const counts: FilterCounts = { options: new Map(), bounds: new Map(), flags: new Map() };
  const totalRow = counted.find((row) => choice.every((_, i) => Number(row[`g${i}`]) === 1)) ?? {};
  const total = Number(totalRow.total ?? 0);
  choice.forEach((filter, i) => {
    const options = counted
      .filter((row) => Number(row[`g${i}`]) === 0 && row[`v${i}`] !== null && row[`v${i}`] !== '')
      .map((row) => ({ value: String(row[`v${i}`]), name: String(row[`n${i}`] ?? row[`v${i}`]), count: Number(row[`c${i}`]) }));
    const numeric = CUSTOM_FILTER_FIELDS[filter.field] === 'number';
    options.sort((a, b) => (numeric ? Number(b.value) - Number(a.value) : a.name.localeCompare(b.name, lang)));
    counts.options.set(filter.field, options);
  });
  ranged.forEach((filter, i) => counts.bounds.set(filter.field, { min: numberOrNull(totalRow[`lo${i}`]), max: numberOrNull(totalRow[`hi${i}`]) }));
  flagged.forEach((filter, i) => counts.flags.set(filter.field, Number(totalRow[`f${i}`] ?? 0)));

  const imageIds = [...new Set(rows.map((row) => row.image_id).filter((value): value is number => typeof value === 'number'))];
  const files = imageIds.length
    ? await db.select({ id: mediaFiles.id, key: mediaFiles.key, ext: mediaFiles.ext, access: mediaFiles.access, client_id: mediaFiles.client_id }).from(mediaFiles).where(and(inArray(mediaFiles.id, imageIds), eq(mediaFiles.access, 1)))
    : [];
  // Only public files of the site's client (or the platform's) are shown.
  const urls = new Map(files.filter((file) => file.client_id === null || file.client_id === clientId).map((file) => [file.id, fileUrl({ id: file.key, ext: file.ext })]));

  const cars = rows.map((row) => ({ ...listedCar(config, row, lang), image: row.image_id !== null ? (urls.get(row.image_id) ?? null) : null }));
  const pages = Math.max(1, Math.ceil(total / CARS_PER_PAGE));
  return { cars, total, page: query.page, pages, counts };
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
    slug: { brand: row.brand_slug, model: row.model_slug },
    is_new: row.is_new,
    status: row.status,
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
    labels: config.labels.filter((label) => labelApplies(label.conditions, subject)),
    monthly: monthlyPayment(config.credit, { price: final ?? price, isNew: row.is_new, year: row.year, brandId: row.brand_id, owners: row.owners }, lang),
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
  vin: string | null;
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
}

/** The client's discounts on a car's marketing complectation valid today for its next owner (none without one). */
async function carBenefitsToday(db: DbOrTx, clientId: number, car: { marketing_complectation_id?: number | null; owners: number | null }): Promise<CreditBenefit[]> {
  if (!car.marketing_complectation_id) return [];
  return creditBenefitsOf(await benefitsForCar(db, { clientId, marketingComplectationId: car.marketing_complectation_id, date: today(), owners: ownerNumber(car.owners) }));
}

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
export async function loadCar(db: DbOrTx, siteId: number, clientId: number, config: StockConfig, lists: StockList[], carId: number, lang: Lang): Promise<{ car: CarDetails; list: StockList } | null> {
  const local = lang === 'en' ? 'name_en' : 'name_ru';
  const result = await db.execute(sql`
    select c.*, ${nameOf('brand_id', lang)} as brand, ${nameOf('model_id', lang)} as model, b.name as brand_slug, m.name as model_slug, ${nameOf('body_color_id', lang)} as color, bc.hex[1] as color_hex,
      coalesce(u.${sql.raw(local)}, u.name) as upholstery, coalesce(mc.${sql.raw(local)}, mc.name) as complectation, mc.code as complectation_code, d.title as dealer
    from cars c left join car_brands b on b.id = c.brand_id left join car_models m on m.id = c.model_id left join car_body_colors bc on bc.id = c.body_color_id
      left join car_upholsteries u on u.id = c.upholstery_id
      left join car_marketing_complectations mc on mc.id = c.marketing_complectation_id
      left join dealerships d on d.id = c.dealers_id
    where c.id = ${carId} and c.site_id = ${siteId} and c.status in ('active', 'reserved', 'sold')`);
  const row = rowsOf<CarRow & { manual_image_ids: number[]; import_image_ids: number[]; stock_image_ids: number[]; vin: string | null; options: string[]; equipment: string[]; description: string | null; color_hex: string | null; upholstery: string | null; tradein_discount: string | number; credit_discount: string | number; insurance_discount: string | number; credit_tradein_discount: string | number }>(result)[0];
  const list = row ? lists.find((one) => (one.kind === 'new') === row.is_new) : undefined;
  if (!row || !list) return null;
  const ordered = [...new Set([...(row.manual_image_ids ?? []), ...(row.import_image_ids ?? []), ...(row.stock_image_ids ?? [])])];
  const files = ordered.length
    ? await db.select({ id: mediaFiles.id, key: mediaFiles.key, ext: mediaFiles.ext, client_id: mediaFiles.client_id, kind: mediaFiles.kind }).from(mediaFiles).where(and(inArray(mediaFiles.id, ordered), eq(mediaFiles.access, 1)))
    : [];
  const byId = new Map(files.filter((file) => file.client_id === null || file.client_id === clientId).map((file) => [file.id, fileUrl({ id: file.key, ext: file.ext })]));
  const images = ordered.flatMap((id) => byId.get(id) ?? []);
  const listed = listedCar(config, { ...row, image_id: null }, lang);
  const benefits = await carBenefitsToday(db, clientId, row);
  const car: CarDetails = {
    ...listed,
    // The payment on the price less the discounts the credit programmes combine with.
    monthly: benefits.length ? monthlyPayment(config.credit, { price: listed.final_price ?? listed.price, isNew: row.is_new, year: row.year, brandId: row.brand_id, owners: row.owners }, lang, benefits) : listed.monthly,
    benefits: benefits.map((benefit) => ({ name: benefit.program_name, sum: benefit.sum / 100, disclaimer: benefit.disclaimer })),
    image: images[0] ?? null,
    model_id: row.model_id,
    vin: row.vin,
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
  };
  return { car, list };
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
