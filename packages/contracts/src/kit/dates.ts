import { z } from 'zod';
import { encodeMessage, type MessageKey } from './message-texts.ts';

/**
 * Dates and date-times as the API takes them: strict ISO 8601 (extended format), real calendar
 * dates, times 00:00:00 to 23:59:59, offsets within ±14:00 (the widest in use), and years 1000 to
 * 9999. The years keep every value a four-digit year that PostgreSQL and JS Date both hold and
 * print alike (`toISOString` writes years past 9999 as `+010000`, which PostgreSQL refuses, and
 * PostgreSQL has no year 0); the moment itself, in UTC, stays within them too.
 */

export const DATE_YEARS = { min: 1000, max: 9999 } as const;
/** The first and last moments a date-time may name (UTC). */
export const MOMENT_LIMITS = { min: Date.UTC(DATE_YEARS.min, 0, 1), max: Date.UTC(DATE_YEARS.max, 11, 31, 23, 59, 59, 999) } as const;
/** The widest UTC offset, in minutes (UTC+14:00, Line Islands; UTC−12:00 is the other end, −14:00 is allowed for symmetry). */
export const MAX_OFFSET_MINUTES = 14 * 60;

/** What a date-field accepts: a calendar date, a date-time with its offset, or either (a local time read in the reader's offset). */
export type DateKind = 'date' | 'date-time' | 'date-or-date-time';

/** Whether year, month (1-12) and day exist in the Gregorian calendar. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))?)?$/;

/** A parsed date or date-time: the UTC moment (a local one taken as UTC), and whether the text had a time and an offset. */
export interface ParsedMoment {
  /** Milliseconds since the epoch of the value read as UTC, before the offset is applied. */
  wallClock: number;
  /** Minutes east of UTC the text gave; null for a date or a local date-time. */
  offsetMinutes: number | null;
  hasTime: boolean;
}

/** Reads an ISO 8601 date or date-time; the message key of what is wrong otherwise. */
export function parseIsoMoment(text: string, kind: DateKind): ParsedMoment | { problem: MessageKey } {
  const format: MessageKey = kind === 'date' ? 'date_format' : kind === 'date-time' ? 'date_time_format' : 'date_or_date_time_format';
  const match = ISO.exec(text);
  if (!match) return { problem: format };
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone, sign, oh, om] = match;
  const hasTime = h !== undefined;
  if (kind === 'date' && hasTime) return { problem: format };
  if (kind === 'date-time' && (!hasTime || zone === undefined)) return { problem: format };
  const year = Number(y);
  if (!isCalendarDate(year, Number(mo), Number(d))) return { problem: 'date_not_real' };
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return { problem: 'date_range' };
  if (hasTime && (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)) return { problem: 'time_not_real' };
  let offsetMinutes: number | null = null;
  if (zone === 'Z') offsetMinutes = 0;
  else if (zone !== undefined) {
    if (Number(om) > 59) return { problem: 'date_offset' };
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
    if (Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) return { problem: 'date_offset' };
  }
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const wallClock = Date.UTC(year, Number(mo) - 1, Number(d), hasTime ? Number(h) : 0, hasTime ? Number(mi) : 0, Number(s), ms);
  const moment = wallClock - (offsetMinutes ?? 0) * 60_000;
  if (moment < MOMENT_LIMITS.min || moment > MOMENT_LIMITS.max) return { problem: 'date_range' };
  return { wallClock, offsetMinutes, hasTime };
}

/** The message of a value that is not a date of the kind (zod's issue carries the input). */
const dateError = (kind: DateKind) => (issue: { input?: unknown }) => {
  if (issue.input === undefined || issue.input === null) return encodeMessage('required');
  if (typeof issue.input !== 'string') return encodeMessage('invalid_type');
  const parsed = parseIsoMoment(issue.input, kind);
  return encodeMessage('problem' in parsed ? parsed.problem : 'invalid_type');
};
const dateFormat = (kind: DateKind) =>
  z.stringFormat(kind, (value) => !('problem' in parseIsoMoment(value, kind)), { error: dateError(kind) });

/** A calendar date, `YYYY-MM-DD`. */
export const isoDate = () => dateFormat('date');
/** A moment: `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z` or `±HH:MM`. */
export const isoDateTime = () => dateFormat('date-time');
/** A date, or a date-time whose offset may be left out (then read in the reader's offset): list filters. */
export const isoDateOrDateTime = () => dateFormat('date-or-date-time');

/** Clamps a moment into the limits, so that a day shifted by the reader's offset stays storable. */
const clamp = (ms: number) => new Date(Math.min(MOMENT_LIMITS.max, Math.max(MOMENT_LIMITS.min, ms)));

/**
 * The moment a validated value names: a date-time with an offset as given; a date or a local
 * date-time in the reader's time (`readerOffsetMinutes` east of UTC). With `endOfDay`, a date
 * names its last millisecond (a range's upper end).
 */
export function momentOf(value: string, readerOffsetMinutes = 0, endOfDay = false): Date {
  const parsed = parseIsoMoment(value, 'date-or-date-time');
  if ('problem' in parsed) throw new RangeError(`not a date: ${value}`);
  const offset = parsed.offsetMinutes ?? readerOffsetMinutes;
  const end = endOfDay && !parsed.hasTime ? 86_400_000 - 1 : 0;
  return clamp(parsed.wallClock - offset * 60_000 + end);
}
