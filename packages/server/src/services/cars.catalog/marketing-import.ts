import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  CATALOG_IMPORT_COLUMNS,
  CATALOG_IMPORT_LIMITS,
  catalogName,
  code as codeSchema,
  codeList,
  engineSchema,
  optionalText,
  specificationCategoriesSchema,
  specificationSchema,
  t,
  type FileImportRow,
  type Lang,
  type MarketingEngine,
  type Specification,
  type SpecificationCategory,
} from '@dp/contracts';
import { diffFields, snapshot } from '../../kit/audit.ts';
import type { DbOrTx, Tx } from '../../kit/db.ts';
import { notFound } from '../../kit/errors.ts';
import { cellError, importReport, issueText, namedRows, readImportFile } from '../../kit/file-import.ts';
import type { UploadedPart } from '../../kit/files.ts';
import { carBodies, carComplectations, carFuels, carRestylings, carTransmissions, carWheelDrives } from './catalog.table.ts';
import { decide, key, roubles, same, split, type Attrs, type Checked, type ImportAudit, type Write } from './import-rows.ts';
import { carMarketingComplectations as mc, carOptionCategories, carOptions } from './marketing.table.ts';
import { carOptionPrices } from './option-prices.table.ts';

/**
 * The marketing complectation imports (spec 001 §7 `/import/marketing_complectations` and
 * `/import/{kind}/{restylingId}` for a restyling's specifications, prices and options; columns in
 * contracts catalog-import.ts, decisions.md "Catalogue imports of marketing complectations").
 * Same contract as the colour imports: every row says what it would do or why it cannot, the
 * apply checks again and writes the rows without errors, each with its audit entry. A marketing
 * complectation is named by its code within the restyling; a code found under two complectations
 * of the restyling is an error naming the count.
 */
export type MarketingImportKind = 'marketing_complectations' | 'specifications' | 'prices' | 'options';
type Mc = typeof mc.$inferSelect;
type Row = { number: number; values: Record<string, string> };

const YES = ['yes', 'да', '1', 'true', 'y', 'д', '+'];
const NO = ['no', 'нет', '0', 'false', 'n', 'н', '-'];
/** yes/no of a cell: undefined for an empty cell, null when it is neither. */
function yesNo(cell: string | undefined): boolean | null | undefined {
  const text = (cell ?? '').trim().toLowerCase();
  if (!text) return undefined;
  return YES.includes(text) ? true : NO.includes(text) ? false : null;
}
/** A non-negative number of a cell ("1,6" as "1.6"); undefined for an empty cell, null when it is not one. */
function decimal(cell: string | undefined): number | null | undefined {
  const text = (cell ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!text) return undefined;
  return /^\d{1,9}(\.\d{1,6})?$/.test(text) ? Number(text) : null;
}

function rowReport(row: Row, reports: FileImportRow[]) {
  const report: FileImportRow = { row: row.number, values: row.values, status: 'error', errors: [] };
  reports.push(report);
  return { report, fail: (field: string, message: string) => report.errors.push({ field, message }) };
}

/** The restyling of a restyling import, within the caller's brands; 404 otherwise. */
async function restylingOf(tx: DbOrTx, restylingId: number | undefined, brandIds: number[] | null) {
  const [restyling] = restylingId
    ? await tx
        .select()
        .from(carRestylings)
        .where(and(eq(carRestylings.id, restylingId), brandIds ? inArray(carRestylings.brand_id, brandIds) : undefined))
        .limit(1)
    : [];
  if (!restyling) throw notFound();
  return restyling;
}

/** The marketing complectations of restylings by restyling and code (a code may name several). */
async function marketingByCode(tx: DbOrTx, restylingIds: number[]) {
  const rows = restylingIds.length ? await tx.select().from(mc).where(inArray(mc.restyling_id, restylingIds)) : [];
  const byCode = new Map<string, Mc[]>();
  for (const row of rows) byCode.set(key(row.restyling_id, row.code.toLowerCase()), [...(byCode.get(key(row.restyling_id, row.code.toLowerCase())) ?? []), row]);
  return byCode;
}

