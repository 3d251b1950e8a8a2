import { inArray, sql } from 'drizzle-orm';
import {
  MONEY_MAX,
  VIN_IMPORT_COLUMNS,
  VIN_IMPORT_LIMITS,
  VIN_IMPORT_REPORT_ROWS,
  code,
  optionalText,
  t,
  vin,
  type FileImportRow,
  type Lang,
  type VinImportReport,
} from '@dp/contracts';
import { recordAudit } from '../../kit/audit.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { cellError, importReport, namedRows, readImportFile } from '../../kit/file-import.ts';
import type { UploadedPart } from '../../kit/files.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { carBrands } from '../cars.catalog/catalog.table.ts';
import { vinData } from './vin.table.ts';

/**
 * The VIN data import (spec 001 §7, contracts cars.vins/vin-import.ts) on the imports' kit: every
 * row is checked and says what it would do to the record of its VIN (create, update, unchanged) or
 * why it cannot (error); the apply checks the file again and upserts the rows without errors by
 * VIN in the caller's transaction, in multi-row statements of CHUNK rows (each row binds at most
 * 13 values: far below PostgreSQL's 65,535 parameters), with one audit entry for the import.
 */
type Attrs = Record<string, unknown>;
type Column = (typeof VIN_IMPORT_COLUMNS)[number]['name'];
/** Rows per INSERT ... ON CONFLICT; VINs per lookup. */
export const CHUNK = 2000;
const LOOKUP_CHUNK = 5000;

/** The optional columns and the field each fills. */
const OPTIONAL: Exclude<Column, 'vin' | 'brand'>[] = ['production_number', 'marketing_complectation_code', 'body_color_code', 'upholstery_code', 'option_codes', 'gross_price', 'local_package', 'images_id'];

interface Checked {
  report: VinImportReport;
  /** The valid rows that change something: the fields of the file's columns, with vin and brand_id. */
  writes: Attrs[];
  /** The optional columns the file has (the others are left as they are). */
  columns: string[];
}

const codeCell = code(50).nullable();
const textCells: Partial<Record<Column, ReturnType<typeof optionalText>>> = { production_number: optionalText(50), local_package: optionalText(255), images_id: optionalText(100) };
const splitCodes = (cell: string) => cell.split(/[\s,;|]+/).filter(Boolean);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Brands by lower-cased name and by id. */
async function brandLookup(tx: DbOrTx) {
  const brands = await tx.select({ id: carBrands.id, name: carBrands.name }).from(carBrands);
  const byName = new Map(brands.map((b) => [b.name.toLowerCase(), b.id]));
  const ids = new Set(brands.map((b) => b.id));
  return (cell: string) => byName.get(cell.trim().toLowerCase()) ?? (/^\d{1,9}$/.test(cell.trim()) && ids.has(Number(cell)) ? Number(cell) : undefined);
}

/** The records of the VINs given, by VIN, read in chunks. */
async function existingByVin(tx: DbOrTx, vins: string[]): Promise<Map<string, Attrs>> {
  const found = new Map<string, Attrs>();
  for (let at = 0; at < vins.length; at += LOOKUP_CHUNK) {
    const rows = (await tx.select().from(vinData).where(inArray(vinData.vin, vins.slice(at, at + LOOKUP_CHUNK)))) as unknown as Attrs[];
    for (const row of rows) found.set(row.vin as string, row);
  }
  return found;
}

/** One optional cell's value, or a message. */
function parseOptional(column: (typeof OPTIONAL)[number], raw: string, lang: Lang): { value: unknown } | { error: string } {
  const cell = raw.trim();
  if (column === 'option_codes') {
    const codes = [...new Set(splitCodes(cell))];
    if (codes.length > 300) return { error: t('max_items', lang, { count: 300 }) };
    const bad = codes.find((one) => !code(50).safeParse(one).success);
    return bad === undefined ? { value: codes } : { error: `${bad}: ${t('code_format', lang)}` };
  }
  if (column === 'gross_price') {
    if (!cell) return { value: null };
    const digits = cell.replace(/[\s\u00a0]/g, '');
    return /^\d{1,13}$/.test(digits) && Number(digits) <= MONEY_MAX ? { value: Number(digits) } : { error: t('import_price', lang) };
  }
  const schema = textCells[column] ?? codeCell;
  const parsed = schema.safeParse(cell || null);
  return parsed.success ? { value: parsed.data || null } : { error: cellError(cell, parsed, lang) };
}

