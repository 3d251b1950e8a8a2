import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { bulkSearchIndex } from '../../kit/search-index.ts';
import { carBrands, carComplectations, carGenerations, carModels, carRestylings } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { carBodyColors, carUpholsteries } from '../cars.catalog/colors.table.ts';

const money = (name: string) => bigint(name, { mode: 'number' });
const discount = (name: string) => money(name).notNull().default(0);

/** The cars' trigram search indexes (bulkSearchIndex: the feed import merges them after it writes). */
export const CARS_SEARCH_INDEXES = ['cars_vin_search', 'cars_external_id_search'] as const;

/**
 * Cars of a site's stock (contracts cars.stock/car.resource.ts, spec 001 §3 Car). Site-owned:
 * the client is the site's. Catalogue ids are copied by the server from the lowest level given
 * (car.hooks.ts); a catalogue entry used by a car is not deleted (restrict, and the machinery's
 * 409 first). Money is whole roubles in bigint, never a float; `final_price` is computed on every
 * write (finalPrice) so that lists sort and filter by it.
 */
export const cars = pgTable(
  'cars',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    external_id: varchar('external_id', { length: 100 }),
    dealers_id: integer('dealers_id').references(() => dealerships.id, { onDelete: 'set null' }),
    dealer_code: varchar('dealer_code', { length: 100 }),
    vin: varchar('vin', { length: 17 }),
    brand_id: integer('brand_id').references(() => carBrands.id, { onDelete: 'restrict' }),
    model_id: integer('model_id').references(() => carModels.id, { onDelete: 'restrict' }),
    generation_id: integer('generation_id').references(() => carGenerations.id, { onDelete: 'restrict' }),
    restyling_id: integer('restyling_id').references(() => carRestylings.id, { onDelete: 'restrict' }),
    complectation_id: integer('complectation_id').references(() => carComplectations.id, { onDelete: 'restrict' }),
    marketing_complectation_id: integer('marketing_complectation_id').references(() => carMarketingComplectations.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    logistic_status: varchar('logistic_status', { length: 40 }).notNull().default('in_stock'),
    body_color_id: integer('body_color_id').references(() => carBodyColors.id, { onDelete: 'restrict' }),
    upholstery_id: integer('upholstery_id').references(() => carUpholsteries.id, { onDelete: 'restrict' }),
    commercial: boolean('commercial').notNull().default(false),
    doors: integer('doors'),
    loading: integer('loading'),
    engine: varchar('engine', { length: 255 }),
    transmission: varchar('transmission', { length: 100 }),
    wheel_drive: varchar('wheel_drive', { length: 100 }),
    body: varchar('body', { length: 100 }),
    right_steering_wheel: boolean('right_steering_wheel').notNull().default(false),
    mileage: integer('mileage'),
    owners: integer('owners'),
    year: integer('year'),
    registry_year: integer('registry_year'),
    model_year: integer('model_year'),
    price: money('price'),
    tradein_discount: discount('tradein_discount'),
    credit_discount: discount('credit_discount'),
    insurance_discount: discount('insurance_discount'),
    credit_tradein_discount: discount('credit_tradein_discount'),
    final_price: money('final_price'),
    description: text('description'),
    is_new: boolean('is_new').notNull(),
    options: text('options').array().notNull().default([]),
    discount_description: text('discount_description'),
    pts: varchar('pts', { length: 20 }),
    approved: boolean('approved').notNull().default(false),
    manual_image_ids: integer('manual_image_ids').array().notNull().default([]),
    import_image_ids: integer('import_image_ids').array().notNull().default([]),
    stock_image_ids: integer('stock_image_ids').array().notNull().default([]),
    // Labels of its site put on the car by hand (the import-edit widget), shown besides those whose conditions it meets.
    label_ids: integer('label_ids').array().notNull().default([]),
    certification: boolean('certification').notNull().default(false),
    source: varchar('source', { length: 100 }),
    exterior_video_url: text('exterior_video_url'),
    interior_video_url: text('interior_video_url'),
    equipment: text('equipment').array().notNull().default([]),
    /** When the car was marked as sold (the sold period of the stock settings counts from it). */
    sold_at: timestamp('sold_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The stock list's default order (newest first, then id): a site's first page is read off the
    // index instead of sorting all its cars (80 ms for a site of 50,000, bench:feeds).
    index('cars_site_idx').on(t.site_id, t.is_new, t.created_at.desc().nullsLast(), t.id),
    // The public sites' lists in price order (the visitors' most common choice) and their price ranges.
    index('cars_site_price_idx').on(t.site_id, t.is_new, t.final_price, t.id),
    index('cars_client_idx').on(t.client_id, t.is_new),
    // The feed import finds a site's cars by VIN or External ID (cars.import run-import.ts).
    index('cars_site_vin_import_idx').on(t.site_id, t.vin),
    index('cars_site_external_id_import_idx').on(t.site_id, t.external_id),
    // Written in bulk by the feed import (run-import.ts empties their pending lists after it).
    bulkSearchIndex(CARS_SEARCH_INDEXES[0], t.vin),
    bulkSearchIndex(CARS_SEARCH_INDEXES[1], t.external_id),
  ],
);