/** The one marketing complectation a row's `marketing_complectation_code` names in the restyling, or a message. */
function findMarketing(byCode: Map<string, Mc[]>, restylingId: number, cell: string | undefined, lang: Lang): Mc | string {
  const code = (cell ?? '').trim();
  if (!code) return t('required', lang);
  const found = byCode.get(key(restylingId, code.toLowerCase())) ?? [];
  if (found.length === 0) return t('import_marketing_unknown_restyling', lang, { code });
  if (found.length > 1) return t('import_marketing_ambiguous_restyling', lang, { code, count: found.length });
  return found[0]!;
}

/** A dictionary (bodies, fuels ...) by its name in any language, case ignored. */
async function dictionary(tx: DbOrTx, table: typeof carBodies) {
  const rows = await tx.select({ id: table.id, name: table.name, name_ru: table.name_ru, name_en: table.name_en }).from(table);
  const byName = new Map<string, number>();
  for (const row of rows) for (const name of [row.name, row.name_ru, row.name_en]) if (name) byName.set(name.trim().toLowerCase(), row.id);
  return byName;
}

const ENGINE_COLUMNS = ['engine_volume', 'engine_volume_unit', 'engine_power', 'engine_power_unit', 'engine_torque', 'engine_rpm_from', 'engine_rpm_to'];

/** The engine of a row (only when the file has `engine_name`): built from the engine columns, checked by the contract. */
function engineOf(v: Record<string, string>, fail: (field: string, message: string) => void, lang: Lang): MarketingEngine | null | undefined {
  const name = (v.engine_name ?? '').trim();
  if (!name) {
    if (ENGINE_COLUMNS.some((column) => v[column]?.trim())) fail('engine_name', t('import_engine_name_required', lang));
    return null;
  }
  const numbers: Record<string, number | undefined> = {};
  for (const column of ['engine_volume', 'engine_power', 'engine_torque', 'engine_rpm_from', 'engine_rpm_to']) {
    const value = decimal(v[column]);
    if (value === null) fail(column, t('import_number', lang));
    else numbers[column] = value;
  }
  const unit = (column: string, fallback: string) => (v[column] ?? '').trim().toLowerCase() || fallback;
  const engine = {
    name,
    ...(numbers.engine_volume !== undefined ? { volume: { value: numbers.engine_volume, unit: unit('engine_volume_unit', 'liter') } } : {}),
    ...(numbers.engine_power !== undefined ? { power: { value: numbers.engine_power, unit: unit('engine_power_unit', 'horse_power') } } : {}),
    ...(numbers.engine_torque !== undefined
      ? { torque: { value: numbers.engine_torque, unit: 'newton_meter', ...(numbers.engine_rpm_from !== undefined ? { rpm_from: numbers.engine_rpm_from } : {}), ...(numbers.engine_rpm_to !== undefined ? { rpm_to: numbers.engine_rpm_to } : {}) } }
      : {}),
  };
  const parsed = engineSchema.safeParse(engine);
  if (parsed.success) return parsed.data as MarketingEngine;
  // The issue's path names the column: volume.unit → engine_volume_unit, torque.rpm_from → engine_rpm_from.
  const issue = parsed.error.issues[0]!;
  const [part, field] = issue.path.map(String);
  const column = field === 'unit' ? `engine_${part}_unit` : field?.startsWith('rpm') ? `engine_${field}` : part ? `engine_${part}` : 'engine_name';
  fail(column, issueText(parsed, lang));
  return undefined;
}

