import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { searchIndex } from '../../kit/search-index.ts';
import { carBodies, carBrands, carColors, carComplectations } from './catalog.table.ts';
import { carMarketingComplectations } from './marketing.table.ts';

/**
 * Body colours, upholsteries and marketing galleries of the reference catalogue (contracts
 * cars.catalog/body-color.resource.ts, marketing-gallery.resource.ts; spec 001 §3). Colours are
 * `#RRGGBB` text arrays, stored with the hash. A code is unique within its brand (the imports and
 * VIN data name a paint or a trim by brand and code).
 */
export const carBodyColors = pgTable(
  'car_body_colors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    name_ru: text('name_ru'),
    name_en: text('name_en'),
    code: text('code').notNull(),
    hex: text('hex').array().notNull(),
    color_id: integer('color_id').references(() => carColors.id, { onDelete: 'restrict' }),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => carBrands.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('car_body_colors_brand_code').on(t.brand_id, t.code), index('car_body_colors_color').on(t.color_id), searchIndex('car_body_colors_name_search', t.name)],
);

export const carUpholsteries = pgTable(
  'car_upholsteries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    name_ru: text('name_ru'),
    name_en: text('name_en'),
    code: text('code').notNull(),
    material: text('material').notNull(),
    colors: text('colors').array().notNull(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => carBrands.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('car_upholsteries_brand_code').on(t.brand_id, t.code), searchIndex('car_upholsteries_name_search', t.name)],
);

/** Images are media-library file ids in the order shown (an image deleted leaves the list). */
export const carMarketingGalleries = pgTable(
  'car_marketing_galleries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    image_ids: integer('image_ids').array().notNull(),
    complectation_id: integer('complectation_id')
      .notNull()
      .references(() => carComplectations.id, { onDelete: 'restrict' }),
    body_id: integer('body_id').references(() => carBodies.id, { onDelete: 'restrict' }),
    body_color_id: integer('body_color_id').references(() => carBodyColors.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [index('car_marketing_galleries_complectation').on(t.complectation_id), index('car_marketing_galleries_body_color').on(t.body_color_id)],
);

/**
 * The price of a body colour for a marketing complectation, in whole roubles: one per pair. The
 * brand (of both) is kept for the "replace every markup of the brand" import.
 */
export const carBodyColorMarkups = pgTable(
  'car_body_color_markups',
  {
    id: serial('id').primaryKey(),
    body_color_id: integer('body_color_id')
      .notNull()
      .references(() => carBodyColors.id, { onDelete: 'cascade' }),
    marketing_complectation_id: integer('marketing_complectation_id')
      .notNull()
      .references(() => carMarketingComplectations.id, { onDelete: 'cascade' }),
    price: bigint('price', { mode: 'number' }).notNull(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => carBrands.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('car_body_color_markups_pair').on(t.body_color_id, t.marketing_complectation_id), index('car_body_color_markups_brand').on(t.brand_id), index('car_body_color_markups_mc').on(t.marketing_complectation_id)],
);
