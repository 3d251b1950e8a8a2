import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { t, type AccessoryAttributeType, type AccessoryImportFile, type AccessoryStatus, type AttributeValue, type Lang, type MessageKey, type MessageParams } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { isRunLive, takeRunLock } from '../../kit/run-lock.ts';
import { safeFetch, safeFetchStream } from '../../kit/safe-fetch.ts';
import { readInWorker } from '../../kit/untrusted-file.ts';
import type { SheetRow } from '../../kit/spreadsheet-rows.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { uploadFile } from '../media.storage/upload-file.ts';
import { users } from '../clients.storage/user.table.ts';
import { ACCESSORY_FEED_LIMITS, type AccessoryFeedRow } from './accessory-feed.ts';
import { attributesOf } from './accessory.hooks.ts';
import { accessories, accessoryCategories, accessoryImportRows, accessoryImports, accessorySettings } from './accessory.table.ts';

/**
 * The import of a site's accessories from the files of its settings (spec 002 §7; see
 * docs/decisions/accessories.md, "Import"): each file fetched through the outgoing-call guard and
 * read in the readers' worker (YML by accessory-feed.ts, CSV and XLSX by the kit's spreadsheet
 * reader), every row checked, new images downloaded into the client's media library, then one
 * transaction: accessories matched by article code are created or updated, the site's others in
 * stock become out of stock, and the per-row report is written. A file that cannot be fetched or
 * read fails the run and changes no accessory.
 */
export const ACCESSORY_IMPORT_JOB = 'accessories.import';

/** Bounds of a run (a mutable object: tests lower them). */
export const ACCESSORY_IMPORT_LIMITS = {
  ...ACCESSORY_FEED_LIMITS,
  maxFileBytes: 50 * 1024 * 1024,
  fileTimeoutMs: 120_000,
  imageTimeoutMs: 20_000,
  /** Images downloaded at once. */
  imageConcurrency: 4,
  /** Rows written per statement (under PostgreSQL's 65,535 parameters). */
  batch: 500,
};

/** A row of a file as the run reads it: the import's fields, pictures and attribute texts. */
interface FileRow {
  file: number;
  row: number;
  values: Record<string, string>;
  pictures: string[];
  params: Record<string, string>;
}

/** A row checked and ready to write. */
interface Ready {
  file: number;
  row: number;
  article_code: string;
  name: string;
  price: number;
  discount: number;
  description: string | null;
  dealer_name: string | null;
  status: AccessoryStatus;
  category_id: number;
  pictures: string[];
  attributes: Record<string, AttributeValue>;
}

class RowError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(key);
  }
}

/** Header names (lower case) of CSV and XLSX files → the import's fields; other columns are attribute codes. */
const COLUMNS: Record<string, string> = {
  article_code: 'article_code', article: 'article_code', vendorcode: 'article_code', артикул: 'article_code',
  name: 'name', название: 'name', price: 'price', цена: 'price', discount: 'discount', скидка: 'discount',
  category: 'category', category_code: 'category', категория: 'category', status: 'status', статус: 'status',
  description: 'description', описание: 'description', images: 'images', pictures: 'images', изображения: 'images',
  dealer_name: 'dealer_name', available: 'available',
};

/** The rows of a CSV or XLSX table: the first non-empty row names the columns. */
function* tableRows(file: number, rows: SheetRow[], header: { columns: string[] | null }): Generator<FileRow> {
  for (const row of rows) {
    if (!row.cells.some((cell) => cell.trim())) continue;
    if (!header.columns) {
      header.columns = row.cells.map((cell) => cell.trim().replace(/^\uFEFF/, '').toLowerCase());
      continue;
    }
    const values: Record<string, string> = {};
    const params: Record<string, string> = {};
    let pictures: string[] = [];
    header.columns.forEach((name, index) => {
      const cell = (row.cells[index] ?? '').trim();
      if (!cell || !name) return;
      const field = COLUMNS[name];
      if (field === 'images') pictures = cell.split(/[\s|]+/).filter(Boolean).slice(0, ACCESSORY_IMPORT_LIMITS.maxPictures);
      else if (field) values[field] = cell;
      else params[name.replace(/^attr:/, '')] = cell;
    });
    yield { file, row: row.number, values, pictures, params };
  }
}

