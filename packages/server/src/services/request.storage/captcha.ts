import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { CaptchaAnswer } from '@dp/contracts';
import type { Db } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { hmac } from '../../kit/secrets.ts';
import { captchaSolutions } from './request.table.ts';

/**
 * The default captcha of the intake: proof of work, no outside service (docs/decisions/captcha.md,
 * "What is the default captcha?"). The server hands out a signed challenge
 * `<site>.<expires>.<id>.<bits>.<hmac>`; the visitor's browser finds a nonce such that
 * sha256(challenge + nonce) starts with `bits` zero bits; each challenge is accepted once
 * (captcha_solutions) and only on its own site, before it expires. The check itself needs no
 * database: it answers the challenge to take, and the intake takes it with the request (intake.ts,
 * in the request's batch).
 */
export const CAPTCHA_BITS = 16;
export const CAPTCHA_TTL_SECONDS = 10 * 60;

/** A solved challenge, to be taken once (captcha_solutions) together with its request. */
export interface CaptchaClaim {
  challenge_id: string;
  expires_at: Date;
}

/** A smart captcha answer whose check could not be made: the request is stored unverified, its actions held. */
export interface CaptchaUnverified {
  /** Why the service could not be asked (the log and the site's outage counter keep it). */
  unverified: string;
}

/** How a request proves it is no robot: the hook point for other captchas (the smart captcha comes with its own). */
export interface CaptchaVerifier {
  challenge(siteId: number): { challenge: string; bits: number; expires_at: string };
  /**
   * Throws the AppError to answer; a proof of work answers its claim, a smart captcha whose
   * service could not be reached answers CaptchaUnverified, null: passed with nothing to take.
   */
  verify(siteId: number, answer: CaptchaAnswer | undefined): Promise<CaptchaClaim | CaptchaUnverified | null>;
}

export const leadingZeroBits = (digest: Buffer) => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};

export const powDigest = (challenge: string, nonce: string) => createHash('sha256').update(challenge + nonce).digest();

/** Finds a nonce for a challenge (tests, the bench; browsers do the same in the site script). */
export function solveChallenge(challenge: string): string {
  const bits = Number(challenge.split('.')[3]);
  for (let nonce = 0; ; nonce++) if (leadingZeroBits(powDigest(challenge, String(nonce))) >= bits) return String(nonce);
}

const invalid = () => new AppError(400, 'captcha_invalid', undefined, '/data/captcha');

export function proofOfWorkCaptcha(db: Db, key: Uint8Array, bitsNow: () => number = () => CAPTCHA_BITS): CaptchaVerifier {
  const sign = (body: string) => hmac(key, `captcha|${body}`);
  let sweptAt = 0;
  return {
    challenge(siteId) {
      const bits = bitsNow();
      const expires = Date.now() + CAPTCHA_TTL_SECONDS * 1000;
      const body = `${siteId}.${expires}.${randomBytes(12).toString('hex')}.${bits}`;
      return { challenge: `${body}.${sign(body)}`, bits, expires_at: new Date(expires).toISOString() };
    },
    async verify(siteId, answer) {
      if (!answer) throw new AppError(400, 'captcha_required', undefined, '/data/captcha');
      // A smart captcha's token is not a proof of work (form-constructor's verifier takes those).
      if (!('challenge' in answer)) throw invalid();
      const parts = answer.challenge.split('.');
      if (parts.length !== 5) throw invalid();
      const [site, expires, id, wanted, signature] = parts as [string, string, string, string, string];
      const expected = Buffer.from(sign(`${site}.${expires}.${id}.${wanted}`));
      if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), expected)) throw invalid();
      if (Number(site) !== siteId || Number(expires) < Date.now() || !/^[0-9a-f]{24}$/.test(id)) throw invalid();
      if (leadingZeroBits(powDigest(answer.challenge, answer.nonce)) < Number(wanted)) throw invalid();
      // Expired solutions are swept at most once a minute, not on every request (a statement each).
      if (Date.now() - sweptAt > 60_000) {
        sweptAt = Date.now();
        await db.delete(captchaSolutions).where(lt(captchaSolutions.expires_at, sql`now()`));
      }
      return { challenge_id: id, expires_at: new Date(Number(expires)) };
    },
  };
}

export const captchaUsed = () => new AppError(400, 'captcha_used', undefined, '/data/captcha');