/** `/import/marketing_complectations`: create or update by code within the restyling named in each row. */
async function checkMarketing(tx: DbOrTx, parts: UploadedPart[], lang: Lang, brandIds: number[] | null): Promise<Checked> {
  const kind = 'marketing_complectations';
  const sheet = await readImportFile(parts, { maxRows: CATALOG_IMPORT_LIMITS.maxRows, maxColumns: 40 });
  const { rows, present } = namedRows(sheet, CATALOG_IMPORT_COLUMNS[kind], CATALOG_IMPORT_LIMITS.maxRows);
  const wantedIds = [...new Set(rows.map((row) => Number(row.values.restyling_id)).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647))];
  const restylings = wantedIds.length
    ? await tx
        .select()
        .from(carRestylings)
        .where(and(inArray(carRestylings.id, wantedIds), brandIds ? inArray(carRestylings.brand_id, brandIds) : undefined))
    : [];
  const restylingById = new Map(restylings.map((r) => [r.id, r]));
  const complectations = restylings.length ? await tx.select().from(carComplectations).where(inArray(carComplectations.restyling_id, [...restylingById.keys()])) : [];
  const complectationOf = (restylingId: number, cell: string) => {
    const text = cell.trim().toLowerCase();
    const own = complectations.filter((c) => c.restyling_id === restylingId);
    return own.find((c) => String(c.id) === text) ?? own.find((c) => c.name.toLowerCase() === text);
  };
  const byCode = await marketingByCode(tx, [...restylingById.keys()]);
  const dictionaries = {
    body: await dictionary(tx, carBodies),
    fuel: await dictionary(tx, carFuels as never),
    transmission: await dictionary(tx, carTransmissions as never),
    wheel_drive: await dictionary(tx, carWheelDrives as never),
  };
  const seen = new Map<string, number>();
  const reports: FileImportRow[] = [];
  const writes: Write[] = [];
  for (const row of rows) {
    const v = row.values;
    const { report, fail } = rowReport(row, reports);
    const restyling = restylingById.get(Number(v.restyling_id));
    if (!restyling) fail('restyling_id', v.restyling_id?.trim() ? t('import_restyling_unknown', lang, { id: v.restyling_id.trim() }) : t('required', lang));
    const complectation = restyling && v.complectation?.trim() ? complectationOf(restyling.id, v.complectation) : undefined;
    if (restyling && !complectation) fail('complectation', v.complectation?.trim() ? t('import_complectation_unknown', lang, { name: v.complectation!.trim() }) : t('required', lang));
    const code = codeSchema(100).safeParse(v.code ?? '');
    if (!code.success) fail('code', cellError(v.code ?? '', code, lang));
    const name = catalogName().safeParse(v.name ?? '');
    if (!name.success) fail('name', cellError(v.name ?? '', name, lang));
    const attrs: Attrs = {};
    for (const field of ['name_ru', 'name_en'] as const) {
      if (!present.has(field)) continue;
      const parsed = optionalText(255).safeParse(v[field] || null);
      if (parsed.success) attrs[field] = parsed.data || null;
      else fail(field, cellError(v[field] ?? '', parsed, lang));
    }
    for (const field of ['formative_option_codes', 'formative_option_pack_codes'] as const) {
      if (!present.has(field)) continue;
      const parsed = codeList().safeParse(split(v[field] ?? ''));
      if (parsed.success) attrs[field] = parsed.data;
      else fail(field, issueText(parsed, lang));
    }
    for (const [column, names] of Object.entries(dictionaries)) {
      if (!present.has(column)) continue;
      const cell = (v[column] ?? '').trim();
      const found = cell ? names.get(cell.toLowerCase()) : null;
      if (found === undefined) fail(column, t('import_dictionary_unknown', lang, { value: cell }));
      else attrs[`${column}_id`] = found;
    }
    if (present.has('engine_name')) {
      const engine = engineOf(v, fail, lang);
      if (engine !== undefined) attrs.engine = engine;
    }
    if (present.has('price')) {
      const price = v.price?.trim() ? roubles(v.price) : null;
      if (price === null && v.price?.trim()) fail('price', t('import_price', lang));
      else attrs.base_price = price;
    }
    for (const field of ['published', 'actual'] as const) {
      if (!present.has(field)) continue;
      const flag = yesNo(v[field]);
      if (flag === null) fail(field, t('import_yes_no', lang));
      else if (flag !== undefined) attrs[field] = flag;
    }
    if (report.errors.length || !restyling || !complectation || !code.success || !name.success) continue;
    const rowKey = key(restyling.id, code.data.toLowerCase());
    const earlier = seen.get(rowKey);
    if (earlier !== undefined) {
      fail('code', t('import_row_twice', lang, { row: earlier }));
      continue;
    }
    seen.set(rowKey, row.number);
    const existing = byCode.get(rowKey) ?? [];
    if (existing.length > 1) {
      fail('code', t('import_marketing_ambiguous_restyling', lang, { code: code.data, count: existing.length }));
      continue;
    }
    const levels = { complectation_id: complectation.id, restyling_id: restyling.id, generation_id: restyling.generation_id, model_id: restyling.model_id, brand_id: restyling.brand_id };
    decide(report, existing[0] as Attrs | undefined, { ...levels, code: code.data, name: name.data, ...attrs }, writes);
  }
  return { report: importReport(kind, sheet.format, reports), writes, remove: [] };
}

