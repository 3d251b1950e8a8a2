import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  carReportResource,
  id,
  importManualEditInput,
  importReportResource,
  importSettingsResource,
  importStartInput,
  integer,
  isImportConfirmation,

  type ImportFeedFile,
  type Lang,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { findScoped, scopeCondition, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { readMultipart } from '../../kit/files.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { xlsxStream } from '../../kit/xlsx-stream.ts';
import { recordAudit } from '../../kit/audit.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { untrustedUpload } from '../../kit/untrusted-file.ts';
import { siteOwnership, siteSettingsOf } from '../sites.context/site-ownership.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { carReports, importProfiles, importReports, importSettings } from './import.table.ts';
import { IMPORT_JOB, isFeedStopped } from './run-import.ts';

const BASE = '/gateway/cars.import/api/v1';
const tags = ['cars.import'];
const params = z.object({ id: id() });
const siteParams = z.object({ siteId: id() });
/** An uploaded feed file (spec 001 §5 "manual import needs a file"). */
export const FEED_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
const SETTINGS_ATTRIBUTES = Object.keys(importSettingsResource.entity.shape);
const ROW_ATTRIBUTES = Object.keys(carReportResource.entity.shape);
const REPORT_ATTRIBUTES = Object.keys(importReportResource.entity.shape);

type ImportSettingsRow = typeof importSettings.$inferSelect;

/**
 * Switches the manual mode of import settings and changes its terms (`manual_data`: the reason
 * and until when auto imports wait), audited in the same transaction; what the change leaves out stays.
 */
async function changeManualMode(db: DbOrTx, auth: AuthContext, settings: ImportSettingsRow, change: { is_manual_mode?: boolean; manual_data?: { reason?: string | null; until?: string | null } }, ip: string): Promise<ImportSettingsRow> {
  const manualData = change.manual_data ? { reason: change.manual_data.reason ?? null, until: change.manual_data.until ?? null } : settings.manual_data;
  const isManual = change.is_manual_mode ?? settings.is_manual_mode;
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(importSettings).set({ is_manual_mode: isManual, manual_data: manualData, updated_at: new Date() }).where(eq(importSettings.id, settings.id)).returning();
    const changes = {
      ...(isManual !== settings.is_manual_mode ? { is_manual_mode: [settings.is_manual_mode, isManual] } : {}),
      ...(JSON.stringify(manualData) !== JSON.stringify(settings.manual_data) ? { manual_data: [settings.manual_data, manualData] } : {}),
    };
    if (Object.keys(changes).length) await recordAudit(tx, auth, { action: 'update', service: 'cars.import', resource: 'settings', recordId: settings.id, changes, clientId: settings.client_id, ip });
    return updated!;
  });
}

/** The settings of a site the caller reaches, made with the defaults on first use. */
export async function settingsOfSite(db: DbOrTx, registry: ResourceRegistry, auth: AuthContext, siteId: number) {
  return siteSettingsOf(db, registry, auth, siteId, importSettings);
}

/**
 * Starts an import of the settings (spec 001 §4, §8): files needed, one at a time, the typed phrase over an auto import.
 * `continueSaga`: the run continues the chain (saga) of the settings' latest run (a restart), else it starts one of its own.
 */
