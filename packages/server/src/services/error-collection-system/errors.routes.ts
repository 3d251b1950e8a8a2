import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ERROR_LIMITS,
  errorClientListQuery,
  errorEventListQuery,
  errorIssueListQuery,
  errorProjectListQuery,
  errorProjectPatchBody,
  id,
  t,
  type ErrorClientAttributes,
  type ErrorEventAttributes,
  type ErrorIssueAttributes,
  type ErrorIssueStatus,
  type ErrorProjectAttributes,
  type ErrorProjectKind,
  type Lang,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { Db } from '../../kit/db.ts';
import { AppError, forbidden, notFound } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { searchCondition } from '../../kit/search-index.ts';
import { clients } from '../clients.storage/client.table.ts';
import { siteRendererOf, type SiteApi, type SiteApiCall } from '../site-renderer/serve-site.ts';
import { tooMany } from '../../kit/rate-limit.ts';
import type { ErrorCollector, ErrorProject } from './collector.ts';
import { errorEvents, errorIssues, errorIssueTags, errorProjects } from './errors.table.ts';
import { eventOfReport, eventOfServerError, eventsOfEnvelope, type ErrorEvent } from './events.ts';
import { SITE_ERRORS_PREFIX } from './reporter-script.ts';
import type { SourceMaps } from './source-maps.ts';

const BASE = '/gateway/error-collection-system';
const tags = ['error-collection-system'];
const idParams = z.object({ id: id() });
type Project = typeof errorProjects.$inferSelect;

/** The projects a reader sees: staff every one; dealer staff their clients' sites' projects only. */
function visibleProjects(auth: AuthContext): SQL | undefined {
  if (auth.internal || auth.scope === 'all') return undefined;
  return auth.scope.length ? and(eq(errorProjects.kind, 'site'), inArray(errorProjects.client_id, auth.scope)) : sql`false`;
}

/** `sentry_key` of the X-Sentry-Auth header or of the query string (the SDK's two ways). */
export function sentryKeyOf(request: Pick<FastifyRequest, 'headers' | 'query'>): string | null {
  const header = request.headers['x-sentry-auth'];
  const fromHeader = typeof header === 'string' ? /sentry_key=([A-Za-z0-9]+)/.exec(header)?.[1] : undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.sentry_key === 'string' ? query.sentry_key : undefined;
  const key = fromHeader ?? fromQuery ?? null;
  return key && /^[A-Za-z0-9]{8,64}$/.test(key) ? key : null;
}

/** Stores the events of one call; the first refusal (rate limit) answers for the call. */
async function accept(collector: ErrorCollector, project: ErrorProject, events: ErrorEvent[]): Promise<void> {
  const results = await Promise.all(events.map((event) => collector.submit(project, event)));
  const limited = results.find((result) => result.status === 'limited');
  if (limited && limited.status === 'limited') throw tooMany(limited.retryAfter);
}

/** Body text of a call the parsers below left as a string; JSON parsed or refused as not an event. */
function jsonOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError(400, 'error_not_event');
  }
}

/** The ingestion routes of the gateway: the Sentry SDK's envelope (by DSN key) and the admin's own reporter. */
async function registerIngestion(app: FastifyInstance, collector: ErrorCollector, maps: SourceMaps) {
  await app.register(async (scope) => {
    // The SDK posts its envelope as text/plain (no preflight) or application/x-sentry-envelope; the admin's
    // reporter as JSON or, through sendBeacon, text/plain. Bodies are held to their limits before anything reads them.
    scope.addContentTypeParser(['text/plain', 'application/x-sentry-envelope', 'application/octet-stream'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      `${BASE}/api/:project/envelope/`,
      { bodyLimit: ERROR_LIMITS.envelopeBytes, schema: { tags, summary: 'Sentry SDK envelope of error events (DSN key in X-Sentry-Auth or sentry_key)', params: z.object({ project: z.string().max(20) }) } },
      async (request) => {
        const key = sentryKeyOf(request);
        const project = key ? await collector.projectOfKey(key) : null;
        if (!project || String(project.id) !== request.params.project) throw new AppError(401, 'error_unknown_key');
        if (request.headers['content-encoding'] && request.headers['content-encoding'] !== 'identity') throw new AppError(415, 'unsupported_media_type');
        const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '');
        const events = eventsOfEnvelope(Buffer.from(body, 'utf8'), request.headers['user-agent']);
        await accept(collector, project, events);
        return { id: events[0]!.eventId };
      },
    );
    r.post(`${BASE}/api/v1/report`, { bodyLimit: ERROR_LIMITS.reportBytes, schema: { tags, summary: "The admin's reporter: one error of the admin in the browser" } }, async (request, reply) => {
      const event = eventOfReport(jsonOf(request.body), request.headers['user-agent']);
      const project = await collector.ownProject('admin');
      await accept(collector, project, [{ ...event, frames: await maps.map(event.frames), user: request.auth ? String(request.auth.userId) : event.user }]);
      return reply.code(202).send({ data: { id: event.eventId } });
    });
  });
}

