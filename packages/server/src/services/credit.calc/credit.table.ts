import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CreditCarType, RedemptionValue } from '@dp/contracts';
import { clients, timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { searchIndex } from '../../kit/search-index.ts';
import { siteOwnerColumns, stateColumns } from '../../kit/state-columns.ts';

/** A client's (or, with no client, the platform's) bank; its logo is a media library file. */
export const creditBanks = pgTable(
  'credit_banks',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').references(() => clients.id),
    name: text('name').notNull(),
    logo_id: integer('logo_id'),
    ...timestamps,
  },
  (t) => [index('credit_banks_client_idx').on(t.client_id), searchIndex('credit_banks_name_search', t.name)],
);

/** The conditions of a programme and the restrictions of its states: terms in months, percentages, roubles. */
const conditionColumns = () => ({
  term_min: integer('term_min').notNull(),
  term_max: integer('term_max').notNull(),
  down_payment_min: doublePrecision('down_payment_min').notNull().default(0),
  down_payment_max: doublePrecision('down_payment_max').notNull().default(100),
  residual_min: doublePrecision('residual_min').notNull().default(0),
  residual_max: doublePrecision('residual_max').notNull().default(0),
  loan_amount_min: doublePrecision('loan_amount_min').notNull().default(0),
  loan_amount_max: doublePrecision('loan_amount_max'),
  interest_rate: doublePrecision('interest_rate').notNull(),
});

/** A loan programme of a bank (spec 001 §3 program); what the calculation uses is its published state. */
export const creditPrograms = pgTable(
  'credit_programs',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').references(() => clients.id),
    bank_id: integer('bank_id')
      .notNull()
      .references(() => creditBanks.id),
    brand_id: integer('brand_id'),
    name: text('name').notNull(),
    code: text('code'),
    disclaimer: text('disclaimer'),
    preferential: boolean('preferential').notNull().default(false),
    leasing: boolean('leasing').notNull().default(false),
    combined_program_ids: integer('combined_program_ids').array().notNull().default([]),
    car_age_limit: integer('car_age_limit').notNull().default(-1),
    car_type: text('car_type').$type<CreditCarType>().notNull().default('new'),
    owners: integer('owners'),
    ...conditionColumns(),
    redemption_percent: doublePrecision('redemption_percent'),
    ...timestamps,
  },
  (t) => [
    index('credit_programs_client_idx').on(t.client_id),
    index('credit_programs_bank_idx').on(t.bank_id),
    searchIndex('credit_programs_name_search', t.name),
    searchIndex('credit_programs_code_search', t.code),
  ],
);

/** A version of a programme's terms under the shared workflow (kit/state-workflow.ts). */
export const creditProgramStates = pgTable(
  'credit_program_states',
  {
    id: serial('id').primaryKey(),
    program_id: integer('program_id')
      .notNull()
      .references(() => creditPrograms.id, { onDelete: 'cascade' }),
    client_id: integer('client_id').references(() => clients.id),
    description: text('description'),
    car_type: text('car_type').$type<CreditCarType>().notNull().default('new'),
    car_age: integer('car_age').notNull().default(-1),
    ...conditionColumns(),
    redemption_values: jsonb('redemption_values').$type<RedemptionValue[]>().notNull().default([]),
    ...stateColumns(),
    ...timestamps,
  },
  (t) => [index('credit_program_states_program_idx').on(t.program_id, t.status), index('credit_program_states_client_idx').on(t.client_id)],
);

/** A pack of programmes a client offers on its sites (spec 001 §3 pack). */
export const creditPacks = pgTable(
  'credit_packs',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').references(() => clients.id),
    name: text('name').notNull(),
    program_ids: integer('program_ids').array().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('credit_packs_client_idx').on(t.client_id), searchIndex('credit_packs_name_search', t.name)],
);

/** A site's calculator settings (spec 001 §3 settings), one per site. */
export const creditSettings = pgTable(
  'credit_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    default_period: integer('default_period').notNull().default(36),
    max_period: integer('max_period').notNull().default(84),
    fee_percent: doublePrecision('fee_percent').notNull().default(20),
    residual_percent: doublePrecision('residual_percent').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('credit_settings_site_idx').on(t.site_id)],
);
