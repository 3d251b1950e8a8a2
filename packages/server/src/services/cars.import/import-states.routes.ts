import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { filterText, id, importRestartInput, integer, t, type ImportFeedFile, type ImportStateAttributes } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { findScoped, scopeCondition, type ResourceRegistry } from '../../kit/crud-routes.ts';
import { AppError, forbidden } from '../../kit/errors.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { recordAudit } from '../../kit/audit.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { clients } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { carReports, importReports, importSettings } from './import.table.ts';
import { startImport } from './import.routes.ts';
import { isFeedStopped } from './run-import.ts';
import { resetCatalogCache } from './catalog-cache.ts';
import { checkFeedChanges, filesDiffer } from './check-feeds.ts';

const BASE = '/gateway/cars.import/api/v1';
const tags = ['cars.import'];
const params = z.object({ id: id() });
const STATE_SORTS = { last_import_date: importSettings.last_import_date, site_name: sites.name, client_name: clients.name } as const;

/**
 * The import states screen (spec 001 §2 /cars.import/import_states/, §7 GET /import_states,
 * POST /import/restart/{id}, /import/reset/{id}, /catalog_cache/reset): every site's import
 * with its last report and whether its feed changed since; abort, restart, reset. `{id}` is the
 * import settings' id (one per site). Every action stays within the caller's clients.
 */
