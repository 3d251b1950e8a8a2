import { createHash } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { t, type FieldAlias, type ImportFeedFile, type ImportFormat, type Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { importApplied } from './import-applied.ts';
import { AppError } from '../../kit/errors.ts';
import type { JobQueue } from '../../kit/jobs.ts';
import { safeFetch, safeFetchStream, SafeFetchError } from '../../kit/safe-fetch.ts';
import { afterTurn, GiveWay } from '../../kit/turns.ts';
import { readInWorker } from '../../kit/untrusted-file.ts';
import { fieldAliases } from '../cars.import.alias/field-alias.table.ts';
import { carReports, importHooks, importProfiles, importReports, importSettings, importStagedRows, type FeedFingerprint } from './import.table.ts';
import { FEED_LIMITS, type FeedReadOptions, type FeedRow } from './feed-parsers.ts';
import { COMPARED_FIELDS, matchRow, STOCK_FIELDS, type ImportedCar } from './match-row.ts';
import { cachedCatalog } from './catalog-cache.ts';
import { isRunLive, takeRunLock } from '../../kit/run-lock.ts';
import { cleanPendingLists } from '../../kit/search-index.ts';
import { CARS_SEARCH_INDEXES } from '../cars.stock/car.table.ts';

/**
 * The import of one report (a pg-boss job). Two phases:
 * 1. parse: every feed file is streamed, each row matched and checked (match-row.ts) and handed to
 *    the apply in batches (StagedBatches: in memory on PostgreSQL, through import_staged_rows on
 *    PGlite); the cars are not touched, and progress (`processed_count`) is saved per batch;
 * 2. apply: ONE transaction writes the batches' cars (multi-row statements given a batch's values
 *    as one jsonb parameter, so no batch comes near PostgreSQL's 65,535 limit and no row is
 *    dropped), writes the report's rows once with their outcome, moves the site's cars that are
 *    gone from the feed to sold and sets the counters.
 * On PostgreSQL the apply runs beside the parse (its own connection): it writes each batch as the
 * parse hands it over, so the database writes cars while the app reads the next rows. Its
 * transaction then lives as long as the feed's reading (bounded by the settings' timeout); reads
 * never wait on it, and only a hand edit of a car it already changed would. On PGlite (one
 * connection) the apply follows the parse, which keeps the screens answering while the feed is read.
 * Progress: after each batch of the parse the report gets `processed_count` and `expected_count`
 * (the rows expected, estimated from the bytes read of the files' known sizes), so the bar moves;
 * it stays below 100 % until the apply commits. Abort (and reset) set `abort_requested`: the run
 * checks it after every batch of both phases and stops, the apply rolled back, so nothing is
 * half-written.
 * A process killed at any point leaves the cars as they were (the apply commits or not at all);
 * the job's retry (or a new run) starts the report's rows over, so a rerun creates no duplicates:
 * cars are matched by VIN, else External ID, within the site. A run holds the report's run lock
 * (kit/run-lock.ts) while it lives: a second job of the same report (a retry after pg-boss's
 * expiry) stands aside, and recoverImports (at start-up and on a schedule) resumes the reports
 * whose process died instead of leaving them "in process" (tested with a real kill -9 in
 * import-crash.test.ts).
 */
export const IMPORT_JOB = 'cars.import.run';
/**
 * Rows per batch on PostgreSQL: one statement per batch and step whatever its size. 1,000, not
 * 5,000: fewer of a batch's objects outlive the young generation (bench:feeds' second run peaked at
 * 357–368 MB against 437; the first at 306–327 either way), the lists wait less behind a statement,
 * and the time is the same (docs/performance.md, "bench:feeds").
 */
const BATCH = 1000;
const EMBEDDED_BATCH = 200;
/**
 * Feed rows matched in one turn of the main thread: a message's 500 took it 25–40 ms at once, and
 * every page in flight waited behind each.
 */
const ROWS_PER_TURN = 50;

export interface RunImportOptions {
  /** Tests: fail once every row is applied, before the apply commits, as a process killed then would. */
  crashBeforeApply?: boolean;
  /** Rows per batch (tests use small batches to see the progress move). */
  batchSize?: number;
  /** Called after each batch of the parse has been saved (tests read the report mid-run here). */
  onBatch?: (processed: number) => Promise<void>;
  /** Called inside the apply transaction after each batch of cars was written (the kill -9 test stops the process here). */
  onApplyBatch?: (applied: number) => Promise<void>;
}

/** Thrown between batches when the report's abort was asked for: the run stops, the apply rolls back. */
export class ImportAborted extends Error {
  constructor() {
    super('import aborted');
  }
}

/** What the parse answers: the per-file summaries, whether every file was read, the profile, the files' fingerprints. */
type Parsed = Awaited<ReturnType<typeof parseFiles>>;

/** Batches the parse may be ahead of the apply by, held in memory (PostgreSQL). */
const QUEUED_BATCHES = 2;

/**
 * The parse's batches on their way to the apply. On PostgreSQL the apply's transaction (its own
 * connection) runs beside the parse and the batches pass in memory: the parse waits while it is
 * QUEUED_BATCHES ahead, so the database writes the cars while the app reads the next rows, and no
 * row is written twice (a staging table cost the database a third of its time:
 * docs/decisions/import.md, "How is an import made all or nothing?"). On PGlite (one connection)
 * the apply starts once the parse has ended, which keeps the screens answering while the feed is
 * read; the batches wait in import_staged_rows meanwhile. An apply holds one connection of the pool
 * while it waits for batches; a process works one import at a time (kit/jobs.ts: a queue's jobs one
 * by one), so waiting applies never hold every connection the parses need.
 */
class StagedBatches {
  /** The parse's result once it ended; `failed` when it threw (the apply rolls back). */
  parsed: Parsed | null = null;
  failed = false;
  /** Set when the apply failed: the parse stops as it hands its next batch over. */
  private applyFailed = false;
  private queue: StagedRow[][] = [];
  /** The last staged row the apply has read (PGlite). */
  private lastStagedId = 0;
  private waiting: (() => void)[] = [];

  /** `inMemory`: the apply runs beside the parse on a connection of its own (PostgreSQL). */
  constructor(readonly inMemory: boolean) {}

  /** The parse hands a batch over: queued for the apply (PostgreSQL), or staged in the table (PGlite). */
  async hand(db: DbOrTx, reportId: number, rows: StagedRow[]) {
    if (!this.inMemory) return stageRows(db, reportId, rows);
    while (this.queue.length >= QUEUED_BATCHES && !this.applyFailed) await this.change();
    if (this.applyFailed) throw new ImportAborted();
    this.queue.push(rows);
    this.notify();
  }

  end(parsed: Parsed | null) {
    if (parsed) this.parsed = parsed;
    else this.failed = true;
    this.notify();
  }

  /** The apply failed: a parse waiting to hand a batch over stops, as does the next hand-over. */
  failApply() {
    this.applyFailed = true;
    this.notify();
  }

  /** The apply's next batch in the feed's order; null once the parse ended and every batch was taken. */
  async next(db: DbOrTx, reportId: number, size: number): Promise<StagedRow[] | null> {
    if (!this.inMemory) return this.readStaged(db, reportId, size);
    for (;;) {
      if (this.failed) throw new ImportAborted();
      const batch = this.queue.shift();
      if (batch) {
        this.notify();
        return batch;
      }
      if (this.parsed) return null;
      await this.change();
    }
  }

  private async readStaged(db: DbOrTx, reportId: number, size: number) {
    if (!this.parsed) throw new ImportAborted();
    const rows = rowsOf<Omit<StagedRow, 'data'> & { id: string; data: unknown[] | null }>(
      await db.execute(sql`select id, file_id, row, vin, external_id, is_new, excluded, status, errors, warnings, data
        from import_staged_rows where report_id = ${reportId} and id > ${this.lastStagedId} order by id limit ${size}`),
    );
    if (!rows.length) return null;
    this.lastStagedId = Number(rows.at(-1)!.id);
    return rows.map((row): StagedRow => ({ ...row, data: row.data && stagedCar(row.data) }));
  }

  private change() {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private notify() {
    for (const wake of this.waiting.splice(0)) wake();
  }
}

async function assertNotAborted(db: DbOrTx, reportId: number) {
  const [state] = await db.select({ abort: importReports.abort_requested, finished: importReports.is_finished }).from(importReports).where(eq(importReports.id, reportId)).limit(1);
  if (!state || state.abort || state.finished) throw new ImportAborted();
}

interface Counters {
  total_count: number;
  created_count: number;
  updated_count: number;
  updated_in_stock_count: number;
  unchanged_count: number;
  excluded_count: number;
  errored_count: number;
  gone_count: number;
  to_sale_errored_count: number;
}
const zero = (): Counters => ({ total_count: 0, created_count: 0, updated_count: 0, updated_in_stock_count: 0, unchanged_count: 0, excluded_count: 0, errored_count: 0, gone_count: 0, to_sale_errored_count: 0 });

/** Where a feed file comes from, as the change tracking compares it. */
export const feedSource = (file: ImportFeedFile) => (file.kind === 'url' ? `url:${file.url}` : `upload:${file.file_id}`);

interface OpenedFeed {
  body: AsyncIterable<Buffer>;
  /** Bytes expected (Content-Length, the upload's size); null when unknown. */
  size: number | null;
  fingerprint: FeedFingerprint;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** The bytes of a feed file: a URL through the SSRF guard (the settings' timeout, in nanoseconds), or an uploaded file. */
export async function openFeedFile(ctx: ServiceContext, file: ImportFeedFile, timeoutNanoseconds: number): Promise<OpenedFeed> {
  const fingerprint: FeedFingerprint = { source: feedSource(file), etag: null, last_modified: null, sha256: null, size: null };
  if (file.kind === 'url') {
    const response = await safeFetchStream(file.url, { timeoutMs: timeoutNanoseconds / 1_000_000, maxBytes: 200 * 1024 * 1024 });
    const length = Number(header(response.headers['content-length']));
    fingerprint.etag = header(response.headers.etag);
    fingerprint.last_modified = header(response.headers['last-modified']);
    return { body: response.body, size: Number.isFinite(length) && length > 0 ? length : null, fingerprint };
  }
  const stored = await ctx.files.get(file.file_id);
  if (!stored) throw new AppError(400, 'import_file_failed', { reason: 'the uploaded file is gone' });
  return { body: stored.stream, size: file.size ?? null, fingerprint };
}

/** Passes a byte stream through, counting its bytes and hashing them (the fingerprint's content hash). */
export async function* metered(source: AsyncIterable<Buffer>, seen: { bytes: number; hash: ReturnType<typeof createHash> }): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    seen.bytes += chunk.length;
    seen.hash.update(chunk);
    yield chunk;
  }
}

/**
 * The rows the run should expect, from where the parser is in the current file: its share of an
 * XLSX, or the bytes its last row ended at of the file's size (Content-Length, the upload's size);
 * the known sizes of the files after it at this file's rows per byte. Unknown sizes count as
 * nothing, so the estimate grows when such a file opens.
 */
export function expectedRows(at: { processed: number; fileRows: number; consumed?: number; share?: number; size: number | null; laterBytes: number }): number {
  const { processed, fileRows, consumed, share, size, laterBytes } = at;
  if (fileRows <= 0) return processed;
  const fileExpected = share ? fileRows / share : size && consumed ? (fileRows * size) / consumed : fileRows;
  const laterRows = consumed ? (laterBytes * fileRows) / consumed : 0;
  return Math.round(processed - fileRows + Math.max(fileRows, fileExpected) + laterRows);
}

/** The format of a file: the profile's, else told from its first bytes (PK: XLSX; `<Ads`: Avito; `<`: Auto.ru; otherwise CSV). */
async function withFormat(source: AsyncIterable<Buffer>, profileFormat: ImportFormat | null): Promise<{ format: ImportFormat; source: AsyncIterable<Buffer> }> {
  if (profileFormat) return { format: profileFormat, source };
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : (first.value as Buffer);
  const text = head.subarray(0, 2000).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  const format: ImportFormat = head[0] === 0x50 && head[1] === 0x4b ? 'xlsx' : /^<(\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<Ads[\s>]/i.test(text) ? 'avito_xml' : text.startsWith('<') ? 'autoru_xml' : 'csv';
  const rest: AsyncIterable<Buffer> = {
    [Symbol.asyncIterator]: async function* () {
      if (!first.done) yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
    },
  };
  return { format, source: rest };
}

/** The `cars` columns the import writes, with their SQL types (the casts of the staged values). */
const CAR_COLUMNS: [keyof ImportedCar, string][] = [
  ['vin', 'varchar'], ['external_id', 'varchar'], ['brand_id', 'int'], ['model_id', 'int'], ['generation_id', 'int'], ['restyling_id', 'int'],
  ['complectation_id', 'int'], ['marketing_complectation_id', 'int'], ['body_color_id', 'int'], ['upholstery_id', 'int'], ['is_new', 'boolean'],
  ['year', 'int'], ['registry_year', 'int'], ['price', 'bigint'], ['tradein_discount', 'bigint'], ['credit_discount', 'bigint'],
  ['insurance_discount', 'bigint'], ['credit_tradein_discount', 'bigint'], ['final_price', 'bigint'], ['mileage', 'int'], ['owners', 'int'],
  ['doors', 'int'], ['logistic_status', 'varchar'], ['dealer_code', 'varchar'], ['description', 'text'], ['body', 'varchar'], ['engine', 'varchar'],
  ['transmission', 'varchar'], ['wheel_drive', 'varchar'], ['pts', 'varchar'], ['right_steering_wheel', 'boolean'],
];
const columnList = CAR_COLUMNS.map(([name]) => name).join(', ');
/** A car's values (a jsonb array in CAR_COLUMNS order, at `data`) as the cars' columns: `(data->>0)::varchar as vin, …`. */
const carValues = (data: string, columns = CAR_COLUMNS) => columns.map(([name, type], index) => `(${data}->>${index})::${type} as ${name}`).join(', ');

/**
 * A car the parse matched, as it waits for the apply: its values in CAR_COLUMNS order as the JSON
 * of an array, in a Buffer (outside the JavaScript heap, where staged rows outlived the young
 * generation and made the whole heap collect, stalling every page in flight), and its compared
 * values as PostgreSQL gives a found car's (comparedValues), so an unchanged car is one string
 * comparison. An array, not an object of 31 keys: the JSON that carries 1,000 of them to
 * PostgreSQL is a third of the size, and PostgreSQL builds it in under a third of the time (0.84 s
 * against 2.84 s for 50,000 rows; docs/performance.md, "bench:feeds").
 */
interface StagedCar {
  values: Buffer;
  compared: string;
}
const stagedCar = (values: unknown[]): StagedCar => ({ values: Buffer.from(JSON.stringify(values)), compared: comparedText(values) });
const carValuesOf = (car: StagedCar) => JSON.parse(car.values.toString()) as unknown[];
/** Staged cars as one json array's text (an insert's parameter), made of their JSON as it is. */
const carsJson = (cars: StagedCar[]) => `[${cars.map((car) => car.values.toString()).join(',')}]`;
/** No errors or warnings: one array shared by the rows that have none (frozen: a push would reach them all). */
const NONE = Object.freeze([]) as unknown as string[];

/** A row of the report as the parse leaves it for the apply. */
interface StagedRow {
  file_id: number;
  row: number;
  vin: string | null;
  external_id: string | null;
  is_new: boolean | null;
  excluded: boolean;
  status: 'pending' | 'error';
  errors: string[];
  warnings: string[];
  /** The car to write; null for a row in error or excluded. */
  data: StagedCar | null;
}

/**
 * Writes a batch of staged rows (PGlite) in one statement with one bind parameter (a jsonb
 * recordset), so no batch nears PostgreSQL's 65,535 parameter limit and the query text is not
 * rebuilt per row.
 */
async function stageRows(db: DbOrTx, reportId: number, rows: StagedRow[]) {
  await db.execute(sql`insert into import_staged_rows (report_id, file_id, row, vin, external_id, is_new, excluded, status, errors, warnings, data)
    select ${reportId}, v.file_id, v.row, v.vin, v.external_id, v.is_new, v.excluded, v.status, v.errors, v.warnings, v.data
    from jsonb_to_recordset(${JSON.stringify(rows.map((row) => (row.data ? { ...row, data: carValuesOf(row.data) } : row)))}::jsonb) as v(file_id int, row int, vin varchar, external_id varchar, is_new boolean, excluded boolean, status varchar, errors text[], warnings text[], data jsonb)`);
}

/** Phase 1: every file read into the report's rows; answers the per-file summaries and whether every file was read. */
async function parseFiles(ctx: ServiceContext, report: typeof importReports.$inferSelect, settings: typeof importSettings.$inferSelect, lang: Lang, options: RunImportOptions, batches: StagedBatches) {
  const [profile] = settings.profile_id ? await ctx.db.select().from(importProfiles).where(eq(importProfiles.id, settings.profile_id)).limit(1) : [];
  const aliases: FieldAlias[] = profile?.use_alias === false ? [] : await ctx.db.select().from(fieldAliases);
  const catalog = await cachedCatalog(ctx.db);
  const files = settings.files as ImportFeedFile[];
  const summaries: Record<string, unknown>[] = [];
  const fingerprints: FeedFingerprint[] = [];
  const seenVins = new Map<string, number>();
  // On PGlite the database runs on this thread: small batches let the screens' requests in between.
  const batchSize = options.batchSize ?? (ctx.config.databaseUrl ? BATCH : EMBEDDED_BATCH);
  // The known sizes of the files not opened yet (uploads carry theirs).
  const laterBytes = (from: number) => files.slice(from).reduce((sum, file) => sum + (file.kind === 'upload' ? (file.size ?? 0) : 0), 0);
  let processed = 0;
  let allRead = true;
  for (const [index, file] of files.entries()) {
    const name = file.name || (file.kind === 'url' ? file.url : `file-${index + 1}`);
    const summary: Record<string, unknown> = { index, name, total_count: 0, errored_count: 0, excluded_count: 0, error: null };
    summaries.push(summary);
    const seen = { bytes: 0, hash: createHash('sha256') };
    let size: number | null = null;
    let fileRows = 0;
    let position: { consumed?: number; share?: number } = {};
    let batch: StagedRow[] = [];
    const flush = async () => {
      if (!batch.length) return;
      // Throws ImportAborted once the apply has failed (PostgreSQL).
      await batches.hand(ctx.db, report.id, batch);
      batch = [];
      const expected = expectedRows({ processed, fileRows, ...position, size, laterBytes: laterBytes(index + 1) });
      // The progress and the abort check in one round trip.
      const [state] = rowsOf<{ abort: boolean; finished: boolean }>(
        await ctx.db.execute(sql`update import_reports set processed_count = ${processed}, expected_count = ${Math.max(expected, processed)}, updated_at = now()
          where id = ${report.id} returning abort_requested as abort, is_finished as finished`),
      );
      if (!state || state.abort || state.finished) throw new ImportAborted();
      if (options.onBatch) {
        await options.onBatch(processed);
        await assertNotAborted(ctx.db, report.id);
      }
      // Rows already buffered are parsed in microtasks: let waiting requests in between batches
      // (on PGlite the database runs on this thread too).
      await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      const feed = await openFeedFile(ctx, file, settings.timeout);
      size = feed.size;
      fingerprints.push(feed.fingerprint);
      const opened = await withFormat(metered(feed.body, seen), (profile?.format as ImportFormat | undefined) ?? null);
      // Read in a worker thread (kit/untrusted-file.ts): a file that needs more memory than allowed fails alone.
      const reading: FeedReadOptions = { format: opened.format, mapping: profile?.column_mapping ?? {}, limits: FEED_LIMITS };
      for await (const rows of readInWorker<FeedRow | null>('cars.import.feed', opened.source, reading)) for (let at = 0; at < rows.length; at++) {
        // The requests waiting for the main thread go first, every few rows (kit/turns.ts).
        if (at % ROWS_PER_TURN === ROWS_PER_TURN - 1) await afterTurn(null);
        const row = rows[at]!;
        // Let go of the feed's row once read: a wait for the apply below then holds none of them.
        rows[at] = null;
        const matched = matchRow(row, { catalog, aliases, profileId: profile?.id ?? null, lang });
        let excluded = false;
        const warnings = matched.warnings;
        if (matched.car?.vin && settings.unique_vins_only) {
          const first = seenVins.get(matched.car.vin);
          if (first !== undefined) {
            excluded = true;
            warnings.push(t('import_row_duplicate', lang, { row: first }));
          } else seenVins.set(matched.car.vin, row.row);
        }
        processed++;
        fileRows++;
        position = { consumed: row.consumed, share: row.share };
        summary.total_count = (summary.total_count as number) + 1;
        if (matched.errors.length) summary.errored_count = (summary.errored_count as number) + 1;
        if (excluded) summary.excluded_count = (summary.excluded_count as number) + 1;
        batch.push({
          file_id: index,
          row: row.row,
          vin: matched.vin,
          external_id: matched.external_id,
          is_new: matched.car?.is_new ?? null,
          excluded,
          status: matched.errors.length ? 'error' : 'pending',
          errors: matched.errors.length ? matched.errors : NONE,
          warnings: warnings.length ? warnings : NONE,
          data: matched.car && !excluded ? stagedCar(CAR_COLUMNS.map(([name]) => matched.car![name])) : null,
        });
        if (batch.length >= batchSize) await flush();
      }
      await flush();
      const last = fingerprints.at(-1)!;
      last.sha256 = seen.hash.digest('hex');
      last.size = seen.bytes;
    } catch (error) {
      if (error instanceof ImportAborted) throw error;
      allRead = false;
      summary.error = t('import_file_failed', lang, { reason: failureReason(error, lang).slice(0, 300) });
      // A reader whose worker stopped (out of its memory, or otherwise) may be an attack: said in the log too.
      if (error instanceof AppError && (error.key === 'file_out_of_memory' || error.key === 'file_reader_stopped')) ctx.log.warn({ report_id: report.id, file: index, reason: error.key }, 'a feed file could not be read');
      await flush().catch(() => undefined);
    }
  }
  return { summaries, allRead, profile: profile ?? null, fingerprints };
}

/** Why a feed file could not be read, in the report's language: a reader's refusal, the network's failure. */
function failureReason(error: unknown, lang: Lang): string {
  if (error instanceof AppError) return error.key === 'import_file_failed' ? String(error.params?.reason ?? '') : t(error.key, lang, error.params);
  return (error as Error).message;
}

/** A car of the site the feed names: its id, status and compared values (comparedValues). */
type ExistingCar = { id: number; status: string; compared: string };
/** A car's key within the run: its VIN, else its External ID. */
const keyOf = (car: { vin: string | null; external_id: string | null }) => (car.vin ? `v:${car.vin}` : `e:${car.external_id}`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A staged row with a car to write: pending, not excluded, matched. */
const hasCar = (row: StagedRow): row is StagedRow & { data: StagedCar } => row.status === 'pending' && !row.excluded && row.data !== null;

/** The fields an import compares (match-row.ts), to look up by name. */
const COMPARED = new Set<string>(COMPARED_FIELDS);
/** Where the compared fields sit in a car's values (CAR_COLUMNS order): those of STOCK_FIELDS, compared one by one, and the rest, compared by one hash. */
const STOCK_AT = CAR_COLUMNS.flatMap(([name], index) => (COMPARED.has(name) && STOCK_FIELDS.has(name) ? [index] : []));
const REST_AT = CAR_COLUMNS.flatMap(([name], index) => (COMPARED.has(name) && !STOCK_FIELDS.has(name) ? [index] : []));
/**
 * A car's compared values as json text: the stock fields one by one, then the MD5 of the json
 * array of the others (description included): `[1500000, 0, …, "в пути", "<md5>"]`. PostgreSQL
 * builds it of a found car (its json arrays' elements apart by ", ") and comparedText of the
 * feed's, the same text for the same values: one short string per car found, not its 31 values.
 */
const comparedValues = `json_build_array(${STOCK_AT.map((index) => `c.${CAR_COLUMNS[index]![0]}`).join(', ')}, md5(json_build_array(${REST_AT.map((index) => `c.${CAR_COLUMNS[index]![0]}`).join(', ')})::text))::text`;

/** A json value's text: a string quoted and escaped, a number or a boolean as it is, else null. */
const jsonText = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : typeof value === 'number' || typeof value === 'boolean' ? String(value) : 'null');
/** A json array's text as PostgreSQL writes a json_build_array: `[v1, v2, …]`, the values apart by ", ". */
const jsonArrayText = (values: unknown[]) => `[${values.map(jsonText).join(', ')}]`;

/** comparedValues of a car's values in CAR_COLUMNS order. */
function comparedText(values: unknown[]): string {
  const rest = createHash('md5').update(jsonArrayText(REST_AT.map((index) => values[index]))).digest('hex');
  return jsonArrayText([...STOCK_AT.map((index) => values[index]), rest]);
}

/** The fields that changed between the car in stock and the feed's; a change of any field beyond STOCK_FIELDS names them all. Empty when nothing. */
function changedFields(existing: ExistingCar, car: StagedCar): string[] {
  const changed: string[] = [];
  if (existing.compared !== car.compared) {
    const found = JSON.parse(existing.compared) as unknown[];
    const feed = JSON.parse(car.compared) as unknown[];
    for (const [index, at] of STOCK_AT.entries()) if (found[index] !== feed[index]) changed.push(CAR_COLUMNS[at]![0]);
    if (found[STOCK_AT.length] !== feed[STOCK_AT.length]) for (const at of REST_AT) changed.push(CAR_COLUMNS[at]![0]);
  }
  if (existing.status !== 'active') changed.push('status');
  return changed;
}

/**
 * The site's cars whose `column` is one of `keys`, by key: one index probe per key (a lateral
 * subquery kept apart by `offset 0`). A join was planned on the statistics from before the run,
 * which count a few cars on the site, as a hash of all the site's cars per batch: 1 ms a batch at
 * first, 30 at the end, 40 on a site of 50,000 (auto_explain; docs/decisions/import.md, "How is an
 * import made all or nothing?").
 */
async function findCars(tx: DbOrTx, siteId: number, column: 'vin' | 'external_id', keys: (string | null)[]): Promise<Map<string, ExistingCar>> {
  const wanted = keys.filter((key): key is string => !!key);
  const found = new Map<string, ExistingCar>();
  if (!wanted.length) return found;
  const rows = rowsOf<ExistingCar & { at: number }>(
    await tx.execute(sql`select k.at::int as at, c.* from jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb) with ordinality as k(key, at)
      cross join lateral (select c.id, c.status, ${sql.raw(comparedValues)} as compared from cars c where c.site_id = ${siteId} and ${sql.raw(`c.${column}`)} = k.key offset 0) c`),
  );
  for (const row of rows) found.set(wanted[row.at - 1]!, row);
  return found;
}

/**
 * Writes a batch's updated cars: only the columns some car of the batch changes (for a repriced
 * feed, the prices: some 30 bytes of JSON a car for the app to build and PostgreSQL to parse, not
 * 800), and each car back in stock.
 */
async function updateCars(tx: DbOrTx, updates: Map<number, { data: StagedCar }>, changed: Set<string>) {
  const at = CAR_COLUMNS.flatMap(([name], index) => (changed.has(name) ? [index] : []));
  const columns = at.map((index) => CAR_COLUMNS[index]!);
  const assignments = columns.map(([name]) => `${name} = v.${name}, `).join('');
  // Cars whose stock fields alone change are written from their compared values; others from their JSON.
  const comparedAt = at.map((index) => STOCK_AT.indexOf(index));
  const stockOnly = comparedAt.every((position) => position >= 0);
  const valuesAt = (car: StagedCar): unknown[] => {
    const values = stockOnly ? (JSON.parse(car.compared) as unknown[]) : carValuesOf(car);
    return stockOnly ? comparedAt.map((position) => values[position]) : at.map((index) => values[index]);
  };
  const pairs = JSON.stringify([...updates].map(([carId, row]) => [carId, valuesAt(row.data)]));
  const values = columns.length ? `, ${carValues('(w.pair->1)', columns)}` : '';
  await tx.execute(sql`update cars c set ${sql.raw(assignments)}status = 'active', sold_at = null, updated_at = now()
    from (select (w.pair->>0)::int as car_id${sql.raw(values)} from jsonb_array_elements(${pairs}::jsonb) as w(pair)) v
    where c.id = v.car_id`);
}

/** The cars this run wrote: by key (a VIN repeated in the feed updates the same car), and their ids. */
interface WrittenCars {
  byKey: Map<string, number>;
  ids: Set<number>;
}

const remember = (written: WrittenCars, key: string, carId: number) => {
  written.byKey.set(key, carId);
  written.ids.add(carId);
};

/** The report's outcome of a staged row. */
interface Outcome {
  status: string;
  car_id: number | null;
  imported: boolean;
}

/**
 * What a batch does: each staged row's outcome, the cars to insert and to update, and the columns
 * the updates change. The site's cars it compares with are read here and let go when it returns,
 * before the batch's writes wait on the database (held across them, they outlived the young
 * generation and made the app's whole heap collect more often).
 */
async function planBatch(tx: DbOrTx, siteId: number, staged: StagedRow[], written: WrittenCars, counters: Counters) {
  // Rows in error keep their status, excluded ones end as "no changes"; the cars' rows get theirs below.
  const outcomes = new Map<StagedRow, Outcome>();
  const cars = staged.filter(hasCar);
  for (const row of staged) if (!hasCar(row)) outcomes.set(row, { status: row.excluded ? 'no_changes' : row.status, car_id: null, imported: false });
  // By VIN first; by External ID only for the rows whose VIN found no car (a re-import finds
  // nearly all by VIN: one probe a row, not two). existingOf reads byExternal for those rows only.
  const byVin = await findCars(tx, siteId, 'vin', cars.map((row) => row.vin));
  const unfound = cars.filter((row) => !row.vin || !byVin.has(row.vin));
  const byExternal = await findCars(tx, siteId, 'external_id', unfound.map((row) => row.external_id));
  const existingOf = (row: StagedRow) => (row.vin ? byVin.get(row.vin) : undefined) ?? (row.external_id ? byExternal.get(row.external_id) : undefined);
  // report: the row reported 'created'; source: the row whose values are written.
  const inserts: { report: StagedRow; source: StagedRow & { data: StagedCar }; key: string }[] = [];
  // A key repeated within the batch: one insert (the later row's data), the repeat's row 'updated'.
  const insertAt = new Map<string, number>();
  const repeatsOfInserts: { row: StagedRow; key: string }[] = [];
  // Car id → the row to write: one car written twice in a batch gets its later row (an update
  // statement matching a car twice would take either).
  const updates = new Map<number, StagedRow & { data: StagedCar }>();
  // The columns the batch's updates change; a car written again in the run changes them all.
  const changedColumns = new Set<string>();
  for (const row of cars) {
    const key = keyOf(row);
    const again = written.byKey.get(key);
    const current = existingOf(row);
    if (again !== undefined || (current && written.ids.has(current.id))) {
      // The same car twice in the feed: the later row wins, as a second write of that car.
      const carId = again ?? current!.id;
      updates.set(carId, row);
      for (const [name] of CAR_COLUMNS) changedColumns.add(name);
      outcomes.set(row, { status: 'updated', car_id: carId, imported: true });
      counters.updated_count++;
      continue;
    }
    const pending = insertAt.get(key);
    if (!current && pending !== undefined) {
      inserts[pending]!.source = row;
      repeatsOfInserts.push({ row, key });
      continue;
    }
    if (!current) {
      insertAt.set(key, inserts.length);
      inserts.push({ report: row, source: row, key });
      continue;
    }
    remember(written, key, current.id);
    const changed = changedFields(current, row.data);
    if (!changed.length) {
      outcomes.set(row, { status: 'no_changes', car_id: current.id, imported: true });
      counters.unchanged_count++;
      continue;
    }
    updates.set(current.id, row);
    for (const field of changed) changedColumns.add(field);
    outcomes.set(row, { status: 'updated', car_id: current.id, imported: true });
    counters.updated_count++;
    if (changed.every((field) => STOCK_FIELDS.has(field))) counters.updated_in_stock_count++;
  }
  return { outcomes, inserts, repeatsOfInserts, updates, changedColumns };
}

/** Phase 2: the staged rows become cars in one transaction; answers the counters. */
async function applyRows(tx: DbOrTx, report: typeof importReports.$inferSelect, settings: typeof importSettings.$inferSelect, batches: StagedBatches, options: RunImportOptions): Promise<{ counters: Counters; parsed: Parsed }> {
  const { batchSize = BATCH, onApplyBatch } = options;
  const counters = zero();
  const siteId = report.site_id;
  const written: WrittenCars = { byKey: new Map(), ids: new Set() };
  // The site's pages come first: under their load the batches wait between them (kit/turns.ts).
  // Not on PGlite, whose one connection the apply's transaction holds: a pause would hold the pages' statements too.
  const giveWay = batches.inMemory ? new GiveWay() : null;
  let first = true;
  for (let staged = await batches.next(tx, report.id, batchSize); staged; staged = await batches.next(tx, report.id, batchSize)) {
    // An abort asked for while the apply runs (PostgreSQL: another connection) rolls it all back.
    if (!first) await assertNotAborted(tx, report.id);
    first = false;
    const { outcomes, inserts, repeatsOfInserts, updates, changedColumns } = await planBatch(tx, siteId, staged, written, counters);
    if (inserts.length) {
      // The cars' values as one jsonb parameter of arrays: no batch nears the 65,535 bind parameters.
      const created = rowsOf<{ id: number; vin: string | null; external_id: string | null }>(
        await tx.execute(sql`insert into cars (site_id, client_id, dealers_id, status, ${sql.raw(columnList)})
          select ${siteId}, ${report.client_id}, ${settings.default_dealer_id}, 'active', ${sql.raw(columnList)}
          from (select ${sql.raw(carValues('r.data'))} from jsonb_array_elements(${carsJson(inserts.map((insert) => insert.source.data))}::jsonb) as r(data)) v
          returning id, vin, external_id`),
      );
      // Rows of one batch have distinct keys (repeats became updates above), so the key finds the row.
      const createdByKey = new Map(created.map((car) => [keyOf(car), car.id]));
      for (const { report: row, key } of inserts) {
        const carId = createdByKey.get(key);
        if (carId === undefined) throw new Error('an inserted car was not returned');
        remember(written, key, carId);
        outcomes.set(row, { status: 'created', car_id: carId, imported: true });
        counters.created_count++;
      }
      for (const { row, key } of repeatsOfInserts) {
        outcomes.set(row, { status: 'updated', car_id: written.byKey.get(key)!, imported: true });
        counters.updated_count++;
      }
    }
    if (updates.size) await updateCars(tx, updates, changedColumns);
    // The report's rows, written once with their outcome, in the feed's order (an insert takes a function scan's rows in order).
    // Keys of one or two letters (named in the statement's recordset): the keys were half the JSON.
    const reportRows = staged.map((row) => {
      const { status, car_id, imported } = outcomes.get(row)!;
      return { f: row.file_id, r: row.row, v: row.vin, x: row.external_id, n: row.is_new, ex: row.excluded, e: row.errors, w: row.warnings, s: status, c: car_id, i: imported };
    });
    await tx.execute(sql`insert into import_car_reports (report_id, client_id, site_id, file_id, row, vin, external_id, is_new, excluded, status, errors, warnings, car_id, is_imported)
      select ${report.id}, ${report.client_id}, ${siteId}, v.f, v.r, v.v, v.x, v.n, v.ex, v.s, v.e, v.w, v.c, v.i
      from jsonb_to_recordset(${JSON.stringify(reportRows)}::jsonb) as v(f int, r int, v varchar, x varchar, n boolean, ex boolean, e text[], w text[], s varchar, c int, i boolean)`);
    await onApplyBatch?.(counters.created_count + counters.updated_count + counters.unchanged_count);
    await giveWay?.done();
  }
  const parsed = batches.parsed;
  if (!parsed) throw new ImportAborted();
  // The services that keep values of their own over the feed's see the cars this feed named.
  await importApplied({ tx, siteId, carIds: [...written.ids] });
  // Tests: the process dies here, before the apply commits.
  if (options.crashBeforeApply) throw new Error('crash before the apply commits (test)');
  // A file that could not be read must not empty the stock: nothing moves to sold then.
  const moveGone = parsed.allRead;
  // Rows in error whose car is in stock: the car leaves the stock (its data can no longer be trusted).
  // Equality joins only (a union, not an OR in one join): the planner hashes them at any size.
  const erroredGone = rowsOf<{ id: number }>(
    await tx.execute(sql`update cars set status = 'sold', sold_at = now(), updated_at = now()
      where id in (
        select c.id from cars c join import_car_reports r on r.report_id = ${report.id} and r.status = 'error' and r.vin = c.vin
          where c.site_id = ${siteId} and c.status <> 'sold'
        union
        select c.id from cars c join import_car_reports r on r.report_id = ${report.id} and r.status = 'error' and r.external_id = c.external_id
          where c.site_id = ${siteId} and c.status <> 'sold')
      returning id`),
  );
  counters.to_sale_errored_count = erroredGone.length;
  if (moveGone) {
    // Cars an earlier import of the site wrote that this feed no longer lists. Cars created by hand are never touched.
    // One NOT EXISTS per key (each an anti-join; an OR or a NOT IN would run per car).
    const gone = rowsOf<{ id: number }>(
      await tx.execute(sql`update cars c set status = 'sold', sold_at = now(), updated_at = now()
        where c.site_id = ${siteId} and c.status <> 'sold'
          and exists (select 1 from import_car_reports p where p.site_id = ${siteId} and p.car_id = c.id and p.report_id <> ${report.id})
          and not exists (select 1 from import_car_reports r where r.report_id = ${report.id} and r.car_id = c.id)
          and not exists (select 1 from import_car_reports r where r.report_id = ${report.id} and r.vin = c.vin)
          and not exists (select 1 from import_car_reports r where r.report_id = ${report.id} and r.external_id = c.external_id)
        returning c.id`),
    );
    counters.gone_count = gone.length;
  }
  const [totals] = rowsOf<{ total: number; errored: number; excluded: number }>(
    await tx.execute(sql`select count(*)::int as total, count(*) filter (where status = 'error')::int as errored, count(*) filter (where excluded)::int as excluded
      from import_car_reports where report_id = ${report.id}`),
  );
  counters.total_count = totals?.total ?? 0;
  counters.errored_count = totals?.errored ?? 0;
  counters.excluded_count = totals?.excluded ?? 0;
  await tx.delete(importStagedRows).where(eq(importStagedRows.report_id, report.id));
  return { counters, parsed };
}

/** Cars an import must have added, taken out of stock or changed beyond their prices before the table's statistics are renewed at once. */
const ANALYZE_AFTER_CARS = 1000;

/**
 * The cars whose change can move the planner's estimates of the site's lists: created, gone to
 * sold, back in stock or changed in more than prices and availability. A repriced feed changes
 * none of them, and its 50,000 updates skip a second of the database's time (autovacuum renews
 * the statistics later).
 */
const plannedChanges = (counters: Counters) =>
  counters.created_count + counters.gone_count + counters.to_sale_errored_count + counters.updated_count - counters.updated_in_stock_count;

/**
 * After an import's commit: the cars' search indexes take its cars through their pending lists
 * (bulkSearchIndex), merged now so the stock's search is as fast right after the import as before;
 * and the cars' statistics are renewed once it changed many (plannedChanges), so the lists are planned on the site's
 * real size (on stale ones a site's list hashed and sorted its 40,000 cars: 60–90 ms instead of a
 * few; autovacuum would take up to a minute, and PGlite has none). A failure here loses nothing.
 */
async function tidyAfterImport(ctx: ServiceContext, reportId: number, counters: Counters) {
  try {
    await cleanPendingLists(ctx.db, CARS_SEARCH_INDEXES);
    if (plannedChanges(counters) >= ANALYZE_AFTER_CARS) await ctx.db.execute(sql`analyze cars`);
  } catch (error) {
    ctx.log.warn({ err: error, report_id: reportId }, 'the cars search indexes or statistics were not renewed after the import');
  }
}

/** The hooks of the site's client (started by client or by feed), pre or post. */
async function hooksFor(ctx: ServiceContext, clientId: number, pre: boolean) {
  const hooks = await ctx.db.select().from(importHooks).where(and(eq(importHooks.is_pre_hook, pre), eq(importHooks.uses_in_import_settings, true)));
  return hooks.filter((hook) => (hook.start_type === 'feed' ? hook.feed_client_ids : hook.client_ids).includes(clientId));
}

/** Calls a handler (hook or the profile's callback) through the SSRF guard with a timeout and retries; answers its log entry. */
async function callHandler(code: string, url: string, payload: unknown) {
  try {
    const response = await safeFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), timeoutMs: 10_000, maxBytes: 1024 * 1024, retries: 2, retryDelayMs: 500 });
    return { code, ok: true, status: response.status, attempts: response.attempts };
  } catch (error) {
    const failure = error as SafeFetchError;
    return { code, ok: false, status: failure.status ?? null, error: failure.message?.slice(0, 300) ?? 'failed' };
  }
}

