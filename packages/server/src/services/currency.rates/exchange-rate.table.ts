import { date, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The exchange rates the admin converts roubles at (docs/decisions/currency.md): one row per day and
 * currency, roubles for one unit, who set it and where it was read. A failed read changes nothing,
 * so the last known rate stays.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    /** The day the rate is set for (the source's own date). */
    date: date('date', { mode: 'string' }).notNull(),
    /** ISO 4217 code of the currency (USD). */
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Roubles for one unit of the currency (the source's value divided by its nominal). */
    rate: numeric('rate', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    /** Who set it: the Bank of Russia, or the demo rate. */
    source: varchar('source', { length: 100 }).notNull(),
    /** Where it was read; null for the demo rate. */
    source_url: text('source_url'),
    fetched_at: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_rates_date_currency_idx').on(t.date, t.currency)],
);
