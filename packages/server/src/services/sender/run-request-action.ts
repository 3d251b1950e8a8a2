import { and, eq, lt, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { REQUEST_ACTION_JOB } from '../request.storage/intake.ts';
import { requestActions, requests } from '../request.storage/request.table.ts';
import { asFailure, ActionFailure } from './action-failure.ts';
import { requiredAction } from './lost-requests.ts';
import { requestContext } from './request-values.ts';
import { sendEmailAction } from './send-email-action.ts';
import { proxyTarget, sendProxyAction } from './send-proxy-action.ts';

/**
 * The executor of request actions (docs/decisions/sender.md, "How are actions executed?"): the job
 * `request.action` `{ request_action_id }` that request.storage's intake sends for every action of
 * a request runs the e-mail template or the proxy action (a site's or a central one), and keeps the
 * row: `success`; or, after a failure worth another try, `pending` with a new job after a back-off
 * doubling from `retryBaseMs`, until `attempts` runs; then (or at once for a final failure)
 * `failed` with `last_error`. A sweep queues again the pending rows whose job was never sent or is
 * gone.
 */
export { REQUEST_ACTION_JOB };
/** Actions a worker runs at a time (its service's batchSizes, services.ts): a CRM that is down must not leave the retries of a busy day hours behind. */
export const REQUEST_ACTION_BATCH = 50;
export const SWEEP_JOB = 'sender.sweep';
/** Every 5 minutes (UTC). */
export const SWEEP_SCHEDULE = '*/5 * * * *';

export interface SenderSettings {
  /** Runs of an action in all, the first included. */
  attempts: number;
  /** The wait before the second run; it doubles for each next one. */
  retryBaseMs: number;
  /** A proxy action's whole exchange. */
  timeoutMs: number;
  /** A pending row without a live job this old is queued again by the sweep. */
  sweepAfterMs: number;
}
const settings = new WeakMap<object, SenderSettings>();
/** The executor's settings of an app (tests shorten the back-off). */
export function senderSettings(ctx: object): SenderSettings {
  let own = settings.get(ctx);
  if (!own) settings.set(ctx, (own = { attempts: 5, retryBaseMs: 60_000, timeoutMs: 10_000, sweepAfterMs: 5 * 60_000 }));
  return own;
}

type ActionRow = typeof requestActions.$inferSelect;
type Ctx = Pick<ServiceContext, 'db' | 'mailer' | 'jobs' | 'log' | 'notifier'>;

/** Runs the action once; throws an ActionFailure (or what the transport threw) when it did not go. */
async function performAction(ctx: Ctx, row: ActionRow): Promise<void> {
  const [request] = await ctx.db.select().from(requests).where(eq(requests.id, row.request_id)).limit(1);
  if (!request) throw new ActionFailure('sender_action_request_deleted', {}, true);
  const context = await requestContext(ctx.db, request);
  if (row.kind === 'email_action') return sendEmailAction(ctx, row.action_id, request, context);
  // A site's proxy action or the platform's central one: the same post, to its own target.
  if (row.kind === 'proxy_action' || row.kind === 'central_proxy_action') return sendProxyAction(await proxyTarget(ctx.db, row.kind, row.action_id, request), request, context, senderSettings(ctx).timeoutMs);
  throw new ActionFailure('sender_action_kind_unknown', { kind: row.kind }, true);
}

/** Sends the job of a row (now or at `startAfter`) and keeps its id; a queue that fails leaves the row to the sweep. */
export async function queueAction(ctx: Pick<ServiceContext, 'db' | 'jobs' | 'log'>, id: number, startAfter?: Date): Promise<void> {
  try {
    const jobId = await ctx.jobs.send(REQUEST_ACTION_JOB, { request_action_id: id }, startAfter ? { startAfter } : {});
    await ctx.db.update(requestActions).set({ job_id: jobId, updated_at: new Date() }).where(eq(requestActions.id, id));
  } catch (error) {
    ctx.log.warn({ err: error, request_action_id: id }, 'request action not queued; the sweep will');
  }
}

/** The job's body: one run of a pending action and what follows from it. */
export async function runRequestAction(ctx: Ctx, data: { request_action_id: number }): Promise<void> {
  const [row] = await ctx.db.select().from(requestActions).where(eq(requestActions.id, data.request_action_id)).limit(1);
  // Done or given up meanwhile (a second job of the same row): nothing to do.
  if (!row || row.status !== 'pending') return;
  const attempt = row.attempts + 1;
  const own = senderSettings(ctx);
  const pending = and(eq(requestActions.id, row.id), eq(requestActions.status, 'pending'));
  try {
    await performAction(ctx, row);
    await ctx.db.update(requestActions).set({ status: 'success', attempts: attempt, last_error: null, updated_at: new Date() }).where(pending);
    return;
  } catch (error) {
    const failure = asFailure(error);
    const retry = !failure.permanent && attempt < own.attempts;
    ctx.log.warn({ request_action_id: row.id, attempt, retry, error: failure.message }, 'request action failed');
    await ctx.db.update(requestActions).set({ status: retry ? 'pending' : 'failed', attempts: attempt, last_error: failure.message, updated_at: new Date() }).where(pending);
    if (retry) await queueAction(ctx, row.id, new Date(Date.now() + own.retryBaseMs * 2 ** (attempt - 1)));
    else await notifyLost(ctx, row, failure.message);
  }
}

/** A required action given up: its request is lost (lost-requests.ts), and staff hear of it. */
async function notifyLost(ctx: Ctx, row: ActionRow, error: string) {
  if (!ctx.notifier) return;
  const [lost] = await ctx.db.select({ id: requestActions.id }).from(requestActions).where(and(eq(requestActions.id, row.id), requiredAction)).limit(1);
  if (!lost) return;
  ctx.notifier.raise({
    service: 'request.storage',
    siteId: row.site_id,
    level: 'error',
    type: 'lost_requests',
    text: { ru: `Появилась потерянная заявка: обязательное действие не выполнено (${error.slice(0, 300)})`, en: `A request is lost: a required action was not done (${error.slice(0, 300)})` },
    details: { request_id: row.request_id, action: row.kind, action_id: row.action_id },
  });
}

/** A failed action runs again from the start (lost requests' resend): pending, no attempts, a new job. */
export async function restartAction(ctx: Pick<ServiceContext, 'db' | 'jobs' | 'log'>, id: number): Promise<void> {
  await ctx.db.update(requestActions).set({ status: 'pending', attempts: 0, last_error: null, job_id: null, updated_at: new Date() }).where(eq(requestActions.id, id));
  await queueAction(ctx, id);
}

/**
 * The sweep's body: pending rows older than `sweepAfterMs` whose job is not waiting, running or
 * due for a retry (never sent when the queue failed, or lost) get a new job. Answers how many.
 */
export async function sweepPendingActions(ctx: Pick<ServiceContext, 'db' | 'jobs' | 'log'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - senderSettings(ctx).sweepAfterMs);
  const stuck = await ctx.db
    .select({ id: requestActions.id })
    .from(requestActions)
    .where(
      and(
        eq(requestActions.status, 'pending'),
        lt(requestActions.updated_at, before),
        sql`(${requestActions.job_id} is null or not exists (select 1 from pgboss.job j where j.name = ${REQUEST_ACTION_JOB} and j.id::text = ${requestActions.job_id} and j.state in ('created', 'retry', 'active')))`,
      ),
    )
    .orderBy(requestActions.id)
    .limit(1000);
  for (const { id } of stuck) await queueAction(ctx, id);
  return stuck.length;
}
