import { sql } from 'drizzle-orm';
import { queueKind, type QueueJob, type QueueState } from '@dp/contracts';
import type { Db } from '../../kit/db.ts';

/**
 * The job queues as staff see them (docs/decisions/platform-operations.md, "What does the queues
 * screen show?"), read from pg-boss's own tables (kit/jobs.ts keeps them in the `pgboss` schema):
 * counts by state, completed jobs of the last 24 hours and hour (the archive included), the wait
 * of the oldest due job; a queue's jobs with their payload, secrets hidden.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every queue with its counts (pg-boss's own internal queues left out); a queue with a schedule (pg-boss's) is of the automatic kind unless named otherwise. */
export async function queueStates(db: Db): Promise<QueueState[]> {
  const rows = rowsOf<{ name: string; scheduled: boolean; waiting: number; active: number; retrying: number; failed: number; oldest: number | null; day: number; hour: number }>(
    await db.execute(sql`
      with done as (
        select name, completed_on from pgboss.job where state = 'completed' and completed_on > now() - interval '24 hours'
        union all
        select name, completed_on from pgboss.archive where state = 'completed' and completed_on > now() - interval '24 hours'
      )
      select q.name,
        exists (select 1 from pgboss.schedule s where s.name = q.name) as scheduled,
        (select count(*) from pgboss.job j where j.name = q.name and j.state = 'created')::int as waiting,
        (select count(*) from pgboss.job j where j.name = q.name and j.state = 'active')::int as active,
        (select count(*) from pgboss.job j where j.name = q.name and j.state = 'retry')::int as retrying,
        (select count(*) from pgboss.job j where j.name = q.name and j.state = 'failed')::int as failed,
        (select extract(epoch from now() - min(j.start_after))::int from pgboss.job j where j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()) as oldest,
        (select count(*) from done d where d.name = q.name)::int as day,
        (select count(*) from done d where d.name = q.name and d.completed_on > now() - interval '1 hour')::int as hour
      from pgboss.queue q
      where q.name not like '\\_\\_pgboss%'
      order by q.name`),
  );
  return rows.map((row) => ({
    name: row.name,
    kind: queueKind(row.name, row.scheduled),
    waiting: row.waiting,
    active: row.active,
    retrying: row.retrying,
    failed: row.failed,
    completed_24h: row.day,
    throughput_per_hour: row.hour,
    oldest_waiting_seconds: row.oldest === null ? null : Math.max(0, row.oldest),
  }));
}

export async function queueExists(db: Db, name: string): Promise<boolean> {
  if (name.startsWith('__pgboss')) return false;
  return rowsOf(await db.execute(sql`select 1 from pgboss.queue where name = ${name}`)).length > 0;
}

const SECRET_KEY = /pass|secret|token|key|auth|cookie|code|otp/i;

/** A payload with every value under a secret-looking key hidden, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return '[…]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, SECRET_KEY.test(key) ? '[hidden]' : redact(item, depth + 1)]));
  }
  return value;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A page of a queue's jobs, newest first. */
export async function queueJobs(db: Db, name: string, page: { number: number; size: number }, state?: string): Promise<{ jobs: QueueJob[]; total: number }> {
  const where = sql`name = ${name}${state ? sql` and state = ${state}` : sql``}`;
  const rows = rowsOf<{ id: string; state: QueueJob['state']; data: unknown; retry_count: number; retry_limit: number; output: unknown; created_on: Date; start_after: Date; started_on: Date | null; completed_on: Date | null }>(
    await db.execute(sql`select id, state, data, retry_count, retry_limit, output, created_on, start_after, started_on, completed_on
      from pgboss.job where ${where} order by created_on desc, id limit ${page.size} offset ${(page.number - 1) * page.size}`),
  );
  const [count] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from pgboss.job where ${where}`));
  return {
    total: count?.total ?? 0,
    jobs: rows.map((row) => ({
      id: row.id,
      state: row.state,
      data: redact(row.data),
      attempts: row.retry_count + (row.started_on ? 1 : 0),
      retry_limit: row.retry_limit,
      last_error: lastError(row.output),
      created_on: iso(row.created_on)!,
      start_after: iso(row.start_after)!,
      started_on: iso(row.started_on),
      completed_on: iso(row.completed_on),
    })),
  };
}

/** The message pg-boss kept of a failure (its output), else null. */
function lastError(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const message = (output as { message?: unknown; value?: { message?: unknown } }).message ?? (output as { value?: { message?: unknown } }).value?.message;
  return typeof message === 'string' ? message.slice(0, 1000) : null;
}
