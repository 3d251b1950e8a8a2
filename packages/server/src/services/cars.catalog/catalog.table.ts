import { index, integer, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * The reference catalogue shared by every site (contracts cars.catalog/*.resource.ts, spec 001 §3):
 * brand → model → generation → restyling → complectation, and the dictionaries. Each level keeps
 * the ids of every level above (as the spec lists them) so that lists filter by any of them
 * without joins; the server copies them from the direct parent. A parent with children is not
 * deleted (restrict): the hooks refuse it first with a message naming what is left.
 */
const imageId = () => integer('image_id').references(() => mediaFiles.id, { onDelete: 'set null' });
/** A level's id on a level below it: required, and a level with records below is not deleted. */
export const levelId = (name: string, level: () => AnyPgColumn) => integer(name).notNull().references(level, { onDelete: 'restrict' });
/** The ids of a model and every level above it, as the levels below keep them. */
export const modelIds = () => ({ model_id: levelId('model_id', () => carModels.id), brand_id: levelId('brand_id', () => carBrands.id) });
/** The ids of a complectation's levels above it (restyling down to brand). */
export const restylingIds = () => ({ restyling_id: levelId('restyling_id', () => carRestylings.id), generation_id: levelId('generation_id', () => carGenerations.id), ...modelIds() });

export const carBrands = pgTable(
  'car_brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    image_id: imageId(),
    ...timestamps,
  },
  (t) => [uniqueIndex('car_brands_name').on(t.name)],
);

export const carModels = pgTable(
  'car_models',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    name_ru: text('name_ru'),
    name_en: text('name_en'),
    brand_id: levelId('brand_id', () => carBrands.id),
    ...timestamps,
  },
  (t) => [index('car_models_brand').on(t.brand_id, t.name), searchIndex('car_models_name_search', t.name)],
);

export const carGenerations = pgTable(
  'car_generations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    image_id: imageId(),
    ...modelIds(),
    ...timestamps,
  },
  (t) => [index('car_generations_model').on(t.model_id), index('car_generations_brand').on(t.brand_id)],
);

export const carRestylings = pgTable(
  'car_restylings',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    marketing_name: text('marketing_name'),
    sorting: integer('sorting').notNull().default(0),
    image_id: imageId(),
    generation_id: levelId('generation_id', () => carGenerations.id),
    ...modelIds(),
    ...timestamps,
  },
  (t) => [index('car_restylings_generation').on(t.generation_id), index('car_restylings_model').on(t.model_id), index('car_restylings_brand').on(t.brand_id)],
);

export const carComplectations = pgTable(
  'car_complectations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    image_id: imageId(),
    ...restylingIds(),
    ...timestamps,
  },
  (t) => [
    index('car_complectations_restyling').on(t.restyling_id),
    index('car_complectations_generation').on(t.generation_id),
    index('car_complectations_model').on(t.model_id),
    index('car_complectations_brand').on(t.brand_id),
  ],
);

/** A dictionary with an i18n name: bodies, fuels, transmissions, wheel drives. */
const namedDictionary = (name: string) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      name: text('name').notNull(),
      name_ru: text('name_ru'),
      name_en: text('name_en'),
      ...timestamps,
    },
    (t) => [uniqueIndex(`${name}_name`).on(t.name)],
  );

export const carBodies = namedDictionary('car_bodies');
export const carFuels = namedDictionary('car_fuels');
export const carTransmissions = namedDictionary('car_transmissions');
export const carWheelDrives = namedDictionary('car_wheel_drives');

export const carColors = pgTable(
  'car_colors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    hex: text('hex').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('car_colors_name').on(t.name)],
);
