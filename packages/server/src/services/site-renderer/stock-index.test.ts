import { describe, expect, it } from 'vitest';
import type { CustomFilter } from '@dp/contracts';
import { answerFromIndex, type IndexQuery, type StockIndex } from './stock-index.ts';

/** An index of a few cars built by hand: what loadStockIndex makes of the rows (null: no value). */
function indexOf(cars: { id: number; brand: number | null; body: string | null; year: number | null; price: number | null; final: number | null; sort?: number | null; restyling?: number; cert?: boolean | null }[]): StockIndex {
  const numbers = (values: (number | null | undefined)[]) => Float64Array.from(values, (value) => (value === null || value === undefined ? NaN : value));
  const bodies = [...new Set(cars.flatMap((car) => (car.body === null ? [] : [car.body])))];
  const price = numbers(cars.map((car) => car.price));
  const final = numbers(cars.map((car) => car.final));
  return {
    size: cars.length,
    ids: numbers(cars.map((car) => car.id)),
    restyling: numbers(cars.map((car) => car.restyling ?? 1)),
    complectation: numbers(cars.map(() => null)),
    numbers: new Map([
      ['brand_id', numbers(cars.map((car) => car.brand))],
      ['year', numbers(cars.map((car) => car.year))],
      ['price', price],
      ['final_price', final],
      ['discount', price.map((value, i) => value - final[i]!)],
      ['restyling_sort', numbers(cars.map((car) => car.sort))],
      ['created_at', numbers(cars.map((car) => car.id))],
    ]),
    texts: new Map([['body', { codes: Int32Array.from(cars, (car) => (car.body === null ? -1 : bodies.indexOf(car.body))), values: bodies }]]),
    flags: new Map([['certification', Uint8Array.from(cars, (car) => (car.cert === true ? 1 : car.cert === false ? 0 : 2))]]),
    names: new Map([['brand_id', new Map([[1, { ru: 'Лада', en: 'Lada' }], [2, { ru: 'Kia', en: 'Kia' }]])]]),
    orders: new Map(),
    bytes: 0,
  };
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
