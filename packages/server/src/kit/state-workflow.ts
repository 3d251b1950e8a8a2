import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { encodeMessage, hasPermission, id, isoDateTime, permissionText, STATE_STATUS, type ServiceName } from '@dp/contracts';
import type { ServiceContext } from './context.ts';
import type { DbOrTx, Tx } from './db.ts';
import { recordAudit } from './audit.ts';
import { AppError } from './errors.ts';
import { toRecord } from './jsonapi.ts';
import { assertTenantWritable, findScoped, type ResourceHooks, type ResourceRegistry, type Row } from './crud-routes.ts';
import { requireAuth, type AuthContext } from './request-context.ts';

/** Spec 000 §4 publication status of a state. */
export const PUBLICATION_STATUS = { inProgress: 1, success: 2, error: 3, cannotGet: 4 } as const;

/** The job that publishes a state at its chosen moment. */
export const PUBLISH_STATE_JOB = 'content.publish-state';

export type StatesTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  version: PgColumn;
  superseded_at: PgColumn;
  publish_at: PgColumn;
  publish_job_id: PgColumn;
  publication_status: PgColumn;
  /** The site of a site's content (pages, stages); a client's or the platform's states have none. */
  site_id?: PgColumn;
};

/**
 * A kind of workflow state (page, layout, stage states; loan programme states): draft (1)
 * → submitted (2) → published (3) with copy, unpublish, publication by time and kept versions
 * (DESIGN.md §10). Each service declares one and gets the routes and hooks below.
 */
export interface WorkflowDef {
  /** The states resource, as declared in contracts (its service and name: the routes' path). */
  resource: { service: ServiceName; name: string };
  states: StatesTable;
  /** The column naming the owner (page_id of page states). */
  owner: PgColumn;
  /** Fields a copy or a restore takes over (the content, not the workflow columns). */
  contentFields: string[];
  /** The code that publishes, unpublishes and schedules on every site (the write code alone does not). */
  publishPermission: string;
  /**
   * Whether a state is published only after submission (a site's strict_publishing, read from the
   * state's site); absent: a holder of the publishing permission publishes a draft too.
   */
  isStrict?(tx: DbOrTx, state: Row): Promise<boolean>;
  /** After a publish or unpublish: the public renderer drops what it caches for the site. */
  onPublicationChange?(tx: DbOrTx, state: Row): Promise<void>;
  /** Refuses every write to the states of an owner that cannot change (a page copied from a master: origin_id). */
  assertOwnerEditable?(tx: DbOrTx, state: Row): Promise<void>;
}

export interface WorkflowActor {
  auth: Pick<AuthContext, 'userId' | 'clientId' | 'permissions' | 'tokenId'>;
  ip: string | null;
}

const conflict = (key: 'state_not_draft' | 'state_already_published' | 'state_not_published' | 'state_not_submitted' | 'state_kept_version') => new AppError(409, key);

/** The current published state of the owner, if any (the kept versions have `superseded_at`). */
export async function currentPublished(tx: DbOrTx, def: WorkflowDef, ownerId: number): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(def.states)
    .where(and(eq(def.owner, ownerId), eq(def.states.status, STATE_STATUS.published), isNull(def.states.superseded_at)))
    .limit(1);
  return (row as Row | undefined) ?? null;
}

/** A draft can be changed or deleted; a submitted or published state cannot (spec 000 §4). */
export function assertDraft(state: Row) {
  if (state.status !== STATE_STATUS.draft) throw conflict('state_not_draft');
}

async function audit(tx: DbOrTx, def: WorkflowDef, actor: WorkflowActor, action: string, state: Row, changes: Record<string, unknown> = {}) {
  await recordAudit(tx, actor.auth, {
    action,
    service: def.resource.service,
    resource: def.resource.name,
    recordId: state.id,
    changes: { status: state.status, ...changes },
    clientId: state.client_id as number,
    ip: actor.ip,
  });
}

async function update(tx: DbOrTx, def: WorkflowDef, stateId: number, values: Record<string, unknown>): Promise<Row> {
  const [row] = await tx
    .update(def.states)
    .set({ ...values, updated_at: new Date() } as never)
    .where(eq(def.states.id, stateId))
    .returning();
  return row as Row;
}

