import { eq, inArray } from 'drizzle-orm';
import {
  CATALOG_IMPORT_COLUMNS,
  CATALOG_IMPORT_LIMITS,
  bodyColorMarkupResource,
  bodyColorResource,
  marketingComplectationResource,
  catalogCode,
  catalogName,
  hexList,
  optionalText,
  t,
  upholsteryMaterial,
  upholsteryResource,
  type CatalogImportKind,
  type FileImportReport,
  type FileImportRow,
  type Lang,
  type UpholsteryMaterial,
} from '@dp/contracts';
import { diffFields, recordAudit, snapshot } from '../../kit/audit.ts';
import type { DbOrTx, Tx } from '../../kit/db.ts';
import { cellError, importReport, namedRows, readImportFile } from '../../kit/file-import.ts';
import type { UploadedPart } from '../../kit/files.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { carColors } from './catalog.table.ts';
import { brandLookup, decide, key, roubles, split, type Attrs, type Checked, type Write } from './import-rows.ts';
import { checkMarketingImport, type MarketingImportKind } from './marketing-import.ts';
import { carBodyColorMarkups, carBodyColors, carUpholsteries } from './colors.table.ts';
import { carMarketingComplectations } from './marketing.table.ts';

/**
 * The catalogue's file imports (spec 001 §7: /import/body_colors, /import/price_body_colors with
 * delete_all, /import/upholsteries), on the imports' kit: every row is checked and says what it
 * would do (create, update, unchanged) or why it cannot (error); the apply checks the file again
 * and writes the rows without errors in the caller's transaction, each with its audit entry.
 * Rows are keyed by brand and code (body colours, upholsteries) or by body colour and marketing
 * complectation (prices). An optional column left out of the file leaves its field as it is.
 */
const MATERIAL_WORDS: Record<string, UpholsteryMaterial> = {
  кожа: 'leather', ткань: 'textile', комбинированная: 'combined', комбинированный: 'combined', алькантара: 'alcantara', велюр: 'velours', экокожа: 'faux_leather',
  'искусственная кожа': 'faux_leather', 'faux leather': 'faux_leather', 'eco leather': 'faux_leather',
};
const material = (cell: string) => MATERIAL_WORDS[cell.trim().toLowerCase()] ?? cell.trim().toLowerCase();

async function checkCoded(tx: DbOrTx, kind: 'body_colors' | 'upholsteries', parts: UploadedPart[], lang: Lang, brandIds: number[] | null): Promise<Checked> {
  const columns = CATALOG_IMPORT_COLUMNS[kind];
  const sheet = await readImportFile(parts, { maxRows: CATALOG_IMPORT_LIMITS.maxRows });
  const { rows, present } = namedRows(sheet, columns, CATALOG_IMPORT_LIMITS.maxRows);
  const brandOf = await brandLookup(tx, brandIds);
  const table = kind === 'body_colors' ? carBodyColors : carUpholsteries;
  const existingRows = (await tx.select().from(table)) as unknown as Attrs[];
  const existing = new Map(existingRows.map((row) => [key(row.brand_id, row.code), row]));
  const colors = kind === 'body_colors' ? await tx.select({ id: carColors.id, name: carColors.name }).from(carColors) : [];
  const colorByName = new Map(colors.map((c) => [c.name.toLowerCase(), c.id]));
  const seen = new Map<string, number>();
  const reports: FileImportRow[] = [];
  const writes: Write[] = [];
  for (const row of rows) {
    const v = row.values;
    const report: FileImportRow = { row: row.number, values: v, status: 'error', errors: [] };
    reports.push(report);
    const fail = (field: string, message: string) => report.errors.push({ field, message });
    const brandId = v.brand ? brandOf(v.brand) : undefined;
    if (brandId === undefined) fail('brand', v.brand ? t('import_brand_unknown', lang, { brand: v.brand }) : t('required', lang));
    const code = catalogCode().safeParse(v.code ?? '');
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
    const listField = kind === 'body_colors' ? 'hex' : 'colors';
    const list = hexList().safeParse(split(v[listField] ?? ''));
    if (!list.success) fail(listField, cellError(v[listField] ?? '', list, lang));
    if (kind === 'body_colors' && present.has('color')) {
      const colorId = v.color ? colorByName.get(v.color.trim().toLowerCase()) : null;
      if (colorId === undefined) fail('color', t('import_color_unknown', lang, { color: v.color! }));
      else attrs.color_id = colorId;
    }
    if (kind === 'upholsteries') {
      const parsed = upholsteryMaterial().safeParse(material(v.material ?? ''));
      if (parsed.success) attrs.material = parsed.data;
      else fail('material', cellError(v.material ?? '', parsed, lang));
    }
    if (report.errors.length || !code.success || !name.success || !list.success) continue;
    const rowKey = key(brandId, code.data);
    const earlier = seen.get(rowKey);
    if (earlier !== undefined) {
      fail('code', t('import_row_twice', lang, { row: earlier }));
      continue;
    }
    seen.set(rowKey, row.number);
    Object.assign(attrs, { brand_id: brandId, code: code.data, name: name.data, [listField]: list.data });
    decide(report, existing.get(rowKey), attrs, writes);
  }
  return { report: importReport(kind, sheet.format, reports), writes, remove: [] };
}