/** The sites' reporter (reporter-script.ts): the project is the host's site's, created as needed. */
function siteErrorsApi(collector: ErrorCollector) {
  const error = (status: number, key: 'error_not_event' | 'payload_too_large' | 'too_many_requests', lang: Lang, params?: Record<string, string | number>) => ({ status, body: { errors: [{ status: String(status), code: key, title: t(key, lang, params) }] } });
  return async (call: SiteApiCall): ReturnType<SiteApi['handle']> => {
    if (call.method !== 'POST' || call.path !== '') return { ...error(405, 'error_not_event', call.lang), headers: { allow: 'POST' } };
    if (call.body === null) return error(413, 'payload_too_large', call.lang);
    try {
      const userAgent = typeof call.headers['user-agent'] === 'string' ? call.headers['user-agent'] : undefined;
      const event = eventOfReport(jsonOf(call.body), userAgent);
      const project = await collector.siteProject(call.site.id);
      if (!project) return error(400, 'error_not_event', call.lang);
      await accept(collector, project, [event]);
      return { status: 202, body: { data: { id: event.eventId } } };
    } catch (failure) {
      if (!(failure instanceof AppError)) throw failure;
      const seconds = Number(failure.headers?.['retry-after'] ?? 60);
      if (failure.status === 429) return { ...error(429, 'too_many_requests', call.lang, { seconds }), headers: { 'retry-after': String(seconds) } };
      return error(failure.status, 'error_not_event', call.lang);
    }
  };
}

/** Open issues and their projects' names, by project. */
async function presentProjects(db: Db, rows: Project[]) {
  const ids = rows.map((row) => row.id);
  const open = new Map<number, number>();
  if (ids.length) {
    const counted = await db
      .select({ id: errorIssues.project_id, count: sql<number>`count(*)`.mapWith(Number) })
      .from(errorIssues)
      .where(and(inArray(errorIssues.project_id, ids), eq(errorIssues.status, 'unresolved')))
      .groupBy(errorIssues.project_id);
    for (const entry of counted) open.set(entry.id, entry.count);
  }
  const clientIds = [...new Set(rows.map((row) => row.client_id).filter((one): one is number => one !== null))];
  const names = new Map(clientIds.length ? (await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, clientIds))).map((c) => [c.id, c.name]) : []);
  return rows.map((row) => ({
    id: String(row.id),
    type: 'error_projects',
    attributes: {
      name: row.name,
      kind: row.kind as ErrorProjectKind,
      site_id: row.site_id,
      client_id: row.client_id,
      client_name: row.client_id ? (names.get(row.client_id) ?? null) : null,
      key: row.key,
      dsn_path: `${BASE}/${row.id}`,
      issues_open: open.get(row.id) ?? 0,
      events_total: row.events_total,
      last_seen: row.last_seen?.toISOString() ?? null,
      rate_limit: row.rate_limit,
      sample_percent: row.sample_percent,
    } satisfies ErrorProjectAttributes,
  }));
}

type IssueRow = typeof errorIssues.$inferSelect & { project_name: string };