/** draft → submitted. */
export async function submitState(tx: DbOrTx, def: WorkflowDef, actor: WorkflowActor, state: Row): Promise<Row> {
  assertDraft(state);
  const submitted = await update(tx, def, state.id, { status: STATE_STATUS.submitted, submitted_by: actor.auth.userId });
  await audit(tx, def, actor, 'submit', submitted);
  return submitted;
}

/** The publishing permission by its name in each language, as the refusal's parameters. */
function publishingPermissionNames(def: WorkflowDef) {
  const name = (lang: 'ru' | 'en') => permissionText(def.resource.service, def.publishPermission, lang)?.name ?? def.publishPermission;
  return { permission_ru: name('ru'), permission_en: name('en') };
}

/**
 * Who may publish, unpublish and schedule: a holder of the publishing permission, on every site
 * (the write code alone does not publish). 403 names the permission by its name.
 */
export function assertMayPublish(def: WorkflowDef, actor: WorkflowActor) {
  if (!hasPermission(actor.auth.permissions, def.resource.service, def.publishPermission))
    throw new AppError(403, 'publishing_permission', publishingPermissionNames(def));
}

/**
 * Whether `state` may be published now by `actor`: a holder of the publishing permission, not the
 * published one, not a kept version (restore makes a draft of it), and with strict publishing (the
 * site's review step) a submitted one.
 */
export async function assertPublishable(tx: DbOrTx, def: WorkflowDef, actor: WorkflowActor, state: Row) {
  assertMayPublish(def, actor);
  if (state.status === STATE_STATUS.published) throw conflict(state.superseded_at == null ? 'state_already_published' : 'state_kept_version');
  if (def.isStrict && (await def.isStrict(tx, state)) && state.status !== STATE_STATUS.submitted) throw conflict('state_not_submitted');
}

/**
 * Publishes a state unless it is the published one: the owner's previous published state is
 * kept as a version (superseded), this one gets the next version number.
 */
export async function publishState(tx: DbOrTx, def: WorkflowDef, actor: WorkflowActor, state: Row): Promise<Row> {
  await assertPublishable(tx, def, actor, state);
  const ownerId = state[ownerKey(def)] as number;
  // The owner's states are locked: two publications at once cannot both become the current one.
  await tx.select({ id: def.states.id }).from(def.states).where(eq(def.owner, ownerId)).for('update');
  const now = new Date();
  await tx
    .update(def.states)
    .set({ superseded_at: now, updated_at: now } as never)
    .where(and(eq(def.owner, ownerId), eq(def.states.status, STATE_STATUS.published), isNull(def.states.superseded_at)));
  const [{ last }] = (await tx.select({ last: max(def.states.version) }).from(def.states).where(eq(def.owner, ownerId))) as [{ last: number | null }];
  const published = await update(tx, def, state.id, {
    status: STATE_STATUS.published,
    version: (last ?? 0) + 1,
    published_at: now,
    published_by: actor.auth.userId,
    superseded_at: null,
    publish_at: null,
    publish_job_id: null,
    publication_status: PUBLICATION_STATUS.success,
    publication_error: null,
  });
  await audit(tx, def, actor, 'publish', published, { version: published.version });
  await def.onPublicationChange?.(tx, published);
  return published;
}

/**
 * The published state goes off the site; it stays as a kept version. What is on the site changes
 * only by a holder of the publishing permission, taking off included.
 */
export async function unpublishState(tx: DbOrTx, def: WorkflowDef, actor: WorkflowActor, state: Row): Promise<Row> {
  assertMayPublish(def, actor);
  if (state.status !== STATE_STATUS.published || state.superseded_at != null) throw conflict('state_not_published');
  const unpublished = await update(tx, def, state.id, { superseded_at: new Date() });
  await audit(tx, def, actor, 'unpublish', unpublished);
  await def.onPublicationChange?.(tx, unpublished);
  return unpublished;
}

