import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DISCOUNT_IMPORT_COLUMNS,
  DISCOUNT_IMPORT_LIMITS,
  datesInOrder,
  discountSum,
  isCalendarDate,
  t,
  type FileImportReport,
  type FileImportRow,
  type Lang,
} from '@dp/contracts';
import { auditLog } from '../../kit/audit.table.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { importReport, namedRows } from '../../kit/file-import.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import type { SheetRows } from '../../kit/spreadsheet-rows.ts';
import { carBrands } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { benefitDiscounts, benefitPrograms } from './benefit.table.ts';

/**
 * The check and the apply of a discounts import (contracts benefits/discount-import.ts). Each row
 * names a marketing complectation by its code (and, where several brands use the code, the brand),
 * the client's program by its code, the sum and the two dates; it creates the client's discount of
 * that complectation, program and start date, updates its sum and end date, or leaves it as it is.
 * The lookups are a few queries for the whole file, the writes multi-row statements in chunks.
 */
type DiscountValues = typeof benefitDiscounts.$inferInsert;
interface Planned {
  report: FileImportReport;
  inserts: DiscountValues[];
  updates: { id: number; discount_sum: number; end_date: string }[];
}

/** Rows per statement of the lookups (bind parameters: far below PostgreSQL's 65,535) and of the writes (one JSON parameter). */
const CHUNK = 5000;
const chunks = <T>(items: T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Excel's day 0 (its 1900 date system): an XLSX date cell arrives as its serial number. */
const EXCEL_DAY_0 = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A cell's date as `YYYY-MM-DD`: ISO `YYYY-MM-DD` (a time after it is ignored), Russian
 * `DD.MM.YYYY`, or an Excel date serial (XLSX); null when it is none of them or not a real day.
 */
export function importDate(raw: string): string | null {
  const text = raw.trim();
  let parts: [number, number, number] | null = null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(text);
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (ru) parts = [Number(ru[3]), Number(ru[2]), Number(ru[1])];
  else if (/^\d{5}(?:\.\d+)?$/.test(text)) {
    const day = new Date(EXCEL_DAY_0 + Math.floor(Number(text)) * DAY_MS);
    parts = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  }
  if (!parts || parts[0] < 1900 || parts[0] > 9999 || !isCalendarDate(...parts)) return null;
  return `${parts[0]}-${String(parts[1]).padStart(2, '0')}-${String(parts[2]).padStart(2, '0')}`;
}

/** The sum's schema, made once for every row. */
const SUM = discountSum();
/** A sum cell: whole roubles, spaces between digit groups allowed ("150 000"), a ".00" tail dropped. */
function importSum(raw: string): number | null {
  const text = raw.replace(/[\s\u00a0]/g, '').replace(/[.,]0+$/, '');
  const parsed = SUM.safeParse(text);
  return parsed.success ? (parsed.data as number) : null;
}

/** The marketing complectations with these codes: by code, each with its brand's name. */
async function marketingByCode(db: DbOrTx, codes: string[]) {
  const byCode = new Map<string, { id: number; brand_id: number; model_id: number; brand: string }[]>();
  for (const part of chunks(codes)) {
    const rows = await db
      .select({ id: carMarketingComplectations.id, code: carMarketingComplectations.code, brand_id: carMarketingComplectations.brand_id, model_id: carMarketingComplectations.model_id, brand: carBrands.name })
      .from(carMarketingComplectations)
      .innerJoin(carBrands, eq(carBrands.id, carMarketingComplectations.brand_id))
      .where(inArray(carMarketingComplectations.code, part));
    for (const row of rows) {
      const list = byCode.get(row.code) ?? [];
      list.push({ id: row.id, brand_id: row.brand_id as number, model_id: row.model_id as number, brand: row.brand });
      byCode.set(row.code, list);
    }
  }
  return byCode;
}

const keyOf = (marketingId: number, programId: number, start: string) => `${marketingId}:${programId}:${start}`;

/** Checks every row of the sheet against the catalogue and the client's programs and discounts; writes nothing. */
export async function checkDiscountImport(db: DbOrTx, clientId: number, sheet: SheetRows, lang: Lang): Promise<Planned> {
  const { rows } = namedRows(sheet, DISCOUNT_IMPORT_COLUMNS, DISCOUNT_IMPORT_LIMITS.maxRows);
  const codes = [...new Set(rows.map((row) => (row.values.marketing_complectation_code ?? '').trim()).filter(Boolean))];
  const marketing = await marketingByCode(db, codes);
  const programs = new Map((await db.select({ id: benefitPrograms.id, code: benefitPrograms.code }).from(benefitPrograms).where(eq(benefitPrograms.client_id, clientId))).map((row) => [row.code, row.id]));
  const marketingIds = [...new Set([...marketing.values()].flat().map((entry) => entry.id))];
  const existing = new Map<string, { id: number; discount_sum: number; end_date: string }>();
  for (const part of chunks(marketingIds)) {
    const found = await db
      .select({ id: benefitDiscounts.id, marketing_complectation_id: benefitDiscounts.marketing_complectation_id, program_id: benefitDiscounts.program_id, start_date: benefitDiscounts.start_date, discount_sum: benefitDiscounts.discount_sum, end_date: benefitDiscounts.end_date })
      .from(benefitDiscounts)
      .where(and(eq(benefitDiscounts.client_id, clientId), inArray(benefitDiscounts.marketing_complectation_id, part)));
    for (const row of found) existing.set(keyOf(row.marketing_complectation_id, row.program_id, row.start_date), row);
  }

  const report: FileImportRow[] = [];
  const plan: Omit<Planned, 'report'> = { inserts: [], updates: [] };
  const seen = new Map<string, number>();
  for (const row of rows) {
    const v = row.values;
    const entry: FileImportRow = { row: row.number, values: v, status: 'error', errors: [] };
    report.push(entry);
    const fail = (field: string, message: string) => entry.errors.push({ field, message });
    const code = (v.marketing_complectation_code ?? '').trim();
    const brand = (v.brand ?? '').trim().toLowerCase();
    const candidates = (marketing.get(code) ?? []).filter((one) => !brand || one.brand.toLowerCase() === brand);
    if (!code) fail('marketing_complectation_code', t('required', lang));
    else if (!candidates.length) fail('marketing_complectation_code', t('benefit_import_marketing_unknown', lang, { code }));
    else if (candidates.length > 1) fail('marketing_complectation_code', t('benefit_import_marketing_ambiguous', lang, { code, count: candidates.length }));
    const programCode = (v.program_code ?? '').trim();
    const programId = programs.get(programCode);
    if (!programCode) fail('program_code', t('required', lang));
    else if (programId === undefined) fail('program_code', t('benefit_import_program_unknown', lang, { code: programCode }));
    const sumText = (v.discount_sum ?? '').trim();
    const sum = sumText ? importSum(sumText) : null;
    if (!sumText) fail('discount_sum', t('required', lang));
    else if (sum === null) fail('discount_sum', t('benefit_import_number', lang));
    const dates = (['start_date', 'end_date'] as const).map((field) => {
      const text = (v[field] ?? '').trim();
      const value = text ? importDate(text) : null;
      if (!text) fail(field, t('required', lang));
      else if (!value) fail(field, t('benefit_import_date', lang));
      return value;
    });
    const [start, end] = dates;
    if (start && end && !datesInOrder(start, end)) fail('end_date', t('benefit_end_before_start', lang));
    if (entry.errors.length || candidates.length !== 1 || programId === undefined || sum === null || !start || !end) continue;
    const target = candidates[0]!;
    const key = keyOf(target.id, programId, start);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail('row', t('benefit_import_row_twice', lang, { row: earlier }));
      continue;
    }
    seen.set(key, row.number);
    const stored = existing.get(key);
    if (!stored) {
      entry.status = 'create';
      plan.inserts.push({ client_id: clientId, marketing_complectation_id: target.id, program_id: programId, brand_id: target.brand_id, model_id: target.model_id, discount_sum: sum, start_date: start, end_date: end });
    } else if (Number(stored.discount_sum) === sum && stored.end_date === end) entry.status = 'unchanged';
    else {
      entry.status = 'update';
      plan.updates.push({ id: stored.id, discount_sum: sum, end_date: end });
    }
  }
  return { report: importReport('discounts', sheet.format, report), ...plan };
}