/** `/import/prices/{restylingId}`: the base price of each marketing complectation named. */
async function checkPrices(tx: DbOrTx, parts: UploadedPart[], lang: Lang, restylingId: number): Promise<Checked> {
  const kind = 'prices';
  const sheet = await readImportFile(parts, { maxRows: CATALOG_IMPORT_LIMITS.maxRows });
  const { rows } = namedRows(sheet, CATALOG_IMPORT_COLUMNS[kind], CATALOG_IMPORT_LIMITS.maxRows);
  const byCode = await marketingByCode(tx, [restylingId]);
  const seen = new Map<number, number>();
  const reports: FileImportRow[] = [];
  const writes: Write[] = [];
  for (const row of rows) {
    const { report, fail } = rowReport(row, reports);
    const found = findMarketing(byCode, restylingId, row.values.marketing_complectation_code, lang);
    if (typeof found === 'string') fail('marketing_complectation_code', found);
    const price = roubles(row.values.price);
    if (price === null) fail('price', row.values.price?.trim() ? t('import_price', lang) : t('required', lang));
    if (report.errors.length || typeof found === 'string' || price === null) continue;
    const earlier = seen.get(found.id);
    if (earlier !== undefined) {
      fail('marketing_complectation_code', t('import_row_twice', lang, { row: earlier }));
      continue;
    }
    seen.set(found.id, row.number);
    decide(report, found as Attrs, { base_price: price }, writes);
  }
  return { report: importReport(kind, sheet.format, reports), writes, remove: [] };
}

