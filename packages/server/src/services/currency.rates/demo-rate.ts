import { DEMO_RATE, DEMO_RATE_SOURCE, DISPLAY_CURRENCY } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { storeRate } from './exchange-rate.ts';

/** One rate of today marked as the demo's, so that a start without network shows English readers dollars; the first rate read replaces it. */
export async function seedDemoRate(db: DbOrTx, today = new Date()) {
  await storeRate(db, { date: today.toISOString().slice(0, 10), currency: DISPLAY_CURRENCY, rate: DEMO_RATE, source: DEMO_RATE_SOURCE, source_url: null });
}
