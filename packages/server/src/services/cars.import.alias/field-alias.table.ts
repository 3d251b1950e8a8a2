import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { importProfiles } from '../cars.import/import.table.ts';

/** Field aliases (contracts cars.import.alias/field-alias.resource.ts, spec 001 §3 field_alias). */
export const fieldAliases = pgTable('field_aliases', {
  id: serial('id').primaryKey(),
  profile_id: integer('profile_id').references(() => importProfiles.id, { onDelete: 'cascade' }),
  brand_id: integer('brand_id').references(() => carBrands.id, { onDelete: 'cascade' }),
  model_id: integer('model_id').references(() => carModels.id, { onDelete: 'cascade' }),
  placeholder: varchar('placeholder', { length: 255 }),
  search: varchar('search', { length: 255 }).notNull().default(''),
  replace: varchar('replace', { length: 255 }).notNull(),
  entity: varchar('entity', { length: 40 }).notNull(),
  direction: varchar('direction', { length: 10 }).notNull().default('both'),
  ...timestamps,
});
