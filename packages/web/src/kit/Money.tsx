import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeRate, Lang } from '@dp/contracts';
import { formatDate, formatMoney, formatRoubles } from './format.ts';
import { hint } from './Hint.tsx';
import { useRate } from './useRate.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** Roubles for a dollar as the tooltip writes them (92.00, 92.1234); made once, a list writes it per cell. */
const perUnit = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** How an amount was converted, for its tooltip: the rate, its day and source, the roubles stored (en only). */
export function rateNote(t: Translate, roubles: number, lang: Lang, rate: ExchangeRate | null, fractionDigits = 0): string | null {
  if (lang !== 'en' || !rate) return null;
  return t('common:money.at_rate', { date: formatDate(rate.date), source: rate.source, rate: perUnit.format(rate.rate), roubles: formatRoubles(roubles, lang, fractionDigits) });
}

/** The reader's way of showing money: each amount in whole roubles as stored (kopecks where `fractionDigits` says). */
export interface MoneyFormat {
  /** The amount as text (ru roubles; en dollars at the rate, or RUB while none is known). */
  text(roubles: number, fractionDigits?: number): string;
  /** How it was converted (en with a rate), else null. */
  note(roubles: number, fractionDigits?: number): string | null;
  /** The amount in one unbroken line with its note as the tooltip: a table cell (its text measured by the table kit) or any display. */
  cell(roubles: number | null | undefined, fractionDigits?: number): ReactElement;
  /** The amount in dollars for an input's help text (en with a rate), else null: inputs take roubles. */
  inputHelp(roubles: number | null | undefined): string | null;
}

/** The one way the admin shows money (spec 000 §1: RUB for ru, USD for en), with the current rate. */
export function useMoney(): MoneyFormat {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const rate = useRate();
  const text = (roubles: number, fractionDigits = 0) => formatMoney(roubles, lang, rate, fractionDigits);
  const note = (roubles: number, fractionDigits = 0) => rateNote(t, roubles, lang, rate, fractionDigits);
  return {
    text,
    note,
    cell(roubles, fractionDigits = 0) {
      if (roubles === null || roubles === undefined || !Number.isFinite(roubles)) return <span className="nowrap">—</span>;
      const told = note(roubles, fractionDigits);
      return (
        <span className="nowrap" {...(told ? hint(told) : {})}>
          {text(roubles, fractionDigits)}
        </span>
      );
    },
    inputHelp(roubles) {
      if (lang !== 'en' || !rate || roubles === null || roubles === undefined || !Number.isFinite(roubles)) return null;
      return t('common:money.input_usd', { usd: text(roubles), date: formatDate(rate.date), source: rate.source });
    },
  };
}

/** An amount of roubles as its reader reads money; see useMoney. */
export function Money({ value, fractionDigits }: { value: number | null | undefined; fractionDigits?: number }) {
  return useMoney().cell(value, fractionDigits);
}
