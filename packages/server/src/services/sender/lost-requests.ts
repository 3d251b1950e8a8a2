import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { LostAction } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { searchCondition } from '../../kit/search-index.ts';
import { requestActions, requests } from '../request.storage/request.table.ts';
import { centralProxyActions, emailActions, lostRequestDismissals, proxyActions } from './sender.table.ts';

/**
 * Lost requests (spec 002 §2, §7, §9; docs/decisions/sender.md, "What are lost requests?"): a
 * site's requests since the first day of the previous calendar month with a required
 * action (its template or proxy action `is_required`) that ended with an error, newest first; a
 * person may take one off the list.
 */

/**
 * The start of the lost requests' window: the first moment of the previous calendar month in the
 * reader's time (`offset` minutes east of UTC), so the whole last month shows and this month's
 * failures too; the month before is out.
 */
export function lostSince(now: Date, offset = 0): Date {
  const local = new Date(now.getTime() + offset * 60_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1) - offset * 60_000);
}

/** The caller's requests: those of its clients (every one for platform staff). */
export const requestScope = (auth: AuthContext): SQL | undefined => (auth.scope === 'all' ? undefined : auth.scope.length ? inArray(requests.client_id, auth.scope) : sql`false`);

/** An action row whose action (of its site, or a central one) is required. */
export const requiredAction = sql`(
  (${requestActions.kind} = 'email_action' and exists (select 1 from ${emailActions} e where e.id = ${requestActions.action_id} and e.site_id = ${requestActions.site_id} and e.is_required))
  or (${requestActions.kind} = 'proxy_action' and exists (select 1 from ${proxyActions} p where p.id = ${requestActions.action_id} and p.site_id = ${requestActions.site_id} and p.is_required))
  or (${requestActions.kind} = 'central_proxy_action' and exists (select 1 from ${centralProxyActions} c where c.id = ${requestActions.action_id} and c.is_required)))`;

/** A request with a required action that failed. */
const hasFailedRequired = sql`exists (select 1 from ${requestActions} where ${requestActions.request_id} = ${requests.id} and ${requestActions.status} = 'failed' and ${requiredAction})`;
const notDismissed = sql`not exists (select 1 from ${lostRequestDismissals} d where d.request_id = ${requests.id})`;

/** The lost requests of a site the caller reaches: of the window (or a date range for the archive). */
export function lostCondition(auth: AuthContext, siteId: number, range: { from: Date; to?: Date }, options: { search?: string; dismissed?: boolean } = {}): SQL | undefined {
  return and(
    requestScope(auth),
    eq(requests.site_id, siteId),
    gte(requests.created_at, range.from),
    range.to ? lte(requests.created_at, range.to) : undefined,
    hasFailedRequired,
    options.dismissed ? undefined : notDismissed,
    options.search ? searchCondition([requests.name, requests.phone, requests.email, requests.last_name], options.search) : undefined,
  );
}

/** A page of lost requests, newest first, and their total. */
export async function listLost(db: DbOrTx, where: SQL | undefined, page: { number: number; size: number }) {
  const [rows, [count]] = await Promise.all([
    db.select().from(requests).where(where).orderBy(desc(requests.created_at), desc(requests.id)).limit(page.size).offset((page.number - 1) * page.size),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(requests).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Every action of the requests with its action's title and whether it is required (a deleted action: no title). */
export async function actionsOf(db: DbOrTx, requestIds: number[]): Promise<Map<number, LostAction[]>> {
  const byRequest = new Map<number, LostAction[]>();
  if (!requestIds.length) return byRequest;
  const rows = await db
    .select({
      row: requestActions,
      email_title: emailActions.title,
      email_required: emailActions.is_required,
      proxy_title: proxyActions.title,
      proxy_required: proxyActions.is_required,
      central_title: centralProxyActions.title,
      central_required: centralProxyActions.is_required,
    })
    .from(requestActions)
    .leftJoin(emailActions, and(eq(requestActions.kind, 'email_action'), eq(emailActions.id, requestActions.action_id), eq(emailActions.site_id, requestActions.site_id)))
    .leftJoin(proxyActions, and(eq(requestActions.kind, 'proxy_action'), eq(proxyActions.id, requestActions.action_id), eq(proxyActions.site_id, requestActions.site_id)))
    .leftJoin(centralProxyActions, and(eq(requestActions.kind, 'central_proxy_action'), eq(centralProxyActions.id, requestActions.action_id)))
    .where(inArray(requestActions.request_id, requestIds))
    .orderBy(asc(requestActions.id));
  for (const { row, email_title, email_required, proxy_title, proxy_required, central_title, central_required } of rows) {
    const list = byRequest.get(row.request_id) ?? [];
    list.push({
      id: row.id,
      kind: row.kind as LostAction['kind'],
      action_id: row.action_id,
      title: email_title ?? proxy_title ?? central_title ?? null,
      is_required: Boolean(email_required ?? proxy_required ?? central_required ?? false),
      status: row.status as LostAction['status'],
      attempts: row.attempts,
      last_error: row.last_error,
      updated_at: row.updated_at.toISOString(),
    });
    byRequest.set(row.request_id, list);
  }
  return byRequest;
}
