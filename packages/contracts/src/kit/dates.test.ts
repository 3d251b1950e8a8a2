import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDate, isoDateOrDateTime, isoDateTime, momentOf } from './dates.ts';
import { translateMessage } from './messages.ts';

const messageOf = (schema: z.ZodType, value: unknown, lang: 'ru' | 'en' = 'en') => {
  const result = schema.safeParse(value);
  return result.success ? null : translateMessage(result.error.issues[0]!.message, lang);
};

describe('dates and date-times follow one set of rules', () => {
  it('accept real calendar dates only, within years 1000 to 9999', () => {
    for (const day of ['2024-02-29', '2000-02-29', '1000-01-01', '9999-12-31', '2026-12-31']) expect(messageOf(isoDate(), day), day).toBeNull();
    for (const day of ['2026-02-31', '2025-02-29', '1900-02-29', '2026-04-31', '9999-99-99', '2026-13-01', '2026-00-10', '2026-01-00']) {
      expect(messageOf(isoDate(), day), day).toBe('There is no such date in the calendar');
    }
    expect(messageOf(isoDate(), '0000-01-01')).toBe('The year must be between 1000 and 9999');
    expect(messageOf(isoDate(), '0999-12-31', 'ru')).toBe('Год должен быть от 1000 до 9999');
    for (const text of ['2026-1-1', '01.01.2026', '20260101', '+012026-01-01', ' 2026-01-01', '2026-01-01T00:00:00Z']) {
      expect(messageOf(isoDate(), text), text).toBe('Invalid date: use the format YYYY-MM-DD');
    }
    expect(messageOf(isoDate(), undefined)).toBe('This field is required');
    expect(messageOf(isoDate(), 20260101)).toBe('Invalid value type');
  });

  it('accept date-times with an offset within ±14:00 and real times', () => {
    for (const moment of ['2026-03-01T10:00:00Z', '2026-03-01T10:00Z', '2026-03-01T10:00:00.123456+03:00', '2026-03-01T10:00:00+14:00', '2026-03-01T10:00:00-14:00', '2026-03-01T23:59:59-09:30']) {
      expect(messageOf(isoDateTime(), moment), moment).toBeNull();
    }
    expect(messageOf(isoDateTime(), '2020-01-01T00:00:00+99:99')).toBe('The time zone offset must be between −14:00 and +14:00');
    expect(messageOf(isoDateTime(), '2020-01-01T00:00:00+14:01')).toBe('The time zone offset must be between −14:00 and +14:00');
    expect(messageOf(isoDateTime(), '2020-01-01T00:00:00+03:60', 'ru')).toBe('Часовой пояс должен быть в пределах от −14:00 до +14:00');
    for (const moment of ['2020-01-01T24:00:00Z', '2020-01-01T23:60:00Z', '2020-01-01T23:59:60Z']) {
      expect(messageOf(isoDateTime(), moment), moment).toBe('Invalid time: hours 00 to 23, minutes and seconds 00 to 59');
    }
    expect(messageOf(isoDateTime(), '2026-02-31T10:00:00Z')).toBe('There is no such date in the calendar');
    // The moment itself stays within the years in UTC, so that PostgreSQL and JS Date print it alike.
    expect(messageOf(isoDateTime(), '9999-12-31T23:00:00-14:00')).toBe('The year must be between 1000 and 9999');
    expect(messageOf(isoDateTime(), '1000-01-01T00:00:00+01:00')).toBe('The year must be between 1000 and 9999');
    for (const text of ['2026-03-01', '2026-03-01T10:00:00', '2026-03-01 10:00:00Z', '2026-03-01T10:00:00+0300', '2026-03-01t10:00:00z', '2026-03-01T10Z']) {
      expect(messageOf(isoDateTime(), text), text).toBe('Invalid date and time: use the format YYYY-MM-DDTHH:MM:SS with a time zone (Z or +03:00)');
    }
  });

  it('read a day or a local time in the reader\'s offset, and a moment as given', () => {
    expect(messageOf(isoDateOrDateTime(), '2026-03-01')).toBeNull();
    expect(messageOf(isoDateOrDateTime(), '2026-03-01T10:00')).toBeNull();
    expect(messageOf(isoDateOrDateTime(), 'yesterday')).toBe('Invalid date: use the format YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS');
    expect(momentOf('2026-03-01', 180).toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(momentOf('2026-03-01', 180, true).toISOString()).toBe('2026-03-01T20:59:59.999Z');
    expect(momentOf('2026-03-01T10:00', 180).toISOString()).toBe('2026-03-01T07:00:00.000Z');
    expect(momentOf('2026-03-01T10:00:00Z', 180, true).toISOString()).toBe('2026-03-01T10:00:00.000Z');
    // The ends of the years, shifted by the reader's offset, stay within them.
    expect(momentOf('9999-12-31', -840, true).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(momentOf('1000-01-01', 840).toISOString()).toBe('1000-01-01T00:00:00.000Z');
  });

  it('are described as dates in the API description', () => {
    expect(z.toJSONSchema(z.object({ at: isoDateTime(), day: isoDate() })).properties).toMatchObject({ at: { type: 'string', format: 'date-time' }, day: { type: 'string', format: 'date' } });
  });
});
