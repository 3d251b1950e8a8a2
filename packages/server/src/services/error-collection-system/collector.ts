import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ErrorProjectKind } from '@dp/contracts';
import { Batcher } from '../../kit/batcher.ts';
import type { ServiceContext } from '../../kit/context.ts';
import type { Db } from '../../kit/db.ts';
import { hitRateLimitsOfMany } from '../../kit/rate-limit.ts';
import { sites } from '../sites.context/site.table.ts';
import { culpritOf, fingerprintOf, stableFile } from './errors.grouping.ts';
import { errorProjects } from './errors.table.ts';
import type { ErrorEvent } from './events.ts';

export type ErrorProject = typeof errorProjects.$inferSelect;

/** An issue the collector has just created: what a notification of a new issue needs. */
export interface NewErrorIssue {
  id: number;
  project: Pick<ErrorProject, 'id' | 'name' | 'kind' | 'site_id' | 'client_id'>;
  type: string;
  message: string;
  culprit: string | null;
}
export type NewIssueListener = (issue: NewErrorIssue) => void | Promise<void>;

/** The rate limits' window: a project's `rate_limit` is per minute. */
const RATE_WINDOW_SECONDS = 60;
/** Events of a project between two checks of its cap. */
const CAP_CHECK_EVERY = 500;

const newKey = () => randomBytes(16).toString('hex');

/**
 * The error collection's writer: events arriving together are counted against their projects'
 * limits, grouped into issues and stored in one transaction per batch (kit/batcher.ts), so the
 * intake keeps up with thousands of events a second on one connection. New issues are announced
 * to `onNewIssue` listeners after the batch commits.
 */
export class ErrorCollector {
  private readonly batcher: Batcher<{ project: ErrorProject; event: ErrorEvent }, { status: 'accepted' } | { status: 'limited'; retryAfter: number }>;
  private readonly listeners: NewIssueListener[] = [];
  private readonly byKey = new Map<string, { project: ErrorProject; at: number }>();
  private readonly sinceCap = new Map<number, number>();

  constructor(private readonly ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>) {
    // One batch at a time: every batch writes the same hot rows (the projects' rate-limit counters
    // and totals, the busy issues), so a second one only waited on its locks, and halved the batches.
    this.batcher = new Batcher((items) => this.write(items), { max: 500, concurrency: 1 });
  }

  /** The point where a new issue is announced (a notification of a new issue subscribes here). */
  onNewIssue(listener: NewIssueListener) {
    this.listeners.push(listener);
  }

  /** Stores one event of a project: accepted, or refused past the project's rate limit. */
  submit(project: ErrorProject, event: ErrorEvent) {
    return this.batcher.submit({ project, event });
  }

  /** The project of a DSN key (a minute's cache: keys do not change). */
  async projectOfKey(key: string): Promise<ErrorProject | null> {
    const cached = this.byKey.get(key);
    if (cached && Date.now() - cached.at < 60_000) return cached.project;
    const [project] = await this.ctx.db.select().from(errorProjects).where(eq(errorProjects.key, key));
    if (project) this.byKey.set(key, { project, at: Date.now() });
    return project ?? null;
  }

  /** The admin's or the server's project, created on first use. */
  async ownProject(kind: Exclude<ErrorProjectKind, 'site'>): Promise<ErrorProject> {
    const cacheKey = `kind:${kind}`;
    const cached = this.byKey.get(cacheKey);
    if (cached) return cached.project;
    let [project] = await this.ctx.db.select().from(errorProjects).where(eq(errorProjects.kind, kind));
    if (!project) {
      await this.ctx.db
        .insert(errorProjects)
        .values({ kind, name: kind === 'admin' ? 'Admin' : 'Server', key: newKey() })
        .onConflictDoNothing({ target: errorProjects.kind, where: sql`kind <> 'site'` });
      [project] = await this.ctx.db.select().from(errorProjects).where(eq(errorProjects.kind, kind));
    }
    this.byKey.set(cacheKey, { project: project!, at: Date.now() });
    return project!;
  }

  /** A site's project, created when the site first reports (or staff open its project). */
  async siteProject(siteId: number): Promise<ErrorProject | null> {
    const cacheKey = `site:${siteId}`;
    const cached = this.byKey.get(cacheKey);
    if (cached && Date.now() - cached.at < 60_000) return cached.project;
    let [project] = await this.ctx.db.select().from(errorProjects).where(eq(errorProjects.site_id, siteId));
    if (!project) {
      const [site] = await this.ctx.db.select({ id: sites.id, name: sites.name, client_id: sites.client_id }).from(sites).where(eq(sites.id, siteId));
      if (!site) return null;
      await this.ctx.db.insert(errorProjects).values({ kind: 'site', name: site.name, site_id: site.id, client_id: site.client_id, key: newKey() }).onConflictDoNothing({ target: errorProjects.site_id });
      [project] = await this.ctx.db.select().from(errorProjects).where(eq(errorProjects.site_id, siteId));
    }
    if (project) this.byKey.set(cacheKey, { project, at: Date.now() });
    return project ?? null;
  }

