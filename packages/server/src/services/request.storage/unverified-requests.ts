import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RequestTypeId, UnverifiedCaptchaSummary } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { notFound } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { queueActions } from './intake.ts';
import { captchaOutages, requestActions, requests } from './request.table.ts';

/**
 * Requests whose smart captcha could not be checked (docs/decisions/captcha.md, "What if the smart
 * captcha's service cannot be reached?"): the intake stores them marked `unverified` with their
 * actions held; staff of the site release them (the held actions run) or delete them, one or many
 * at once.
 */

type Ctx = Pick<ServiceContext, 'db' | 'jobs' | 'log'>;
/** The caller's requests: those of its clients (every one for platform staff). */
const scopeOf = (auth: AuthContext) => (auth.scope === 'all' ? undefined : auth.scope.length ? inArray(requests.client_id, auth.scope) : sql`false`);

/** The site's requests of these ids the caller reaches; 404 unless it reaches every one (nothing is done to the others). */
async function reachableRequests(db: DbOrTx, auth: AuthContext, siteId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  const rows = await db
    .select({ id: requests.id, client_id: requests.client_id, type: requests.type, captcha_check: requests.captcha_check })
    .from(requests)
    .where(and(inArray(requests.id, wanted), eq(requests.site_id, siteId), scopeOf(auth)));
  if (rows.length !== wanted.length) throw notFound();
  return rows;
}

/** The held requests of a site, in all and per type, and its smart captcha's outages. */
export async function unverifiedSummary(db: DbOrTx, siteId: number): Promise<UnverifiedCaptchaSummary> {
  const [byType, [outage]] = await Promise.all([
    db
      .select({ type: requests.type, count: sql<number>`count(*)`.mapWith(Number) })
      .from(requests)
      .where(and(eq(requests.site_id, siteId), eq(requests.captcha_check, 'unverified')))
      .groupBy(requests.type),
    db.select().from(captchaOutages).where(eq(captchaOutages.site_id, siteId)).limit(1),
  ]);
  return {
    held: byType.reduce((sum, row) => sum + row.count, 0),
    held_by_type: Object.fromEntries(byType.map((row) => [String(row.type as RequestTypeId), row.count])),
    outages: outage?.count ?? 0,
    last_outage_at: outage?.last_at.toISOString() ?? null,
    last_outage_error: outage?.last_error ?? null,
  };
}

/**
 * Releases the site's requests among `ids` whose captcha is not verified: each is marked
 * `released` and its held actions become pending with a job, sent after the commit (a queue that
 * fails leaves them to the sender's sweep). Requests already checked or released are left as they
 * are. Answers how many were released.
 */
export async function releaseRequests(ctx: Ctx, auth: AuthContext, siteId: number, ids: number[], ip: string): Promise<number> {
  const rows = await reachableRequests(ctx.db, auth, siteId, ids);
  const unverified = rows.filter((row) => row.captcha_check === 'unverified');
  if (!unverified.length) return 0;
  const { released, actions } = await ctx.db.transaction(async (tx) => {
    // Only what is still unverified now: a release running at the same moment takes each request once.
    const marked = await tx
      .update(requests)
      .set({ captcha_check: 'released' })
      .where(and(inArray(requests.id, unverified.map((row) => row.id)), eq(requests.captcha_check, 'unverified')))
      .returning({ id: requests.id, client_id: requests.client_id, type: requests.type });
    if (!marked.length) return { released: marked, actions: [] };
    const freed = await tx
      .update(requestActions)
      .set({ status: 'pending', job_id: sql`gen_random_uuid()::text`, updated_at: new Date() })
      .where(and(inArray(requestActions.request_id, marked.map((row) => row.id)), eq(requestActions.status, 'held')))
      .returning({ id: requestActions.id, job_id: requestActions.job_id, request_id: requestActions.request_id });
    for (const row of marked) {
      const held = freed.filter((action) => action.request_id === row.id).map((action) => action.id);
      await recordAudit(tx, auth, { action: 'update', service: 'request.storage', resource: 'requests', recordId: row.id, changes: { captcha_check: ['unverified', 'released'], released_actions: held }, clientId: row.client_id, ip });
    }
    return { released: marked, actions: freed.map((action) => ({ id: action.id, job_id: action.job_id! })) };
  });
  await queueActions(ctx, actions);
  return released.length;
}

/** Deletes the site's requests among `ids` (their actions go with them). Answers how many. */
export async function deleteRequests(ctx: Ctx, auth: AuthContext, siteId: number, ids: number[], ip: string): Promise<number> {
  const rows = await reachableRequests(ctx.db, auth, siteId, ids);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(requests).where(inArray(requests.id, rows.map((row) => row.id)));
    for (const row of rows) {
      await recordAudit(tx, auth, { action: 'delete', service: 'request.storage', resource: 'requests', recordId: row.id, changes: { type: row.type, site_id: siteId, captcha_check: row.captcha_check }, clientId: row.client_id, ip });
    }
  });
  return rows.length;
}
