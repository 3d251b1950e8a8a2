import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { Buffer as XlsxBuffer, CellValue } from 'exceljs';
import { AppError } from './errors.ts';

/**
 * Rows of an uploaded table, for imports (DESIGN.md §10 bulk data, §9 bounded parsers): a CSV or
 * the first sheet of an XLSX workbook, told apart by the bytes, never by the name. Bounded:
 * the upload's size (the multipart limit), the rows (`maxRows`, one more is an error), the cells
 * kept per row and their length, and for XLSX the unpacked size of the workbook, checked by
 * actually inflating every part with a cap before exceljs reads it (a small "zip bomb" is refused,
 * whatever sizes its directory claims). Formulas are never evaluated: a formula cell gives the
 * value the spreadsheet stored with it, which the import validates like any other text.
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

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const unreadable = () => new AppError(400, 'import_file_unreadable', undefined, 'file');
const tooLargeUnpacked = (maxBytes: number) => new AppError(400, 'import_file_too_large_unpacked', { size: Math.round(maxBytes / 1024 / 1024) }, 'file');

/** A part of a ZIP archive: its name, how it is stored (0 stored, 8 deflated) and its bytes as stored. */
export interface ZipEntry {
  name: string;
  method: number;
  body: Buffer;
}

/** The parts of a plain (not ZIP64) archive of at most `maxEntries`, read from its central directory. */
export function zipEntries(data: Buffer, maxEntries = 500): ZipEntry[] {
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (data.readUInt32LE(at) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff || count > maxEntries) throw unreadable();
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== ZIP_CENTRAL) throw unreadable();
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const local = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + data.readUInt16LE(at + 28)).toString('utf8');
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (local + 30 > data.length || data.readUInt32LE(local) !== ZIP_LOCAL) throw unreadable();
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    entries.push({ name, method, body: data.subarray(start, start + compressed) });
  }
  return entries;
}

/**
 * Checks a ZIP archive before anything unpacks it: a plain (not ZIP64) archive of at most
 * `maxEntries` stored or deflated parts that really inflate to at most `maxBytes` in all.
 */
export function assertZipBounded(data: Buffer, maxBytes: number, maxEntries = 500) {
  let budget = maxBytes;
  for (const { method, body } of zipEntries(data, maxEntries)) {
    if (method === 0) budget -= body.length;
    else if (method === 8) {
      try {
        budget -= inflateRawSync(body, { maxOutputLength: Math.max(1, budget + 1) }).length;
      } catch (error) {
        throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooLargeUnpacked(maxBytes) : unreadable();
      }
    } else throw unreadable();
    if (budget < 0) throw tooLargeUnpacked(maxBytes);
  }
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

/** The text of an XLSX cell: strings, numbers, dates, rich text, links, a formula's stored result. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result ?? null);
  if ('hyperlink' in value) return String((value as { text?: unknown }).text ?? value.hyperlink);
  if ('error' in value) return '';
  return '';
}

function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1251').decode(data);
  }
}

export async function readSpreadsheetRows(data: Buffer, limits: SheetLimits): Promise<SheetRows> {
  const maxColumns = limits.maxColumns ?? 20;
  const cut = (text: string) => text.slice(0, limits.maxCellLength ?? 4000);
  const tooMany = () => new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');
  if (data.length >= 4 && data.readUInt32LE(0) === ZIP_LOCAL) {
    assertZipBounded(data, limits.maxUnpackedBytes ?? 30 * 1024 * 1024);
    // Loaded when a workbook comes, not with the app: exceljs alone is a good part of a start.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(data as unknown as XlsxBuffer);
    } catch {
      throw unreadable();
    }
    const sheet = workbook.worksheets[0];
    // A ZIP that is no workbook (no sheet at all) is not a spreadsheet.
    if (!sheet) throw unreadable();
    const rows: SheetRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      if (rows.length > limits.maxRows) return;
      const values = Array.isArray(row.values) ? row.values.slice(1, maxColumns + 1) : [];
      rows.push({ number, cells: Array.from({ length: values.length }, (_, index) => cut(cellText(values[index] as CellValue).trim())) });
    });
    if (rows.length > limits.maxRows) throw tooMany();
    return { format: 'xlsx', rows: rows.filter((row) => row.cells.some(Boolean)) };
  }
  // Text only: a binary file (NUL bytes) is no CSV. UTF-8, else Windows-1251 (what Russian Excel saves as CSV).
  if (data.includes(0)) throw new AppError(400, 'import_file_format', undefined, 'file');
  const text = decodeText(data);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, delimiter: csvDelimiter(text.replace(/^\uFEFF/, '')), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, to: limits.maxRows + 1, max_record_size: 64 * 1024 }) as unknown as typeof records;
  } catch (error) {
    throw new AppError(400, 'import_csv_malformed', { line: Number((error as { lines?: number }).lines ?? 0) }, 'file');
  }
  if (records.length > limits.maxRows) throw tooMany();
  return {
    format: 'csv',
    rows: records
      .map(({ record, info }) => ({ number: info.lines, cells: record.slice(0, maxColumns).map((cell) => cut(cell.trim())) }))
      .filter((row) => row.cells.some(Boolean)),
  };
}