export async function startImport(ctx: ServiceContext, settings: typeof importSettings.$inferSelect, options: { userId: number | null; type: 'manual' | 'auto'; confirmation?: string; lang: Lang; continueSaga?: boolean }) {
  if (!(settings.files as unknown[]).length) throw new AppError(400, 'import_files_missing');
  // The same files as an import that stopped its process twice: refused until one is replaced.
  if (isFeedStopped(settings)) throw new AppError(409, 'import_stopped_twice');
  if (options.type === 'manual' && settings.auto_import_hours && !isImportConfirmation(options.confirmation)) throw badRequest('import_confirmation_required', '/data/confirmation');
  const report = await ctx.db.transaction(async (tx) => {
    // The flag is taken with a conditional update: two clicks cannot start two imports.
    const taken = await tx.update(importSettings).set({ in_process: true, updated_at: new Date() }).where(and(eq(importSettings.id, settings.id), eq(importSettings.in_process, false))).returning({ id: importSettings.id });
    if (!taken.length) throw new AppError(409, 'import_in_process');
    const [latest] = options.continueSaga ? await tx.select({ saga_id: importReports.saga_id }).from(importReports).where(eq(importReports.settings_id, settings.id)).orderBy(desc(importReports.id)).limit(1) : [];
    const [created] = await tx.insert(importReports).values({ site_id: settings.site_id, client_id: settings.client_id, settings_id: settings.id, type: options.type, user_id: options.userId, ...(latest ? { saga_id: latest.saga_id } : {}) }).returning();
    return created!;
  });
  await ctx.jobs.send(IMPORT_JOB, { report_id: report.id, lang: options.lang });
  return report;
}

/** The rows of a report for a download, in id order, a page at a time (memory stays flat). */
async function* reportRows(db: DbOrTx, reportId: number, errorsOnly: boolean) {
  let last = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(carReports)
      .where(and(eq(carReports.report_id, reportId), gt(carReports.id, last), errorsOnly ? sql`(${carReports.status} = 'error' or cardinality(${carReports.warnings}) > 0)` : undefined))
      .orderBy(asc(carReports.id))
      .limit(2000);
    if (!rows.length) return;
    last = rows.at(-1)!.id;
    yield* rows;
  }
}

const STATUS_TEXT: Record<string, Record<Lang, string>> = {
  created: { ru: 'Создан', en: 'Created' },
  updated: { ru: 'Обновлён', en: 'Updated' },
  no_changes: { ru: 'Без изменений', en: 'No changes' },
  error: { ru: 'Ошибка', en: 'Error' },
  pending: { ru: 'В очереди', en: 'Pending' },
};
const HEADERS: Record<Lang, string[]> = {
  ru: ['Файл', 'Строка', 'VIN', 'Внешний ID', 'Статус', 'Исключена', 'Ошибки', 'Предупреждения'],
  en: ['File', 'Row', 'VIN', 'External ID', 'Status', 'Excluded', 'Errors', 'Warnings'],
};

/** A report's rows as a streamed XLSX (kit/xlsx-stream.ts): the row a number, "excluded" a boolean, texts as written. */
function reportWorkbook(db: DbOrTx, report: typeof importReports.$inferSelect, errorsOnly: boolean, lang: Lang, signal: AbortSignal) {
  const workbook = xlsxStream(lang === 'ru' ? 'Отчёт' : 'Report', { signal, widths: [24, 8, 20, 14, 16, 10, 50, 50] });
  const files = report.files as { index: number; name: string }[];
  void (async () => {
    try {
      workbook.addRow(HEADERS[lang]);
      let count = 0;
      for await (const row of reportRows(db, report.id, errorsOnly)) {
        if (signal.aborted) break;
        const file = files.find((item) => item.index === row.file_id)?.name ?? String(row.file_id + 1);
        workbook.addRow([file, row.row, row.vin, row.external_id, STATUS_TEXT[row.status]?.[lang] ?? row.status, row.excluded, row.errors.join('\n'), row.warnings.join('\n')]);
        // A slow reader holds the next rows back: they wait in the database, not in memory.
        if (++count % 500 === 0) await workbook.ready();
      }
      if (signal.aborted) workbook.stream.destroy();
      else await workbook.end();
    } catch (error) {
      workbook.stream.destroy(error as Error);
    }
  })();
  return workbook.stream;
}

/**
 * Car import calls beyond the generic CRUD (spec 001 §7 "Import"): a site's settings, manual
 * mode, feed uploads, the run, the profiles a site may use, a report's rows and downloads.
 */
