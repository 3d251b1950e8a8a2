import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../kit/db.ts';
import { hitRateLimits, type Limit } from '../../kit/rate-limit.ts';
import { verifyPassword } from '../auth.processing/password.ts';
import { sites } from './site.table.ts';

/**
 * Whether a login and password open a site protected by basic auth (the public renderer calls it).
 * A site without a basic-auth login is open; the password is kept only as its argon2id hash.
 */
export async function checkSiteBasicAuth(db: DbOrTx, siteId: number, login: string | null, password: string | null): Promise<boolean> {
  const [site] = await db.select({ login: sites.basic_auth_login, hash: sites.basic_auth_password_hash }).from(sites).where(eq(sites.id, siteId)).limit(1);
  if (!site) return false;
  if (!site.login) return true;
  if (login !== site.login || password === null) return false;
  return verifyPassword(site.hash, password);
}

/**
 * Attempts at a site's basic auth that reach the password check, per address (over every site)
 * and per site, in one 15-minute window: each is counted before its argon2 check runs, so
 * guesses sent in parallel are refused as well as those sent in a row. A header that already
 * passed is remembered by the renderer and is never counted.
 */
export const SITE_AUTH_LIMITS = {
  perAddress: { max: 10, windowSeconds: 15 * 60 },
  perSite: { max: 50, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** Counts one attempt at a site's basic auth; throws the 429 (with Retry-After) past either limit. */
export const countSiteAuthAttempt = (db: Db, siteId: number, ip: string) =>
  hitRateLimits(db, [
    { key: `site-auth:address:${ip}`, limit: SITE_AUTH_LIMITS.perAddress },
    { key: `site-auth:site:${siteId}`, limit: SITE_AUTH_LIMITS.perSite },
  ]);
