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
  /** 32-bit words of a set of the index's cars (CarSet). */
  words: number;
  /** Per choice field counted so far, the set of the cars of each of its values (null: too many values, counted car by car). */
  valueSets: Map<CustomFilterField, CarSet[] | null>;
  /** Per yes/no field counted so far, the set of the cars with yes. */
  flagSets: Map<CustomFilterField, CarSet>;
  /** A scan's work sets (answerFromIndex), made as needed: a scan runs to its end without awaiting, so one scan at a time uses them. */
  work: CarSet[];
}

/** A set of the index's cars: bit `i % 32` of word `i >>> 5` for the car at position i. */
type CarSet = Uint32Array;

/** The most values of a field counted from a set per value (a few kilobytes each); a field with more is counted car by car. */
const MAX_VALUE_SETS = 64;

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

/** The fields the lists order by besides the order keys (contracts LIST_SORT_FIELDS; the discount is the price less the final price). */
const SORTED_FIELDS: CustomFilterField[] = ['final_price', 'price', 'year', 'mileage'];

/**
 * Reads the index of a site's offered cars of a kind, with the fields of the site's filters and
 * those the lists order by: one statement for the cars, one for the references' names.
 */
export async function loadStockIndex(db: DbOrTx, siteId: number, isNew: boolean, filterFields: CustomFilterField[]): Promise<StockIndex> {
  const fields = [...new Set([...SORTED_FIELDS, ...filterFields])].filter((field) => CUSTOM_FILTER_FIELD_NAMES.includes(field));
  const columns = [
    sql`'id', array_agg(c.id)`,
    sql`'restyling_id', array_agg(c.restyling_id)`,
    sql`'complectation_id', array_agg(c.complectation_id)`,
    sql`'restyling_sort', array_agg(rs.sort)`,
    sql`'created_at', array_agg(extract(epoch from c.created_at))`,
    ...fields.map((field) => sql`${field}::text, array_agg(${sql.raw(`c.${field}`)})`),
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

/** The index of the cars' columns: the fields read and those the lists order by (its names empty: the loader reads them). */
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
    words: Math.ceil(size / 32),
    valueSets: new Map(),
    flagSets: new Map(),
    work: [],
  };
  for (const key of ORDER_KEYS) index.numbers.set(key, toNumbers(read[key] as number[], size));
  for (const field of CUSTOM_FILTER_FIELD_NAMES) {
    if (!(field in read) && !SORTED_FIELDS.includes(field)) continue;
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
  index.bytes = [index.ids, index.restyling, index.complectation, ...index.numbers.values(), ...index.flags.values(), ...[...index.texts.values(), ...index.numberCodes.values()].map((one) => one.codes)].reduce((sum, array) => sum + array.byteLength, 0);
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
 *
 * Sets of cars as bits: each set filter's passing cars, their intersection, and per set filter
 * the intersection of the others; a value's count is the size of its cars' set within those.
 * A page costs a few passes over words of 32 cars, not over every car of the kind per filter.
 */
export function answerFromIndex(index: StockIndex, query: IndexQuery, lang: Lang): IndexAnswer {
  const filters = query.filters;
  const work = workSets(index, 2 * filters.length + 2);
  let next = 0;
  const scope = scopeSet(index, query.scope ?? null, work[next++]!);
  const passing = filters.map((filter) => (isSet(query, filter.field) ? passingSet(index, query, filter.field, work[next++]!) : null));
  const all = intersection(work[next++]!, scope, passing, -1);
  // A filter's counts are under every other filter: those of an unset filter under all of them.
  const others = passing.map((set, j) => (set ? intersection(work[next++]!, scope, passing, j) : all));
  const total = sizeOf(all);

  const options = new Map<CustomFilterField, { value: string; name: string; count: number }[]>();
  const bounds = new Map<CustomFilterField, { min: number | null; max: number | null }>();
  const flags = new Map<CustomFilterField, number>();
  filters.forEach((filter, j) => {
    const among = others[j]!;
    if (filter.type === 'range') bounds.set(filter.field, rangeBounds(index, filter.field, among));
    else if (filter.type === 'checkbox') flags.set(filter.field, sizeOfBoth(flagSet(index, filter.field), among));
    else options.set(filter.field, choiceOptions(index, filter.field, among, query.scope ? scope : null, lang));
  });

  const ids: number[] = [];
  if (query.offset < total) {
    const positions = positionsIn(index, query.order);
    let skipped = 0;
    for (let c = 0; c < positions.length; c++) {
      const position = positions[c]!;
      if (!has(all, position) || skipped++ < query.offset) continue;
      ids.push(index.ids[position]!);
      if (ids.length === query.limit) break;
    }
  }
  return { ids, total, options, bounds, flags };
}

const has = (set: CarSet, position: number) => ((set[position >>> 5]! >>> (position & 31)) & 1) === 1;

/** Bits set in a word. */
function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

const sizeOf = (set: CarSet) => {
  let count = 0;
  for (let w = 0; w < set.length; w++) if (set[w] !== 0) count += bitCount(set[w]!);
  return count;
};

/** The size of the intersection of two sets. */
const sizeOfBoth = (a: CarSet, b: CarSet) => {
  let count = 0;
  for (let w = 0; w < a.length; w++) {
    const word = a[w]! & b[w]!;
    if (word !== 0) count += bitCount(word);
  }
  return count;
};

/** The index's work sets, at least `count` of them (made once per index, reused by every scan). */
function workSets(index: StockIndex, count: number): CarSet[] {
  while (index.work.length < count) index.work.push(new Uint32Array(index.words));
  return index.work;
}

/** Whether the query sets the filter of `field` (chosen values, a range or a ticked checkbox). */
const isSet = (query: IndexQuery, field: CustomFilterField) => query.values.has(field) || query.ranges.has(field) || query.flags.has(field);

/** Every car of the index in `set`, or those of a model page's scope (its restyling, and its equipment when it has one). */
function scopeSet(index: StockIndex, scope: IndexQuery['scope'], set: CarSet): CarSet {
  set.fill(0);
  if (!scope) {
    set.fill(0xffffffff);
    // The last word's bits past the last car stay clear.
    if (index.size % 32) set[set.length - 1] = 2 ** (index.size % 32) - 1;
    return set;
  }
  const { restyling_id: restyling, complectation_id: complectation } = scope;
  for (let i = 0; i < index.size; i++) {
    if (index.restyling[i] === restyling && (complectation === null || index.complectation[i] === complectation)) set[i >>> 5]! |= 1 << (i & 31);
  }
  return set;
}

/** The cars passing one set filter, in `set`. */
function passingSet(index: StockIndex, query: IndexQuery, field: CustomFilterField, set: CarSet): CarSet {
  set.fill(0);
  const chosen = query.values.get(field);
  if (chosen) {
    const { codes, values } = codedOf(index, field);
    // A number is matched as a number ("2020" and "2020.0" alike), a text as written.
    const wanted = new Set<string | number>(index.texts.has(field) ? chosen : chosen.map(Number));
    const accepted = Uint8Array.from(values as (string | number)[], (value) => (wanted.has(value) ? 1 : 0));
    const sets = valueSetsOf(index, field);
    if (sets) {
      accepted.forEach((yes, code) => {
        if (!yes) return;
        const cars = sets[code]!;
        for (let w = 0; w < set.length; w++) set[w]! |= cars[w]!;
      });
    } else {
      for (let i = 0; i < index.size; i++) if (codes[i]! >= 0 && accepted[codes[i]!] === 1) set[i >>> 5]! |= 1 << (i & 31);
    }
    return set;
  }
  const range = query.ranges.get(field);
  if (range) {
    // The cars in the range are one run of the field's order (no value last: NaN fails both bounds, as NULL does in SQL).
    const positions = positionsIn(index, { field, direction: 'asc' });
    const column = index.numbers.get(field)!;
    const from = range.from ?? -Infinity;
    const to = range.to ?? Infinity;
    const first = firstWhere(positions.length, (c) => !(column[positions[c]!]! < from));
    const end = firstWhere(positions.length, (c) => !(column[positions[c]!]! <= to));
    for (let c = first; c < end; c++) {
      const position = positions[c]!;
      set[position >>> 5]! |= 1 << (position & 31);
    }
    return set;
  }
  set.set(flagSet(index, field));
  return set;
}

/** The first of 0…count-1 where `test` holds, `test` being false up to some point and true from it on; count when never. */
function firstWhere(count: number, test: (at: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** `scope` and every set filter's passing cars but the `except`-th, in `into`. */
function intersection(into: CarSet, scope: CarSet, passing: (CarSet | null)[], except: number): CarSet {
  into.set(scope);
  passing.forEach((set, j) => {
    if (!set || j === except) return;
    for (let w = 0; w < into.length; w++) into[w]! &= set[w]!;
  });
  return into;
}

/** A choice field's sets of cars per value, made on first use; null when it has more than MAX_VALUE_SETS values. */
function valueSetsOf(index: StockIndex, field: CustomFilterField): CarSet[] | null {
  if (index.valueSets.has(field)) return index.valueSets.get(field)!;
  const { codes, values } = codedOf(index, field);
  const sets = values.length > MAX_VALUE_SETS ? null : values.map(() => new Uint32Array(index.words));
  if (sets) for (let i = 0; i < index.size; i++) if (codes[i]! >= 0) sets[codes[i]!]![i >>> 5]! |= 1 << (i & 31);
  index.valueSets.set(field, sets);
  return sets;
}

/** A yes/no field's cars with yes, made on first use. */
function flagSet(index: StockIndex, field: CustomFilterField): CarSet {
  const kept = index.flagSets.get(field);
  if (kept) return kept;
  const flags = index.flags.get(field)!;
  const set = new Uint32Array(index.words);
  for (let i = 0; i < index.size; i++) if (flags[i] === 1) set[i >>> 5]! |= 1 << (i & 31);
  index.flagSets.set(field, set);
  return set;
}

/**
 * A range's lowest and highest value among `among`: the first such car in the field's order either
 * way (each made once per index), which a page finds after a few cars unless the other filters
 * leave few.
 */
function rangeBounds(index: StockIndex, field: CustomFilterField, among: CarSet): { min: number | null; max: number | null } {
  const column = index.numbers.get(field)!;
  const firstIn = (positions: Uint32Array) => {
    for (let c = 0; c < positions.length; c++) {
      const position = positions[c]!;
      // Either order has the cars without a value last.
      if (Number.isNaN(column[position]!)) return null;
      if (has(among, position)) return column[position]!;
    }
    return null;
  };
  const min = firstIn(positionsIn(index, { field, direction: 'asc' }));
  return min === null ? { min: null, max: null } : { min, max: firstIn(positionsIn(index, { field, direction: 'desc' })) };
}

/**
 * A choice filter's options: every value the scope's cars have (every value of the index without a
 * scope: it holds only values some car has), with the count of those of `among`.
 */
function choiceOptions(index: StockIndex, field: CustomFilterField, among: CarSet, scope: CarSet | null, lang: Lang) {
  const coded = codedOf(index, field);
  const sets = valueSetsOf(index, field);
  const counts = new Int32Array(coded.values.length);
  const present = new Uint8Array(coded.values.length).fill(scope ? 0 : 1);
  if (sets) {
    sets.forEach((cars, code) => {
      counts[code] = sizeOfBoth(cars, among);
      if (scope && sizeOfBoth(cars, scope) > 0) present[code] = 1;
    });
  } else {
    const codes = coded.codes;
    for (let i = 0; i < index.size; i++) {
      const code = codes[i]!;
      if (code < 0) continue;
      if (has(among, i)) counts[code]!++;
      if (scope && has(scope, i)) present[code] = 1;
    }
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