/** A new draft with the content of `state` (copy, or restore of a kept version). */
export async function copyState(tx: DbOrTx, def: WorkflowDef, actor: WorkflowActor, state: Row, action = 'copy'): Promise<Row> {
  const content = Object.fromEntries(def.contentFields.map((field) => [field, state[field]]));
  const [created] = await tx
    .insert(def.states)
    .values({
      ...content,
      [ownerKey(def)]: state[ownerKey(def)],
      ...(def.states.site_id ? { site_id: state.site_id } : {}),
      client_id: state.client_id,
      status: STATE_STATUS.draft,
      copied_from_id: state.id,
      created_by: actor.auth.userId,
    } as never)
    .returning();
  await audit(tx, def, actor, action, created as Row, { copied_from_id: state.id });
  return created as Row;
}

/**
 * Publication at a chosen moment (a pg-boss job). The rules of publishing are checked now, for
 * the person scheduling, and again when the job runs; the state shows "in progress". The job is
 * queued after the transaction commits (`queuePublication`): PGlite runs one transaction at a
 * time, and a job must never name a moment its state does not hold.
 */
export async function schedulePublication(tx: DbOrTx, def: WorkflowDef, actor: WorkflowActor, state: Row, at: Date): Promise<{ state: Row; previousJobId: string | null }> {
  if (at.getTime() <= Date.now()) throw new AppError(400, 'publish_at_in_past', undefined, '/data/publish_at');
  await assertPublishable(tx, def, actor, state);
  const scheduled = await update(tx, def, state.id, { publish_at: at, publish_job_id: null, publication_status: PUBLICATION_STATUS.inProgress, publication_error: null });
  await audit(tx, def, actor, 'schedule', scheduled, { publish_at: at.toISOString() });
  return { state: scheduled, previousJobId: (state.publish_job_id as string | null) ?? null };
}

/**
 * After the commit of a schedule: cancels the job of an earlier moment and queues the new one. A
 * queue that refuses leaves the state with publication status "has error".
 */
export async function queuePublication(ctx: ServiceContext, def: WorkflowDef, actor: WorkflowActor, state: Row, previousJobId: string | null): Promise<Row> {
  if (previousJobId) await ctx.jobs.cancel(PUBLISH_STATE_JOB, previousJobId).catch(() => undefined);
  const at = new Date(state.publish_at as Date | string);
  const sameMoment = and(eq(def.states.id, state.id), eq(def.states.publish_at, at));
  try {
    const jobId = await ctx.jobs.send(
      PUBLISH_STATE_JOB,
      { resource: `${def.resource.service}/${def.resource.name}`, state_id: state.id, publish_at: at.toISOString(), user_id: actor.auth.userId, client_id: actor.auth.clientId },
      { startAfter: at },
    );
    const [row] = await ctx.db.update(def.states).set({ publish_job_id: jobId } as never).where(sameMoment).returning();
    return (row as Row | undefined) ?? state;
  } catch (error) {
    ctx.log.error({ err: error, state: state.id }, 'publication could not be queued');
    const [row] = await ctx.db
      .update(def.states)
      .set({ publication_status: PUBLICATION_STATUS.error, publication_error: 'publication_queue_refused' } as never)
      .where(sameMoment)
      .returning();
    return (row as Row | undefined) ?? state;
  }
}

/** Cancels a publication by time; the job is cancelled after the commit (the answer's `jobId`). */
export async function cancelPublication(tx: DbOrTx, def: WorkflowDef, actor: WorkflowActor, state: Row): Promise<{ state: Row; jobId: string | null }> {
  assertMayPublish(def, actor);
  const cancelled = await update(tx, def, state.id, { publish_at: null, publish_job_id: null, publication_status: null, publication_error: null });
  await audit(tx, def, actor, 'cancel_schedule', cancelled);
  return { state: cancelled, jobId: (state.publish_job_id as string | null) ?? null };
}

/** The owner's column name in the states table (page_id). */
const ownerKey = (def: WorkflowDef) => def.owner.name;

/** How long a scheduled state may wait for its job to be queued (after the commit) before it counts as lost. */
const QUEUE_GRACE_MS = 60_000;

/** The state of a job in pg-boss (waiting, running, or archived after it ended); null when the queue holds no such job. */
async function jobState(db: DbOrTx, id: string): Promise<string | null> {
  const result = (await db.execute(sql`
    select state from pgboss.job where name = ${PUBLISH_STATE_JOB} and id = ${id}::uuid
    union all select state from pgboss.archive where name = ${PUBLISH_STATE_JOB} and id = ${id}::uuid
    limit 1`)) as unknown as { rows: { state: string }[] };
  return result.rows[0]?.state ?? null;
}