/** A report's rows and staged rows, gone: a run starts over, or its report ends without them. */
async function deleteRows(db: DbOrTx, reportId: number) {
  await db.delete(carReports).where(eq(carReports.report_id, reportId));
  await db.delete(importStagedRows).where(eq(importStagedRows.report_id, reportId));
}

/**
 * The parse and the apply: side by side on PostgreSQL, one after the other on PGlite (see
 * StagedBatches). A failure of either stops the other; the apply's own failure is thrown first
 * (the parse then stopped as aborted), else the parse's (the apply then rolled back).
 */
async function parseAndApply(ctx: ServiceContext, report: typeof importReports.$inferSelect, settings: typeof importSettings.$inferSelect, lang: Lang, options: RunImportOptions) {
  const besides = Boolean(ctx.config.databaseUrl);
  const batches = new StagedBatches(besides);
  const parse = async () => {
    try {
      const parsed = await parseFiles(ctx, report, settings, lang, options, batches);
      batches.end(parsed);
      return parsed;
    } catch (error) {
      batches.end(null);
      throw error;
    }
  };
  const apply = async () => {
    try {
      return await ctx.db.transaction((tx) => applyAndFinish(tx, report, settings, batches, options));
    } catch (error) {
      batches.failApply();
      throw error;
    }
  };
  if (!besides) {
    await parse();
    return apply();
  }
  const [parsed, applied] = await Promise.allSettled([parse(), apply()]);
  if (applied.status === 'rejected' && !(applied.reason instanceof ImportAborted)) throw applied.reason;
  if (parsed.status === 'rejected') throw parsed.reason;
  if (applied.status === 'rejected') throw applied.reason;
  return applied.value;
}