/** `/import/specifications/{restylingId}`: one specification a row, merged into the categories of its marketing complectation. */
async function checkSpecifications(tx: DbOrTx, parts: UploadedPart[], lang: Lang, restylingId: number): Promise<Checked> {
  const kind = 'specifications';
  const sheet = await readImportFile(parts, { maxRows: CATALOG_IMPORT_LIMITS.maxRows });
  const { rows, present } = namedRows(sheet, CATALOG_IMPORT_COLUMNS[kind], CATALOG_IMPORT_LIMITS.maxRows);
  const byCode = await marketingByCode(tx, [restylingId]);
  // The categories as the file leaves them, per marketing complectation, and the rows that touch each.
  const edited = new Map<number, { row: Mc; categories: SpecificationCategory[]; reports: FileImportRow[] }>();
  const seen = new Map<string, number>();
  const reports: FileImportRow[] = [];
  for (const row of rows) {
    const v = row.values;
    const { report, fail } = rowReport(row, reports);
    const found = findMarketing(byCode, restylingId, v.marketing_complectation_code, lang);
    if (typeof found === 'string') fail('marketing_complectation_code', found);
    const categoryTitle = (v.category ?? '').trim();
    if (!categoryTitle) fail('category', t('required', lang));
    const categoryOrder = decimal(v.category_order);
    if (categoryOrder === null || (categoryOrder !== undefined && !Number.isInteger(categoryOrder))) fail('category_order', t('non_negative', lang));
    const order = decimal(v.order);
    if (order === null || (order !== undefined && !Number.isInteger(order))) fail('order', t('non_negative', lang));
    const main = yesNo(v.main);
    if (main === null) fail('main', t('import_yes_no', lang));
    if (!(v.value ?? '').trim()) fail('value', t('required', lang));
    const spec = specificationSchema.safeParse({
      title: v.title ?? '',
      ...(v.code?.trim() ? { code: v.code.trim() } : {}),
      value: (v.value ?? '').trim() || null,
      ...(main !== undefined && main !== null ? { main } : {}),
      ...(typeof order === 'number' ? { order } : {}),
    });
    if (!spec.success) {
      const field = String(spec.error.issues[0]?.path[0] ?? 'title');
      fail(field, cellError(v[field] ?? '', spec, lang));
    }
    if (report.errors.length || typeof found === 'string' || !spec.success) continue;
    const rowKey = key(found.id, categoryTitle.toLowerCase(), (spec.data.code ?? spec.data.title).toLowerCase());
    const earlier = seen.get(rowKey);
    if (earlier !== undefined) {
      fail(spec.data.code ? 'code' : 'title', t('import_row_twice', lang, { row: earlier }));
      continue;
    }
    seen.set(rowKey, row.number);
    const entry = edited.get(found.id) ?? { row: found, categories: structuredClone(found.specification_categories ?? []), reports: [] };
    edited.set(found.id, entry);
    entry.reports.push(report);
    let category = entry.categories.find((c) => c.title.trim().toLowerCase() === categoryTitle.toLowerCase());
    if (!category) {
      category = { title: categoryTitle, order: typeof categoryOrder === 'number' ? categoryOrder : entry.categories.reduce((max, c) => Math.max(max, (c.order ?? 0) + 1), 0), specifications: [] };
      entry.categories.push(category);
    } else if (typeof categoryOrder === 'number') category.order = categoryOrder;
    category.specifications ??= [];
    const specs = category.specifications;
    const index = specs.findIndex((s) => (spec.data.code ? s.code === spec.data.code : !s.code && s.title.trim().toLowerCase() === spec.data.title.toLowerCase()));
    // A column left out of the file (main, order, code) keeps the specification's value.
    const next = { ...(index >= 0 ? specs[index] : { order: specs.reduce((max, s) => Math.max(max, (s.order ?? 0) + 1), 0) }), ...spec.data } as Specification;
    if (index < 0) next.main ??= false;
    report.status = index < 0 ? 'create' : same(specs[index], next) ? 'unchanged' : 'update';
    if (index < 0) specs.push(next);
    else specs[index] = next;
  }
  const writes: Write[] = [];
  for (const { row, categories, reports: touched } of edited.values()) {
    if (same(row.specification_categories, categories)) continue;
    // The whole document must still hold (at most 100 categories of 300 rows, a code once).
    const whole = specificationCategoriesSchema.safeParse(categories);
    if (!whole.success) {
      for (const report of touched) {
        report.status = 'error';
        report.errors.push({ field: 'marketing_complectation_code', message: issueText(whole, lang) });
      }
      continue;
    }
    writes.push({ row: touched[0]!.row, id: row.id, attrs: { specification_categories: whole.data }, before: row as Attrs });
  }
  return { report: importReport(kind, sheet.format, reports), writes, remove: [] };
}

/**
 * `/import/options/{restylingId}`: options of the restyling by code (created or renamed), put in
 * the lists of the marketing complectations named, with their price there (the `price` column:
 * an empty cell removes the price; no column leaves it).
 */