/**
 * Keeps the publication status of scheduled states truthful when they are read (spec 000 §4):
 * a state "in progress" whose job the queue no longer holds (removed, archived and deleted after
 * its retention, cancelled behind our back, ended without a word, or never queued a minute after
 * its moment) becomes 4 "cannot get"; one whose job failed (pg-boss 10 also fails a job that ran
 * out of time), 3 "has error". The change is written only while the state still waits for that job, so
 * a publication that just happened (status 2) is never overwritten.
 */
export async function checkPublicationJobs(db: DbOrTx, states: StatesTable, rows: Row[]) {
  for (const row of rows) {
    if (row.publication_status !== PUBLICATION_STATUS.inProgress || !row.publish_at) continue;
    const jobId = (row.publish_job_id as string | null) ?? null;
    let outcome: { status: number; error: string } | null = null;
    if (!jobId) {
      if (new Date(row.publish_at as Date | string).getTime() + QUEUE_GRACE_MS < Date.now()) outcome = { status: PUBLICATION_STATUS.cannotGet, error: 'publication_job_lost' };
    } else {
      const state = await jobState(db, jobId).catch(() => 'unknown');
      if (state === 'failed') outcome = { status: PUBLICATION_STATUS.error, error: 'publication_job_failed' };
      else if (state === null || state === 'cancelled' || state === 'completed') outcome = { status: PUBLICATION_STATUS.cannotGet, error: 'publication_job_lost' };
    }
    if (!outcome) continue;
    const [changed] = await db
      .update(states)
      .set({ publication_status: outcome.status, publication_error: outcome.error } as never)
      .where(and(eq(states.id, row.id), eq(states.publication_status, PUBLICATION_STATUS.inProgress), jobId ? eq(states.publish_job_id, jobId) : isNull(states.publish_job_id)))
      .returning();
    if (changed) Object.assign(row, { publication_status: outcome.status, publication_error: outcome.error });
  }
}

/** The hooks of a states resource: created as drafts; only drafts change or go; publication status checked when read. */
export function workflowHooks(states?: StatesTable): ResourceHooks {
  return {
    ...(states ? { decorate: (rows: Row[], { db }: { db: DbOrTx }) => checkPublicationJobs(db, states, rows) } : {}),
    beforeCreate: (attrs, { auth }) => ({ ...attrs, status: STATE_STATUS.draft, created_by: auth.userId }),
    beforeUpdate(attrs, { existing }) {
      assertDraft(existing);
      return attrs;
    },
    beforeDelete({ existing }) {
      assertDraft(existing);
    },
  };
}

/** Workflows by "service/name", for the publication job. */
export class WorkflowRegistry {
  private defs = new Map<string, WorkflowDef>();
  add(def: WorkflowDef) {
    this.defs.set(`${def.resource.service}/${def.resource.name}`, def);
  }
  get(key: string) {
    return this.defs.get(key);
  }
}

/**
 * The job of a publication by time: publishes as the person who scheduled it, with that person's
 * permissions now; a refusal or an error leaves the state unpublished with status "has error".
 * A job whose moment the state no longer holds (cancelled, rescheduled, published by hand,
 * deleted) does nothing.
 */
export async function runScheduledPublication(
  ctx: ServiceContext,
  workflows: WorkflowRegistry,
  data: { resource: string; state_id: number; publish_at?: string; user_id: number; client_id: number | null },
  loadPermissions: (db: DbOrTx, userId: number) => Promise<Record<string, string[]>>,
) {
  const def = workflows.get(data.resource);
  if (!def) return;
  const holdsMoment = (state: Row | undefined) =>
    !!state?.publish_at && (!data.publish_at || new Date(state.publish_at as Date | string).getTime() === new Date(data.publish_at).getTime());
  try {
    await ctx.db.transaction(async (tx) => {
      const [state] = await tx.select().from(def.states).where(eq(def.states.id, data.state_id)).limit(1).for('update');
      if (!holdsMoment(state as Row | undefined)) return;
      const permissions = await loadPermissions(tx, data.user_id);
      await publishState(tx, def, { auth: { userId: data.user_id, clientId: data.client_id, permissions }, ip: null }, state as Row);
    });
  } catch (error) {
    const message = error instanceof AppError ? encodeMessage(error.key, error.params) : 'internal';
    const conditions = [eq(def.states.id, data.state_id), ...(data.publish_at ? [eq(def.states.publish_at, new Date(data.publish_at))] : [])];
    await ctx.db
      .update(def.states)
      .set({ publication_status: PUBLICATION_STATUS.error, publication_error: message, publish_job_id: null } as never)
      .where(and(...conditions));
    ctx.log.warn({ err: error, state: data }, 'scheduled publication failed');
  }
}