/** Inside the apply's transaction: the cars, then the report finished and the feed's state saved with them. */
async function applyAndFinish(tx: DbOrTx, report: typeof importReports.$inferSelect, settings: typeof importSettings.$inferSelect, batches: StagedBatches, options: RunImportOptions) {
  const { counters, parsed } = await applyRows(tx, report, settings, batches, options);
  const { summaries, allRead, fingerprints } = parsed;
  await assertNotAborted(tx, report.id);
  const status = allRead ? 'finished' : 'finished_with_error';
  await tx
    .update(importReports)
    .set({ ...counters, processed_count: counters.total_count, files: summaries, status, is_finished: true, finished_at: new Date(), updated_at: new Date(), error: allRead ? null : summaries.map((file) => file.error).filter(Boolean).join('; ').slice(0, 2000) })
    .where(eq(importReports.id, report.id));
  // What was read is now the feed's known state: the change tracking compares with it.
  await tx
    .update(importSettings)
    .set({ in_process: false, last_import_date: new Date(), updated_at: new Date(), ...(allRead ? { feed_state: fingerprints, feed_changed: false, feed_checked_at: new Date() } : {}) })
    .where(eq(importSettings.id, settings.id));
  return { counters, profile: parsed.profile };
}

/** The job: runs the report's import from its settings (see the file's comment). */
export async function runImport(ctx: ServiceContext, data: ImportJobData, options: RunImportOptions = {}) {
  // Another job of this report runs now (pg-boss retries a job it thinks expired): it stands aside.
  const release = await takeRunLock(ctx, IMPORT_RUN_LOCK, data.report_id);
  if (!release) return;
  try {
    await runLocked(ctx, data, options);
  } finally {
    await release();
  }
}