async function checkPrices(tx: DbOrTx, parts: UploadedPart[], lang: Lang, deleteAll: boolean, brandIds: number[] | null): Promise<Checked> {
  const kind = 'price_body_colors';
  const sheet = await readImportFile(parts, { maxRows: CATALOG_IMPORT_LIMITS.maxRows });
  const { rows } = namedRows(sheet, CATALOG_IMPORT_COLUMNS[kind], CATALOG_IMPORT_LIMITS.maxRows);
  const brandOf = await brandLookup(tx, brandIds);
  const colors = await tx.select({ id: carBodyColors.id, brand_id: carBodyColors.brand_id, code: carBodyColors.code }).from(carBodyColors);
  const colorOf = new Map(colors.map((c) => [key(c.brand_id, c.code), c.id]));
  const mcs = await tx.select({ id: carMarketingComplectations.id, brand_id: carMarketingComplectations.brand_id, code: carMarketingComplectations.code }).from(carMarketingComplectations);
  const mcOf = new Map<string, number[]>();
  for (const mc of mcs) mcOf.set(key(mc.brand_id, mc.code), [...(mcOf.get(key(mc.brand_id, mc.code)) ?? []), mc.id]);
  const markups = (await tx.select().from(carBodyColorMarkups)) as unknown as Attrs[];
  const existing = new Map(markups.map((m) => [key(m.body_color_id, m.marketing_complectation_id), m]));
  const seen = new Map<string, number>();
  const brands = new Set<number>();
  const reports: FileImportRow[] = [];
  const writes: Write[] = [];
  for (const row of rows) {
    const v = row.values;
    const report: FileImportRow = { row: row.number, values: v, status: 'error', errors: [] };
    reports.push(report);
    const fail = (field: string, message: string) => report.errors.push({ field, message });
    const brandId = v.brand ? brandOf(v.brand) : undefined;
    if (brandId === undefined) fail('brand', v.brand ? t('import_brand_unknown', lang, { brand: v.brand }) : t('required', lang));
    else brands.add(brandId);
    const colorCode = (v.body_color_code ?? '').trim();
    const mcCode = (v.marketing_complectation_code ?? '').trim();
    const colorId = brandId === undefined ? undefined : colorOf.get(key(brandId, colorCode));
    if (!colorCode) fail('body_color_code', t('required', lang));
    else if (brandId !== undefined && colorId === undefined) fail('body_color_code', t('import_body_color_unknown', lang, { code: colorCode }));
    const found = brandId === undefined ? [] : (mcOf.get(key(brandId, mcCode)) ?? []);
    if (!mcCode) fail('marketing_complectation_code', t('required', lang));
    else if (brandId !== undefined && found.length === 0) fail('marketing_complectation_code', t('import_marketing_unknown', lang, { code: mcCode }));
    else if (found.length > 1) fail('marketing_complectation_code', t('import_marketing_ambiguous', lang, { code: mcCode, count: found.length }));
    const price = roubles(v.price, 1_000_000_000);
    if (price === null) fail('price', v.price?.trim() ? t('import_price', lang) : t('required', lang));
    if (report.errors.length || brandId === undefined || colorId === undefined || price === null) continue;
    const mcId = found[0]!;
    const rowKey = key(colorId, mcId);
    const earlier = seen.get(rowKey);
    if (earlier !== undefined) {
      fail('marketing_complectation_code', t('import_row_twice', lang, { row: earlier }));
      continue;
    }
    seen.set(rowKey, row.number);
    decide(report, existing.get(rowKey), { body_color_id: colorId, marketing_complectation_id: mcId, price, brand_id: brandId }, writes);
  }
  // Delete-all: the brands' markups that the file does not name go.
  const remove = deleteAll ? markups.filter((m) => brands.has(m.brand_id as number) && !seen.has(key(m.body_color_id, m.marketing_complectation_id))).map((m) => m.id as number) : [];
  return { report: importReport(kind, sheet.format, reports, { deleted: remove.length }), writes, remove };
}

