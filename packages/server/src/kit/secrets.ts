import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db.ts';
import { appSecrets } from '../schema.ts';

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

// Secrets users give, sealed at rest (SMTP passwords, proxy action tokens, smart captcha and TOTP secrets;
// docs/decisions/platform.md, "Where do secrets live?").
/** The AES-256 key of a loaded secret: its SHA-256, whatever its length. */
const aesKey = (secret: Uint8Array) => createHash('sha256').update(secret).digest();

/**
 * Encrypts a value with AES-256-GCM under a secret of loadSecret: `v1.<iv>.<tag>.<ciphertext>`
 * (base64url). `context` is authenticated with it (the record it belongs to), so a value copied
 * to another record does not open there.
 */
export function sealSecret(secret: Uint8Array, plain: string, context = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Decrypts a value of sealSecret; throws when the key, the context or the value is not the one sealed. */
export function openSecret(secret: Uint8Array, sealed: string, context = ''): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