async function presentIssues(db: Db, rows: IssueRow[]) {
  const ids = rows.map((row) => row.id);
  const users = new Map<number, number>();
  const browsers = new Map<number, { name: string; count: number }[]>();
  if (ids.length) {
    const tagRows = await db.select().from(errorIssueTags).where(inArray(errorIssueTags.issue_id, ids)).orderBy(desc(errorIssueTags.count));
    for (const tag of tagRows) {
      if (tag.kind === 'user') users.set(tag.issue_id, (users.get(tag.issue_id) ?? 0) + 1);
      else if (tag.kind === 'browser') {
        const list = browsers.get(tag.issue_id) ?? [];
        if (list.length < 5) list.push({ name: tag.value, count: tag.count });
        browsers.set(tag.issue_id, list);
      }
    }
  }
  return rows.map((row) => ({
    id: String(row.id),
    type: 'error_issues',
    attributes: {
      project_id: row.project_id,
      project_name: row.project_name,
      type: row.type,
      message: row.message,
      culprit: row.culprit,
      status: row.status as ErrorIssueStatus,
      count: row.count,
      users: users.get(row.id) ?? 0,
      browsers: browsers.get(row.id) ?? [],
      first_seen: row.first_seen.toISOString(),
      last_seen: row.last_seen.toISOString(),
      last_release: row.last_release,
      resolved_at: row.resolved_at?.toISOString() ?? null,
    } satisfies ErrorIssueAttributes,
  }));
}

const ISSUE_ORDER = {
  '-last_seen': [desc(errorIssues.last_seen), desc(errorIssues.id)],
  last_seen: [asc(errorIssues.last_seen), asc(errorIssues.id)],
  '-count': [desc(errorIssues.count), desc(errorIssues.id)],
  count: [asc(errorIssues.count), asc(errorIssues.id)],
  '-first_seen': [desc(errorIssues.first_seen), desc(errorIssues.id)],
  first_seen: [asc(errorIssues.first_seen), asc(errorIssues.id)],
} as const;

const paging = (query: { 'page[number]'?: number; 'page[size]'?: number }) => {
  const number = query['page[number]'] ?? 1;
  const size = query['page[size]'] ?? 25;
  return { number, size, offset: (number - 1) * size };
};

