import type { FileImportColumn } from '../kit/file-import.ts';

/**
 * The import of a department's employees from a CSV or XLSX file (spec 001 §2 "departments (with
 * import of employees from a csv file)"): a preview with what each row would do or why it cannot,
 * then the apply, which writes every row or, if any row has an error, none.
 */
export const EMPLOYEE_IMPORT_LIMITS = { maxBytes: 1024 * 1024, maxRows: 1000 } as const;

export const EMPLOYEE_IMPORT_COLUMNS: readonly FileImportColumn[] = [
  { name: 'last_name_ru', required: true, example: 'Петров' },
  { name: 'first_name_ru', required: true, example: 'Иван' },
  { name: 'last_name_en', required: false, example: 'Petrov' },
  { name: 'first_name_en', required: false, example: 'Ivan' },
  { name: 'position_ru', required: false, example: 'Менеджер по продажам' },
  { name: 'position_en', required: false, example: 'Sales manager' },
  { name: 'order', required: false, example: '1' },
  { name: 'phone_country', required: false, example: '7' },
  { name: 'phone_city', required: false, example: '843' },
  { name: 'phone_subscriber', required: false, example: '2000000' },
  { name: 'phone_internal', required: false, example: '101' },
];

/** The template: the column names and one example row. */
export const employeeImportTemplate = () =>
  `${EMPLOYEE_IMPORT_COLUMNS.map((column) => column.name).join(',')}\n${EMPLOYEE_IMPORT_COLUMNS.map((column) => (column.example.includes(',') ? `"${column.example}"` : column.example)).join(',')}\n`;
