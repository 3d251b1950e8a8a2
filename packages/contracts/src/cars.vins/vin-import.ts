import type { FileImportColumn, FileImportReport } from '../kit/file-import.ts';

/**
 * The VIN data import (spec 001 §7 "vin_data: import from file", code vin_data.import):
 * POST /api/v1/import/vin_data/preview, then /api/v1/import/vin_data; a CSV or XLSX whose first
 * row names the columns. Rows are keyed by VIN (an upsert); a column left out of the file leaves
 * its field as it is, an empty cell clears it. Files of tens of thousands of rows are written in
 * chunked multi-row statements.
 */
export const VIN_IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000 } as const;
/** The report lists every row with errors up to this many, and the first rows of the others (the counts are always complete). */
export const VIN_IMPORT_REPORT_ROWS = { errors: 1000, others: 200 } as const;

export const VIN_IMPORT_COLUMNS = [
  { name: 'vin', required: true, example: 'XWEPC81ABC0001234' },
  { name: 'brand', required: true, example: 'Kia' },
  { name: 'production_number', required: false, example: '7F123456' },
  { name: 'marketing_complectation_code', required: false, example: 'RIO-16-AT-PRE' },
  { name: 'body_color_code', required: false, example: 'UD' },
  { name: 'upholstery_code', required: false, example: 'WK' },
  { name: 'option_codes', required: false, example: 'PAN1 WSH2' },
  { name: 'gross_price', required: false, example: '1890000' },
  { name: 'local_package', required: false, example: 'Зимний пакет' },
  { name: 'images_id', required: false, example: 'img-1f2e3d' },
] as const satisfies readonly FileImportColumn[];

/** The report of a VIN import: the kit's, with how many rows the list leaves out. */
export interface VinImportReport extends FileImportReport {
  rows_omitted: number;
}

/** The template: the column names and one example row (CSV, `;`, UTF-8 with BOM). */
export function vinImportTemplate(): string {
  const line = (cells: readonly string[]) => cells.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(';');
  return `\uFEFF${line(VIN_IMPORT_COLUMNS.map((c) => c.name))}\r\n${line(VIN_IMPORT_COLUMNS.map((c) => c.example))}\r\n`;
}