async function runLocked(ctx: ServiceContext, data: ImportJobData, options: RunImportOptions) {
  const lang = data.lang ?? 'ru';
  const [report] = await ctx.db.select().from(importReports).where(eq(importReports.id, data.report_id)).limit(1);
  if (!report || report.is_finished) return;
  const [settings] = await ctx.db.select().from(importSettings).where(eq(importSettings.id, report.settings_id)).limit(1);
  if (!settings) return;
  try {
    // A rerun of a report (the job retried after a crash) starts its rows over.
    await deleteRows(ctx.db, report.id);
    const hookLog: Record<string, unknown>[] = [];
    for (const hook of await hooksFor(ctx, report.client_id, true)) hookLog.push(await callHandler(hook.code, hook.handler_url, { stage: 'pre', report_id: report.id, site_id: report.site_id, client_id: report.client_id }));
    const { counters, profile } = await parseAndApply(ctx, report, settings, lang, options);
    await tidyAfterImport(ctx, report.id, counters);
    const summary = { stage: 'post', report_id: report.id, site_id: report.site_id, client_id: report.client_id, ...counters };
    for (const hook of await hooksFor(ctx, report.client_id, false)) hookLog.push(await callHandler(hook.code, hook.handler_url, summary));
    if (profile?.handler_url) hookLog.push(await callHandler(profile.code, profile.handler_url, summary));
    if (hookLog.length) await ctx.db.update(importReports).set({ hooks: hookLog }).where(eq(importReports.id, report.id));
    await notifyFinished(ctx, report.id);
  } catch (error) {
    if (options.crashBeforeApply) throw error;
    if (error instanceof ImportAborted) return stopAborted(ctx, report.id, settings.id, lang);
    ctx.log.error({ err: error, report_id: report.id }, 'import failed');
    ctx.notifier?.raise({
      service: 'cars.import',
      siteId: report.site_id,
      level: 'error',
      type: 'import_failed',
      text: { ru: `Импорт автомобилей не выполнен: ${String((error as Error).message).slice(0, 300)}`, en: `Car import failed: ${String((error as Error).message).slice(0, 300)}` },
      details: { report_id: report.id },
    });
    await ctx.db.delete(importStagedRows).where(eq(importStagedRows.report_id, report.id));
    await ctx.db
      .update(importReports)
      .set({ status: 'finished_with_error', is_finished: true, finished_at: new Date(), error: String((error as Error).message).slice(0, 2000), updated_at: new Date() })
      .where(eq(importReports.id, report.id));
    await ctx.db.update(importSettings).set({ in_process: false, updated_at: new Date() }).where(eq(importSettings.id, settings.id));
  }
}