export async function registerImportRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settingsBinding = registry.get(importSettingsResource);
  const reachableSettings = (auth: AuthContext, settingsId: number) => findScoped(ctx.db, settingsBinding, settingsId, auth) as Promise<Row & typeof importSettings.$inferSelect>;
  const reachableReport = async (auth: AuthContext, reportId: number) => {
    const [report] = await ctx.db.select().from(importReports).where(and(eq(importReports.id, reportId), scopeCondition(registry.get({ service: 'cars.import', name: 'reports' }), auth))).limit(1);
    if (!report) throw notFound();
    return report;
  };

  r.get(`${BASE}/settings/where_site/:siteId`, { schema: { tags, summary: "A site's import settings (made with the defaults on first read)", params: siteParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const settings = await settingsOfSite(ctx.db, registry, auth, request.params.siteId);
    return { data: toRecord('settings', settings, SETTINGS_ATTRIBUTES) };
  });

  r.patch(
    `${BASE}/settings/:id/change_manual`,
    { schema: { tags, summary: 'Switch the manual mode of import settings', params, body: z.object({ data: z.strictObject({ is_manual_mode: z.boolean() }) }) } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const updated = await changeManualMode(ctx.db, auth, await reachableSettings(auth, request.params.id), request.body.data, request.ip);
      return { data: toRecord('settings', updated, SETTINGS_ATTRIBUTES) };
    },
  );

  r.patch(
    `${BASE}/import/:id/manual/edit`,
    { schema: { tags, summary: 'Edit the manual mode of import settings and its terms (manual_data)', params, body: z.object({ data: importManualEditInput }) } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const updated = await changeManualMode(ctx.db, auth, await reachableSettings(auth, request.params.id), request.body.data, request.ip);
      return { data: toRecord('settings', updated, SETTINGS_ATTRIBUTES) };
    },
  );

  r.get(
    `${BASE}/import/reports/:id/with_root`,
    { schema: { tags, summary: "A report with its root: the first run of its chain (a restart continues the restarted run's chain)", params } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const report = await reachableReport(auth, request.params.id);
      const [root] = await ctx.db.select().from(importReports).where(eq(importReports.saga_id, report.saga_id)).orderBy(asc(importReports.id)).limit(1);
      const data = toRecord('reports', { ...report, root_id: root!.id }, [...REPORT_ATTRIBUTES, 'root_id']);
      return { data, included: [toRecord('reports', root!, REPORT_ATTRIBUTES)] };
    },
  );

  r.post(`${BASE}/import/:id/manual/start`, { schema: { tags, summary: 'Run an import of the settings now', params, body: z.object({ data: importStartInput }).optional() } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const settings = await reachableSettings(auth, request.params.id);
    const report = await startImport(ctx, settings, { userId: auth.userId, type: 'manual', confirmation: request.body?.data.confirmation, lang: request.lang });
    reply.code(202);
    return { data: toRecord('reports', report, Object.keys(report)) };
  });

  r.get(`${BASE}/import/profiles/for_site/:siteId`, { schema: { tags, summary: "The import profiles the site's client may use", params: siteParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const site = await siteOwnership(registry).findSite(ctx.db, auth, request.params.siteId);
    if (!site) throw notFound();
    const rows = await ctx.db
      .select({ id: importProfiles.id, code: importProfiles.code, name: importProfiles.name, format: importProfiles.format })
      .from(importProfiles)
      .where(sql`cardinality(${importProfiles.client_ids}) = 0 or ${site.client_id} = any(${importProfiles.client_ids})`)
      .orderBy(asc(importProfiles.name));
    return { data: rows.map((row) => toRecord('import_file_profiles', row, ['code', 'name', 'format'])) };
  });

  const rowsQuery = z.object({
    'page[number]': integer(1, 100_000).optional(),
    'page[size]': integer(1, 1000).optional(),
    'filter[file_id]': integer(0, 100).optional(),
    'filter[status]': z.enum(['created', 'updated', 'no_changes', 'error', 'pending']).optional(),
  });
  r.get(`${BASE}/import/car_reports/by/report/:id`, { schema: { tags, summary: 'The rows of a report, by file and status', params, querystring: rowsQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const report = await reachableReport(auth, request.params.id);
    const size = request.query['page[size]'] ?? 100;
    const number = request.query['page[number]'] ?? 1;
    const where = and(
      eq(carReports.report_id, report.id),
      request.query['filter[file_id]'] !== undefined ? eq(carReports.file_id, request.query['filter[file_id]']) : undefined,
      request.query['filter[status]'] ? eq(carReports.status, request.query['filter[status]']) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      ctx.db.select().from(carReports).where(where).orderBy(asc(carReports.file_id), asc(carReports.row), asc(carReports.id)).limit(size).offset((number - 1) * size),
      ctx.db.select({ total: sql<number>`count(*)::int` }).from(carReports).where(where),
    ]);
    return toList(rows.map((row) => toRecord('car_reports', row, ROW_ATTRIBUTES)), { number, size, total: count?.total ?? 0 });
  });

  for (const [suffix, errorsOnly] of [['xlsx', false], ['errors', true]] as const) {
    r.get(`${BASE}/import/reports/:id/${suffix}`, { schema: { tags, summary: errorsOnly ? "A report's rows with errors or warnings as XLSX" : "A report's rows as XLSX", params } }, async (request, reply) => {
      const auth = requireAuth(request.auth);
      const report = await reachableReport(auth, request.params.id);
      const name = `import-${report.id}${errorsOnly ? '-errors' : ''}.xlsx`;
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', `attachment; filename="${name}"`);
      // A reader who goes away stops the reading.
      const reading = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) reading.abort();
      });
      return reply.send(reportWorkbook(ctx.db, report, errorsOnly, request.lang, reading.signal));
    });
  }

  // Feed uploads: multipart only here, in a scope of its own (every other route takes JSON only).
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: FEED_UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    // The file is read by the import's job (run-import.ts), in the feed reader's worker.
    s.post(`${BASE}/import/:id/manual`, { config: untrustedUpload('cars.import.feed', ['xml', 'csv', 'xlsx']), schema: { tags, summary: 'Upload a feed file (XML, CSV or XLSX) to the import settings', params } }, async (request) => {
      const auth = requireAuth(request.auth);
      const settings = await reachableSettings(auth, request.params.id);
      const { files } = await readMultipart(request, FEED_UPLOAD_MAX_BYTES);
      const part = files[0];
      if (!part || !part.data.length) throw new AppError(400, 'import_files_missing', undefined, 'file');
      const type = feedFileType(part.data);
      if (!type) throw new AppError(400, 'import_feed_file_type', undefined, 'file');
      if ((settings.files as unknown[]).length >= 20) throw new AppError(400, 'max_value', { value: 20 }, '/data/attributes/files');
      const stored = await ctx.files.put(part.data, type, { private: true });
      const file: ImportFeedFile = { kind: 'upload', file_id: stored.id, name: part.filename.slice(0, 255) || `feed.${type.ext}`, size: part.data.length };
      const [updated] = await ctx.db
        .update(importSettings)
        .set({ files: [...(settings.files as ImportFeedFile[]), file], updated_at: new Date() })
        .where(eq(importSettings.id, settings.id))
        .returning();
      await recordAudit(ctx.db, auth, { action: 'update', service: 'cars.import', resource: 'settings', recordId: settings.id, changes: { files: [null, file.name] }, clientId: settings.client_id, ip: request.ip });
      return { data: toRecord('settings', updated!, SETTINGS_ATTRIBUTES) };
    });
  });
}

/** A feed file by its bytes: XLSX (a zip), XML, or text (CSV); anything else (images, executables) is refused. */
export function feedFileType(data: Buffer): { mime: string; ext: string } | null {
  if (data[0] === 0x50 && data[1] === 0x4b) return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' };
  const head = data.subarray(0, 4096);
  if (head.includes(0)) return null;
  const text = head.toString('latin1').replace(/^\xEF\xBB\xBF/, '').trimStart();
  if (text.startsWith('<')) return { mime: 'application/xml', ext: 'xml' };
  return { mime: 'text/csv', ext: 'csv' };
}

