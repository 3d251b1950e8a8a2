import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MarketingEngine, SpecificationCategory } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { searchIndex } from '../../kit/search-index.ts';
import { carBodies, carBrands, carComplectations, carFuels, carRestylings, carTransmissions, carWheelDrives, levelId, restylingIds } from './catalog.table.ts';

/**
 * Marketing complectations, their options and the dealer options (spec 001 §3 Catalogue,
 * contracts cars.catalog/marketing-complectation.resource.ts, option.resource.ts).
 *
 * A marketing complectation is the last level below a complectation: it keeps the ids of every
 * level above, copied by the server from the complectation (marketing.hooks.ts). The engine and
 * the specification categories are documents of the record (jsonb, validated by the contract);
 * its options are ids of `car_options` (an option deleted leaves every list it was in).
 */
export const carMarketingComplectations = pgTable(
  'car_marketing_complectations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    name_ru: text('name_ru'),
    name_en: text('name_en'),
    formative_option_codes: text('formative_option_codes').array().notNull().default([]),
    formative_option_pack_codes: text('formative_option_pack_codes').array().notNull().default([]),
    body_id: integer('body_id').references(() => carBodies.id, { onDelete: 'restrict' }),
    fuel_id: integer('fuel_id').references(() => carFuels.id, { onDelete: 'restrict' }),
    transmission_id: integer('transmission_id').references(() => carTransmissions.id, { onDelete: 'restrict' }),
    wheel_drive_id: integer('wheel_drive_id').references(() => carWheelDrives.id, { onDelete: 'restrict' }),
    engine: jsonb('engine').$type<MarketingEngine | null>(),
    specification_categories: jsonb('specification_categories').$type<SpecificationCategory[]>().notNull().default([]),
    option_ids: integer('option_ids').array().notNull().default([]),
    /** The base price in whole roubles (never a float); null while unknown. */
    base_price: bigint('base_price', { mode: 'number' }),
    currency: text('currency').notNull().default('RUB'),
    published: boolean('published').notNull().default(false),
    actual: boolean('actual').notNull().default(true),
    complectation_id: levelId('complectation_id', () => carComplectations.id),
    ...restylingIds(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('car_marketing_complectations_code').on(t.complectation_id, t.code),
    index('car_marketing_complectations_restyling').on(t.restyling_id),
    index('car_marketing_complectations_generation').on(t.generation_id),
    index('car_marketing_complectations_model').on(t.model_id),
    index('car_marketing_complectations_brand').on(t.brand_id),
    searchIndex('car_marketing_complectations_name_search', t.name),
  ],
);

/** Option categories (spec 001 §3: name, order, is_dealer_option_category, brand_id, i18n). */
export const carOptionCategories = pgTable(
  'car_option_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    name_ru: text('name_ru'),
    name_en: text('name_en'),
    order: integer('order').notNull().default(0),
    is_dealer_option_category: boolean('is_dealer_option_category').notNull().default(false),
    brand_id: integer('brand_id').references(() => carBrands.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [index('car_option_categories_brand').on(t.brand_id)],
);

/** Options of a restyling (spec 001 §3: name, code, i18n; category, restyling). */
export const carOptions = pgTable(
  'car_options',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    name_ru: text('name_ru'),
    name_en: text('name_en'),
    code: text('code').notNull(),
    category_id: integer('category_id').references(() => carOptionCategories.id, { onDelete: 'restrict' }),
    restyling_id: integer('restyling_id').references(() => carRestylings.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('car_options_category').on(t.category_id),
    index('car_options_restyling').on(t.restyling_id, t.code),
    searchIndex('car_options_name_search', t.name),
  ],
);

/** Options a dealer adds (spec 001 §3: name, order, i18n; category). */
export const carDealerOptions = pgTable(
  'car_dealer_options',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    name_ru: text('name_ru'),
    name_en: text('name_en'),
    order: integer('order').notNull().default(0),
    category_id: integer('category_id').references(() => carOptionCategories.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [index('car_dealer_options_category').on(t.category_id)],
);