export async function registerImportStateRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settingsBinding = registry.get({ service: 'cars.import', name: 'settings' });
  const reachable = (auth: AuthContext, settingsId: number) => findScoped(ctx.db, settingsBinding, settingsId, auth) as Promise<typeof importSettings.$inferSelect>;
  const runningReport = async (settingsId: number) => {
    const [report] = await ctx.db.select().from(importReports).where(and(eq(importReports.settings_id, settingsId), eq(importReports.is_finished, false))).orderBy(desc(importReports.id)).limit(1);
    return report ?? null;
  };

  const listQuery = z.object({
    'page[number]': integer(1, 100_000).optional(),
    'page[size]': integer(1, 500).optional(),
    'filter[search]': filterText().optional(),
    'filter[in_process]': z.enum(['true', 'false']).optional(),
    sort: z.enum(['last_import_date', '-last_import_date', 'site_name', '-site_name', 'client_name', '-client_name']).optional(),
  });
  r.get(`${BASE}/import_states`, { schema: { tags, summary: "Every site's import: last report, feed changes (within the caller's clients)", querystring: listQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const query = request.query;
    const size = query['page[size]'] ?? 50;
    const number = query['page[number]'] ?? 1;
    const search = query['filter[search]'];
    const where = and(
      scopeCondition(settingsBinding, auth),
      search ? or(ilike(sites.name, `%${search.replace(/[\\%_]/g, '\\$&')}%`), ilike(clients.name, `%${search.replace(/[\\%_]/g, '\\$&')}%`)) : undefined,
      query['filter[in_process]'] ? eq(importSettings.in_process, query['filter[in_process]'] === 'true') : undefined,
    );
    const sortKey = (query.sort ?? '-last_import_date').replace(/^-/, '') as keyof typeof STATE_SORTS;
    const order: SQL[] = [query.sort?.startsWith('-') !== false ? sql`${STATE_SORTS[sortKey]} desc nulls last` : sql`${STATE_SORTS[sortKey]} asc nulls first`, asc(importSettings.id)];
    const [rows, [count]] = await Promise.all([
      ctx.db
        .select({ settings: importSettings, site_name: sites.name, client_name: clients.name })
        .from(importSettings)
        .innerJoin(sites, eq(sites.id, importSettings.site_id))
        .innerJoin(clients, eq(clients.id, importSettings.client_id))
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset((number - 1) * size),
      ctx.db
        .select({ total: sql<number>`count(*)::int` })
        .from(importSettings)
        .innerJoin(sites, eq(sites.id, importSettings.site_id))
        .innerJoin(clients, eq(clients.id, importSettings.client_id))
        .where(where),
    ]);
    const ids = rows.map((row) => row.settings.id);
    const reports = ids.length
      ? await ctx.db
          .selectDistinctOn([importReports.settings_id])
          .from(importReports)
          .where(sql`${importReports.settings_id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`)
          .orderBy(importReports.settings_id, desc(importReports.id))
      : [];
    const lastBySettings = new Map(reports.map((report) => [report.settings_id, report]));
    const data = rows.map(({ settings, site_name, client_name }) => {
      const last = lastBySettings.get(settings.id);
      const files = settings.files as ImportFeedFile[];
      const attributes: ImportStateAttributes = {
        site_id: settings.site_id,
        site_name,
        client_id: settings.client_id,
        client_name,
        files_count: files.length,
        in_process: settings.in_process,
        auto_import_hours: settings.auto_import_hours,
        last_import_date: settings.last_import_date?.toISOString() ?? null,
        feed_changed: !settings.last_import_date ? null : filesDiffer(files, settings.feed_state) || settings.feed_changed,
        feed_checked_at: settings.feed_checked_at?.toISOString() ?? null,
        last_report: last
          ? {
              id: last.id,
              status: last.status as never,
              type: last.type as never,
              import_start_date: last.import_start_date.toISOString(),
              finished_at: last.finished_at?.toISOString() ?? null,
              processed_count: last.processed_count,
              expected_count: last.expected_count,
              total_count: last.total_count,
              errored_count: last.errored_count,
              is_finished: last.is_finished,
              error: last.error,
            }
          : null,
      };
      return toRecord('import_states', { id: settings.id, ...attributes }, Object.keys(attributes));
    });
    return toList(data, { number, size, total: count?.total ?? 0 });
  });

  r.post(`${BASE}/import_states/:id/check`, { schema: { tags, summary: 'Check whether the feed files changed since the last import (ETag, Last-Modified, content hash)', params } }, async (request) => {
    const auth = requireAuth(request.auth);
    const settings = await reachable(auth, request.params.id);
    const changed = await checkFeedChanges(ctx, settings);
    return { data: { id: String(settings.id), feed_changed: changed, feed_checked_at: new Date().toISOString() } };
  });

  r.post(`${BASE}/import/abort/:id`, { schema: { tags, summary: 'Abort the running import of the settings (it stops at its next batch; no car is changed)', params } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const settings = await reachable(auth, request.params.id);
    const [report] = await ctx.db
      .update(importReports)
      .set({ abort_requested: true, updated_at: new Date() })
      .where(and(eq(importReports.settings_id, settings.id), eq(importReports.is_finished, false)))
      .returning({ id: importReports.id });
    if (!report) throw new AppError(409, 'import_not_in_process');
    await recordAudit(ctx.db, auth, { action: 'update', service: 'cars.import', resource: 'reports', recordId: report.id, changes: { abort_requested: [false, true] }, clientId: settings.client_id, ip: request.ip });
    reply.code(202);
    return { data: { id: String(report.id), abort_requested: true } };
  });

  r.post(
    `${BASE}/import/reset/:id`,
    { schema: { tags, summary: 'Reset a stuck import state: the unfinished report ends with an error, the site may import again (no car is changed)', params } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const settings = await reachable(auth, request.params.id);
      const stuck = await runningReport(settings.id);
      if (!stuck && !settings.in_process) throw new AppError(409, 'import_not_in_process');
      await ctx.db.transaction(async (tx) => {
        if (stuck) {
          // A job still running sees the flag at its next batch and stops without writing.
          await tx.delete(carReports).where(and(eq(carReports.report_id, stuck.id), eq(carReports.status, 'pending')));
          await tx
            .update(importReports)
            .set({ abort_requested: true, is_finished: true, status: 'finished_with_error', finished_at: new Date(), error: t('import_reset_done', request.lang), updated_at: new Date() })
            .where(eq(importReports.id, stuck.id));
        }
        await tx.update(importSettings).set({ in_process: false, updated_at: new Date() }).where(eq(importSettings.id, settings.id));
      });
      await recordAudit(ctx.db, auth, { action: 'update', service: 'cars.import', resource: 'settings', recordId: settings.id, changes: { in_process: [true, false] }, clientId: settings.client_id, ip: request.ip });
      return { data: { id: String(settings.id), in_process: false, report_id: stuck ? String(stuck.id) : null } };
    },
  );

  r.post(
    `${BASE}/import/restart/:id`,
    { schema: { tags, summary: 'Run the import of the settings again, with a cache reset type (none, catalog, full)', params, body: z.object({ data: importRestartInput }) } },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const settings = await reachable(auth, request.params.id);
      const type = request.body.data.cache_reset_type;
      if (settings.in_process) throw new AppError(409, 'import_in_process');
      if (!(settings.files as unknown[]).length) throw new AppError(400, 'import_files_missing');
      if (isFeedStopped(settings)) throw new AppError(409, 'import_stopped_twice');
      if (type !== 'none') await resetCatalogCache(ctx.db);
      if (type === 'full') await ctx.db.update(importSettings).set({ feed_state: [], feed_changed: null, feed_checked_at: null }).where(eq(importSettings.id, settings.id));
      // Staff restart the site's configured import as it is: no typed phrase (that guards a dealer's manual data over an auto import).
      const report = await startImport(ctx, { ...settings, auto_import_hours: null }, { userId: auth.userId, type: 'manual', lang: request.lang, continueSaga: true });
      await recordAudit(ctx.db, auth, { action: 'create', service: 'cars.import', resource: 'reports', recordId: report.id, changes: { cache_reset_type: [null, type] }, clientId: settings.client_id, ip: request.ip });
      reply.code(202);
      return { data: toRecord('reports', report, Object.keys(report)) };
    },
  );

  r.post(`${BASE}/catalog_cache/reset`, { schema: { tags, summary: "Reset the import's catalogue cache of every process (effective at the next import, at once)" } }, async (request) => {
    const auth = requireAuth(request.auth);
    // The catalogue is the provider's and the cache serves every client: provider staff only.
    if (!auth.internal) throw forbidden();
    const at = await resetCatalogCache(ctx.db);
    return { data: { reset_at: at.toISOString() } };
  });
}
