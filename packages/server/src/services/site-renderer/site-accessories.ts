import { asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AccessoryAttributeType, AttributeValue, Lang } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { accessoryAttributes, accessoryCategories } from '../accessories.showroom/accessory.table.ts';
import { publicImages } from './site-stock.ts';

/**
 * The accessories shop of a public site (docs/decisions/accessories.md, "The shop on the public
 * site"): while the site's `accessories_stock` module is installed and active, `/accessories` lists
 * the site's accessories on offer (in stock or out of stock; sold ones are not shown) by category,
 * with the filterable attributes' values, the compatibility with a brand and model, a search and
 * the order by price, paged; `/accessories/<id>` shows one with its order form. The categories and
 * attributes the site may use are part of its snapshot; a list page reads the accessories.
 */
export const SHOP_MODULE = 'accessories_stock';
/** The shop's address on every site that has the module (a page of the site at it lends its caption, SEO and floors). */
export const SHOP_URI = '/accessories';
/** Accessories per catalogue page. */
export const ACCESSORIES_PER_PAGE = 12;
/** A catalogue goes up to this page; a larger number shows the last one. */
const MAX_PAGE = 1000;
/** The most values of one attribute the address may choose (more are dropped). */
const MAX_VALUES = 30;
/** The longest search text taken. */
const SEARCH_MAX = 100;
/** The most values of one attribute the filters offer. */
const FACET_VALUES = 50;

export interface ShopCategory {
  id: number;
  name: string;
}
export interface ShopAttribute {
  code: string;
  name: string;
  type: AccessoryAttributeType;
  is_filterable: boolean;
}

/** The shop part of a site's snapshot: the categories (in their order) and attributes the site's client may use. */
export interface ShopConfig {
  categories: ShopCategory[];
  /** By code: a client's own attribute hides a system-wide one of its code. */
  attributes: Map<string, ShopAttribute>;
}

/** The shop part of a site's snapshot; null while the module is not active on the site. */
export async function loadShopConfig(db: DbOrTx, clientId: number, activeModules: Set<string>): Promise<ShopConfig | null> {
  if (!activeModules.has(SHOP_MODULE)) return null;
  const [categoryRows, attributeRows] = await Promise.all([
    db
      .select({ id: accessoryCategories.id, name: accessoryCategories.name })
      .from(accessoryCategories)
      .where(or(isNull(accessoryCategories.client_id), eq(accessoryCategories.client_id, clientId)))
      .orderBy(asc(accessoryCategories.sort_order), asc(accessoryCategories.name), asc(accessoryCategories.id)),
    db
      .select({ code: accessoryAttributes.code, name: accessoryAttributes.name, type: accessoryAttributes.type, is_filterable: accessoryAttributes.is_filterable, client_id: accessoryAttributes.client_id })
      .from(accessoryAttributes)
      .where(or(isNull(accessoryAttributes.client_id), eq(accessoryAttributes.client_id, clientId)))
      .orderBy(asc(accessoryAttributes.name), asc(accessoryAttributes.id)),
  ]);
  const attributes = new Map<string, ShopAttribute>();
  for (const row of attributeRows) {
    if (attributes.has(row.code) && row.client_id === null) continue;
    attributes.set(row.code, { code: row.code, name: row.name, type: row.type, is_filterable: row.is_filterable });
  }
  return { categories: categoryRows, attributes };
}

export type ShopSort = 'price_asc' | 'price_desc';
export const SHOP_SORTS: ShopSort[] = ['price_asc', 'price_desc'];

/** What the address asks of the catalogue, checked against the shop's categories and attributes. */
export interface ShopQuery {
  category: number | null;
  brand: number | null;
  model: number | null;
  search: string;
  sort: ShopSort | null;
  /** Chosen values of filterable attributes, by code. */
  attributes: Map<string, string[]>;
  page: number;
  /** The state written back as a query string in a fixed order (cache key, links). */
  key: string;
  /** Whether anything but the category and the page is set (such a page is `noindex`). */
  filtered: boolean;
}

