import { bigint, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { carMarketingComplectations, carOptions } from './marketing.table.ts';

/**
 * The price of an option in one marketing complectation (spec 001 §7 "prices and options"
 * imports), whole roubles (never a float). One per pair; it goes with the option or the marketing
 * complectation (cascade: a price is not a record anyone keeps on its own).
 */
export const carOptionPrices = pgTable(
  'car_option_prices',
  {
    id: serial('id').primaryKey(),
    marketing_complectation_id: integer('marketing_complectation_id')
      .notNull()
      .references(() => carMarketingComplectations.id, { onDelete: 'cascade' }),
    option_id: integer('option_id')
      .notNull()
      .references(() => carOptions.id, { onDelete: 'cascade' }),
    price: bigint('price', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('car_option_prices_pair').on(t.marketing_complectation_id, t.option_id), index('car_option_prices_option').on(t.option_id)],
);
