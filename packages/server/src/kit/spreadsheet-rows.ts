import { parse } from 'csv-parse/sync';
import { AppError } from './app-error.ts';
import { readInWorker, type FileReader } from './untrusted-file.ts';
import { columnName, isZip, xlsxSheetRows } from './xlsx-rows.ts';

/**
 * Rows of an uploaded table, for imports (DESIGN.md §10 bulk data and untrusted files, §9 bounded
 * parsers): a CSV or the first sheet of an XLSX workbook, told apart by the bytes, never by the
 * name, read in a worker thread (kit/untrusted-file.ts). Bounded: the upload's size (the multipart
 * limit), the rows (`maxRows`, one more is an error), the cells kept per row, each cell's length
 * while it is read (a longer one refuses the file: 'cell B2 is longer than 2,100 characters'),
 * and for XLSX the unpacked size of the workbook, checked by
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

/** The longest cell of a table unless the import says otherwise. */
const DEFAULT_CELL_LENGTH = 2100;

export interface SheetLimits {
  maxRows: number;
  /** Cells kept per row (the rest are ignored). */
  maxColumns?: number;
  /** The longest cell text, in characters (2,100 unless told): a longer cell refuses the file, naming it. */
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

/** A cell as the imports take it: trimmed. */
const cellText = (cell: string) => cell.trim();
const tooManyRows = (limits: SheetLimits) => new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');
const cellTooLong = (column: number, line: number, max: number) => new AppError(400, 'file_cell_too_long', { cell: `${columnName(column)}${line}`, max }, 'file');
/** A CSV record of the imports may hold this many characters (every cell within its bound fits). */
const MAX_CSV_RECORD = 64 * 1024;

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
async function* xlsxTableRows(data: Buffer, limits: SheetLimits): AsyncGenerator<SheetRow> {
  let count = 0;
  const sheet = xlsxSheetRows(data, { maxUnpackedBytes: limits.maxUnpackedBytes ?? 30 * 1024 * 1024, maxColumns: limits.maxColumns ?? 20, maxCellLength: limits.maxCellLength ?? DEFAULT_CELL_LENGTH, shortestNumbers: true });
  for await (const row of sheet) {
    const cells = row.cells.map(cellText);
    if (!cells.some(Boolean)) continue;
    // Stops at the first row too many: the rest of the sheet is never read.
    if (count++ === limits.maxRows) throw tooManyRows(limits);
    yield { number: row.number, cells };
  }
}

/**
 * The non-empty rows of a CSV (UTF-8, else Windows-1251, what Russian Excel saves), by csv-parse
 * with one delimiter. A record in flight is bounded (MAX_CSV_RECORD: past it, the file stops at
 * that line), and each record's cells are checked as it is made: a cell past `maxCellLength`
 * stops the file, naming it; only the kept cells are held.
 */
function* csvTableRows(data: Buffer, limits: SheetLimits): Generator<SheetRow> {
  // Text only: a binary file (NUL bytes) is no CSV.
  if (data.includes(0)) throw new AppError(400, 'import_file_format', undefined, 'file');
  const text = decodeText(data);
  const max = limits.maxCellLength ?? DEFAULT_CELL_LENGTH;
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: csvDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      to: limits.maxRows + 1,
      max_record_size: MAX_CSV_RECORD,
      // Each record as it is made (with `info`, csv-parse hands it over with its line, unlike its types say): its cells checked, only the kept ones held.
      on_record: ((entry: { record: string[]; info: { lines: number } }) => {
        const long = entry.record.findIndex((cell) => cell.length > max);
        if (long >= 0) throw cellTooLong(long, entry.info.lines, max);
        return { record: entry.record.slice(0, limits.maxColumns ?? 20), info: entry.info };
      }) as never,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const failure = error as { code?: string; lines?: number; column?: number };
    // A record past its bound while it is read (one cell far past its own, or a quote never closed).
    if (failure.code === 'CSV_MAX_RECORD_SIZE') throw new AppError(400, 'file_csv_record_too_long', { line: Number(failure.lines ?? 0), max: MAX_CSV_RECORD }, 'file');
    throw new AppError(400, 'import_csv_malformed', { line: Number(failure.lines ?? 0) }, 'file');
  }
  if (records.length > limits.maxRows) throw tooManyRows(limits);
  for (const { record, info } of records) {
    const cells = record.map(cellText);
    if (cells.some(Boolean)) yield { number: info.lines, cells };
  }
}

/** The rows of an uploaded table, read here (readSpreadsheetRows reads them in a worker). */
export async function* spreadsheetRows(source: AsyncIterable<Buffer>, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  const data = Buffer.concat(chunks);
  if (isZip(data)) yield* xlsxTableRows(data, limits);
  else yield* csvTableRows(data, limits);
}

/** The spreadsheet reader as the worker runs it (src/file-readers.ts registers it). */
export const spreadsheetReader: FileReader<SheetLimits, SheetRow> = { formats: ['csv', 'xlsx'], read: spreadsheetRows };

/** The rows of an uploaded table, read in a worker (kit/untrusted-file.ts). */
export async function readSpreadsheetRows(data: Buffer, limits: SheetLimits): Promise<SheetRows> {
  const rows: SheetRow[] = [];
  for await (const batch of readInWorker<SheetRow>('spreadsheet', data, limits)) rows.push(...batch);
  return { format: isZip(data) ? 'xlsx' : 'csv', rows };
}