async function checkOptions(tx: DbOrTx, parts: UploadedPart[], lang: Lang, restyling: typeof carRestylings.$inferSelect): Promise<Checked> {
  const kind = 'options';
  const sheet = await readImportFile(parts, { maxRows: CATALOG_IMPORT_LIMITS.maxRows });
  const { rows, present } = namedRows(sheet, CATALOG_IMPORT_COLUMNS[kind], CATALOG_IMPORT_LIMITS.maxRows);
  const byCode = await marketingByCode(tx, [restyling.id]);
  const existingOptions = await tx.select().from(carOptions).where(eq(carOptions.restyling_id, restyling.id));
  const optionByCode = new Map(existingOptions.map((o) => [o.code.toLowerCase(), o]));
  const categories = await tx
    .select()
    .from(carOptionCategories)
    .where(or(isNull(carOptionCategories.brand_id), eq(carOptionCategories.brand_id, restyling.brand_id)));
  const categoryOf = (cell: string) => {
    const text = cell.trim().toLowerCase();
    return categories.find((c) => c.brand_id !== null && [c.name, c.name_ru, c.name_en].some((n) => n?.toLowerCase() === text)) ?? categories.find((c) => [c.name, c.name_ru, c.name_en].some((n) => n?.toLowerCase() === text));
  };
  const mcIds = [...new Set([...byCode.values()].flat().map((m) => m.id))];
  const prices = mcIds.length ? await tx.select().from(carOptionPrices).where(inArray(carOptionPrices.marketing_complectation_id, mcIds)) : [];
  const priceOf = new Map(prices.map((p) => [key(p.marketing_complectation_id, p.option_id), p]));
  // What the file makes of each option (by code) and of each marketing complectation's list.
  const options = new Map<string, { row: number; attrs: Attrs; existing?: typeof carOptions.$inferSelect }>();
  const links: { mc: Mc; code: string; price: number | null | undefined }[] = [];
  const seen = new Map<string, number>();
  const reports: FileImportRow[] = [];
  for (const row of rows) {
    const v = row.values;
    const { report, fail } = rowReport(row, reports);
    const found = findMarketing(byCode, restyling.id, v.marketing_complectation_code, lang);
    if (typeof found === 'string') fail('marketing_complectation_code', found);
    const code = codeSchema(100).safeParse(v.code ?? '');
    if (!code.success) fail('code', cellError(v.code ?? '', code, lang));
    const name = catalogName().safeParse(v.name ?? '');
    if (!name.success) fail('name', cellError(v.name ?? '', name, lang));
    const attrs: Attrs = {};
    for (const field of ['name_ru', 'name_en'] as const) {
      if (!present.has(field)) continue;
      const parsed = optionalText(255).safeParse(v[field] || null);
      if (parsed.success) attrs[field] = parsed.data || null;
      else fail(field, cellError(v[field] ?? '', parsed, lang));
    }
    if (present.has('category')) {
      const cell = (v.category ?? '').trim();
      const category = cell ? categoryOf(cell) : null;
      if (category === undefined) fail('category', t('import_option_category_unknown', lang, { name: cell }));
      else attrs.category_id = category?.id ?? null;
    }
    let price: number | null | undefined;
    if (present.has('price')) {
      price = v.price?.trim() ? roubles(v.price) : null;
      if (price === null && v.price?.trim()) fail('price', t('import_price', lang));
    }
    if (report.errors.length || typeof found === 'string' || !code.success || !name.success) continue;
    const codeKey = code.data.toLowerCase();
    const rowKey = key(found.id, codeKey);
    const earlier = seen.get(rowKey);
    if (earlier !== undefined) {
      fail('code', t('import_row_twice', lang, { row: earlier }));
      continue;
    }
    seen.set(rowKey, row.number);
    Object.assign(attrs, { code: code.data, name: name.data });
    // The option's own fields come from its first row; a later row of the same code must agree.
    const option = options.get(codeKey);
    if (option && !Object.keys(attrs).every((field) => same(option.attrs[field], attrs[field]))) {
      fail('name', t('import_row_twice', lang, { row: option.row }));
      continue;
    }
    const existing = optionByCode.get(codeKey);
    if (!option) options.set(codeKey, { row: row.number, attrs, existing });
    links.push({ mc: found, code: codeKey, price });
    const listed = existing ? found.option_ids.includes(existing.id) : false;
    const oldPrice = existing ? (priceOf.get(key(found.id, existing.id))?.price ?? null) : null;
    const optionChanged = existing ? Object.keys(attrs).some((field) => !same((existing as Attrs)[field], attrs[field])) : true;
    report.status = !existing || !listed ? 'create' : optionChanged || (price !== undefined && price !== oldPrice) ? 'update' : 'unchanged';
  }
  const commit = async (writeTx: Tx, audit: ImportAudit) => {
    const optionFields = ['name', 'name_ru', 'name_en', 'code', 'category_id', 'restyling_id'];
    const ids = new Map<string, number>();
    for (const [codeKey, { attrs, existing, row }] of options) {
      if (!existing) {
        const [created] = await writeTx.insert(carOptions).values({ ...(attrs as { code: string; name: string }), restyling_id: restyling.id }).returning();
        await audit('create', 'options', created!.id, { ...snapshot(created!, optionFields), import_row: row });
        ids.set(codeKey, created!.id);
        continue;
      }
      ids.set(codeKey, existing.id);
      if (Object.keys(attrs).every((field) => same((existing as Attrs)[field], attrs[field]))) continue;
      const [updated] = await writeTx.update(carOptions).set({ ...attrs, updated_at: new Date() }).where(eq(carOptions.id, existing.id)).returning();
      await audit('update', 'options', existing.id, { ...diffFields(existing, updated!, optionFields), import_row: row });
    }
    const byMarketing = new Map<number, { mc: Mc; added: number[]; prices: Record<string, [number | null, number | null]> }>();
    for (const link of links) {
      const optionId = ids.get(link.code)!;
      const entry = byMarketing.get(link.mc.id) ?? { mc: link.mc, added: [], prices: {} };
      byMarketing.set(link.mc.id, entry);
      if (!link.mc.option_ids.includes(optionId)) entry.added.push(optionId);
      if (link.price === undefined) continue;
      const old = priceOf.get(key(link.mc.id, optionId))?.price ?? null;
      if (old === link.price) continue;
      entry.prices[link.code] = [old, link.price];
      if (link.price === null) await writeTx.delete(carOptionPrices).where(and(eq(carOptionPrices.marketing_complectation_id, link.mc.id), eq(carOptionPrices.option_id, optionId)));
      else
        await writeTx
          .insert(carOptionPrices)
          .values({ marketing_complectation_id: link.mc.id, option_id: optionId, price: link.price })
          .onConflictDoUpdate({ target: [carOptionPrices.marketing_complectation_id, carOptionPrices.option_id], set: { price: link.price, updated_at: new Date() } });
    }
    for (const { mc: row, added, prices: changed } of byMarketing.values()) {
      if (!added.length && !Object.keys(changed).length) continue;
      const optionIds = [...row.option_ids, ...added];
      if (added.length) await writeTx.update(mc).set({ option_ids: optionIds, updated_at: new Date() }).where(eq(mc.id, row.id));
      await audit('update', 'marketing_complectations', row.id, { ...(added.length ? { option_ids: [row.option_ids, optionIds] } : {}), ...(Object.keys(changed).length ? { option_prices: changed } : {}), import: kind });
    }
  };
  return { report: importReport(kind, sheet.format, reports), writes: [], remove: [], commit };
}

/** Checks a marketing complectation import (restyling kinds: of the restyling given, 404 if the caller does not reach it). */
export async function checkMarketingImport(tx: DbOrTx, kind: MarketingImportKind, parts: UploadedPart[], lang: Lang, options: { brandIds: number[] | null; restylingId?: number }): Promise<Checked> {
  if (kind === 'marketing_complectations') return checkMarketing(tx, parts, lang, options.brandIds);
  const restyling = await restylingOf(tx, options.restylingId, options.brandIds);
  if (kind === 'prices') return checkPrices(tx, parts, lang, restyling.id);
  if (kind === 'specifications') return checkSpecifications(tx, parts, lang, restyling.id);
  return checkOptions(tx, parts, lang, restyling);
}
