import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** At most this many hits... */
  max: number;
  /** ...per window of this many seconds. */
  windowSeconds: number;
}

/**
 * Counts a hit on `key` in a fixed window stored in the database (so every process shares it)
 * and refuses with 429 past the limit.
 */
export async function hitRateLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after`);
  const row = (result as unknown as { rows: { count: number; retry_after: number }[] }).rows[0]!;
  if (row.count > limit.max) {
    const seconds = Math.max(1, row.retry_after);
    throw new AppError(429, 'too_many_requests', { seconds }, undefined, { 'retry-after': String(seconds) });
  }
}

/** Limits of the sign-in, refresh and recovery calls (DESIGN.md §9). */
export const LIMITS = {
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { max: 50, windowSeconds: 15 * 60 },
  refreshPerAddress: { max: 300, windowSeconds: 15 * 60 },
  restorePerAccount: { max: 5, windowSeconds: 60 * 60 },
  restorePerAddress: { max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;
