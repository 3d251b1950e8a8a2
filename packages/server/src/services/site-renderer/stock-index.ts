import { sql } from 'drizzle-orm';
import { CUSTOM_FILTER_FIELDS, CUSTOM_FILTER_FIELD_NAMES, type CustomFilter, type CustomFilterField, type Lang } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';

/**
 * A compact copy of a site's offered cars of one kind (active or reserved): their ids and the
 * fields the lists filter and order by, one typed array per field. A list page's counts of every
 * filter's values under the other filters, its total and its page's ids are computed from it in
 * the process; the page's cars are then read by id. It lives as long as the site's cached answers
 * (the renderer keeps it on the site's cache entry), so the same notifications drop it.
 *
 * Why: "the count of each value under every other filter" for an arbitrary combination is a scan
 * of every offered car of the kind; PostgreSQL did it in one grouping-sets statement at some 70 ms
 * of CPU a page over 25,000 cars, JavaScript over these arrays in about a millisecond.
 */
export interface StockIndex {
  size: number;
  ids: Float64Array;
  restyling: Float64Array;
  complectation: Float64Array;
  /** Number fields, references by id, and the order keys; NaN for null. */
  numbers: Map<string, Float64Array>;
  /** Text fields as codes into their distinct values (-1 for null). */
  texts: Map<CustomFilterField, Coded<string>>;
  /** Yes/no fields: 1 yes, 0 no, 2 null. */
  flags: Map<CustomFilterField, Uint8Array>;
  /** The shown names of the referenced records, per language. */
  names: Map<CustomFilterField, Map<number, Record<Lang, string>>>;
  /** Positions in each order asked so far (made on first use). */
  orders: Map<string, Uint32Array>;
  /** The filters' number fields again, as codes into their distinct values: counted as a choice's options. */
  numberCodes: Map<CustomFilterField, Coded<number>>;
  /** What the arrays weigh, for the cache's memory budget. */
  bytes: number;
  /** A scan's work arrays (answerFromIndex): each car's mask, and the positions of the cars it counts. */
  masks: Int32Array;
  candidates: Uint32Array;
}

/** A field's values as codes into its distinct values: -1 for null. */
interface Coded<T> {
  codes: Int32Array;
  values: T[];
}

/** The fields kept as references to catalogue records: filtered by id, shown by name. */
const REFERENCES: Partial<Record<CustomFilterField, { table: string; names: (lang: Lang) => string }>> = {
  brand_id: { table: 'car_brands', names: () => 'name' },
  model_id: { table: 'car_models', names: (lang) => `coalesce(name_${lang}, name)` },
  body_color_id: { table: 'car_body_colors', names: (lang) => `coalesce(name_${lang}, name)` },
};
const isNumberField = (field: CustomFilterField) => CUSTOM_FILTER_FIELDS[field] === 'number' || field in REFERENCES;

/** The order keys beside the filters' fields: the site's restyling order, when the car came, the discount. */
const ORDER_KEYS = ['restyling_sort', 'created_at'] as const;

const toNumbers = (values: (number | string | null)[] | null, size: number) => {
  const out = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const value = values?.[i];
    out[i] = value === null || value === undefined ? NaN : Number(value);
  }
  return out;
};

/** Reads the index of a site's offered cars of a kind: one statement for the cars, one for the references' names. */
export async function loadStockIndex(db: DbOrTx, siteId: number, isNew: boolean): Promise<StockIndex> {
  const columns = [
    sql`'id', array_agg(c.id)`,
    sql`'restyling_id', array_agg(c.restyling_id)`,
    sql`'complectation_id', array_agg(c.complectation_id)`,
    sql`'restyling_sort', array_agg(rs.sort)`,
    sql`'created_at', array_agg(extract(epoch from c.created_at))`,
    ...CUSTOM_FILTER_FIELD_NAMES.map((field) => sql`${field}::text, array_agg(${sql.raw(`c.${field}`)})`),
  ];
  const result = await db.execute(sql`select json_build_object(${sql.join(columns, sql`, `)})::text as columns
    from cars c left join restyling_sorts rs on rs.site_id = c.site_id and rs.restyling_id = c.restyling_id
    where c.site_id = ${siteId} and c.is_new = ${isNew} and c.status in ('active', 'reserved')`);
  const text = (result as unknown as { rows: { columns: string }[] }).rows[0]?.columns;
  const index = stockIndexOf(JSON.parse(text ?? '{}') as StockColumns);
  index.names = await referenceNames(db, index);
  return index;
}

