import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients, timestamps } from '../clients.storage/client.table.ts';
import { searchIndex } from '../../kit/search-index.ts';
import { carBrands } from '../cars.catalog/catalog.table.ts';

/**
 * VIN data (contracts cars.vins/vin.resource.ts, spec 001 §3): the platform's records of cars by
 * VIN, keyed by brand; one record per VIN (the import's upsert key). Money is whole roubles in
 * bigint. A brand with VIN data is not deleted (restrict, and the machinery's 409 first).
 */
export const vinData = pgTable(
  'vin_data',
  {
    id: serial('id').primaryKey(),
    production_number: varchar('production_number', { length: 50 }),
    vin: varchar('vin', { length: 17 }).notNull(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => carBrands.id, { onDelete: 'restrict' }),
    marketing_complectation_code: varchar('marketing_complectation_code', { length: 50 }),
    body_color_code: varchar('body_color_code', { length: 50 }),
    upholstery_code: varchar('upholstery_code', { length: 50 }),
    option_codes: text('option_codes').array().notNull().default(sql`'{}'::text[]`),
    gross_price: bigint('gross_price', { mode: 'number' }),
    local_package: varchar('local_package', { length: 255 }),
    images_id: varchar('images_id', { length: 100 }),
    /** When the record's data last changed (creation, import, edit); invalidating images does not count. */
    last_update_date: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vin_data_vin_idx').on(t.vin),
    index('vin_data_brand_idx').on(t.brand_id, t.marketing_complectation_code),
    index('vin_data_updated_idx').on(t.last_update_date),
    searchIndex('vin_data_vin_search', t.vin),
    searchIndex('vin_data_production_number_search', t.production_number),
  ],
);

/** Retrieval profiles (spec 001 §3 profile_data): one per client, brand and type. */
export const vinProfiles = pgTable(
  'vin_profiles',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => carBrands.id, { onDelete: 'restrict' }),
    auto_type: varchar('auto_type', { length: 20 }).notNull().default('avn'),
    url: text('url').notNull(),
    method: varchar('method', { length: 10 }).notNull().default('GET'),
    ...timestamps,
  },
  (t) => [uniqueIndex('vin_profiles_client_brand_type_idx').on(t.client_id, t.brand_id, t.auto_type)],
);

/** Clients allowed (or refused) the use of VIN data (spec 001 §3 allowed_clients): one entry per client. */
export const vinAllowedClients = pgTable(
  'vin_allowed_clients',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    is_allowed: boolean('is_allowed').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('vin_allowed_clients_client_idx').on(t.client_id)],
);
