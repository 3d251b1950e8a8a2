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