/** The report keeps the counts whole but lists only the rows with errors (up to a limit) and the first of the others. */
function trimmedRows(rows: FileImportRow[]) {
  let errors = 0;
  let others = 0;
  return rows.filter((row) => (row.status === 'error' ? errors++ < VIN_IMPORT_REPORT_ROWS.errors : others++ < VIN_IMPORT_REPORT_ROWS.others));
}

/** Checks a VIN import file; nothing is written. */
export async function checkVinImport(tx: DbOrTx, parts: UploadedPart[], lang: Lang): Promise<Checked> {
  const sheet = await readImportFile(parts, { maxRows: VIN_IMPORT_LIMITS.maxRows });
  const { rows, present } = namedRows(sheet, VIN_IMPORT_COLUMNS, VIN_IMPORT_LIMITS.maxRows);
  const columns = OPTIONAL.filter((column) => present.has(column));
  const brandOf = await brandLookup(tx);
  const reports: FileImportRow[] = [];
  const valid: { report: FileImportRow; attrs: Attrs }[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const v = row.values;
    const report: FileImportRow = { row: row.number, values: v, status: 'error', errors: [] };
    reports.push(report);
    const fail = (field: string, message: string) => report.errors.push({ field, message });
    const parsedVin = vin().safeParse(v.vin ?? '');
    if (!parsedVin.success) fail('vin', cellError((v.vin ?? '').trim(), parsedVin, lang));
    const brandId = v.brand ? brandOf(v.brand) : undefined;
    if (brandId === undefined) fail('brand', v.brand?.trim() ? t('import_brand_unknown', lang, { brand: v.brand }) : t('required', lang));
    const attrs: Attrs = {};
    for (const column of columns) {
      const result = parseOptional(column, v[column] ?? '', lang);
      if ('error' in result) fail(column, result.error);
      else attrs[column] = result.value;
    }
    if (report.errors.length || !parsedVin.success) continue;
    const earlier = seen.get(parsedVin.data);
    if (earlier !== undefined) {
      fail('vin', t('import_row_twice', lang, { row: earlier }));
      continue;
    }
    seen.set(parsedVin.data, row.number);
    valid.push({ report, attrs: { vin: parsedVin.data, brand_id: brandId, ...attrs } });
  }
  const existing = await existingByVin(tx, [...seen.keys()]);
  const writes: Attrs[] = [];
  for (const { report, attrs } of valid) {
    const before = existing.get(attrs.vin as string);
    report.status = !before ? 'create' : Object.keys(attrs).some((field) => !same(before[field], attrs[field])) ? 'update' : 'unchanged';
    if (report.status !== 'unchanged') writes.push(attrs);
  }
  const full = importReport('vin_data', sheet.format, reports);
  const shown = trimmedRows(reports);
  return { report: { ...full, rows: shown, rows_omitted: reports.length - shown.length }, writes, columns };
}

/**
 * The apply: checks the file again (records may have changed since the preview) and upserts the
 * rows without errors by VIN, chunk by chunk, in the caller's transaction: all of them or none.
 * Only the file's columns are set on existing records; each written record's last_update_date is now.
 */
export async function applyVinImport(tx: DbOrTx, auth: Pick<AuthContext, 'userId' | 'clientId' | 'tokenId'>, parts: UploadedPart[], lang: Lang, ip: string | null): Promise<VinImportReport> {
  const { report, writes, columns } = await checkVinImport(tx, parts, lang);
  const now = new Date();
  const set: Record<string, unknown> = { brand_id: sql.raw('excluded.brand_id'), last_update_date: now, updated_at: now };
  for (const column of columns) set[column] = sql.raw(`excluded.${column}`);
  for (let at = 0; at < writes.length; at += CHUNK) {
    const values = writes.slice(at, at + CHUNK).map((attrs) => ({ ...attrs, last_update_date: now }));
    await tx
      .insert(vinData)
      .values(values as never)
      .onConflictDoUpdate({ target: vinData.vin, set: set as never });
  }
  if (writes.length) {
    const file = parts.find((part) => part.field === 'file') ?? parts[0];
    await recordAudit(tx, auth, {
      action: 'import',
      service: 'cars.vins',
      resource: 'vin_data',
      changes: { file: file?.filename ?? null, format: report.format, total: report.total, created: report.create, updated: report.update, unchanged: report.unchanged, errors: report.errors, columns },
      ip,
    });
  }
  return { ...report, applied: true };
}
