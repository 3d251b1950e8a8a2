import { eq, sql } from 'drizzle-orm';
import type { SignInReply } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { checkRateLimit, countHits, LIMITS } from '../../kit/rate-limit.ts';
import { users } from '../clients.storage/user.table.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { initialClient } from './initial-client.ts';
import { spendVerifyTime, verifyPassword } from './password.ts';
import { hasSecondFactor } from './second-factor.ts';
import { openChallenge } from './second-factor-sign-in.ts';
import { openSession } from './sessions.ts';

export const normalizeIdentity = (identity: string) => identity.trim().toLowerCase();

/**
 * POST /api/v1/auth with method "password". A wrong password and an unknown account get the
 * same 401 and take the same time. An account with a second factor gets no session yet but the
 * challenge of the second step (second-factor-sign-in.ts); one that must have a factor and has
 * none gets a session held to enrolment (second-factor.ts, isLimited).
 */
export async function signIn(ctx: ServiceContext, identity: string, secret: string, meta: RequestMeta): Promise<SignInReply> {
  const email = normalizeIdentity(identity);
  const addressKey = `sign-in:address:${meta.ip}`;
  const accountKey = `sign-in:account:${email}`;
  await checkRateLimit(ctx.db, addressKey, LIMITS.signInPerAddress);
  await checkRateLimit(ctx.db, accountKey, LIMITS.signInPerAccount);
  const failed = async () => {
    // One window for both (15 minutes), so one statement counts them.
    await countHits(ctx.db, [addressKey, accountKey], LIMITS.signInPerAddress.windowSeconds);
    return new AppError(401, 'invalid_credentials');
  };
  const [user] = await ctx.db.select().from(users).where(eq(sql`lower(${users.email})`, email));
  if (!user) {
    await spendVerifyTime(secret);
    throw await failed();
  }
  if (!(await verifyPassword(user.password_hash, secret))) {
    await recordAccessEvent(ctx.db, {
      userId: user.id,
      event: 'sign_in_failed',
      meta,
      clientId: null,
      actor: null,
      audit: { changes: { method: 'password' }, clientId: user.default_client_id },
    });
    throw await failed();
  }
  // Only someone who knows the password learns that the account is switched off.
  if (!user.active) throw new AppError(401, 'user_inactive');
  if (await hasSecondFactor(ctx.db, user.id)) return openChallenge(ctx, user.id);
  const clientId = await initialClient(ctx, user.id, user.default_client_id);
  const result = await openSession(ctx, user.id, clientId, meta);
  await recordAccessEvent(ctx.db, { userId: user.id, event: 'sign_in', meta, clientId, audit: { changes: { method: 'password' } } });
  return result;
}