const whole = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);
/** Control characters are dropped from the search; the rest is matched as typed. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

/** The catalogue's state from a query string; unknown parameters and values of a wrong shape are left out. */
export function parseShopQuery(config: ShopConfig, query: string): ShopQuery {
  const params = new URLSearchParams(query);
  const out = new URLSearchParams();
  const categoryId = whole(params.get('category'));
  const category = categoryId !== null && config.categories.some((one) => one.id === categoryId) ? categoryId : null;
  if (category !== null) out.append('category', String(category));
  const brand = whole(params.get('brand'));
  if (brand !== null) out.append('brand', String(brand));
  const model = brand !== null ? whole(params.get('model')) : null;
  if (model !== null) out.append('model', String(model));
  const search = [...(params.get('q') ?? '').replace(CONTROL, ' ').trim()].slice(0, SEARCH_MAX).join('');
  if (search) out.append('q', search);
  const attributes = new Map<string, string[]>();
  for (const attribute of [...config.attributes.values()].filter((one) => one.is_filterable).sort((a, b) => a.code.localeCompare(b.code))) {
    const name = `attr_${attribute.code}`;
    const chosen = [...new Set(params.getAll(name).map((value) => value.replace(CONTROL, ' ').trim()).filter((value) => value && value.length <= 200))].slice(0, MAX_VALUES).sort();
    if (!chosen.length) continue;
    attributes.set(attribute.code, chosen);
    for (const value of chosen) out.append(name, value);
  }
  const sortParam = params.get('sort');
  const sort = SHOP_SORTS.includes(sortParam as ShopSort) ? (sortParam as ShopSort) : null;
  if (sort) out.append('sort', sort);
  const filtered = brand !== null || !!search || attributes.size > 0 || sort !== null;
  const page = Math.min(Math.max(whole(params.get('page')) ?? 1, 1), MAX_PAGE);
  if (page > 1) out.append('page', String(page));
  return { category, brand, model, search, sort, attributes, page, key: out.toString(), filtered };
}

/** An accessory as a catalogue card shows it. */
export interface ListedAccessory {
  id: number;
  name: string;
  article_code: string;
  price: number;
  /** The price after the discount. */
  final_price: number;
  in_stock: boolean;
  image: string | null;
}

export interface ShopOption {
  value: string;
  name: string;
  count: number;
}

export interface ShopList {
  items: ListedAccessory[];
  total: number;
  page: number;
  pages: number;
  /** The brands the site's accessories name, and the models of the chosen brand they name. */
  brands: ShopOption[];
  models: ShopOption[];
  /** The values of each filterable attribute among the accessories the other choices leave, with their counts. */
  facets: Map<string, ShopOption[]>;
}

