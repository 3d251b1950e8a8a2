import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { importEcsByProjectsInput, importEcsInput, type ImportEcsOutcome } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { scopeCondition, type ResourceRegistry } from '../../kit/crud-routes.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { errorCollectorOf } from '../error-collection-system/index.ts';
import type { ErrorEvent } from '../error-collection-system/events.ts';
import { errorProjects } from '../error-collection-system/errors.table.ts';
import { importReports } from './import.table.ts';

const BASE = '/gateway/cars.import/api/v1';
const tags = ['cars.import'];
/** Distinct row errors of one report sent at most: a feed with a thousand kinds of error still makes a readable project. */
export const ECS_MESSAGES_PER_REPORT = 100;

type Report = typeof importReports.$inferSelect;

/**
 * The error events of a finished report: its own error, each unreadable file's, and each distinct
 * row error (its count of rows in the message's tail would split the issue, so it is left out). The
 * event's URL is the report's screen; the type says where the error was (`ImportError`: the run or
 * a file, `ImportRowError`: a feed row), so the collection groups equal errors across reports.
 */
export async function importReportEvents(db: DbOrTx, report: Report): Promise<ErrorEvent[]> {
  const event = (type: string, message: string): ErrorEvent => ({
    eventId: randomUUID(),
    type,
    message: message.slice(0, 2000),
    frames: [],
    url: `/cars.import/reports/${report.site_id}?report=${report.id}`,
    release: null,
    user: report.user_id === null ? null : String(report.user_id),
    browser: null,
    level: 'error',
  });
  const events: ErrorEvent[] = [];
  if (report.error) events.push(event('ImportError', report.error));
  for (const file of report.files as { name?: string; error?: string | null }[]) if (file.error) events.push(event('ImportError', file.error));
  const rows = (await db.execute(sql`select message from import_car_reports, unnest(errors) as message
    where report_id = ${report.id} and status = 'error' group by message order by count(*) desc, message limit ${ECS_MESSAGES_PER_REPORT}`)) as unknown as { rows: { message: string }[] };
  for (const row of rows.rows) events.push(event('ImportRowError', row.message));
  return events;
}

/**
 * Sends a report's errors into its site's project of the error collection (created on first use);
 * answers what was accepted and what the project's rate limit refused.
 */
async function sendReport(app: FastifyInstance, ctx: ServiceContext, report: Report): Promise<ImportEcsOutcome> {
  const collector = errorCollectorOf(app);
  const project = await collector.siteProject(report.site_id);
  if (!project) throw notFound();
  const outcomes = await Promise.all((await importReportEvents(ctx.db, report)).map((event) => collector.submit(project, event)));
  const limited = outcomes.filter((outcome) => outcome.status === 'limited').length;
  return { project_id: project.id, report_id: report.id, events: outcomes.length - limited, limited };
}

/**
 * POST /import/reports/ecs and /import/reports/ecs/by_projects (spec 001 §7 "Import"): a report's
 * errors reported into the error collection system, for one report or for each named site
 * project's latest finished report. Staff (`import_states.manage`) within their clients.
 */
export function registerImportEcsRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reportsBinding = registry.get({ service: 'cars.import', name: 'reports' });

  r.post(`${BASE}/import/reports/ecs`, { schema: { tags, summary: "Send a finished report's errors to its site's project of the error collection", body: z.object({ data: importEcsInput }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const [report] = await ctx.db.select().from(importReports).where(and(eq(importReports.id, request.body.data.report_id), scopeCondition(reportsBinding, auth))).limit(1);
    if (!report) throw notFound();
    if (!report.is_finished) throw new AppError(409, 'import_report_not_finished');
    const outcome = await sendReport(app, ctx, report);
    await recordAudit(ctx.db, auth, { action: 'update', service: 'cars.import', resource: 'reports', recordId: report.id, changes: { ecs_events: [null, outcome.events] }, clientId: report.client_id, ip: request.ip });
    return { data: outcome };
  });

  r.post(
    `${BASE}/import/reports/ecs/by_projects`,
    { schema: { tags, summary: "Send each site project's latest finished import report to the error collection", body: z.object({ data: importEcsByProjectsInput }) } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const ids = [...new Set(request.body.data.project_ids)];
      const projects = await ctx.db.select().from(errorProjects).where(inArray(errorProjects.id, ids));
      // Every project named must be a site's: checked before anything is sent, so a bad list sends nothing.
      for (const [index, projectId] of ids.entries()) {
        const project = projects.find((item) => item.id === projectId);
        if (!project) throw new AppError(404, 'not_found', undefined, `/data/project_ids/${index}`);
        if (project.kind !== 'site' || project.site_id === null) throw badRequest('import_ecs_project_not_site', `/data/project_ids/${index}`, { id: projectId });
      }
      const outcomes: ImportEcsOutcome[] = [];
      for (const projectId of ids) {
        const project = projects.find((item) => item.id === projectId)!;
        const [report] = await ctx.db
          .select()
          .from(importReports)
          .where(and(eq(importReports.site_id, project.site_id!), eq(importReports.is_finished, true), scopeCondition(reportsBinding, auth)))
          .orderBy(desc(importReports.id))
          .limit(1);
        // A site out of the caller's reach or with no finished import: nothing sent for it.
        outcomes.push(report ? await sendReport(app, ctx, report) : { project_id: project.id, report_id: null, events: 0, limited: 0 });
      }
      return { data: outcomes };
    },
  );
}