  private async write(items: { project: ErrorProject; event: ErrorEvent }[]) {
    const db = this.ctx.db;
    const refusals = await hitRateLimitsOfMany(
      db,
      items.map(({ project }) => [{ key: `errors:${project.id}`, limit: { max: project.rate_limit, windowSeconds: RATE_WINDOW_SECONDS } }]),
    );
    const accepted = items.filter((_item, i) => !refusals[i]);
    const created = accepted.length ? await this.store(db, accepted) : [];
    for (const issue of created) for (const listener of this.listeners) Promise.resolve(listener(issue)).catch((error: unknown) => this.ctx.log.error({ err: error }, 'new error issue listener failed'));
    return refusals.map((refusal) => (refusal ? { status: 'limited' as const, retryAfter: Number(refusal.headers?.['retry-after'] ?? RATE_WINDOW_SECONDS) } : { status: 'accepted' as const }));
  }

  /**
   * One statement (so one transaction and one round trip): the issues upserted (a resolved one
   * opens again), the events, the users and browsers, the projects' totals. The events and tags
   * find their issue's id by project and fingerprint in the upsert's returned rows.
   */
  private async store(db: Db, items: { project: ErrorProject; event: ErrorEvent }[]): Promise<NewErrorIssue[]> {
    const now = new Date();
    type Group = { project: ErrorProject; fingerprint: string; first: ErrorEvent; last: ErrorEvent; count: number };
    const groups = new Map<string, Group>();
    const keyed = items.map(({ project, event }) => {
      const fingerprint = fingerprintOf(event.type, event.message, event.frames);
      const key = `${project.id}|${fingerprint}`;
      const group = groups.get(key);
      if (group) {
        group.count++;
        group.last = event;
      } else groups.set(key, { project, fingerprint, first: event, last: event, count: 1 });
      return { project, event, fingerprint };
    });
    // Rows in one order in every process, so that two batches never wait on each other in a circle.
    const byKey = <T>(rows: [string, T][]) => rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    const issueRows = byKey([...groups.entries()]).map((group) => ({
      project_id: group.project.id,
      fingerprint: group.fingerprint,
      type: group.first.type,
      message: group.first.message || group.first.type,
      culprit: culpritOf(group.first.frames),
      count: group.count,
      last_release: group.last.release,
      frames_search: framesSearch(group.first.frames),
    }));
    const eventRows = keyed.map(({ project, event, fingerprint }, n) => ({
      n,
      project_id: project.id,
      fingerprint,
      event_id: event.eventId,
      type: event.type,
      message: event.message,
      url: event.url,
      release: event.release,
      user: event.user,
      browser: event.browser,
      level: event.level,
      frames: event.frames,
      search: [event.type, event.message, event.url ?? '', event.release ?? ''].join(' ').slice(0, 4000),
    }));
    const tags = new Map<string, { project_id: number; fingerprint: string; kind: string; value: string; count: number }>();
    for (const { project, event, fingerprint } of keyed) {
      for (const [kind, value] of [['user', event.user], ['browser', event.browser]] as const) {
        if (!value) continue;
        const tagKey = `${project.id}|${fingerprint}|${kind}|${value}`;
        const tag = tags.get(tagKey) ?? { project_id: project.id, fingerprint, kind, value, count: 0 };
        tag.count++;
        tags.set(tagKey, tag);
      }
    }
    const perProject = new Map<number, number>();
    for (const { project } of items) perProject.set(project.id, (perProject.get(project.id) ?? 0) + 1);
    const projectRows = [...perProject].sort(([a], [b]) => a - b).map(([id, count]) => ({ id, count }));
    // Each table's rows go as one JSON parameter (jsonb_to_recordset): a batch of hundreds of events
    // costs one parameter per table to build and send instead of one per value.
    const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
    const result = await db.execute(sql`
      with issues as (
        insert into error_issues (project_id, fingerprint, type, message, culprit, count, first_seen, last_seen, last_release, frames_search)
        select x.project_id, x.fingerprint, x.type, x.message, x.culprit, x.count, ${now}, ${now}, x.last_release, x.frames_search
        from jsonb_to_recordset(${json(issueRows)}) as x(project_id int, fingerprint text, type text, message text, culprit text, count bigint, last_release text, frames_search text)
        on conflict (project_id, fingerprint) do update set
          count = error_issues.count + excluded.count,
          last_seen = greatest(error_issues.last_seen, excluded.last_seen),
          last_release = coalesce(excluded.last_release, error_issues.last_release),
          -- Reappearance: a resolved issue that gets a new event is open again; an ignored one stays ignored.
          status = case when error_issues.status = 'resolved' then 'unresolved' else error_issues.status end,
          resolved_at = case when error_issues.status = 'resolved' then null else error_issues.resolved_at end
        returning id, project_id, fingerprint, (xmax = 0) as inserted
      ), events as (
        insert into error_events (project_id, issue_id, event_id, type, message, url, release, "user", browser, level, frames, search, received_at)
        select x.project_id, i.id, x.event_id, x.type, x.message, x.url, x.release, x."user", x.browser, x.level, x.frames, x.search, ${now}
        from jsonb_to_recordset(${json(eventRows)}) as x(n int, project_id int, fingerprint text, event_id text, type text, message text, url text, release text, "user" text, browser text, level text, frames jsonb, search text)
        join issues i on i.project_id = x.project_id and i.fingerprint = x.fingerprint
        -- In the order the events came: their ids say which is an issue's latest.
        order by x.n
      ), tags as (
        insert into error_issue_tags (issue_id, kind, value, count)
        select i.id, x.kind, x.value, x.count
        from jsonb_to_recordset(${json(byKey([...tags.entries()]))}) as x(project_id int, fingerprint text, kind text, value text, count bigint)
        join issues i on i.project_id = x.project_id and i.fingerprint = x.fingerprint
        on conflict (issue_id, kind, value) do update set count = error_issue_tags.count + excluded.count
      ), projects as (
        update error_projects p set events_total = p.events_total + x.count, last_seen = ${now}
        from jsonb_to_recordset(${json(projectRows)}) as x(id int, count bigint) where p.id = x.id
      )
      select id, project_id, fingerprint, inserted from issues`);
    const created: NewErrorIssue[] = [];
    for (const row of (result as unknown as { rows: { id: number; project_id: number; fingerprint: string; inserted: boolean }[] }).rows) {
      if (!row.inserted) continue;
      const group = groups.get(`${row.project_id}|${row.fingerprint}`)!;
      const { id, name, kind, site_id, client_id } = group.project;
      created.push({ id: Number(row.id), project: { id, name, kind, site_id, client_id }, type: group.first.type, message: group.first.message, culprit: culpritOf(group.first.frames) });
    }
    await this.keepCaps(items.map(({ project }) => project.id));
    return created;
  }