/** The cars' columns as read: each an array with a value per car (null: no value), or null when there are no cars. */
export type StockColumns = Record<string, (number | string | boolean | null)[] | null>;

/** The index of the cars' columns (its names empty: the loader reads them). */
export function stockIndexOf(read: StockColumns): StockIndex {
  const size = read.id?.length ?? 0;
  const index: StockIndex = {
    size,
    ids: toNumbers(read.id as number[], size),
    restyling: toNumbers(read.restyling_id as number[], size),
    complectation: toNumbers(read.complectation_id as number[], size),
    numbers: new Map(),
    texts: new Map(),
    flags: new Map(),
    names: new Map(),
    orders: new Map(),
    numberCodes: new Map(),
    bytes: 0,
    masks: new Int32Array(size),
    candidates: new Uint32Array(size),
  };
  for (const key of ORDER_KEYS) index.numbers.set(key, toNumbers(read[key] as number[], size));
  for (const field of CUSTOM_FILTER_FIELD_NAMES) {
    const values = read[field] ?? null;
    if (isNumberField(field)) {
      const column = toNumbers(values as number[], size);
      index.numbers.set(field, column);
      index.numberCodes.set(field, encode(size, (i) => (Number.isNaN(column[i]!) ? null : column[i]!)));
    } else if (CUSTOM_FILTER_FIELDS[field] === 'boolean') {
      const flags = new Uint8Array(size);
      for (let i = 0; i < size; i++) flags[i] = values?.[i] === true ? 1 : values?.[i] === false ? 0 : 2;
      index.flags.set(field, flags);
    } else index.texts.set(field, encode(size, (i) => (values?.[i] ?? null) as string | null));
  }
  const price = index.numbers.get('price')!;
  const finalPrice = index.numbers.get('final_price')!;
  index.numbers.set('discount', price.map((value, i) => value - finalPrice[i]!));
  index.bytes = [index.ids, index.restyling, index.complectation, index.masks, index.candidates, ...index.numbers.values(), ...index.flags.values(), ...[...index.texts.values(), ...index.numberCodes.values()].map((one) => one.codes)].reduce((sum, array) => sum + array.byteLength, 0);
  return index;
}

function encode<T>(size: number, valueAt: (i: number) => T | null): Coded<T> {
  const codes = new Int32Array(size);
  const distinct = new Map<T, number>();
  for (let i = 0; i < size; i++) {
    const value = valueAt(i);
    if (value === null) {
      codes[i] = -1;
      continue;
    }
    let code = distinct.get(value);
    if (code === undefined) distinct.set(value, (code = distinct.size));
    codes[i] = code;
  }
  return { codes, values: [...distinct.keys()] };
}

/** The names of the brands, models and colours the cars refer to, in both languages (one statement). */
async function referenceNames(db: DbOrTx, index: StockIndex): Promise<StockIndex['names']> {
  const names: StockIndex['names'] = new Map();
  const parts = Object.entries(REFERENCES).flatMap(([field, reference]) => {
    const ids = [...new Set(index.numbers.get(field)!)].filter((id) => !Number.isNaN(id));
    names.set(field as CustomFilterField, new Map());
    if (!ids.length) return [];
    return [sql`select ${field}::text as field, id, ${sql.raw(reference.names('ru'))} as ru, ${sql.raw(reference.names('en'))} as en from ${sql.raw(reference.table)} where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`];
  });
  if (!parts.length) return names;
  const result = await db.execute(sql.join(parts, sql` union all `));
  for (const row of (result as unknown as { rows: { field: CustomFilterField; id: number; ru: string | null; en: string | null }[] }).rows) {
    names.get(row.field)!.set(Number(row.id), { ru: row.ru ?? '', en: row.en ?? row.ru ?? '' });
  }
  return names;
}