/** The error collection's routes: ingestion, and the projects, issues, events and clients staff read. */
export async function registerErrorRoutes(app: FastifyInstance, ctx: ServiceContext, collector: ErrorCollector, maps: SourceMaps) {
  const db = ctx.db;
  await registerIngestion(app, collector, maps);
  // The pages tell the reporter the share of page views to report (reporter-script.ts).
  siteRendererOf(app).errorSampleOf = async (siteId) => (await db.select({ sample: errorProjects.sample_percent }).from(errorProjects).where(eq(errorProjects.site_id, siteId)).limit(1))[0]?.sample ?? 100;
  siteRendererOf(app).siteApis.push({ prefix: SITE_ERRORS_PREFIX, maxBytes: ERROR_LIMITS.reportBytes, handle: siteErrorsApi(collector) });
  // The server's own unexpected failures (kit/errors.ts handleError): recorded without holding the answer back.
  app.decorate('onServerError', (error: unknown, request: FastifyRequest) => {
    void collector
      .ownProject('server')
      .then((project) => collector.submit(project, eventOfServerError(error, request)))
      .catch((failure: unknown) => ctx.log.warn({ err: failure }, 'server error not recorded'));
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const issueSelect = { ...getTableColumns(errorIssues), project_name: errorProjects.name };

  async function findIssue(auth: AuthContext, issueId: number): Promise<IssueRow> {
    const [row] = await db.select(issueSelect).from(errorIssues).innerJoin(errorProjects, eq(errorProjects.id, errorIssues.project_id)).where(and(eq(errorIssues.id, issueId), visibleProjects(auth)));
    if (!row) throw notFound();
    return row;
  }

  r.get(`${BASE}/api/v1/projects`, { schema: { tags, summary: 'Projects the reader sees', querystring: errorProjectListQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    // The admin's and the server's projects exist from the first look of staff.
    if (auth.internal) await Promise.all([collector.ownProject('admin'), collector.ownProject('server')]);
    const query = request.query;
    const { number, size, offset } = paging(query);
    const where = and(
      visibleProjects(auth),
      query['filter[kind]'] ? eq(errorProjects.kind, query['filter[kind]']) : undefined,
      query['filter[search]']?.trim() ? searchCondition([errorProjects.name], query['filter[search]'].trim()) : undefined,
    );
    const [rows, counted] = await Promise.all([
      db.select().from(errorProjects).where(where).orderBy(sql`case ${errorProjects.kind} when 'admin' then 0 when 'server' then 1 else 2 end`, desc(sql`${errorProjects.last_seen} is not null`), desc(errorProjects.last_seen), asc(errorProjects.id)).limit(size).offset(offset),
      db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(errorProjects).where(where),
    ]);
    return { data: await presentProjects(db, rows), meta: { page: { number, size, total: counted[0]?.total ?? 0 } } };
  });

  r.get(`${BASE}/api/v1/projects/:id`, { schema: { tags, summary: 'One project', params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const [row] = await db.select().from(errorProjects).where(and(eq(errorProjects.id, request.params.id), visibleProjects(auth)));
    if (!row) throw notFound();
    return { data: (await presentProjects(db, [row]))[0] };
  });

  // A site project's sampling (staff): its pages carry it to the reporter, the cached pages follow (migration 0054).
  r.patch(`${BASE}/api/v1/projects/:id`, { schema: { tags, summary: "A site project's settings: the share of page views reported", params: idParams, body: errorProjectPatchBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    if (!auth.internal) throw forbidden();
    const { sample_percent } = request.body.data.attributes;
    const row = await db.transaction(async (tx) => {
      const [project] = await tx.select().from(errorProjects).where(eq(errorProjects.id, request.params.id)).for('update');
      if (!project) throw notFound();
      if (project.kind !== 'site') throw new AppError(400, 'error_sampling_sites_only', undefined, '/data/attributes/sample_percent');
      const [updated] = await tx.update(errorProjects).set({ sample_percent }).where(eq(errorProjects.id, project.id)).returning();
      if (project.sample_percent !== sample_percent) {
        await recordAudit(tx, auth, { action: 'update', service: 'error-collection-system', resource: 'projects', recordId: project.id, changes: { sample_percent: [project.sample_percent, sample_percent] }, clientId: project.client_id, ip: request.ip });
      }
      return updated!;
    });
    return { data: (await presentProjects(db, [row]))[0] };
  });

  r.get(`${BASE}/api/v1/issues`, { schema: { tags, summary: 'Issues of the projects the reader sees', querystring: errorIssueListQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const query = request.query;
    const { number, size, offset } = paging(query);
    const where = and(
      visibleProjects(auth),
      query['filter[project]'] ? eq(errorIssues.project_id, query['filter[project]']) : undefined,
      query['filter[client]'] ? eq(errorProjects.client_id, query['filter[client]']) : undefined,
      query['filter[status]'] ? eq(errorIssues.status, query['filter[status]']) : undefined,
      query['filter[search]']?.trim() ? searchCondition([errorIssues.message, errorIssues.type], query['filter[search]'].trim()) : undefined,
    );
    const from = () => db.select(issueSelect).from(errorIssues).innerJoin(errorProjects, eq(errorProjects.id, errorIssues.project_id));
    const [rows, counted] = await Promise.all([
      from().where(where).orderBy(...ISSUE_ORDER[query.sort ?? '-last_seen']).limit(size).offset(offset),
      db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(errorIssues).innerJoin(errorProjects, eq(errorProjects.id, errorIssues.project_id)).where(where),
    ]);
    return { data: await presentIssues(db, rows), meta: { page: { number, size, total: counted[0]?.total ?? 0 } } };
  });

  r.get(`${BASE}/api/v1/issues/:id`, { schema: { tags, summary: 'One issue', params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    return { data: (await presentIssues(db, [await findIssue(auth, request.params.id)]))[0] };
  });

  // Resolve, ignore, open again: a resolved issue that gets a new event opens again by itself (collector.ts).
  for (const [action, status] of [['resolve', 'resolved'], ['ignore', 'ignored'], ['reopen', 'unresolved']] as const) {
    r.post(`${BASE}/api/v1/issues/:id/${action}`, { schema: { tags, summary: `${action[0]!.toUpperCase()}${action.slice(1)} an issue`, params: idParams } }, async (request) => {
      const auth = requireAuth(request.auth);
      const issue = await findIssue(auth, request.params.id);
      await db.update(errorIssues).set({ status, resolved_at: status === 'resolved' ? new Date() : null }).where(eq(errorIssues.id, issue.id));
      return { data: (await presentIssues(db, [await findIssue(auth, issue.id)]))[0] };
    });
  }

  /** Events whose own text has the text, or whose issue's frames have it. */
  const eventSearch = (text: string) =>
    or(searchCondition([errorEvents.search], text), inArray(errorEvents.issue_id, db.select({ id: errorIssues.id }).from(errorIssues).where(searchCondition([errorIssues.frames_search], text))));

  r.get(`${BASE}/api/v1/events`, { schema: { tags, summary: 'Search across events by text, project, release and time', querystring: errorEventListQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const query = request.query;
    const { number, size, offset } = paging(query);
    const where = and(
      visibleProjects(auth),
      query['filter[project]'] ? eq(errorEvents.project_id, query['filter[project]']) : undefined,
      query['filter[issue]'] ? eq(errorEvents.issue_id, query['filter[issue]']) : undefined,
      query['filter[release]']?.trim() ? eq(errorEvents.release, query['filter[release]'].trim()) : undefined,
      query['filter[from]'] ? gte(errorEvents.received_at, new Date(query['filter[from]'])) : undefined,
      query['filter[to]'] ? lte(errorEvents.received_at, new Date(query['filter[to]'])) : undefined,
      query['filter[search]']?.trim() ? eventSearch(query['filter[search]'].trim()) : undefined,
    );
    const [rows, counted] = await Promise.all([
      db
        .select({ ...getTableColumns(errorEvents), project_name: errorProjects.name })
        .from(errorEvents)
        .innerJoin(errorProjects, eq(errorProjects.id, errorEvents.project_id))
        .where(where)
        .orderBy(desc(errorEvents.id))
        .limit(size)
        .offset(offset),
      db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(errorEvents).innerJoin(errorProjects, eq(errorProjects.id, errorEvents.project_id)).where(where),
    ]);
    return {
      data: rows.map((row) => ({
        id: String(row.id),
        type: 'error_events',
        attributes: {
          project_id: row.project_id,
          project_name: row.project_name,
          issue_id: row.issue_id,
          event_id: row.event_id,
          type: row.type,
          message: row.message,
          url: row.url,
          release: row.release,
          user: row.user,
          browser: row.browser,
          level: row.level,
          frames: row.frames,
          received_at: row.received_at.toISOString(),
        } satisfies ErrorEventAttributes,
      })),
      meta: { page: { number, size, total: counted[0]?.total ?? 0 } },
    };
  });

  r.get(`${BASE}/api/v1/clients`, { schema: { tags, summary: 'Errors by client: their sites’ projects', querystring: errorClientListQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const query = request.query;
    const { number, size, offset } = paging(query);
    const where = and(
      visibleProjects(auth),
      eq(errorProjects.kind, 'site'),
      query['filter[search]']?.trim() ? searchCondition([clients.name], query['filter[search]'].trim()) : undefined,
    );
    const grouped = db
      .select({
        id: clients.id,
        name: clients.name,
        projects: sql<number>`count(distinct ${errorProjects.id})`.mapWith(Number),
        events_total: sql<number>`coalesce(sum(${errorProjects.events_total}), 0)`.mapWith(Number),
        issues_open: sql<number>`(select count(*) from error_issues i join error_projects p on p.id = i.project_id where p.client_id = ${clients.id} and i.status = 'unresolved')`.mapWith(Number),
        last_seen: sql<Date | null>`max(${errorProjects.last_seen})`.mapWith((value: string | Date | null) => (value ? new Date(value) : null)),
      })
      .from(errorProjects)
      .innerJoin(clients, eq(clients.id, errorProjects.client_id))
      .where(where)
      .groupBy(clients.id, clients.name);
    const [rows, counted] = await Promise.all([
      grouped.orderBy(desc(sql`max(${errorProjects.last_seen}) is not null`), desc(sql`max(${errorProjects.last_seen})`), asc(clients.name)).limit(size).offset(offset),
      db.select({ total: sql<number>`count(distinct ${errorProjects.client_id})`.mapWith(Number) }).from(errorProjects).innerJoin(clients, eq(clients.id, errorProjects.client_id)).where(where),
    ]);
    return {
      data: rows.map((row) => ({
        id: String(row.id),
        type: 'error_clients',
        attributes: { name: row.name, projects: row.projects, issues_open: row.issues_open, events_total: row.events_total, last_seen: row.last_seen?.toISOString() ?? null } satisfies ErrorClientAttributes,
      })),
      meta: { page: { number, size, total: counted[0]?.total ?? 0 } },
    };
  });
}
