import { carTechnicalOf, type CarAttributes, type CarTechnical, type CarType, type JsonApiRecord, type Lang, type MarketingEngine, type DictionaryName } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';

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

export const labelName = (label: CarLabel, lang: Lang) => (lang === 'en' ? label.name_en : label.name_ru) || label.name;

export const STATUS_COLORS: Record<string, string> = { active: 'green', sold: 'default', not_active: 'orange', reserved: 'blue' };
export const LOGISTIC_COLORS: Record<string, string> = { in_stock: 'green', on_the_way: 'blue', in_production: 'purple', in_the_central_warehouse: 'cyan' };

/** Where a user's choice of columns of one list is remembered (localStorage). */
export const columnsKey = (userId: number | string | undefined, type: CarType) => `cars.stock.columns.${userId ?? 'anonymous'}.${type}`;

const catalogPath = (rest: string) => gatewayPath('cars.catalog', rest);

/** A dictionary entry of the catalogue (fuel, gearbox, drive, body) by id; null when none is named. */
async function catalogEntry(name: string, id: unknown, signal?: AbortSignal): Promise<DictionaryName | null> {
  if (typeof id !== 'number') return null;
  return (await api.request<{ data: JsonApiRecord<DictionaryName> }>('GET', catalogPath(`${name}/${id}`), { signal })).data.attributes;
}

/** What a marketing complectation gives a car form: engine, gearbox, drive and body as the car's text. */
export async function fetchCarTechnical(complectationId: number, signal?: AbortSignal): Promise<CarTechnical> {
  const { data } = await api.request<{ data: JsonApiRecord<{ engine: MarketingEngine | null; fuel_id: number | null; transmission_id: number | null; wheel_drive_id: number | null; body_id: number | null }> }>(
    'GET',
    catalogPath(`marketing_complectations/${complectationId}`),
    { signal },
  );
  const attributes = data.attributes;
  const [fuel, transmission, wheelDrive, body] = await Promise.all([
    catalogEntry('fuels', attributes.fuel_id, signal),
    catalogEntry('transmissions', attributes.transmission_id, signal),
    catalogEntry('wheel_drives', attributes.wheel_drive_id, signal),
    catalogEntry('bodies', attributes.body_id, signal),
  ]);
  return carTechnicalOf({ engine: attributes.engine, fuel, transmission, wheel_drive: wheelDrive, body });
}
