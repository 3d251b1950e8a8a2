import { parse } from 'csv-parse/sync';
import { AppError } from './errors.ts';
import { isZip, xlsxSheetRows } from './xlsx-rows.ts';

/**
 * Rows of an uploaded table, for imports (DESIGN.md §10 bulk data, §9 bounded parsers): a CSV or
 * the first sheet of an XLSX workbook, told apart by the bytes, never by the name. Bounded:
 * the upload's size (the multipart limit), the rows (`maxRows`, one more is an error), the cells
 * kept per row and their length, and for XLSX the unpacked size of the workbook, checked by
 * actually inflating every part with a cap before anything reads it (a small "zip bomb" is refused,
 * whatever sizes its directory claims). The workbook's first sheet is read as it inflates
 * (kit/xlsx-rows.ts), the rows kept up to the limit. Formulas are never evaluated: a formula cell
 * gives the value the spreadsheet stored with it, which the import validates like any other text.
 */
export interface SheetRow {
  /** The row's number in the file (CSV: its line, XLSX: its row), from 1. */
  number: number;
  cells: string[];
}

export interface SheetRows {
  format: 'csv' | 'xlsx';
  rows: SheetRow[];
}

export interface SheetLimits {
  maxRows: number;
  /** Cells kept per row (the rest are ignored). */
  maxColumns?: number;
  /** The longest cell text kept; longer cells are cut to it (a validation of length still sees them too long). */
  maxCellLength?: number;
  /** XLSX: the most its parts may unpack to, in bytes. */
  maxUnpackedBytes?: number;
}

/**
 * The delimiter of a CSV: the most frequent of `;`, `,` and tab in its first line. One delimiter for
 * the file, never all three: a description's commas in a semicolon-separated file stay in their cell.
 */
export function csvDelimiter(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((delimiter) => [delimiter, first.split(delimiter).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** A cell as the imports take it: trimmed, cut to the longest kept. */
const cellText = (cell: string, limits: SheetLimits) => cell.trim().slice(0, limits.maxCellLength ?? 4000);
const tooManyRows = (limits: SheetLimits) => new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');

function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1251').decode(data);
  }
}

/**
 * The non-empty rows of an XLSX's first sheet, as exceljs' `load` gave them before (it held the
 * whole workbook in memory) but for dates: a date cell gives its serial number, not an ISO date, as
 * styles are not read. No import reads a date column (catalogue, marketing, VIN data, employees,
 * redirects: texts, codes and numbers).
 */
async function xlsxTableRows(data: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  const sheet = xlsxSheetRows(data, { maxUnpackedBytes: limits.maxUnpackedBytes ?? 30 * 1024 * 1024, maxColumns: limits.maxColumns ?? 20, shortestNumbers: true });
  for await (const row of sheet) {
    const cells = row.cells.map((cell) => cellText(cell, limits));
    if (!cells.some(Boolean)) continue;
    // Stops at the first row too many: the rest of the sheet is never read.
    if (rows.length === limits.maxRows) throw tooManyRows(limits);
    rows.push({ number: row.number, cells });
  }
  return rows;
}

export async function readSpreadsheetRows(data: Buffer, limits: SheetLimits): Promise<SheetRows> {
  if (isZip(data)) return { format: 'xlsx', rows: await xlsxTableRows(data, limits) };
  // Text only: a binary file (NUL bytes) is no CSV. UTF-8, else Windows-1251 (what Russian Excel saves as CSV).
  if (data.includes(0)) throw new AppError(400, 'import_file_format', undefined, 'file');
  const text = decodeText(data);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, delimiter: csvDelimiter(text.replace(/^\uFEFF/, '')), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, to: limits.maxRows + 1, max_record_size: 64 * 1024 }) as unknown as typeof records;
  } catch (error) {
    throw new AppError(400, 'import_csv_malformed', { line: Number((error as { lines?: number }).lines ?? 0) }, 'file');
  }
  if (records.length > limits.maxRows) throw tooManyRows(limits);
  return {
    format: 'csv',
    rows: records
      .map(({ record, info }) => ({ number: info.lines, cells: record.slice(0, limits.maxColumns ?? 20).map((cell) => cellText(cell, limits)) }))
      .filter((row) => row.cells.some(Boolean)),
  };
}