/**
 * The planned discounts created, their ids returned: each chunk's rows go as one JSON parameter
 * (jsonb_to_recordset), not a parameter per value, which for 20,000 rows built some 160,000
 * objects and a 4,000-parameter statement per 500 rows.
 */
async function insertDiscounts(tx: DbOrTx, inserts: DiscountValues[]): Promise<number[]> {
  const created: number[] = [];
  for (const part of chunks(inserts)) {
    const result = await tx.execute(sql`
      insert into ${benefitDiscounts} (client_id, marketing_complectation_id, program_id, brand_id, model_id, discount_sum, start_date, end_date)
      select x.client_id, x.marketing_complectation_id, x.program_id, x.brand_id, x.model_id, x.discount_sum, x.start_date, x.end_date
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(client_id int, marketing_complectation_id int, program_id int, brand_id int, model_id int, discount_sum bigint, start_date date, end_date date)
      returning id`);
    for (const row of (result as unknown as { rows: { id: number }[] }).rows) created.push(Number(row.id));
  }
  return created;
}

/** The planned sums and end dates written, each chunk as one JSON parameter. */
async function updateDiscounts(tx: DbOrTx, updates: Planned['updates']) {
  for (const part of chunks(updates)) {
    await tx.execute(sql`
      update ${benefitDiscounts} as d set discount_sum = x.discount_sum, end_date = x.end_date, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(id int, discount_sum bigint, end_date date)
      where d.id = x.id`);
  }
}

/**
 * The apply: checks the sheet again inside the caller's transaction and writes the rows without
 * errors (inserts and updates in multi-row statements); the report says what each row did (the
 * cells of the rows without errors left out: the preview showed them), rows with errors are
 * reported with their cells and skipped. The audit trail gets one entry for the import (its counts
 * and the ids it created and updated), not one per row: 20,000 entries would cost more than the
 * discounts themselves.
 */
export async function applyDiscountImport(
  tx: DbOrTx,
  auth: Pick<AuthContext, 'userId' | 'clientId' | 'tokenId'>,
  clientId: number,
  sheet: SheetRows,
  lang: Lang,
  ip: string | null,
): Promise<FileImportReport> {
  const plan = await checkDiscountImport(tx, clientId, sheet, lang);
  const created = await insertDiscounts(tx, plan.inserts);
  await updateDiscounts(tx, plan.updates);
  const { report } = plan;
  // The written rows' cells are the preview's; the apply's answer leaves them out (a 20,000-row answer halves).
  for (const row of report.rows) if (row.status !== 'error') row.values = {};
  if (created.length || plan.updates.length) {
    await tx.insert(auditLog).values({
      action: 'import',
      service: 'benefits',
      resource: 'discounts',
      record_id: null,
      changes: { format: report.format, total: report.total, create: report.create, update: report.update, unchanged: report.unchanged, errors: report.errors, created_ids: created, updated_ids: plan.updates.map((update) => update.id) },
      actor_user_id: auth.userId,
      actor_token_id: auth.tokenId ?? null,
      acting_client_id: auth.clientId,
      client_id: clientId,
      ip,
    });
  }
  return { ...report, applied: true };
}
