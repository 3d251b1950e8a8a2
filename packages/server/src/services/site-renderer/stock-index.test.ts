import { describe, expect, it } from 'vitest';
import type { CustomFilter } from '@dp/contracts';
import { answerFromIndex, stockIndexOf, type IndexQuery, type StockIndex } from './stock-index.ts';

/** The index of a few cars, from their columns as the loader reads them (null: no value). */
function indexOf(cars: { id: number; brand: number | null; body: string | null; year: number | null; price: number | null; final: number | null; sort?: number | null; restyling?: number; cert?: boolean | null }[]): StockIndex {
  const index = stockIndexOf({
    id: cars.map((car) => car.id),
    restyling_id: cars.map((car) => car.restyling ?? 1),
    complectation_id: cars.map(() => null),
    restyling_sort: cars.map((car) => car.sort ?? null),
    created_at: cars.map((car) => car.id),
    brand_id: cars.map((car) => car.brand),
    body: cars.map((car) => car.body),
    year: cars.map((car) => car.year),
    price: cars.map((car) => car.price),
    final_price: cars.map((car) => car.final),
    certification: cars.map((car) => car.cert ?? null),
  });
  index.names.set('brand_id', new Map([[1, { ru: 'Лада', en: 'Lada' }], [2, { ru: 'Kia', en: 'Kia' }]]));
  return index;
}

const FILTERS: CustomFilter[] = [
  { field: 'brand_id', type: 'multiselect' },
  { field: 'body', type: 'select' },
  { field: 'year', type: 'range' },
  { field: 'certification', type: 'checkbox' },
] as CustomFilter[];

const CARS = indexOf([
  { id: 1, brand: 1, body: 'sedan', year: 2020, price: 1_000_000, final: 900_000, sort: 2, cert: true },
  { id: 2, brand: 1, body: 'suv', year: 2022, price: 2_000_000, final: 2_000_000, sort: 1, cert: false },
  { id: 3, brand: 2, body: 'sedan', year: null, price: null, final: null, sort: null, cert: null },
  { id: 4, brand: 2, body: '', year: 2024, price: 1_500_000, final: 1_400_000, sort: 1, restyling: 2, cert: true },
  { id: 5, brand: null, body: null, year: 2021, price: 1_500_000, final: 1_450_000, sort: 2, cert: true },
]);

const query = (overrides: Partial<IndexQuery>): IndexQuery => ({ filters: FILTERS, values: new Map(), ranges: new Map(), flags: new Set(), order: { field: 'final_price', direction: 'asc' }, offset: 0, limit: 12, ...overrides });

describe("a list page from the index of a site's offered cars", () => {
  it('orders with the empty values last in either direction and the id last in the same direction', () => {
    expect(answerFromIndex(CARS, query({}), 'ru').ids).toEqual([1, 4, 5, 2, 3]);
    expect(answerFromIndex(CARS, query({ order: { field: 'final_price', direction: 'desc' } }), 'ru').ids).toEqual([2, 5, 4, 1, 3]);
    expect(answerFromIndex(CARS, query({ order: { field: 'price', direction: 'desc' } }), 'ru').ids).toEqual([2, 5, 4, 1, 3]);
    expect(answerFromIndex(CARS, query({ order: { field: 'price', direction: 'asc' } }), 'ru').ids).toEqual([1, 4, 5, 2, 3]);
    expect(answerFromIndex(CARS, query({ order: { field: 'discount', direction: 'desc' } }), 'ru').ids).toEqual([4, 1, 5, 2, 3]);
  });

  it("follows the site's restyling order, then the lowest final price", () => {
    expect(answerFromIndex(CARS, query({ order: { field: 'restyling_sort', direction: 'asc' } }), 'ru').ids).toEqual([4, 2, 1, 5, 3]);
  });

  it('counts each value under the other filters, listing the values no car under them has with zero', () => {
    const answer = answerFromIndex(CARS, query({ values: new Map([['body', ['sedan']]]) }), 'en');
    expect(answer.total).toBe(2);
    expect(answer.ids).toEqual([1, 3]);
    // Brands under "sedan": Kia 1, Lada 1, sorted by name in the page's language.
    expect(answer.options.get('brand_id')).toEqual([
      { value: '2', name: 'Kia', count: 1 },
      { value: '1', name: 'Lada', count: 1 },
    ]);
    // Bodies under no other filter: every body but the empty one and the missing one.
    expect(answer.options.get('body')).toEqual([
      { value: 'sedan', name: 'sedan', count: 2 },
      { value: 'suv', name: 'suv', count: 1 },
    ]);
    expect(answer.bounds.get('year')).toEqual({ min: 2020, max: 2020 });
    expect(answer.flags.get('certification')).toBe(1);
  });

  it('matches a chosen number as a number, and counts the other choices under it', () => {
    for (const written of ['2', '2.0']) {
      const answer = answerFromIndex(CARS, query({ values: new Map([['brand_id', [written]]]) }), 'en');
      expect(answer.ids).toEqual([4, 3]);
      // The brands' own counts ignore the brand chosen; the bodies' count under it.
      expect(answer.options.get('brand_id')!.map((option) => [option.value, option.count])).toEqual([
        ['2', 2],
        ['1', 2],
      ]);
      expect(answer.options.get('body')).toEqual([
        { value: 'sedan', name: 'sedan', count: 1 },
        { value: 'suv', name: 'suv', count: 0 },
      ]);
    }
  });

  it('takes ranges and checkboxes, a car without the value failing a range', () => {
    const answer = answerFromIndex(CARS, query({ ranges: new Map([['year', { from: 2021, to: null }]]), flags: new Set(['certification']) }), 'en');
    expect(answer.ids).toEqual([4, 5]);
    expect(answer.options.get('brand_id')!.map((option) => [option.name, option.count])).toEqual([
      ['Kia', 1],
      ['Lada', 0],
    ]);
    // The year's own bounds ignore the year's range: the certified cars' years.
    expect(answer.bounds.get('year')).toEqual({ min: 2020, max: 2024 });
    expect(answer.flags.get('certification')).toBe(2);
  });

  it("pages the list and keeps a model page to the restyling's cars", () => {
    expect(answerFromIndex(CARS, query({ offset: 2, limit: 2 }), 'ru')).toMatchObject({ ids: [5, 2], total: 5 });
    expect(answerFromIndex(CARS, query({ offset: 5 }), 'ru').ids).toEqual([]);
    const model = answerFromIndex(CARS, query({ scope: { restyling_id: 2, complectation_id: null } }), 'ru');
    expect(model).toMatchObject({ ids: [4], total: 1 });
    expect(model.options.get('brand_id')).toEqual([{ value: '2', name: 'Kia', count: 1 }]);
  });
});

