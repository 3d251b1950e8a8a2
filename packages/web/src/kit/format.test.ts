import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatRoubles } from './format.ts';

describe('formatting (spec 000 §1, §9)', () => {
  it('shows dates as DD.MM.YYYY HH:mm in local time', () => {
    const local = dayjs('2025-03-07T09:05:00');
    expect(formatDateTime(local.toISOString())).toBe('07.03.2025 09:05');
    expect(formatDate(local.toISOString())).toBe('07.03.2025');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows roubles in Russian, dollars at the rate in English, and roubles marked RUB in English without a rate', () => {
    const rate = { rate: 92 };
    // Russian: whole roubles with the sign after them, a rate or none.
    expect(formatMoney(1250000, 'ru')).toBe('1\u00a0250\u00a0000\u00a0₽');
    expect(formatMoney(1250000, 'ru', rate)).toBe('1\u00a0250\u00a0000\u00a0₽');
    // English with a rate: converted, rounded to whole dollars (cents where asked).
    expect(formatMoney(1250000, 'en', rate)).toBe('$13,587');
    expect(formatMoney(88848.79, 'en', rate, 2)).toBe('$965.75');
    // English without a rate: the rouble amount in RUB, never a dollar sign on roubles.
    expect(formatMoney(1250000, 'en')).toBe('RUB\u00a01,250,000');
    expect(formatMoney(1250000, 'en', null)).not.toContain('$');
    expect(formatMoney(1250000, 'en', { rate: 0 })).toBe('RUB\u00a01,250,000');
    expect(formatRoubles(1250000, 'en')).toBe('1,250,000\u00a0₽');
  });

  it('groups digits per language', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'ru').replace(/\s/g, ' ')).toBe('1 234 567');
  });
});
