import { useId } from 'react';
import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@dp/contracts';
import { formatNumber } from './format.ts';
import { useMoney } from './Money.tsx';

/** Money fields hold whole roubles up to 10^12 (contracts cars.stock MONEY_MAX). */
const MONEY_MAX = 1_000_000_000_000;

/** The decimal separator of a language: kopecks and cents typed after it are dropped, never read as more roubles. */
const DECIMAL: Record<Lang, string> = { ru: ',', en: '.' };

/** The whole amount in what the user typed: group separators, spaces and currency signs go, a fraction is cut off. */
export function parseMoney(text: string | undefined, lang: Lang): string {
  const whole = (text ?? '').split(DECIMAL[lang])[0]!;
  return whole.replace(/\D/g, '');
}

/** An amount with the digit grouping of the language: ru `1 390 000`, en `1,390,000`; empty stays empty. */
export function formatMoneyInput(value: string | number | undefined | null, lang: Lang): string {
  if (value === undefined || value === null || value === '') return '';
  // The control hands over the number it holds (1390000) or, while typing, the parsed digits.
  const digits = typeof value === 'number' ? String(Math.trunc(value)) : value.replace(/\D/g, '');
  return digits ? formatNumber(Number(digits), lang) : '';
}

type MoneyInputProps = Omit<InputNumberProps<number>, 'formatter' | 'parser' | 'precision' | 'stringMode'> & {
  /** The amount in dollars under the field for English readers when a rate is known (off in a toolbar's filters). */
  usdHelp?: boolean;
};

/**
 * A money amount in a form: whole roubles (the stored unit, in both languages, the "₽" after them),
 * shown with the digit grouping of the user's language as they type, kept as the plain number
 * (1390000); an English reader sees the amount in dollars under it. Every price, discount and
 * markup input uses it.
 */
export function MoneyInput({ min = 0, max = MONEY_MAX, step = 10_000, style, suffix = '₽', usdHelp = true, ...props }: MoneyInputProps) {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const money = useMoney();
  const helpId = useId();
  const help = usdHelp ? money.inputHelp(typeof props.value === 'number' ? props.value : null) : null;
  const input = (
    <InputNumber<number>
      min={min}
      max={max}
      step={step}
      precision={0}
      inputMode="numeric"
      style={{ width: '100%', ...style }}
      suffix={suffix}
      {...(help ? { 'aria-describedby': helpId } : {})}
      {...props}
      formatter={(value) => formatMoneyInput(value, lang)}
      // The digits as text: an emptied field parses to '' and so becomes null, not 0.
      parser={(text) => parseMoney(text, lang) as unknown as number}
    />
  );
  if (!help) return input;
  return (
    <>
      {input}
      <div id={helpId} className="money-input-help">
        {help}
      </div>
    </>
  );
}