describe('the index against a plain reading of the filters', () => {
  /** A seeded generator, so that a failure is reproducible. */
  let seed = 20261130;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = <T,>(values: T[]) => values[Math.floor(random() * values.length)]!;
  const maybe = <T,>(value: T, share = 0.85) => (random() < share ? value : null);

  // 1,000 cars: sets of many words, the last one partly used; `engine` and `mileage` have more values than get a set each.
  const cars = Array.from({ length: 1000 }, (_, i) => ({
    id: 5000 - i * 3,
    restyling_id: pick([1, 2, 3]),
    brand_id: maybe(pick([1, 2, 3, 4])),
    body: maybe(pick(['sedan', 'suv', 'hatchback', ''])),
    engine: maybe(`engine ${Math.floor(random() * 150)}`),
    mileage: maybe(Math.floor(random() * 200) * 1000),
    year: maybe(2015 + Math.floor(random() * 10)),
    final_price: maybe(500_000 + Math.floor(random() * 400) * 10_000),
    discount: maybe(Math.floor(random() * 10) * 50_000, 0.5),
    restyling_sort: maybe(Math.floor(random() * 5), 0.7),
    certification: random() < 0.1 ? null : random() < 0.5,
  }));
  const index = stockIndexOf({
    id: cars.map((car) => car.id),
    restyling_id: cars.map((car) => car.restyling_id),
    complectation_id: cars.map(() => null),
    restyling_sort: cars.map((car) => car.restyling_sort),
    created_at: cars.map((car) => car.id),
    brand_id: cars.map((car) => car.brand_id),
    body: cars.map((car) => car.body),
    engine: cars.map((car) => car.engine),
    mileage: cars.map((car) => car.mileage),
    year: cars.map((car) => car.year),
    final_price: cars.map((car) => car.final_price),
    price: cars.map((car) => (car.final_price === null ? null : car.final_price + (car.discount ?? 0))),
    certification: cars.map((car) => car.certification),
  });
  const filters = [
    { field: 'brand_id', type: 'multiselect' },
    { field: 'body', type: 'select' },
    { field: 'engine', type: 'multiselect' },
    { field: 'mileage', type: 'select' },
    { field: 'year', type: 'range' },
    { field: 'final_price', type: 'range' },
    { field: 'certification', type: 'checkbox' },
  ] as CustomFilter[];
  type Car = (typeof cars)[number];
  const valueOf = (car: Car, field: string) => car[field as keyof Car] as string | number | boolean | null;

  function randomQuery(): IndexQuery {
    const values = new Map<CustomFilter['field'], string[]>();
    const ranges = new Map<CustomFilter['field'], { from: number | null; to: number | null }>();
    const flags = new Set<CustomFilter['field']>();
    if (random() < 0.4) values.set('brand_id', [String(pick([1, 2, 3, 4, 9])), ...(random() < 0.5 ? [String(pick([1, 2, 3]))] : [])]);
    if (random() < 0.3) values.set('body', [pick(['sedan', 'suv', 'hatchback'])]);
    if (random() < 0.3) values.set('engine', [`engine ${Math.floor(random() * 150)}`, `engine ${Math.floor(random() * 150)}`]);
    if (random() < 0.2) values.set('mileage', [String(Math.floor(random() * 200) * 1000)]);
    if (random() < 0.5) ranges.set('year', { from: maybe(2015 + Math.floor(random() * 10), 0.7), to: maybe(2018 + Math.floor(random() * 10), 0.6) });
    if (random() < 0.6) ranges.set('final_price', { from: maybe(500_000 + Math.floor(random() * 400) * 10_000, 0.7), to: maybe(1_500_000 + Math.floor(random() * 400) * 10_000, 0.6) });
    if (random() < 0.3) flags.add('certification');
    const scope = random() < 0.2 ? { restyling_id: pick([1, 2, 3]), complectation_id: null } : null;
    const field = pick(['final_price', 'price', 'year', 'mileage', 'discount', 'restyling_sort', 'created_at']);
    return { filters, values, ranges, flags, scope, order: { field, direction: field === 'restyling_sort' ? 'asc' : pick(['asc', 'desc'] as const) }, offset: pick([0, 0, 12, 24]), limit: 12 };
  }

  /** Whether a car passes the query's filter of `field` (a filter not set passes every car). */
  function passes(query: IndexQuery, car: Car, field: CustomFilter['field']): boolean {
    const value = valueOf(car, field);
    const chosen = query.values.get(field);
    if (chosen) return value !== null && chosen.some((one) => (typeof value === 'number' ? Number(one) === value : one === value));
    const range = query.ranges.get(field);
    if (range) return typeof value === 'number' && value >= (range.from ?? -Infinity) && value <= (range.to ?? Infinity);
    if (query.flags.has(field)) return value === true;
    return true;
  }

  it('counts, bounds, totals and pages as filtering every car one by one does', () => {
    for (let run = 0; run < 300; run++) {
      const query = randomQuery();
      const answer = answerFromIndex(index, query, 'en');
      const inScope = cars.filter((car) => !query.scope || car.restyling_id === query.scope.restyling_id);
      const underOthers = (field: string) => inScope.filter((car) => filters.every((filter) => filter.field === field || passes(query, car, filter.field)));
      const shown = underOthers('');
      // The order: the key's direction with no value last, the restyling order then the lowest final price, the id last.
      const sign = query.order.direction === 'asc' ? 1 : -1;
      const keyOf = (car: Car, field: string): number | null =>
        field === 'price' ? (car.final_price === null ? null : car.final_price + (car.discount ?? 0)) : field === 'discount' ? (car.final_price === null ? null : (car.discount ?? 0)) : field === 'created_at' ? car.id : (valueOf(car, field) as number | null);
      const byKey = (a: Car, b: Car, field: string, direction: number) => {
        const [x, y] = [keyOf(a, field), keyOf(b, field)];
        return x === null || y === null ? (x === null ? 1 : 0) - (y === null ? 1 : 0) : (x - y) * direction;
      };
      const ordered = [...shown].sort((a, b) => byKey(a, b, query.order.field, sign) || (query.order.field === 'restyling_sort' ? byKey(a, b, 'final_price', 1) : 0) || (a.id - b.id) * sign);
      expect(answer.total).toBe(shown.length);
      expect(answer.ids).toEqual(ordered.slice(query.offset, query.offset + query.limit).map((car) => car.id));
      for (const filter of filters) {
        const counted = underOthers(filter.field);
        if (filter.type === 'range') {
          const values = counted.map((car) => valueOf(car, filter.field)).filter((value): value is number => typeof value === 'number');
          expect(answer.bounds.get(filter.field)).toEqual(values.length ? { min: Math.min(...values), max: Math.max(...values) } : { min: null, max: null });
        } else if (filter.type === 'checkbox') {
          expect(answer.flags.get(filter.field)).toBe(counted.filter((car) => valueOf(car, filter.field) === true).length);
        } else {
          const present = [...new Set(inScope.map((car) => valueOf(car, filter.field)).filter((value) => value !== null && value !== ''))].map(String).sort();
          const expected = present.map((value) => [value, counted.filter((car) => String(valueOf(car, filter.field)) === value).length]);
          expect(answer.options.get(filter.field)!.map((option) => [option.value, option.count]).sort()).toEqual(expected.sort());
        }
      }
    }
  });
});
