/**
 * Import of redirects from a file (spec 000 §7 import_redirects, §5 "Redirect import needs a
 * file"): a CSV (`,`, `;` or tab between cells, UTF-8 with or without BOM) or the first sheet of
 * an XLSX workbook, one redirect per row: from (a path of the site), to (a path or an https
 * address), code (301 or 302, 301 when empty). A first row naming the columns is skipped. The
 * preview reports every row; the apply writes the valid ones in one transaction and reports again.
 */
export const REDIRECT_IMPORT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 5000 } as const;

export type ImportRowStatus = 'valid' | 'error' | 'duplicate';

export interface ImportRowReport {
  /** The row's number in the file, counting from 1 (the header row included). */
  row: number;
  from: string;
  to: string;
  code: string;
  status: ImportRowStatus;
  /** Why the row is not imported, in the caller's language (field: from, to or code). */
  errors: { field: 'from' | 'to' | 'code' | 'row'; message: string }[];
}

export interface ImportReport {
  format: 'csv' | 'xlsx';
  total: number;
  valid: number;
  errors: number;
  duplicates: number;
  /** Rows written (the apply only; 0 in a preview). */
  created: number;
  applied: boolean;
  rows: ImportRowReport[];
}
