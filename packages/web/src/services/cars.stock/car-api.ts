import type { CarAttributes, CarType, Lang } from '@dp/contracts';
import { gatewayPath } from '../../kit/api.ts';

/** Calls and shapes of the stock screens (cars.stock). */
export const stockPath = (rest: string) => gatewayPath('cars.stock', rest);

/** A label a car carries on its site (GET /cars/where_client/{id}). */
export interface CarLabel {
  id: number;
  name: string;
  name_ru: string | null;
  name_en: string | null;
  background: string;
  type: string;
}
export type CarRow = CarAttributes & { labels?: CarLabel[] };

export const carKeys = {
  all: ['cars.stock', 'cars'] as const,
  list: (siteId: string, type: CarType, query: Record<string, unknown>) => ['cars.stock', 'cars', 'list', siteId, type, query] as const,
  one: (id: string) => ['cars.stock', 'cars', 'one', id] as const,
};

/** Prices are roubles whatever the interface language (a dealer's stock is priced in roubles). */
export function formatRoubles(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ru-RU', { style: 'currency', currency: 'RUB', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(value);
}

export const labelName = (label: CarLabel, lang: Lang) => (lang === 'en' ? label.name_en : label.name_ru) || label.name;

export const STATUS_COLORS: Record<string, string> = { active: 'green', sold: 'default', not_active: 'orange', reserved: 'blue' };
export const LOGISTIC_COLORS: Record<string, string> = { in_stock: 'green', on_the_way: 'blue', in_production: 'purple', in_the_central_warehouse: 'cyan' };

/** Where a user's choice of columns of one list is remembered (localStorage). */
export const columnsKey = (userId: number | string | undefined, type: CarType) => `cars.stock.columns.${userId ?? 'anonymous'}.${type}`;