/** Every row of a settings' files, read in the worker; a file that fails fails the run. */
async function readFiles(ctx: ServiceContext, files: AccessoryImportFile[], progress: (read: number) => Promise<void>): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  const limits = ACCESSORY_IMPORT_LIMITS;
  for (const [index, file] of files.entries()) {
    const response = await safeFetchStream(file.url, { timeoutMs: limits.fileTimeoutMs, maxBytes: limits.maxFileBytes });
    const count = () => {
      if (rows.length > limits.maxRows) throw new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');
    };
    if (file.profile === 'yml') {
      for await (const batch of readInWorker<AccessoryFeedRow>('accessories.yml', response.body, { maxRows: limits.maxRows, maxCellLength: limits.maxCellLength, maxPictures: limits.maxPictures, maxParams: limits.maxParams })) {
        for (const row of batch) rows.push({ file: index, ...row, values: { ...row.values, article_code: row.values.article_code ?? row.values.id ?? '' } });
        count();
        await progress(rows.length);
      }
    } else {
      const header = { columns: null as string[] | null };
      try {
        // One row more for the column names.
        for await (const batch of readInWorker<SheetRow>('spreadsheet', response.body, { maxRows: limits.maxRows + 1, maxColumns: 100, maxCellLength: limits.maxCellLength })) {
          rows.push(...tableRows(index, batch, header));
          count();
          await progress(rows.length);
        }
      } catch (error) {
        throw error instanceof AppError && error.key === 'import_too_many_rows' ? new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file') : error;
      }
    }
  }
  return rows;
}

/** A sum of money from a file: digits with a point or comma, spaces ignored. */
function parseMoney(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

const STATUS_WORDS: Record<string, AccessoryStatus> = {
  in_stock: 'in_stock', 'в наличии': 'in_stock', true: 'in_stock', '1': 'in_stock', да: 'in_stock',
  out_of_stock: 'out_of_stock', 'нет в наличии': 'out_of_stock', false: 'out_of_stock', '0': 'out_of_stock', нет: 'out_of_stock',
  sold: 'sold', продан: 'sold',
};

/** An attribute's text as a value of its type; null when it does not fit. */
function attributeValue(type: AccessoryAttributeType, text: string): AttributeValue | null {
  switch (type) {
    case 'number': {
      const value = Number(text.replace(',', '.'));
      return Number.isFinite(value) ? value : null;
    }
    case 'boolean': {
      const low = text.toLowerCase();
      if (['true', '1', 'да', 'yes'].includes(low)) return true;
      if (['false', '0', 'нет', 'no'].includes(low)) return false;
      return null;
    }
    case 'array':
      return text.split(/[;|]/).map((part) => part.trim().slice(0, 200)).filter(Boolean).slice(0, 100);
    default:
      return text.slice(0, 500);
  }
}

/** A row checked against the rules of an accessory (spec 002 §5) and the client's categories and attributes. */
function checkRow(row: FileRow, categories: Map<string, number>, attributes: Awaited<ReturnType<typeof attributesOf>>): Ready {
  const v = row.values;
  const article = (v.article_code ?? '').trim().slice(0, 101);
  if (!article) throw new RowError('required');
  if (article.length > 100) throw new RowError('max_length', { length: 100 });
  const name = (v.name ?? '').trim();
  if (!name) throw new RowError('required');
  const price = parseMoney(v.price);
  if (price === null || !(price > 0)) throw new RowError('accessory_price_positive');
  const discount = parseMoney(v.discount) ?? (v.old_price ? Math.max(0, (parseMoney(v.old_price) ?? 0) - price) : 0);
  if (Number.isNaN(discount) || discount < 0) throw new RowError('non_negative');
  if (discount > price) throw new RowError('accessory_discount_above_price');
  const code = (v.category ?? '').trim();
  const categoryId = categories.get(code.toLowerCase());
  if (!categoryId) throw new RowError('accessory_import_category', { code: code.slice(0, 100) });
  let status: AccessoryStatus = 'in_stock';
  const word = (v.status ?? v.available ?? '').trim().toLowerCase();
  if (word) {
    const known = STATUS_WORDS[word];
    if (!known) throw new RowError('accessory_import_status', { value: word.slice(0, 50) });
    status = known;
  }
  const values: Record<string, AttributeValue> = {};
  for (const [attrCode, text] of Object.entries(row.params)) {
    const attribute = attributes.get(attrCode) ?? [...attributes.values()].find((one) => one.name.toLowerCase() === attrCode.toLowerCase());
    if (!attribute) continue;
    const value = attributeValue(attribute.type, text);
    if (value === null) throw new RowError('accessory_import_attribute', { code: attribute.code });
    values[attribute.code] = value;
  }
  return {
    file: row.file,
    row: row.row,
    article_code: article,
    name: name.slice(0, 255),
    price,
    discount,
    description: v.description?.slice(0, 10_000) ?? null,
    dealer_name: v.dealer_name?.slice(0, 255) ?? null,
    status,
    category_id: categoryId,
    pictures: [...new Set(row.pictures)],
    attributes: values,
  };
}

/** Downloads the images a set of rows needs that the site's accessories do not have yet: url → media file id, or the failure. */
async function downloadImages(ctx: ServiceContext, auth: AuthContext, urls: string[], lang: Lang): Promise<Map<string, number | string>> {
  const result = new Map<string, number | string>();
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const response = await safeFetch(url, { timeoutMs: ACCESSORY_IMPORT_LIMITS.imageTimeoutMs, maxBytes: ctx.config.media.imageMaxBytes });
        const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'image').slice(0, 200) || 'image';
        const file = await uploadFile(ctx, auth, { files: [{ field: 'file', data: response.body, filename: name }], fields: { client_id: String(auth.clientId), access: '1' } }, null);
        if (file.kind !== 'image') result.set(url, t('file_kind', lang));
        else result.set(url, file.id);
      } catch (error) {
        result.set(url, error instanceof AppError ? t(error.key, lang, error.params) : String((error as Error).message).slice(0, 200));
      }
    }
  };
  await Promise.all(Array.from({ length: ACCESSORY_IMPORT_LIMITS.imageConcurrency }, worker));
  return result;
}