const scheduleBody = z.strictObject({ data: z.strictObject({ publish_at: isoDateTime() }) });

/**
 * The workflow routes of a states resource, beside its CRUD routes:
 * POST {states}/{id}/submit | publish | unpublish | copy | restore, POST and DELETE {states}/{id}/schedule.
 * Restore is copy under another name: a kept version comes back as a new draft.
 */
export function registerWorkflowRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry, def: WorkflowDef) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const binding = registry.get(def.resource);
  const base = `/gateway/${def.resource.service}/api/v1/${def.resource.name}`;
  const tags = [def.resource.service];
  const attributes = Object.keys(binding.resource.entity.shape);
  const params = z.object({ id: id() });
  const reply = (row: Row) => ({ data: toRecord(def.resource.name, row, attributes) });

  /** Finds the state in the caller's scope, checks the site may change it, runs `work` in one transaction. */
  const onState = <T>(request: FastifyRequest, stateId: number, work: (tx: Tx, actor: WorkflowActor, state: Row) => Promise<T>) => {
    const auth = requireAuth(request.auth);
    return ctx.db.transaction(async (tx) => {
      const state = await findScoped(tx, binding, stateId, auth);
      // A state the caller reads but may not change (one of the platform's shared records) is refused.
      assertTenantWritable(binding, auth, state);
      if (binding.siteOwned) await binding.siteOwned.assertEditable(tx, auth, state.site_id as number);
      await def.assertOwnerEditable?.(tx, state);
      return work(tx, { auth, ip: request.ip }, state);
    });
  };
  const action = (name: string, work: (tx: Tx, actor: WorkflowActor, state: Row) => Promise<Row>) =>
    r.post(`${base}/:id/${name}`, { schema: { tags, summary: `${name} a state of ${def.resource.name}`, params } }, async (request) =>
      reply(await onState(request, request.params.id, work)),
    );

  action('submit', (tx, actor, state) => submitState(tx, def, actor, state));
  action('publish', (tx, actor, state) => publishState(tx, def, actor, state));
  action('unpublish', (tx, actor, state) => unpublishState(tx, def, actor, state));
  action('copy', (tx, actor, state) => copyState(tx, def, actor, state));
  action('restore', (tx, actor, state) => {
    if (state.status !== STATE_STATUS.published) throw conflict('state_not_published');
    return copyState(tx, def, actor, state, 'restore');
  });
  r.post(`${base}/:id/schedule`, { schema: { tags, summary: `Publish a state of ${def.resource.name} at a time`, params, body: scheduleBody } }, async (request) => {
    const actor = { auth: requireAuth(request.auth), ip: request.ip };
    const done = await onState(request, request.params.id, (tx, a, state) => schedulePublication(tx, def, a, state, new Date(request.body.data.publish_at)));
    return reply(await queuePublication(ctx, def, actor, done.state, done.previousJobId));
  });
  r.delete(`${base}/:id/schedule`, { schema: { tags, summary: `Cancel the publication by time`, params } }, async (request) => {
    const done = await onState(request, request.params.id, (tx, actor, state) => cancelPublication(tx, def, actor, state));
    if (done.jobId) await ctx.jobs.cancel(PUBLISH_STATE_JOB, done.jobId).catch(() => undefined);
    return reply(done.state);
  });
}

/** The kept versions of an owner, newest first (published states, the current one included). */
export async function listVersions(db: DbOrTx, def: WorkflowDef, ownerId: number) {
  return db
    .select()
    .from(def.states)
    .where(and(eq(def.owner, ownerId), eq(def.states.status, STATE_STATUS.published)))
    .orderBy(desc(def.states.version));
}
