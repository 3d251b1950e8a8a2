import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AuthResult, SecondFactorChallenge } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { checkRateLimit, LIMITS } from '../../kit/rate-limit.ts';
import { randomToken, sha256 } from '../../kit/secrets.ts';
import { users } from '../clients.storage/user.table.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { signInChallenges } from './second-factor.table.ts';
import { checkSecondFactorCode } from './second-factor.ts';
import { openSession } from './sessions.ts';
import { initialClient } from './initial-client.ts';

/** How long the second step of a sign-in may wait after the password. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

const expired = () => new AppError(401, 'second_factor_challenge_expired');

/**
 * The right password of an account with a second factor opens no session yet: a challenge, kept
 * as a hash and good once for a few minutes, names the sign-in in its second step. The user's
 * spent challenges go at the same time.
 */
export async function openChallenge(ctx: ServiceContext, userId: number): Promise<SecondFactorChallenge> {
  const token = randomToken();
  await ctx.db
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.user_id, userId), or(lt(signInChallenges.expires_at, new Date()), isNotNull(signInChallenges.used_at))));
  await ctx.db.insert(signInChallenges).values({ token_hash: sha256(token), user_id: userId, expires_at: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) });
  return { second_factor: 'totp', challenge: token, expires_in: CHALLENGE_TTL_SECONDS };
}

/**
 * POST /api/v1/auth/second_factor: the code of the app or a recovery code finishes the sign-in.
 * The challenge is used up only by a right code, so a mistyped code can be typed again (within the
 * rate limits); the session opened remembers how the factor was proven.
 */
export async function completeSecondFactorSignIn(ctx: ServiceContext, challenge: string, code: string, meta: RequestMeta): Promise<AuthResult> {
  await checkRateLimit(ctx.db, `second-factor:address:${meta.ip}`, LIMITS.secondFactorPerAddress);
  const [pending] = await ctx.db
    .select({ id: signInChallenges.id, userId: users.id, defaultClientId: users.default_client_id })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.user_id))
    .where(and(eq(signInChallenges.token_hash, sha256(challenge)), isNull(signInChallenges.used_at), gt(signInChallenges.expires_at, new Date()), eq(users.active, true)));
  if (!pending) throw expired();
  const method = await checkSecondFactorCode(ctx, pending.userId, code, meta, { purpose: 'sign_in', allowRecovery: true, status: 401, clientId: pending.defaultClientId });
  const [claimed] = await ctx.db
    .update(signInChallenges)
    .set({ used_at: new Date() })
    .where(and(eq(signInChallenges.id, pending.id), isNull(signInChallenges.used_at)))
    .returning({ id: signInChallenges.id });
  if (!claimed) throw expired();
  const clientId = await initialClient(ctx, pending.userId, pending.defaultClientId);
  const result = await openSession(ctx, pending.userId, clientId, meta, method);
  await recordAccessEvent(ctx.db, { userId: pending.userId, event: 'sign_in', meta, clientId, audit: { changes: { method: 'password', second_factor: method } } });
  return result;
}
