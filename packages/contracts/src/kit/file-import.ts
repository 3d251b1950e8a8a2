/**
 * Two-step file imports (DESIGN.md §10 bulk data): a CSV or XLSX file is first checked row by row
 * (the preview: what each row would do, or why it cannot), then applied: the rows without errors
 * are written in one transaction, all of them or none. Used by the catalogue imports; the
 * redirect import shares the file reading (server kit/file-import.ts).
 */
export type FileImportRowStatus = 'create' | 'update' | 'unchanged' | 'error';

export interface FileImportRow {
  /** The row's number in the file, counting from 1 (the header row included). */
  row: number;
  /** The row's cells by column name, as read (never evaluated). */
  values: Record<string, string>;
  status: FileImportRowStatus;
  /** Why the row cannot be imported, in the caller's language; `field` is a column name or 'row'. */
  errors: { field: string; message: string }[];
}

export interface FileImportReport {
  kind: string;
  format: 'csv' | 'xlsx';
  total: number;
  create: number;
  update: number;
  unchanged: number;
  errors: number;
  /** Records the apply removes besides the rows (the delete-all option of a price import). */
  deleted: number;
  /** False for the preview, true once the rows are written. */
  applied: boolean;
  rows: FileImportRow[];
}

/** The columns of an import file: the first row names them; `required` ones must be there. */
export interface FileImportColumn {
  name: string;
  required: boolean;
  /** A value of the template's example row. */
  example: string;
}
