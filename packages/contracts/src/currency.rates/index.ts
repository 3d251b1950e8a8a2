import { defineService } from '../kit/service.ts';
import { api } from '../kit/routes.ts';

/**
 * currency.rates: the exchange rate the admin converts roubles at for its English readers (spec 000
 * §1: RUB for ru, USD for en; docs/decisions/currency.md). Every amount is stored in whole roubles;
 * the rate only changes how an amount is shown.
 */

/** The currency English readers see amounts in. */
export const DISPLAY_CURRENCY = 'USD';

/** The source name of the rate the demo data stores, so that a start without network shows USD. */
export const DEMO_RATE_SOURCE = 'demo rate';
/** The demo's rate: roubles for a dollar, near the Bank of Russia's of late 2026. */
export const DEMO_RATE = 92;

/** The rate as GET /rates/current answers it: roubles for one unit of `currency` on `date`, and where it came from. */
export interface ExchangeRate {
  currency: typeof DISPLAY_CURRENCY;
  /** Roubles for one unit of the currency (92.1 for 1 USD = 92.10 ₽). */
  rate: number;
  /** The day the rate is set for (`YYYY-MM-DD`). */
  date: string;
  /** Who set it (the Bank of Russia, or the demo rate). */
  source: string;
  /** Where it was read; null for the demo rate. */
  source_url: string | null;
  /** When this platform read it (ISO 8601). */
  fetched_at: string;
}

export const currencyRatesContract = defineService({
  name: 'currency.rates',
  routes: [
    // The current rate: any signed-in user, staff and dealers alike (public data); 404 while none is known.
    api('GET', '/api/v1/rates/current', [], false, null),
  ],
});