/** A finished import that had rows in error or files it could not read: staff hear of it (the notificator). */
async function notifyFinished(ctx: ServiceContext, reportId: number) {
  if (!ctx.notifier) return;
  const [report] = await ctx.db
    .select({ site_id: importReports.site_id, status: importReports.status, errored: importReports.errored_count, total: importReports.total_count, error: importReports.error })
    .from(importReports)
    .where(eq(importReports.id, reportId))
    .limit(1);
  if (!report || (report.status !== 'finished_with_error' && !report.errored)) return;
  ctx.notifier.raise({
    service: 'cars.import',
    siteId: report.site_id,
    level: 'warning',
    type: 'import_finished_with_errors',
    text: report.error
      ? { ru: `Импорт автомобилей завершён с ошибками: ${report.error.slice(0, 300)}`, en: `Car import finished with errors: ${report.error.slice(0, 300)}` }
      : { ru: `Импорт автомобилей завершён с ошибками: строк с ошибками ${report.errored} из ${report.total}`, en: `Car import finished with errors: ${report.errored} of ${report.total} rows in error` },
    details: { report_id: reportId, errored_count: report.errored, total_count: report.total },
  });
}

/**
 * An aborted (or reset) run: its staged rows go (the cars were never touched: the apply rolled
 * back or never began), the report ends with an error saying so, the site may import again.
 */
