import type { Config } from '../../kit/config.ts';
import { safeFetch, SafeFetchError } from '../../kit/safe-fetch.ts';

/**
 * Reading the day's rate from the configured source (EXCHANGE_RATE_URL, the Bank of Russia's daily
 * JSON as cbr-xml-daily.ru publishes it) through the outgoing-call guard: EXCHANGE_RATE_TIMEOUT_MS
 * (10 s), 512 kB, 3 redirects each checked by the guard.
 *
 * The answer: { "Date": "2026-11-28T11:30:00+03:00", "Valute": { "USD": { "Nominal": 1, "Value": 92.1, ... }, ... } }.
 */

/** The name a rate read from the source is stored with. */
export const RATE_SOURCE = 'Bank of Russia';

/** The daily JSON is about 15 kB; anything far larger is not it. */
const MAX_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;

/** Why a read failed, in both languages of the admin (the log and the notification say it). */
const REASONS = {
  timeout: { ru: 'источник не ответил вовремя', en: 'the source did not answer in time' },
  too_large: { ru: 'ответ источника слишком велик', en: "the source's answer is too large" },
  too_many_redirects: { ru: 'источник перенаправляет слишком много раз', en: 'the source redirects too many times' },
  refused: { ru: 'адрес источника закрыт для исходящих вызовов', en: "the source's address is closed to outgoing calls" },
  unreachable: { ru: 'источник недоступен', en: 'the source cannot be reached' },
  status: { ru: 'источник ответил ошибкой HTTP {status}', en: 'the source answered HTTP {status}' },
  malformed: { ru: 'в ответе источника нет курса {currency}', en: "the source's answer holds no {currency} rate" },
} as const;

export type RateFailure = keyof typeof REASONS;

/** A read that gave no rate; `reason` says why in ru and en. */
export class RateSourceError extends Error {
  readonly reason: { ru: string; en: string };
  constructor(
    readonly failure: RateFailure,
    params: Record<string, string | number> = {},
  ) {
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
    super(fill(REASONS[failure].en));
    this.reason = { ru: fill(REASONS[failure].ru), en: fill(REASONS[failure].en) };
    this.name = 'RateSourceError';
  }
}

/** A currency's rate on a day: roubles for one unit. */
export interface DailyRate {
  date: string;
  rate: number;
}

/** A real calendar day `YYYY-MM-DD` at the start of the source's Date, or null. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})(?:T|$)/.exec(value);
  if (!day) return null;
  const [, year, month, date] = day.map(Number) as [number, number, number, number];
  const check = new Date(Date.UTC(year, month - 1, date));
  return year >= 2000 && check.getUTCMonth() === month - 1 && check.getUTCDate() === date ? day[0].slice(0, 10) : null;
}

/** Rates beyond these are a broken answer, not a rate (the column holds 10 digits before the point). */
const RATE_MIN = 0.0001;
const RATE_MAX = 1_000_000;

/** The rate of `currency` in the daily JSON (its value divided by its nominal, to four decimals); throws `malformed`. */
export function rateOfDaily(body: unknown, currency: string): DailyRate {
  const malformed = () => new RateSourceError('malformed', { currency });
  if (!body || typeof body !== 'object') throw malformed();
  const { Date: when, Valute } = body as { Date?: unknown; Valute?: Record<string, { Nominal?: unknown; Value?: unknown }> };
  const date = dayOf(when);
  const entry = Valute && typeof Valute === 'object' ? Valute[currency] : undefined;
  if (!date || !entry || typeof entry !== 'object') throw malformed();
  const { Nominal: nominal, Value: value } = entry;
  if (typeof nominal !== 'number' || !Number.isInteger(nominal) || nominal < 1 || typeof value !== 'number' || !Number.isFinite(value)) throw malformed();
  const rate = Math.round((value / nominal) * 10_000) / 10_000;
  if (rate < RATE_MIN || rate > RATE_MAX) throw malformed();
  return { date, rate };
}

function failureOf(error: SafeFetchError): RateSourceError {
  switch (error.code) {
    case 'timeout':
      return new RateSourceError('timeout');
    case 'too_large':
      return new RateSourceError('too_large');
    case 'too_many_redirects':
      return new RateSourceError('too_many_redirects');
    case 'http_status':
      return new RateSourceError('status', { status: error.status ?? 0 });
    case 'address_refused':
    case 'numeric_host':
    case 'url_scheme':
    case 'url_invalid':
      return new RateSourceError('refused');
    default:
      return new RateSourceError('unreachable');
  }
}

/** Reads `currency`'s rate from the daily JSON at `url`; a failure of any kind is a RateSourceError. */
export async function readDailyRate(url: string, config: Pick<Config, 'exchangeRateTimeoutMs'>, currency: string): Promise<DailyRate> {
  let text: string;
  try {
    const response = await safeFetch(url, { headers: { accept: 'application/json' }, timeoutMs: config.exchangeRateTimeoutMs, maxBytes: MAX_BYTES, maxRedirects: MAX_REDIRECTS });
    text = response.body.toString('utf8');
  } catch (error) {
    if (error instanceof SafeFetchError) throw failureOf(error);
    throw new RateSourceError('unreachable');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RateSourceError('malformed', { currency });
  }
  return rateOfDaily(body, currency);
}
