import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** At most this many hits... */
  max: number;
  /** ...per window of this many seconds. */
  windowSeconds: number;
}

type Counter = { count: number; retry_after: number };

/** 429 with the seconds to wait, in the caller's language, and a Retry-After header. */
export const tooMany = (retryAfter: number) => {
  const seconds = Math.max(1, retryAfter);
  return new AppError(429, 'too_many_requests', { seconds }, undefined, { 'retry-after': String(seconds) });
};

/**
 * Counts a hit on each key in a fixed window stored in the database, so every process shares the
 * counters; a window older than `windowSeconds` starts again at 1. One statement for all the keys
 * (the request intake counts its address and its site); the keys are locked in sorted order, so
 * two calls never wait on each other in a circle.
 */
export async function countHits(db: Db, keys: string[], windowSeconds: number): Promise<Map<string, Counter>> {
  const rows = [...new Set(keys)].sort().map((key) => sql`(${key}, now(), 1)`);
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning key, count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`);
  return new Map((result as unknown as { rows: (Counter & { key: string })[] }).rows.map(({ key, ...counter }) => [key, counter]));
}

/** Counts this call on each key (limits of one window) and refuses it with 429 past any limit. */
export async function hitRateLimits(db: Db, hits: { key: string; limit: Limit }[]): Promise<void> {
  const windowSeconds = hits[0]!.limit.windowSeconds;
  if (hits.some((hit) => hit.limit.windowSeconds !== windowSeconds)) throw new Error('hitRateLimits: the limits must share their window');
  const counters = await countHits(db, hits.map((hit) => hit.key), windowSeconds);
  const over = hits.map((hit) => ({ hit, counter: counters.get(hit.key)! })).filter(({ hit, counter }) => counter.count > hit.limit.max);
  if (over.length) throw tooMany(Math.max(...over.map(({ counter }) => counter.retry_after)));
}

/** Counts this call and refuses it with 429 past the limit. */
export const hitRateLimit = (db: Db, key: string, limit: Limit) => hitRateLimits(db, [{ key, limit }]);

/** Refuses with 429 when `key` is already at the limit, without counting this call. */
export async function checkRateLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const result = await db.execute(sql`
    select count, ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after
    from rate_limits where key = ${key} and window_start >= now() - make_interval(secs => ${limit.windowSeconds})`);
  const counter = (result as unknown as { rows: Counter[] }).rows[0];
  if (counter && counter.count >= limit.max) throw tooMany(counter.retry_after);
}

/** Limits of the sign-in, refresh and recovery calls (DESIGN.md §9). */
export const LIMITS = {
  // Sign-in counts failures only: a user who signs in often is no attacker.
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { max: 50, windowSeconds: 15 * 60 },
  refreshPerAddress: { max: 300, windowSeconds: 15 * 60 },
  restorePerAccount: { max: 5, windowSeconds: 60 * 60 },
  restorePerAddress: { max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;