async function stopAborted(ctx: ServiceContext, reportId: number, settingsId: number, lang: Lang) {
  await ctx.db.transaction(async (tx) => {
    await deleteRows(tx, reportId);
    await tx
      .update(importReports)
      .set({ status: 'finished_with_error', is_finished: true, finished_at: sql`coalesce(${importReports.finished_at}, now())`, error: sql`coalesce(${importReports.error}, ${t('import_aborted', lang)})`, updated_at: new Date() })
      .where(eq(importReports.id, reportId));
    // A reset may have let a new import of the site start since: its flag stays.
    await tx
      .update(importSettings)
      .set({ in_process: false, updated_at: new Date() })
      .where(and(eq(importSettings.id, settingsId), sql`not exists (select 1 from import_reports where settings_id = ${settingsId} and not is_finished and id <> ${reportId})`));
  });
}

/** The job's data; `resumed` counts the times recoverImports started it again after its process died. */
export interface ImportJobData {
  report_id: number;
  lang?: Lang;
  resumed?: number;
}

/** The first key of the imports' run locks (kit/run-lock.ts). */
const IMPORT_RUN_LOCK = 13_001;
/**
 * A report whose process died is resumed this many times; when it dies again it ends with an error
 * and its files may not be started again until one is replaced (a run that kills its process must
 * not loop, neither by the recovery nor by a user starting it again).
 */
