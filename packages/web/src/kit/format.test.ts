import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { currencyOf, formatDate, formatDateTime, formatMoney, formatNumber } from './format.ts';

describe('formatting (spec 000 §1, §9)', () => {
  it('shows dates as DD.MM.YYYY HH:mm in local time', () => {
    const local = dayjs('2025-03-07T09:05:00');
    expect(formatDateTime(local.toISOString())).toBe('07.03.2025 09:05');
    expect(formatDate(local.toISOString())).toBe('07.03.2025');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows money in RUB for ru and USD for en', () => {
    expect(currencyOf('ru')).toBe('RUB');
    expect(currencyOf('en')).toBe('USD');
    const ru = formatMoney(1234567, 'ru');
    expect(ru).toMatch(/1\s?234\s?567/);
    expect(ru).toContain('₽');
    expect(formatMoney(1234567, 'en')).toBe('$1,234,567');
    expect(formatMoney(12.5, 'en', 2)).toBe('$12.50');
  });

  it('groups digits per language', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'ru').replace(/\s/g, ' ')).toBe('1 234 567');
  });
});
