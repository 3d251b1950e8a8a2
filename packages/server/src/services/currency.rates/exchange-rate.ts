import { and, desc, eq, sql } from 'drizzle-orm';
import { DEMO_RATE_SOURCE, DISPLAY_CURRENCY, type ExchangeRate } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { exchangeRates } from './exchange-rate.table.ts';
import { RATE_SOURCE, RateSourceError, readDailyRate } from './read-rate.ts';

/** The queue of the rate's reading: scheduled daily, and sent at start while no fresh rate is known. */
export const REFRESH_RATE_JOB = 'currency.rates.refresh';
/** Every day at 13:00 UTC (16:00 in Moscow), once the Bank of Russia has set the next day's rate. */
export const REFRESH_RATE_SCHEDULE = '0 13 * * *';
/** A rate read longer ago than this is read again when a process starts (a schedule missed while none ran). */
const STALE_AFTER_MS = 24 * 3600_000;

type RateRow = typeof exchangeRates.$inferSelect;

/** A stored rate as the API answers it. */
export const rateView = (row: RateRow): ExchangeRate => ({
  currency: DISPLAY_CURRENCY,
  rate: Number(row.rate),
  date: row.date,
  source: row.source,
  source_url: row.source_url,
  fetched_at: row.fetched_at.toISOString(),
});

/** The newest known rate of a currency (the latest day; of one day, the latest read), or null. */
export async function currentRate(db: DbOrTx, currency: string = DISPLAY_CURRENCY): Promise<RateRow | null> {
  const [row] = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, currency)).orderBy(desc(exchangeRates.date), desc(exchangeRates.fetched_at)).limit(1);
  return row ?? null;
}

/**
 * Keeps a day's rate (a second read of the same day replaces the first); a rate read from the
 * source ends the demo rate, which only stood in until one was.
 */
export async function storeRate(db: DbOrTx, values: { date: string; currency: string; rate: number; source: string; source_url: string | null }): Promise<RateRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exchangeRates)
      .values({ ...values, fetched_at: new Date() })
      .onConflictDoUpdate({ target: [exchangeRates.date, exchangeRates.currency], set: { rate: values.rate, source: values.source, source_url: values.source_url, fetched_at: sql`now()` } })
      .returning();
    if (values.source !== DEMO_RATE_SOURCE) await tx.delete(exchangeRates).where(and(eq(exchangeRates.currency, values.currency), eq(exchangeRates.source, DEMO_RATE_SOURCE)));
    return row!;
  });
}

/**
 * Reads the day's rate and keeps it. A failed read changes nothing (the last known rate stays): it
 * is logged and told to staff through the notificator. Answers the stored rate, or null.
 */
export async function refreshRate(ctx: Pick<ServiceContext, 'db' | 'config' | 'log' | 'notifier'>, currency: string = DISPLAY_CURRENCY): Promise<RateRow | null> {
  const url = ctx.config.exchangeRateUrl;
  if (!url) return null;
  let read;
  try {
    read = await readDailyRate(url, ctx.config, currency);
  } catch (error) {
    if (!(error instanceof RateSourceError)) throw error;
    const kept = await currentRate(ctx.db, currency);
    ctx.log.warn({ url, reason: error.message, kept: kept ? { date: kept.date, rate: kept.rate } : null }, 'exchange rate not read; the last known rate stays');
    ctx.notifier?.raise({
      service: 'currency.rates',
      level: 'warning',
      type: 'exchange_rate_failed',
      text: {
        ru: `Не удалось получить курс ${currency}: ${error.reason.ru}. ${kept ? `Суммы пересчитываются по курсу на ${kept.date}` : 'Суммы показываются в рублях'}`,
        en: `The ${currency} rate could not be read: ${error.reason.en}. ${kept ? `Amounts are converted at the rate of ${kept.date}` : 'Amounts are shown in roubles'}`,
      },
      details: { url, failure: error.failure, kept_date: kept?.date ?? null },
    });
    return null;
  }
  const row = await storeRate(ctx.db, { ...read, currency, source: RATE_SOURCE, source_url: url });
  ctx.log.info({ currency, date: row.date, rate: row.rate }, 'exchange rate read');
  return row;
}

/** Whether a starting process should read the rate: none is known, or the newest was read over a day ago. */
export async function rateNeeded(db: DbOrTx, now = new Date()): Promise<boolean> {
  const row = await currentRate(db);
  return !row || now.getTime() - row.fetched_at.getTime() > STALE_AFTER_MS;
}
