import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as const };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  return verify(passwordHash, password).catch(() => false);
}

/** Verifies against a fixed hash so an unknown account costs as much time as a known one. */
let dummyHash: Promise<string> | null = null;
export async function spendVerifyTime(password: string) {
  dummyHash ??= hashPassword('dummy-Password-1!');
  await verifyPassword(await dummyHash, password);
}
