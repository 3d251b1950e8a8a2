import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { momentOf, REQUEST_STATUSES, REQUEST_TYPES, SUMMARY_DEFAULT_DAYS, type RequestStatus, type RequestStatuses, type RequestSummary, type RequestTypeId } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { requestActions, requests } from './request.table.ts';

/** A moment as the reader's day (YYYY-MM-DD). */
const dayOf = (moment: Date, offset: number) => new Date(moment.getTime() + offset * 60_000).toISOString().slice(0, 10);

/** The range a summary counts: the given days, or the last SUMMARY_DEFAULT_DAYS up to today (the reader's). */
export function summaryRange(query: { 'date[from]'?: string; 'date[to]'?: string }, offset: number, now = new Date()) {
  const to = query['date[to]'] ? momentOf(query['date[to]'], offset, true) : momentOf(dayOf(now, offset), offset, true);
  const from = query['date[from]'] ? momentOf(query['date[from]'], offset) : new Date(momentOf(dayOf(to, offset), offset).getTime() - (SUMMARY_DEFAULT_DAYS - 1) * 86_400_000);
  return { from, to };
}

/** A site's requests of a range counted by type and by the reader's day (`where` scopes them to the caller). */
export async function requestSummary(db: DbOrTx, where: SQL | undefined, range: { from: Date; to: Date }, offset: number): Promise<RequestSummary> {
  // The offset is written into the statement (a checked whole number): a parameter would make the grouped expression another one.
  const day = sql<string>`to_char((${requests.created_at} at time zone 'UTC') + interval '${sql.raw(String(Math.trunc(Number(offset))))} minutes', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, type: requests.type, count: sql<number>`count(*)`.mapWith(Number) })
    .from(requests)
    .where(and(where, gte(requests.created_at, range.from), lte(requests.created_at, range.to)))
    .groupBy(day, requests.type);
  const byType = new Map<number, number>();
  const byDay = new Map<string, { day: string; count: number; by_type: Record<string, number> }>();
  for (const row of rows) {
    byType.set(row.type, (byType.get(row.type) ?? 0) + row.count);
    const entry = byDay.get(row.day) ?? { day: row.day, count: 0, by_type: {} };
    entry.count += row.count;
    entry.by_type[String(row.type)] = row.count;
    byDay.set(row.day, entry);
  }
  return {
    from: dayOf(range.from, offset),
    to: dayOf(range.to, offset),
    total: rows.reduce((sum, row) => sum + row.count, 0),
    by_type: [...byType].sort(([a], [b]) => a - b).map(([type, count]) => ({ type, key: REQUEST_TYPES[type as RequestTypeId]?.key ?? String(type), count })),
    by_day: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
  };
}

/** A request's status from its actions (contracts REQUEST_STATUSES): the first that holds of failed, held, sending, sent. */
const statusCase = sql<RequestStatus>`case
  when bool_or(${requestActions.status} = 'failed') then 'failed'
  when bool_or(${requestActions.status} = 'held') then 'held'
  when bool_or(${requestActions.status} = 'pending') then 'sending'
  when count(${requestActions.id}) > 0 then 'sent'
  else 'no_actions' end`;

/** Where a type's requests of a site stand (`where` scopes them): counts per status, and the statuses of the asked ones. */
export async function requestStatuses(db: DbOrTx, where: SQL | undefined, ids: number[] | undefined): Promise<RequestStatuses> {
  const perRequest = db
    .select({ id: requests.id, status: statusCase.as('status') })
    .from(requests)
    .leftJoin(requestActions, eq(requestActions.request_id, requests.id))
    .where(where)
    .groupBy(requests.id)
    .as('per_request');
  const counted = await db.select({ status: perRequest.status, count: sql<number>`count(*)`.mapWith(Number) }).from(perRequest).groupBy(perRequest.status);
  const counts = Object.fromEntries(REQUEST_STATUSES.map((status) => [status, 0])) as Record<RequestStatus, number>;
  for (const row of counted) counts[row.status] = row.count;
  const asked = ids?.length
    ? await db
        .select({ id: requests.id, status: statusCase })
        .from(requests)
        .leftJoin(requestActions, eq(requestActions.request_id, requests.id))
        .where(and(where, inArray(requests.id, ids)))
        .groupBy(requests.id)
    : [];
  return { counts, requests: asked.map((row) => ({ id: String(row.id), status: row.status })) };
}
