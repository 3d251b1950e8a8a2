import { t, translateMessage, type FileImportColumn, type FileImportReport, type FileImportRow, type Lang, type MessageKey } from '@dp/contracts';
import { AppError } from './errors.ts';
import type { UploadedPart } from './files.ts';
import { readSpreadsheetRows, type SheetRows } from './spreadsheet-rows.ts';

/**
 * The shared part of two-step file imports (DESIGN.md §10 bulk data; contracts kit/file-import.ts):
 * the uploaded file (field `file`) read as CSV or XLSX within limits, in the readers' worker
 * (kit/untrusted-file.ts), never evaluated (formula cells give their stored value,
 * kit/spreadsheet-rows.ts), the columns found by the names of the first
 * row, a row's validation messages in the caller's language, and the report's counts. The redirect
 * import and the catalogue imports use it.
 */
export interface ImportFileLimits {
  maxRows: number;
  maxColumns?: number;
  maxCellLength?: number;
}

/** The rows of the uploaded file; `maxRows` data rows, one more allowed for the column names. */
export async function readImportFile(parts: UploadedPart[], limits: ImportFileLimits): Promise<SheetRows> {
  const file = parts.find((part) => part.field === 'file') ?? parts[0];
  if (!file || !file.data.length) throw new AppError(400, 'file_required', undefined, 'file');
  return readSpreadsheetRows(file.data, { maxRows: limits.maxRows + 1, maxColumns: limits.maxColumns ?? 20, maxCellLength: limits.maxCellLength ?? 2100 }).catch((error: unknown) => {
    throw error instanceof AppError && error.key === 'import_too_many_rows' ? importTooManyRows(limits.maxRows) : error;
  });
}

export const importTooManyRows = (max: number) => new AppError(400, 'import_too_many_rows', { max }, 'file');
export const importFileEmpty = (key: MessageKey = 'catalog_import_empty') => new AppError(400, key, undefined, 'file');

/**
 * Where each declared column is, by the names in the first row (case and spaces ignored); a
 * required column that is missing refuses the file with their names.
 */
export function columnsByHeader(header: string[], columns: readonly FileImportColumn[]): Record<string, number> {
  const names = header.map((cell) => cell.trim().toLowerCase().replace(/\s+/g, '_'));
  const found: Record<string, number> = {};
  for (const column of columns) {
    const at = names.indexOf(column.name);
    if (at >= 0) found[column.name] = at;
  }
  const missing = columns.filter((column) => column.required && found[column.name] === undefined).map((column) => column.name);
  if (missing.length) throw new AppError(400, 'import_columns_missing', { columns: missing.join(', ') }, 'file');
  return found;
}

/** The file's data rows with their cells by column name; too many or none refuse the file. */
export function namedRows(sheet: SheetRows, columns: readonly FileImportColumn[], maxRows: number) {
  const at = columnsByHeader(sheet.rows[0]?.cells ?? [], columns);
  const data = sheet.rows.slice(1);
  if (data.length > maxRows) throw importTooManyRows(maxRows);
  if (!data.length) throw importFileEmpty();
  return {
    present: new Set(Object.keys(at)),
    rows: data.map((row) => ({ number: row.number, values: Object.fromEntries(Object.entries(at).map(([name, index]) => [name, row.cells[index] ?? ''])) as Record<string, string> })),
  };
}

/** The first message of a failed zod parse, in the caller's language. */
export const issueText = (result: { success: boolean; error?: { issues: { message: string }[] } }, lang: Lang) =>
  translateMessage(result.error?.issues[0]?.message ?? 'invalid_type', lang);

/** A field's message: "required" for an empty cell, else the schema's first message. */
export const cellError = (raw: string, result: { success: boolean; error?: { issues: { message: string }[] } }, lang: Lang) => (raw ? issueText(result, lang) : t('required', lang));

/** The report of checked rows. */
export function importReport(kind: string, format: SheetRows['format'], rows: FileImportRow[], extra: { deleted?: number; applied?: boolean } = {}): FileImportReport {
  const count = (status: FileImportRow['status']) => rows.filter((row) => row.status === status).length;
  return { kind, format, total: rows.length, create: count('create'), update: count('update'), unchanged: count('unchanged'), errors: count('error'), deleted: extra.deleted ?? 0, applied: extra.applied ?? false, rows };
}
