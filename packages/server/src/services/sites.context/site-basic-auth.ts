import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
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