  /** Every CAP_CHECK_EVERY events of a project, its oldest events past the cap are dropped. */
  private async keepCaps(projectIds: number[]) {
    for (const projectId of projectIds) this.sinceCap.set(projectId, (this.sinceCap.get(projectId) ?? 0) + 1);
    for (const [projectId, count] of this.sinceCap) {
      if (count < CAP_CHECK_EVERY) continue;
      this.sinceCap.set(projectId, 0);
      await capProjectEvents(this.ctx.db, projectId, this.ctx.config.errors.eventsPerProject);
    }
  }
}

/**
 * The top frames' functions and files an issue's events are searched by. They are the same for
 * every event of the issue (its fingerprint holds them), so they are indexed once with the issue,
 * not with every event: their trigrams were most of the database's work per event.
 */
function framesSearch(frames: ErrorEvent['frames']): string {
  return frames
    .slice(0, 10)
    .map((frame) => `${frame.function ?? ''} ${stableFile(frame.file)}`)
    .join(' ')
    .slice(0, 4000);
}

/** Drops a project's oldest events past `cap` (the issues keep their counts). */
export async function capProjectEvents(db: Db, projectId: number, cap: number): Promise<void> {
  await db.execute(sql`
    delete from error_events where project_id = ${projectId} and id <= (
      select id from error_events where project_id = ${projectId} order by id desc offset ${cap} limit 1)`);
}

/**
 * The retention job: events older than the configured days are deleted, and every project held to
 * its cap; issues keep their counts, and an issue left with no event stays (its history).
 */
export async function applyRetention(db: Db, config: { retentionDays: number; eventsPerProject: number }): Promise<void> {
  const before = new Date(Date.now() - config.retentionDays * 24 * 3600 * 1000);
  // In slices, so that a long backlog never holds one huge transaction.
  for (;;) {
    const result = await db.execute(sql`delete from error_events where id in (select id from error_events where received_at < ${before} limit 5000) returning 1 as one`);
    if ((result as unknown as { rows: unknown[] }).rows.length < 5000) break;
  }
  const projects = await db.select({ id: errorProjects.id }).from(errorProjects);
  for (const project of projects) await capProjectEvents(db, project.id, config.eventsPerProject);
}
