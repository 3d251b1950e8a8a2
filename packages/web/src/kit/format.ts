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

/** The currency of a language (spec 000 §1): RUB for ru, USD for en. */
export const currencyOf = (lang: Lang) => (lang === 'en' ? 'USD' : 'RUB');

export function formatMoney(amount: number, lang: Lang, fractionDigits = 0): string {
  return new Intl.NumberFormat(intlLocale(lang), {
    style: 'currency',
    currency: currencyOf(lang),
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
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