const MAX_RESUMES = 1;
export const RECOVER_IMPORTS_JOB = 'cars.import.recover';
/**
 * Every five minutes, two minutes after the auto imports (auto-import.ts, minutes 0, 5, …): at the
 * same minute the recovery met their jobs just fetched and not yet locked, took them for dead and
 * resent them (a wasted job and one of the report's resumes each time).
 */
export const RECOVER_IMPORTS_SCHEDULE = '2-59/5 * * * *';

/**
 * Reports left "in process" by a process that died (kill -9, out of memory, a lost machine): no
 * live run holds their lock. A report whose job still waits is left to it; one whose job is
 * "active" with no live run gets that job cancelled and a new one that starts the report over
 * (the resume; the cars are as the last committed apply left them, the staged rows are redone).
 * A report already resumed MAX_RESUMES times (once) ends with 'the import stopped unexpectedly
 * twice and was not resumed', and its settings refuse a start of the same files until one is
 * replaced (`stopped_sources`, isFeedStopped); one with no job at all ends as interrupted. Either
 * frees the site. Run by every process that works jobs before it takes one
 * (recoverImportsAtStart), and every five minutes. Answers the ids resumed and ended.
 */
export async function recoverImports(ctx: ServiceContext): Promise<{ resumed: number[]; ended: number[] }> {
  const open = await ctx.db.select({ id: importReports.id, settings_id: importReports.settings_id, started: importReports.import_start_date }).from(importReports).where(eq(importReports.is_finished, false)).orderBy(asc(importReports.id)).limit(1000);
  const resumed: number[] = [];
  const ended: number[] = [];
  for (const report of open) {
    if (await isRunLive(ctx, IMPORT_RUN_LOCK, report.id)) continue;
    const jobs = rowsOf<{ id: string; state: string; data: ImportJobData }>(
      await ctx.db.execute(sql`select id, state, data from pgboss.job where name = ${IMPORT_JOB} and state in ('created', 'retry', 'active') and data->>'report_id' = ${String(report.id)}`),
    );
    if (jobs.some((job) => job.state !== 'active')) continue;
    // A report just made whose job is being sent (startImport sends it after its transaction).
    if (!jobs.length && Date.now() - report.started.getTime() < 60_000) continue;
    // The run may have finished between the lock check and now.
    const [still] = await ctx.db.select({ finished: importReports.is_finished }).from(importReports).where(eq(importReports.id, report.id)).limit(1);
    if (!still || still.finished) continue;
    for (const job of jobs) await ctx.jobs.cancel(IMPORT_JOB, job.id);
    const last = jobs[0]?.data;
    const times = (last?.resumed ?? 0) + 1;
    if (last && times <= MAX_RESUMES) {
      await ctx.jobs.send(IMPORT_JOB, { report_id: report.id, lang: last.lang, resumed: times } satisfies ImportJobData);
      resumed.push(report.id);
      continue;
    }
    await stopInterrupted(ctx, report.id, report.settings_id, last?.lang ?? 'ru', last ? 'stopped_twice' : 'interrupted');
    ended.push(report.id);
  }
  if (resumed.length || ended.length) ctx.log.warn({ resumed, ended }, 'imports of dead processes recovered');
  return { resumed, ended };
}