/** What a list asks of the index: the filters' state, the scope of a model page, the order and the page. */
export interface IndexQuery {
  filters: CustomFilter[];
  values: Map<CustomFilterField, string[]>;
  ranges: Map<CustomFilterField, { from: number | null; to: number | null }>;
  flags: Set<CustomFilterField>;
  scope?: { restyling_id: number; complectation_id: number | null } | null;
  order: { field: string; direction: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

export interface IndexAnswer {
  /** The page's car ids, in the list's order. */
  ids: number[];
  total: number;
  options: Map<CustomFilterField, { value: string; name: string; count: number }[]>;
  bounds: Map<CustomFilterField, { min: number | null; max: number | null }>;
  flags: Map<CustomFilterField, number>;
}

/** A choice field's codes. */
const codedOf = (index: StockIndex, field: CustomFilterField): Coded<string> | Coded<number> => index.texts.get(field) ?? index.numberCodes.get(field)!;

/** Bit `bit` set in `masks` for every car failing one filter (none when the filter is not set). */
function markFailures(index: StockIndex, query: IndexQuery, field: CustomFilterField, bit: number, masks: Int32Array): void {
  const size = index.size;
  const chosen = query.values.get(field);
  if (chosen) {
    const { codes, values } = codedOf(index, field);
    // A number is matched as a number ("2020" and "2020.0" alike), a text as written.
    const wanted = new Set<string | number>(index.texts.has(field) ? chosen : chosen.map(Number));
    const accepted = Uint8Array.from(values as (string | number)[], (value) => (wanted.has(value) ? 1 : 0));
    for (let i = 0; i < size; i++) {
      const code = codes[i]!;
      if (code < 0 || accepted[code] !== 1) masks[i]! |= bit;
    }
    return;
  }
  const range = query.ranges.get(field);
  if (range) {
    const column = index.numbers.get(field)!;
    const from = range.from ?? -Infinity;
    const to = range.to ?? Infinity;
    // NaN (no value) fails both comparisons, as NULL fails them in SQL.
    for (let i = 0; i < size; i++) {
      const value = column[i]!;
      if (!(value >= from && value <= to)) masks[i]! |= bit;
    }
    return;
  }
  if (query.flags.has(field)) {
    const flags = index.flags.get(field)!;
    for (let i = 0; i < size; i++) if (flags[i] !== 1) masks[i]! |= bit;
  }
}

/**
 * The positions in an order: the key's direction with nulls last, the restyling order followed by
 * the final price (lowest first), and the id last in the key's direction, as the SQL order was.
 */
function positionsIn(index: StockIndex, order: IndexQuery['order']): Uint32Array {
  const name = `${order.field}_${order.direction}`;
  const kept = index.orders.get(name);
  if (kept) return kept;
  const key = index.numbers.get(order.field)!;
  const finalPrice = index.numbers.get('final_price')!;
  const sign = order.direction === 'desc' ? -1 : 1;
  const compareKey = (column: Float64Array, a: number, b: number, direction: number) => {
    const x = column[a]!;
    const y = column[b]!;
    const xNull = Number.isNaN(x);
    if (xNull !== Number.isNaN(y)) return xNull ? 1 : -1;
    return xNull || x === y ? 0 : (x - y) * direction;
  };
  const positions = new Uint32Array(index.size).map((_, i) => i);
  positions.sort(
    (a, b) =>
      compareKey(key, a, b, sign) ||
      (order.field === 'restyling_sort' ? compareKey(finalPrice, a, b, 1) : 0) ||
      (index.ids[a]! - index.ids[b]!) * sign,
  );
  index.orders.set(name, positions);
  return positions;
}

/**
 * One list page from the index: every filter's options with their counts under the other filters
 * (every value the scope's cars have, zero counts included), the ranges' bounds and the
 * checkboxes' counts under the others, the total under all of them and the page's ids.
 */
export function answerFromIndex(index: StockIndex, query: IndexQuery, lang: Lang): IndexAnswer {
  const size = index.size;
  // Per car, a bit for each filter it fails; -1 outside the model page's scope. One plain loop over
  // typed arrays per filter and per count: the scan runs over every car of the kind for each uncached page.
  const masks = clearedMasks(index);
  markScope(index, query.scope ?? null, masks);
  query.filters.forEach((filter, j) => markFailures(index, query, filter.field, 1 << j, masks));
  // The cars that count somewhere: those failing one filter at most (the others count in no filter's options).
  let found = 0;
  let total = 0;
  for (let i = 0; i < size; i++) {
    const mask = masks[i]!;
    if (mask === -1 || (mask & (mask - 1)) !== 0) continue;
    index.candidates[found++] = i;
    if (mask === 0) total++;
  }
  const among = index.candidates.subarray(0, found);

  const options = new Map<CustomFilterField, { value: string; name: string; count: number }[]>();
  const bounds = new Map<CustomFilterField, { min: number | null; max: number | null }>();
  const flags = new Map<CustomFilterField, number>();
  query.filters.forEach((filter, j) => {
    // A filter's counts are under every other filter: a car failing only this one counts.
    const others = ~(1 << j);
    if (filter.type === 'range') bounds.set(filter.field, rangeBounds(index, filter.field, masks, others));
    else if (filter.type === 'checkbox') {
      const column = index.flags.get(filter.field)!;
      let count = 0;
      for (let c = 0; c < among.length; c++) if ((masks[among[c]!]! & others) === 0 && column[among[c]!] === 1) count++;
      flags.set(filter.field, count);
    } else options.set(filter.field, choiceOptions(index, filter.field, { masks, among, others, scoped: !!query.scope }, lang));
  });

  const ids: number[] = [];
  let skipped = 0;
  if (query.offset < total) {
    for (const position of positionsIn(index, query.order)) {
      if (masks[position] !== 0) continue;
      if (skipped++ < query.offset) continue;
      ids.push(index.ids[position]!);
      if (ids.length === query.limit) break;
    }
  }
  return { ids, total, options, bounds, flags };
}

/**
 * A range's lowest and highest value among the cars failing no other filter: the first such car in
 * the field's order either way (each made once per index), which a page finds after a few cars
 * unless the other filters leave few.
 */
function rangeBounds(index: StockIndex, field: CustomFilterField, masks: Int32Array, others: number): { min: number | null; max: number | null } {
  const column = index.numbers.get(field)!;
  const counted = (position: number) => masks[position] !== -1 && (masks[position]! & others) === 0 && !Number.isNaN(column[position]!);
  // Either order has the cars without a value last.
  const firstIn = (positions: Uint32Array) => positions.find(counted);
  const lowest = firstIn(positionsIn(index, { field, direction: 'asc' }));
  if (lowest === undefined) return { min: null, max: null };
  return { min: column[lowest]!, max: column[firstIn(positionsIn(index, { field, direction: 'desc' }))!]! };
}

/**
 * A choice filter's options: every value the scope's cars have (every value of the index without a
 * scope: it holds only values some car has), with the count of cars failing no other filter.
 */
function choiceOptions(index: StockIndex, field: CustomFilterField, scan: { masks: Int32Array; among: Uint32Array; others: number; scoped: boolean }, lang: Lang) {
  const { masks, among, others } = scan;
  const coded = codedOf(index, field);
  const codes = coded.codes;
  const counts = new Int32Array(coded.values.length);
  const present = new Uint8Array(coded.values.length).fill(scan.scoped ? 0 : 1);
  if (scan.scoped) for (let i = 0; i < index.size; i++) if (masks[i] !== -1 && codes[i]! >= 0) present[codes[i]!] = 1;
  for (let c = 0; c < among.length; c++) {
    const i = among[c]!;
    const code = codes[i]!;
    if (code >= 0 && (masks[i]! & others) === 0) counts[code]!++;
  }
  const names = index.names.get(field);
  const nameOf = (value: string) => (names ? names.get(Number(value))?.[lang] || value : value);
  const isText = index.texts.has(field);
  const found = (coded.values as (string | number)[]).flatMap((raw, code) => {
    const value = String(raw);
    return present[code] && value !== '' ? [{ value, name: isText ? value : nameOf(value), count: counts[code]! }] : [];
  });
  const numeric = CUSTOM_FILTER_FIELDS[field] === 'number';
  found.sort((a, b) => (numeric ? Number(b.value) - Number(a.value) : a.name.localeCompare(b.name, lang)));
  return found;
}

/**
 * The index's masks, zeroed: one array per index, used by one scan at a time (a scan runs to its
 * end without awaiting), so that no page allocates one per car.
 */
function clearedMasks(index: StockIndex): Int32Array {
  index.masks.fill(0);
  return index.masks;
}

/** The cars outside a model page's scope (another restyling, or another equipment of it) marked -1. */
function markScope(index: StockIndex, scope: IndexQuery['scope'], masks: Int32Array) {
  if (!scope) return;
  const { restyling_id: restyling, complectation_id: complectation } = scope;
  for (let i = 0; i < index.size; i++) {
    if (index.restyling[i] !== restyling || (complectation !== null && index.complectation[i] !== complectation)) masks[i] = -1;
  }
}
