import dayjs from 'dayjs';
import type { Lang } from '@dp/contracts';

/** Date display of spec 000 §9. */
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';
export const DATE_FORMAT = 'DD.MM.YYYY';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

const intlLocale = (lang: Lang) => (lang === 'en' ? 'en-US' : 'ru-RU');

/** What English readers' amounts are converted at: roubles for one dollar (currency.rates, `useRate`). */
export interface MoneyRate {
  rate: number;
}

/** Made once per kind: building a formatter costs far more than using it (a list formats hundreds). */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

const currency = (lang: Lang, code: 'RUB' | 'USD', display: 'symbol' | 'code', digits: number) =>
  numberFormat(intlLocale(lang), { style: 'currency', currency: code, currencyDisplay: display, minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * An amount of roubles (the unit every amount is stored in) as its reader reads money (spec 000 §1):
 * ru "1 250 000 ₽"; en "$13,587", converted at `rate`, or "RUB 1,250,000" while no rate is known,
 * never a rouble amount with a dollar sign.
 */
export function formatMoney(roubles: number, lang: Lang, rate?: MoneyRate | null, fractionDigits = 0): string {
  if (lang === 'ru') return currency(lang, 'RUB', 'symbol', fractionDigits).format(roubles);
  if (!rate || !(rate.rate > 0)) return currency(lang, 'RUB', 'code', fractionDigits).format(roubles);
  return currency(lang, 'USD', 'symbol', fractionDigits).format(roubles / rate.rate);
}

/** Roubles with the reader's digit grouping and the rouble sign after them (en "1,250,000 ₽"): beside a rate, in inputs' hints. */
export function formatRoubles(roubles: number, lang: Lang, fractionDigits = 0): string {
  return `${numberFormat(intlLocale(lang), { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(roubles)}\u00a0₽`;
}

export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value);
}

/** A short "Browser, OS" from a user agent (the full text belongs in a tooltip). */
export function shortAgent(agent: string | null): string {
  if (!agent) return '';
  const browser = /Edg\//.test(agent) ? 'Edge' : /OPR\//.test(agent) ? 'Opera' : /Firefox\//.test(agent) ? 'Firefox' : /Chrome\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : null;
  const os = /Windows/.test(agent) ? 'Windows' : /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Mac OS X/.test(agent) ? 'macOS' : /Linux/.test(agent) ? 'Linux' : null;
  if (browser && os) return `${browser}, ${os}`;
  return browser ?? os ?? agent.slice(0, 40);
}
