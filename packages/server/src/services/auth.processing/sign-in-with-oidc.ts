import { and, eq } from 'drizzle-orm';
import type { AuthResult } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { checkRateLimit, countHits, LIMITS } from '../../kit/rate-limit.ts';
import { users } from '../clients.storage/user.table.ts';
import { authData } from './auth-data.table.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { completeOidc } from './complete-oidc.ts';
import { openSession } from './sessions.ts';
import { initialClient } from './initial-client.ts';
import { normalizeIdentity } from './sign-in.ts';

/**
 * POST /api/v1/auth with method "oidc" (identity = state, secret = code): signs in the user the
 * confirmed external identity is bound to, with the limits of the password sign-in. Failures
 * count against the address; an identity bound to nobody is refused with a message saying so.
 * The second factor is left to the provider's own: the session counts as opened with a factor
 * ('provider'), whatever the user's roles require.
 */
export async function signInWithOidc(ctx: ServiceContext, state: string, code: string, meta: RequestMeta): Promise<AuthResult> {
  const addressKey = `sign-in:address:${meta.ip}`;
  await checkRateLimit(ctx.db, addressKey, LIMITS.signInPerAddress);
  const failed = async (error: AppError) => {
    await countHits(ctx.db, [addressKey], LIMITS.signInPerAddress.windowSeconds);
    return error;
  };

  let identity;
  try {
    identity = await completeOidc(ctx, { state, code, purpose: 'sign_in' });
  } catch (error) {
    if (error instanceof AppError && error.status === 401) throw await failed(error);
    throw error;
  }
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, active: users.active, default_client_id: users.default_client_id })
    .from(authData)
    .innerJoin(users, eq(users.id, authData.user_id))
    .where(and(eq(authData.provider, identity.provider), eq(authData.subject, identity.subject)));
  if (!user) throw await failed(new AppError(401, 'oidc_not_bound'));
  // An account locked by failed password attempts stays locked for every method.
  await checkRateLimit(ctx.db, `sign-in:account:${normalizeIdentity(user.email)}`, LIMITS.signInPerAccount);
  if (!user.active) throw new AppError(401, 'user_inactive');

  const clientId = await initialClient(ctx, user.id, user.default_client_id);
  const result = await openSession(ctx, user.id, clientId, meta, 'provider');
  await recordAccessEvent(ctx.db, { userId: user.id, event: 'sign_in', meta, clientId, audit: { changes: { method: 'oidc', provider: identity.provider } } });
  return result;
}
