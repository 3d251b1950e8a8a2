import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db.ts';
import { appSecrets } from './schema.ts';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const hmac = (key: Uint8Array, value: string) => createHmac('sha256', key).update(value).digest('hex');

/**
 * A secret shared by every process: the configured value, or one generated on first start and
 * kept in the database.
 */
export async function loadSecret(db: Db, key: string, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.insert(appSecrets).values({ key, value: randomToken(48) }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, key));
  return new TextEncoder().encode(row!.value);
}