/** What the run wrote, for its record. */
interface Counts {
  created: number;
  updated: number;
  missing: number;
  errors: number;
}

/** Writes the checked rows, marks the missing ones and writes the report, in one transaction. */
async function applyRows(tx: DbOrTx, run: typeof accessoryImports.$inferSelect, ready: (Ready & { image_ids: number[] })[], failed: { file: number; row: number; article_code: string | null; message: string }[], seen: string[]): Promise<Counts> {
  const batch = ACCESSORY_IMPORT_LIMITS.batch;
  const existing = new Set<string>();
  for (let at = 0; at < ready.length; at += batch) {
    const codes = ready.slice(at, at + batch).map((row) => row.article_code);
    const found = await tx.select({ code: accessories.article_code }).from(accessories).where(and(eq(accessories.site_id, run.site_id), inArray(accessories.article_code, codes)));
    for (const row of found) existing.add(row.code);
  }
  const now = new Date();
  for (let at = 0; at < ready.length; at += batch) {
    const values = ready.slice(at, at + batch).map((row) => ({
      site_id: run.site_id,
      client_id: run.client_id,
      article_code: row.article_code,
      name: row.name,
      price: row.price,
      discount: row.discount,
      description: row.description,
      dealer_name: row.dealer_name,
      status: row.status,
      category_id: row.category_id,
      image_ids: row.image_ids,
      image_urls: row.pictures,
      attributes: row.attributes,
      created_by: run.user_id,
      updated_by: run.user_id,
      updated_at: now,
    }));
    await tx
      .insert(accessories)
      .values(values)
      .onConflictDoUpdate({
        target: [accessories.site_id, accessories.article_code],
        set: {
          name: sql`excluded.name`,
          price: sql`excluded.price`,
          discount: sql`excluded.discount`,
          description: sql`coalesce(excluded.description, ${accessories.description})`,
          dealer_name: sql`coalesce(excluded.dealer_name, ${accessories.dealer_name})`,
          status: sql`excluded.status`,
          category_id: sql`excluded.category_id`,
          // A row without pictures keeps the accessory's images.
          image_ids: sql`case when cardinality(excluded.image_ids) > 0 then excluded.image_ids else ${accessories.image_ids} end`,
          image_urls: sql`case when cardinality(excluded.image_urls) > 0 then excluded.image_urls else ${accessories.image_urls} end`,
          attributes: sql`${accessories.attributes} || excluded.attributes`,
          updated_by: sql`excluded.updated_by`,
          updated_at: sql`excluded.updated_at`,
        },
      });
  }
  // The site's accessories in stock that no file names (a row in error still names its article) go out of stock.
  const missing = await tx
    .update(accessories)
    .set({ status: 'out_of_stock', updated_by: run.user_id, updated_at: now })
    .where(and(eq(accessories.site_id, run.site_id), eq(accessories.status, 'in_stock'), sql`not (${accessories.article_code} = any(${sql.param(seen)}::text[]))`))
    .returning({ id: accessories.id });
  const report = [
    ...ready.map((row) => ({ import_id: run.id, file_index: row.file, row: row.row, article_code: row.article_code, status: existing.has(row.article_code) ? ('updated' as const) : ('created' as const), message: null })),
    ...failed.map((row) => ({ import_id: run.id, file_index: row.file, row: row.row, article_code: row.article_code, status: 'error' as const, message: row.message })),
  ];
  for (let at = 0; at < report.length; at += batch) await tx.insert(accessoryImportRows).values(report.slice(at, at + batch));
  const created = ready.filter((row) => !existing.has(row.article_code)).length;
  return { created, updated: ready.length - created, missing: missing.length, errors: failed.length };
}