export interface ImportOptions {
  /** Prices of body colours: remove the brands' markups the file does not list. */
  deleteAll?: boolean;
  /** A brand-limited API token's brands (AuthContext.brandIds): other brands are not found. */
  brandIds?: number[] | null;
  /** The restyling of a restyling import (/import/{kind}/{restylingId}). */
  restylingId?: number;
}

/** Checks an import file; nothing is written. */
export async function checkCatalogImport(tx: DbOrTx, kind: CatalogImportKind, parts: UploadedPart[], lang: Lang, options: ImportOptions = {}): Promise<Checked> {
  const brandIds = options.brandIds ?? null;
  if (kind === 'price_body_colors') return checkPrices(tx, parts, lang, options.deleteAll ?? false, brandIds);
  if (kind === 'body_colors' || kind === 'upholsteries') return checkCoded(tx, kind, parts, lang, brandIds);
  return checkMarketingImport(tx, kind as MarketingImportKind, parts, lang, { brandIds, restylingId: options.restylingId });
}

const TARGETS = {
  body_colors: { table: carBodyColors, resource: bodyColorResource },
  upholsteries: { table: carUpholsteries, resource: upholsteryResource },
  price_body_colors: { table: carBodyColorMarkups, resource: bodyColorMarkupResource },
  marketing_complectations: { table: carMarketingComplectations, resource: marketingComplectationResource },
  specifications: { table: carMarketingComplectations, resource: marketingComplectationResource },
  prices: { table: carMarketingComplectations, resource: marketingComplectationResource },
  options: { table: carMarketingComplectations, resource: marketingComplectationResource },
} as const;

/**
 * The apply: checks the file again (the catalogue may have changed since the preview) and writes
 * the rows without errors, and for prices with delete_all removes the brands' other markups, in
 * the caller's transaction, each change with its audit entry: all of it or, on a failure, none.
 */
export async function applyCatalogImport(
  tx: Tx,
  auth: Pick<AuthContext, 'userId' | 'clientId' | 'tokenId' | 'brandIds'>,
  kind: CatalogImportKind,
  parts: UploadedPart[],
  lang: Lang,
  ip: string | null,
  options: Omit<ImportOptions, 'brandIds'> = {},
): Promise<FileImportReport> {
  const { report, writes, remove, commit } = await checkCatalogImport(tx, kind, parts, lang, { ...options, brandIds: auth.brandIds });
  const { table, resource } = TARGETS[kind];
  const fields = Object.keys(resource.entity.shape);
  const auditOf = async (action: string, name: string, id: number, changes: Attrs) => {
    await recordAudit(tx, auth, { action, service: 'cars.catalog', resource: name, recordId: id, changes, ip });
  };
  const audit = (action: string, id: number, changes: Attrs) => auditOf(action, resource.name, id, changes);
  if (commit) {
    await commit(tx, auditOf);
    return { ...report, applied: true };
  }
  if (remove.length) {
    const gone = (await tx.delete(carBodyColorMarkups).where(inArray(carBodyColorMarkups.id, remove)).returning()) as unknown as Attrs[];
    for (const row of gone) await audit('delete', row.id as number, { ...snapshot(row, fields), import: kind });
  }
  for (const write of writes) {
    if (write.id === undefined) {
      const [created] = (await tx.insert(table).values(write.attrs as never).returning()) as unknown as Attrs[];
      await audit('create', created!.id as number, { ...snapshot(created!, fields), import_row: write.row });
    } else {
      const [updated] = (await tx
        .update(table)
        .set({ ...write.attrs, updated_at: new Date() } as never)
        .where(eq((table as typeof carBodyColors).id, write.id))
        .returning()) as unknown as Attrs[];
      await audit('update', write.id, { ...diffFields(write.before!, updated!, fields), import_row: write.row });
    }
  }
  return { ...report, applied: true };
}

