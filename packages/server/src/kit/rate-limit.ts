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
 * Counts hits on keys in a fixed window stored in the database, so every process shares the
 * counters; a window older than `windowSeconds` starts again. `hits` says how many hits each key
 * takes (the intake counts a whole batch of callers at once); the answer is each key's count
 * after them. One statement for all the keys; the keys are locked in sorted order, so two calls
 * never wait on each other in a circle.
 */
async function countHitsBy(db: Db, hits: Map<string, number>, windowSeconds: number): Promise<Map<string, Counter>> {
  const rows = [...hits.keys()].sort().map((key) => sql`(${key}, now(), ${hits.get(key)!}::int)`);
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then excluded.count else rate_limits.count + excluded.count end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning key, count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`);
  return new Map((result as unknown as { rows: (Counter & { key: string })[] }).rows.map(({ key, ...counter }) => [key, counter]));
}

/** Counts a hit on each key (see countHitsBy). */
export const countHits = (db: Db, keys: string[], windowSeconds: number) => countHitsBy(db, new Map(keys.map((key) => [key, 1])), windowSeconds);

/**
 * hitRateLimits for many callers in one statement (the intake's batches): each caller's hits are
 * counted in the order of `callers`, so the caller that crosses a limit and every one after it are
 * refused, as if they had come one by one. Answers null or the 429 per caller.
 */
export async function hitRateLimitsOfMany(db: Db, callers: { key: string; limit: Limit }[][]): Promise<(AppError | null)[]> {
  const all = callers.flat();
  if (!all.length) return callers.map(() => null);
  const windowSeconds = all[0]!.limit.windowSeconds;
  if (all.some((hit) => hit.limit.windowSeconds !== windowSeconds)) throw new Error('hitRateLimits: the limits must share their window');
  const hits = new Map<string, number>();
  for (const hit of all) hits.set(hit.key, (hits.get(hit.key) ?? 0) + 1);
  const counters = await countHitsBy(db, hits, windowSeconds);
  // The count each caller saw: the key's count before the batch, plus the callers before it and itself.
  const seen = new Map<string, number>();
  return callers.map((hitsOfCaller) => {
    let over: number | null = null;
    for (const hit of hitsOfCaller) {
      const counter = counters.get(hit.key)!;
      const position = (seen.get(hit.key) ?? 0) + 1;
      seen.set(hit.key, position);
      if (counter.count - hits.get(hit.key)! + position > hit.limit.max) over = Math.max(over ?? 0, counter.retry_after);
    }
    return over === null ? null : tooMany(over);
  });
}

/** Counts this call on each key (limits of one window) and refuses it with 429 past any limit. */
export async function hitRateLimits(db: Db, hits: { key: string; limit: Limit }[]): Promise<void> {
  const [refused] = await hitRateLimitsOfMany(db, [hits]);
  if (refused) throw refused;
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
  // Second-factor codes (and the password typed to enrol or disable) count failures only, like sign-in.
  secondFactorPerAccount: { max: 5, windowSeconds: 15 * 60 },
  secondFactorPerAddress: { max: 50, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;