/**
 * startJobs' `beforeWork` of every process that works jobs: the imports whose process died resume
 * before this process takes a job (a failed recovery is logged; the schedule tries again).
 */
export function recoverImportsAtStart(ctx: ServiceContext) {
  return async (queue: JobQueue) => {
    ctx.jobs = queue;
    await recoverImports(ctx).catch((error) => ctx.log.error({ err: error }, 'import recovery failed'));
  };
}

/**
 * A report that is not resumed: its staged rows go, it ends with an error saying why, the site may
 * import again; `stopped_twice` (its resumed run died as well) also keeps its files' sources on
 * the settings, which then refuse to start them again.
 */
async function stopInterrupted(ctx: ServiceContext, reportId: number, settingsId: number, lang: Lang, why: 'interrupted' | 'stopped_twice') {
  await ctx.db.transaction(async (tx) => {
    await deleteRows(tx, reportId);
    await tx
      .update(importReports)
      .set({ status: 'finished_with_error', is_finished: true, finished_at: new Date(), error: t(why === 'interrupted' ? 'import_interrupted' : 'import_stopped_twice', lang), updated_at: new Date() })
      .where(and(eq(importReports.id, reportId), eq(importReports.is_finished, false)));
    if (why === 'stopped_twice') {
      const [settings] = await tx.select({ files: importSettings.files }).from(importSettings).where(eq(importSettings.id, settingsId));
      if (settings) await tx.update(importSettings).set({ stopped_sources: feedSources(settings.files as ImportFeedFile[]) }).where(eq(importSettings.id, settingsId));
    }
    await tx
      .update(importSettings)
      .set({ in_process: false, updated_at: new Date() })
      .where(and(eq(importSettings.id, settingsId), sql`not exists (select 1 from import_reports where settings_id = ${settingsId} and not is_finished)`));
  });
}

/** The sources of a settings' feed files, in order (what `stopped_sources` holds). */
const feedSources = (files: ImportFeedFile[]) => files.map(feedSource).sort();

/** Whether the settings name the very files whose import stopped its process twice (a start is then refused). */
export function isFeedStopped(settings: Pick<typeof importSettings.$inferSelect, 'files' | 'stopped_sources'>): boolean {
  const stopped = settings.stopped_sources;
  if (!stopped) return false;
  const now = feedSources(settings.files as ImportFeedFile[]);
  return now.length === stopped.length && now.every((source, index) => source === stopped[index]);
}