export interface ShopView {
  config: ShopConfig;
  query: ShopQuery;
  list: ShopList;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Accessories a site offers: its own, in stock or out of stock. */
const offered = (siteId: number) => sql`a.site_id = ${siteId} and a.status in ('in_stock', 'out_of_stock')`;

/** An attribute's value as texts: each of an array's values, else the value written as text. */
const valueTexts = sql`case when jsonb_typeof(e.value) = 'array' then array(select jsonb_array_elements_text(e.value)) else array[e.value #>> '{}'] end`;

/** What the category, the compatibility and the search leave (the attribute filters apart). */
function baseCondition(siteId: number, query: ShopQuery): SQL {
  const parts: SQL[] = [offered(siteId)];
  if (query.category !== null) parts.push(sql`a.category_id = ${query.category}`);
  // An accessory that names no brand fits every car; one that names no models fits every model of its brand.
  if (query.brand !== null) parts.push(sql`(a.brand_id is null or a.brand_id = ${query.brand})`);
  if (query.model !== null) parts.push(sql`(a.brand_id is null or cardinality(a.model_ids) = 0 or ${query.model} = any(a.model_ids))`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    parts.push(sql`(a.name ilike ${pattern} or a.article_code ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/** The condition of one attribute's chosen values: the value equals one (a number or yes/no as text), or an array holds one. */
function attributeCondition(code: string, values: string[]): SQL {
  const list = sql.join(values.map((value) => sql`${value}`), sql`, `);
  return sql`((a.attributes ->> ${code}) in (${list}) or (jsonb_typeof(a.attributes -> ${code}) = 'array' and jsonb_exists_any(a.attributes -> ${code}, array[${list}]::text[])))`;
}

function conditionOf(siteId: number, query: ShopQuery, except: string | null = null): SQL {
  const parts = [baseCondition(siteId, query), ...[...query.attributes].filter(([code]) => code !== except).map(([code, values]) => attributeCondition(code, values))];
  return sql.join(parts.map((part) => sql`(${part})`), sql` and `);
}

function orderOf(query: ShopQuery): SQL {
  if (query.sort === 'price_asc') return sql`(a.price - a.discount) asc, a.id asc`;
  if (query.sort === 'price_desc') return sql`(a.price - a.discount) desc, a.id desc`;
  // The site's own order: in stock first, the newest first.
  return sql`(a.status = 'in_stock') desc, a.id desc`;
}

interface ItemRow extends Record<string, unknown> {
  id: number;
  name: string;
  article_code: string;
  price: number | string;
  discount: number | string;
  status: string;
  image_id: number | null;
}

/**
 * One catalogue page: the page of accessories with the total (one statement), the brands and the
 * chosen brand's models the site's accessories name, and every filterable attribute's values under
 * the other choices (one statement), then the first images' files.
 */
export async function queryShop(db: DbOrTx, siteId: number, clientId: number, config: ShopConfig, query: ShopQuery, lang: Lang): Promise<ShopList> {
  const filterable = [...config.attributes.values()].filter((one) => one.is_filterable).map((one) => one.code);
  const local = sql.raw(lang === 'en' ? 'name_en' : 'name_ru');
  const pageOf = async (page: number) =>
    rowsOf<ItemRow & { total: number | string }>(
      await db.execute(sql`select a.id, a.name, a.article_code, a.price, a.discount, a.status, a.image_ids[1] as image_id, count(*) over () as total
        from accessories a where ${conditionOf(siteId, query)} order by ${orderOf(query)} limit ${ACCESSORIES_PER_PAGE} offset ${(page - 1) * ACCESSORIES_PER_PAGE}`),
    );
  const facetStatements = filterable.map(
    (code) => sql`select ${code}::text as code, v.value, count(*)::int as count from accessories a cross join lateral jsonb_each(a.attributes) e
        cross join lateral unnest(${valueTexts}) v(value)
        where e.key = ${code} and ${conditionOf(siteId, query, code)} and v.value is not null and v.value <> '' group by v.value`,
  );
  const [firstRows, brandRows, modelRows, facetRows] = await Promise.all([
    pageOf(query.page),
    db.execute(sql`select b.id::text as value, b.name, count(*)::int as count from accessories a join car_brands b on b.id = a.brand_id where ${offered(siteId)} group by b.id, b.name order by b.name`),
    query.brand !== null
      ? db.execute(sql`select m.id::text as value, coalesce(m.${local}, m.name) as name, count(*)::int as count from accessories a cross join lateral unnest(a.model_ids) mid(id) join car_models m on m.id = mid.id
          where ${offered(siteId)} and a.brand_id = ${query.brand} group by m.id order by 2`)
      : null,
    facetStatements.length ? db.execute(sql`select * from (${sql.join(facetStatements, sql` union all `)}) f order by f.code, f.value`) : null,
  ]);
  let rows = firstRows;
  let total = Number(rows[0]?.total ?? 0);
  let page = query.page;
  // A page past the last shows the last one.
  if (!rows.length && page > 1) {
    const [counted] = rowsOf<{ total: number | string }>(await db.execute(sql`select count(*) as total from accessories a where ${conditionOf(siteId, query)}`));
    total = Number(counted?.total ?? 0);
    page = Math.max(1, Math.ceil(total / ACCESSORIES_PER_PAGE));
    rows = total ? await pageOf(page) : [];
  }
  const images = await publicImages(db, clientId, rows.map((row) => row.image_id));
  const facets = new Map<string, ShopOption[]>();
  for (const row of facetRows ? rowsOf<{ code: string; value: string; count: number }>(facetRows) : []) {
    const list = facets.get(row.code) ?? [];
    if (list.length < FACET_VALUES) list.push({ value: row.value, name: row.value, count: Number(row.count) });
    facets.set(row.code, list);
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      article_code: row.article_code,
      price: Number(row.price),
      final_price: Number(row.price) - Number(row.discount),
      in_stock: row.status === 'in_stock',
      image: row.image_id === null ? null : (images.get(row.image_id) ?? null),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ACCESSORIES_PER_PAGE)),
    brands: rowsOf<ShopOption>(brandRows),
    models: modelRows ? rowsOf<ShopOption>(modelRows) : [],
    facets,
  };
}

/** An accessory as its page shows it. */
export interface AccessoryDetails {
  id: number;
  name: string;
  article_code: string;
  price: number;
  final_price: number;
  in_stock: boolean;
  description: string | null;
  dealer_name: string | null;
  category: string | null;
  images: string[];
  brand: string | null;
  models: string[];
  /** The attributes with a value, by the attribute's name, in the order of the names. */
  attributes: { code: string; name: string; type: AccessoryAttributeType; value: AttributeValue }[];
}

/** An accessory's page as the renderer draws it. */
export interface AccessoryView {
  item: AccessoryDetails;
  uri: string;
  /** The placement of its order form (`_form`). */
  placement: string;
}

/** The accessory's id in its address (`/accessories/15`), or null. */
export const accessoryIdOf = (segment: string) => (/^[1-9]\d{0,8}$/.test(segment) ? Number(segment) : null);

/** An accessory the site offers, or null (another site's, a sold one, none). */
export async function loadAccessory(db: DbOrTx, siteId: number, clientId: number, config: ShopConfig, id: number, lang: Lang): Promise<AccessoryDetails | null> {
  const local = sql.raw(lang === 'en' ? 'name_en' : 'name_ru');
  const [row] = rowsOf<ItemRow & { description: string | null; dealer_name: string | null; category_id: number; image_ids: number[]; brand: string | null; models: string[] | null; attributes: Record<string, AttributeValue> }>(
    await db.execute(sql`select a.id, a.name, a.article_code, a.price, a.discount, a.status, a.description, a.dealer_name, a.category_id, a.image_ids, a.attributes, b.name as brand,
        (select array_agg(coalesce(m.${local}, m.name) order by m.name) from car_models m where m.id = any(a.model_ids)) as models
      from accessories a left join car_brands b on b.id = a.brand_id where a.id = ${id} and ${offered(siteId)}`),
  );
  if (!row) return null;
  const files = await publicImages(db, clientId, row.image_ids);
  const attributes = Object.entries(row.attributes ?? {})
    .flatMap(([code, value]) => {
      const attribute = config.attributes.get(code);
      const empty = value === null || value === '' || (Array.isArray(value) && !value.length);
      return attribute && !empty ? [{ code, name: attribute.name, type: attribute.type, value }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    id: row.id,
    name: row.name,
    article_code: row.article_code,
    price: Number(row.price),
    final_price: Number(row.price) - Number(row.discount),
    in_stock: row.status === 'in_stock',
    description: row.description,
    dealer_name: row.dealer_name,
    category: config.categories.find((one) => one.id === row.category_id)?.name ?? null,
    images: row.image_ids.flatMap((imageId) => files.get(imageId) ?? []),
    brand: row.brand,
    models: row.models ?? [],
    attributes,
  };
}

/** The accessory's name as a request names it: its name and article code. */
export const accessoryTitleOf = (item: Pick<AccessoryDetails, 'name' | 'article_code'>) => `${item.name} (${item.article_code})`;

/** The site's offered accessories (the site map lists their pages). */
export async function shopAddresses(db: DbOrTx, siteId: number, limit: number): Promise<{ id: number; updated_at: string | null }[]> {
  if (limit <= 0) return [];
  const rows = rowsOf<{ id: number; updated_at: string | Date | null }>(await db.execute(sql`select a.id, a.updated_at from accessories a where ${offered(siteId)} order by a.id limit ${limit}`));
  return rows.map((row) => ({ id: row.id, updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null }));
}