/** The first key of the accessories imports' run locks (kit/run-lock.ts). */
const ACCESSORY_IMPORT_RUN_LOCK = 13_002;
export const RECOVER_ACCESSORY_IMPORTS_JOB = 'accessories.import.recover';
/** Every five minutes, at minutes the car imports' recovery does not use (run-import.ts). */
export const RECOVER_ACCESSORY_IMPORTS_SCHEDULE = '3-59/5 * * * *';

/** Runs one import (the job), holding its run lock while its process lives (kit/run-lock.ts). */
export async function runAccessoryImport(ctx: ServiceContext, data: { import_id: number; lang?: Lang }) {
  // Another job of this run runs now (pg-boss may hand a job out twice): it stands aside.
  const release = await takeRunLock(ctx, ACCESSORY_IMPORT_RUN_LOCK, data.import_id);
  if (!release) return;
  try {
    await runLocked(ctx, data);
  } finally {
    await release();
  }
}

/** Reads, checks, downloads, applies; a failure is recorded and changes nothing. */
async function runLocked(ctx: ServiceContext, data: { import_id: number; lang?: Lang }) {
  const lang = data.lang ?? 'ru';
  // The run is taken by one job only (pg-boss may hand a job out twice): pending → running.
  const [run] = await ctx.db
    .update(accessoryImports)
    .set({ status: 'running', updated_at: new Date() })
    .where(and(eq(accessoryImports.id, data.import_id), eq(accessoryImports.status, 'pending')))
    .returning();
  if (!run) return;
  const [settings] = await ctx.db.select().from(accessorySettings).where(eq(accessorySettings.id, run.settings_id)).limit(1);
  if (!settings) return;
  const progress = (fields: Partial<typeof accessoryImports.$inferInsert>) => ctx.db.update(accessoryImports).set({ ...fields, updated_at: new Date() }).where(eq(accessoryImports.id, run.id));
  try {
    const rows = await readFiles(ctx, settings.import_files, async (read) => void (await progress({ total_count: read })));
    await progress({ total_count: rows.length });
    const categoryRows = await ctx.db.select({ id: accessoryCategories.id, code: accessoryCategories.code, client_id: accessoryCategories.client_id }).from(accessoryCategories).where(or(isNull(accessoryCategories.client_id), eq(accessoryCategories.client_id, run.client_id)));
    const categories = new Map<string, number>();
    // The client's own category wins over a system-wide one of the same code.
    for (const row of [...categoryRows].sort((a, b) => (a.client_id === null ? 0 : 1) - (b.client_id === null ? 0 : 1))) categories.set(row.code.toLowerCase(), row.id);
    const attributes = await attributesOf(ctx.db, run.client_id);
    const known = new Map((await ctx.db.select({ code: accessories.article_code, image_ids: accessories.image_ids, image_urls: accessories.image_urls }).from(accessories).where(eq(accessories.site_id, run.site_id))).map((row) => [row.code, row]));

    const failed: { file: number; row: number; article_code: string | null; message: string }[] = [];
    const checked: Ready[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const article = (row.values.article_code ?? '').trim() || null;
      try {
        if (article && seen.has(article)) throw new RowError('import_duplicate_in_file');
        if (article) seen.add(article);
        const ready = checkRow(row, categories, attributes);
        if (!ready.pictures.length && !known.get(ready.article_code)?.image_ids.length) throw new RowError('accessory_images_required');
        checked.push(ready);
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        failed.push({ file: row.file, row: row.row, article_code: article?.slice(0, 100) ?? null, message: t(error.key, lang, error.params) });
      }
    }
    // Images: the ones whose addresses an accessory already came with are kept, the others downloaded and checked by the media library.
    const wanted = [...new Set(checked.flatMap((row) => (sameList(row.pictures, known.get(row.article_code)?.image_urls) ? [] : row.pictures)))];
    const auth: AuthContext = { userId: run.user_id ?? 0, sessionId: 'import', email: '', internal: false, clientId: run.client_id, scope: [run.client_id], permissions: { 'media.storage': ['media.create'] } };
    const images = wanted.length ? await downloadImages(ctx, auth, wanted, lang) : new Map<string, number | string>();
    const ready: (Ready & { image_ids: number[] })[] = [];
    for (const row of checked) {
      const before = known.get(row.article_code);
      if (sameList(row.pictures, before?.image_urls)) {
        ready.push({ ...row, image_ids: before!.image_ids });
        continue;
      }
      const bad = row.pictures.find((url) => typeof images.get(url) !== 'number');
      if (bad) {
        failed.push({ file: row.file, row: row.row, article_code: row.article_code, message: t('accessory_import_image', lang, { url: bad.slice(0, 300), reason: String(images.get(bad) ?? '') }) });
        continue;
      }
      ready.push({ ...row, image_ids: row.pictures.map((url) => images.get(url) as number) });
    }
    await progress({ processed_count: rows.length });
    const counts = await ctx.db.transaction((tx) => applyRows(tx, run, ready, failed, [...seen]));
    await progress({ status: 'done', created_count: counts.created, updated_count: counts.updated, missing_count: counts.missing, error_count: counts.errors, finished_at: new Date() });
  } catch (error) {
    ctx.log.warn({ err: error, import_id: run.id }, 'accessories import failed');
    const message = error instanceof AppError ? t(error.key, lang, error.params) : t('import_file_failed', lang, { reason: String((error as Error).message).slice(0, 200) });
    await progress({ status: 'failed', error: message.slice(0, 2000), finished_at: new Date() });
  }
}

