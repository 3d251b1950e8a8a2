import { bigint, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, timestamps } from '../clients.storage/client.table.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * A client's discount program (contracts benefits/benefit.resource.ts): its conditions are the
 * owner range and an optional brand and model; `combined_program_ids` are credit programs'
 * ids (credit.calc), kept as plain ids.
 */
export const benefitPrograms = pgTable(
  'benefit_programs',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(() => clients.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    disclaimer: text('disclaimer'),
    owners_from: integer('owners_from').notNull().default(1),
    owners_to: integer('owners_to').notNull().default(3),
    brand_id: integer('brand_id').references(() => carBrands.id),
    model_id: integer('model_id').references(() => carModels.id),
    combined_program_ids: integer('combined_program_ids').array().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('benefit_programs_client_code').on(t.client_id, t.code),
    searchIndex('benefit_programs_name_search', t.name),
    searchIndex('benefit_programs_code_search', t.code),
  ],
);

/**
 * A discount: a sum (whole roubles) off a marketing complectation under a program, valid from its
 * start date to its end date, both included. Brand and model are the marketing complectation's,
 * copied on every write for the filters. One discount per marketing complectation, program and
 * start date within a client (the import's key).
 */
export const benefitDiscounts = pgTable(
  'benefit_discounts',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(() => clients.id),
    marketing_complectation_id: integer('marketing_complectation_id').notNull().references(() => carMarketingComplectations.id),
    program_id: integer('program_id').notNull().references(() => benefitPrograms.id),
    // Copies of the marketing complectation's (its own reference keeps them whole): no foreign key, one check less per imported row.
    brand_id: integer('brand_id').notNull(),
    model_id: integer('model_id').notNull(),
    discount_sum: bigint('discount_sum', { mode: 'number' }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('benefit_discounts_key').on(t.client_id, t.marketing_complectation_id, t.program_id, t.start_date),
    index('benefit_discounts_client_dates').on(t.client_id, t.start_date, t.end_date),
    index('benefit_discounts_marketing').on(t.marketing_complectation_id),
    index('benefit_discounts_program').on(t.program_id),
    index('benefit_discounts_brand_model').on(t.brand_id, t.model_id),
  ],
);
