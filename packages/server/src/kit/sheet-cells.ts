/**
 * How a value of an exported row becomes a cell, for every CSV and XLSX the server writes
 * (docs/decisions/platform.md, "How does a value become a cell of an export?").
 *
 * XLSX keeps the value's type: text is a string cell exactly as written (a string cell is never a
 * formula, so nothing is prefixed: a phone `+7 (915) …` stays so), a number a number, a boolean a
 * boolean, a date-time an Excel date shown `dd.mm.yyyy hh:mm`.
 * CSV has only text, and a spreadsheet opening it runs a text starting with = + - @ (or tab or CR
 * before one) as a formula: such a text gets a leading apostrophe there, and only there; a boolean
 * is `yes`/`no`.
 *
 * A date-time is a Date whose UTC fields are the wall-clock time to show (Excel dates have no time
 * zone): a moment shown in the reader's time is shifted first (`wallClock`).
 */
export type SheetValue = string | number | boolean | Date | null | undefined;

/** What an XLSX cell of a value is. */
export type XlsxCellKind = 'empty' | 'number' | 'boolean' | 'date' | 'text';

/** The number format of date-time cells. */
export const DATE_TIME_FORMAT = 'dd.mm.yyyy hh:mm';

/** Days from Excel's day 0 (1899-12-30, its 1900 date system) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/** Cells a spreadsheet would run as a formula: = + - @, and tab or carriage return in front of one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The kind of XLSX cell a value is (an invalid Date or a non-finite number: text, as it would print). */
export function xlsxCellKind(value: SheetValue): XlsxCellKind {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'text';
  if (typeof value === 'boolean') return 'boolean';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'text' : 'date';
  return 'text';
}

/** A date-time as Excel's serial number (days since its day 0, the time as the fraction), from its UTC fields. */
export const excelSerial = (date: Date) => date.getTime() / DAY_MS + EXCEL_EPOCH_DAYS;

/** A moment as the wall clock of a time zone `offsetMinutes` east of UTC shows it (a Date to put in a cell). */
export const wallClock = (moment: Date | number, offsetMinutes: number) => new Date(+moment + offsetMinutes * 60_000);

/** `YYYY-MM-DD HH:MM` of a date-time cell's wall clock (CSV). */
const csvDateTime = (date: Date) => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16).replace('T', ' '));

/** A value as CSV text: numbers as written, booleans `yes`/`no`, a date-time `YYYY-MM-DD HH:MM`, formula-like text behind an apostrophe. */
export function csvCell(value: SheetValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value instanceof Date) return csvDateTime(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}