/**
 * Runs left "running" by a process that died (kill -9, out of memory, a lost machine): no live run
 * holds their lock. Each ends as failed, saying so in the language of the user who started it, and
 * the site may import again. Not resumed: a run changes the accessories in its last transaction
 * only, so nothing was half-applied, and a run that killed its process must not loop. Run by every
 * process that works jobs before it takes one, and every five minutes. Answers the ids ended.
 */
export async function endDeadAccessoryImports(ctx: ServiceContext): Promise<number[]> {
  const running = await ctx.db
    .select({ id: accessoryImports.id, locale: users.locale })
    .from(accessoryImports)
    .leftJoin(users, eq(users.id, accessoryImports.user_id))
    .where(eq(accessoryImports.status, 'running'))
    .orderBy(accessoryImports.id)
    .limit(1000);
  const ended: number[] = [];
  for (const run of running) {
    if (await isRunLive(ctx, ACCESSORY_IMPORT_RUN_LOCK, run.id)) continue;
    const lang: Lang = run.locale === 'en' ? 'en' : 'ru';
    // Still running: a run that finished since the look keeps its end.
    const [done] = await ctx.db
      .update(accessoryImports)
      .set({ status: 'failed', error: t('accessory_import_interrupted', lang), finished_at: new Date(), updated_at: new Date() })
      .where(and(eq(accessoryImports.id, run.id), eq(accessoryImports.status, 'running')))
      .returning({ id: accessoryImports.id });
    if (done) ended.push(done.id);
  }
  if (ended.length) ctx.log.warn({ ended }, 'accessories imports of dead processes ended');
  return ended;
}

const sameList = (a: string[], b: string[] | undefined) => !!b && a.length === b.length && a.every((value, index) => value === b[index]);

/** Starts a run of the settings' files: refused without files or while one runs. */
export async function startAccessoryImport(ctx: ServiceContext, settings: typeof accessorySettings.$inferSelect, userId: number, lang: Lang) {
  if (!settings.import_files.length) throw new AppError(400, 'import_files_missing');
  const [run] = await ctx.db
    .insert(accessoryImports)
    .values({ site_id: settings.site_id, client_id: settings.client_id, settings_id: settings.id, user_id: userId })
    .onConflictDoNothing()
    .returning();
  if (!run) throw new AppError(409, 'import_in_process');
  await ctx.jobs.send(ACCESSORY_IMPORT_JOB, { import_id: run.id, lang });
  return run;
}
