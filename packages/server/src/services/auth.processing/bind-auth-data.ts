import { and, eq } from 'drizzle-orm';
import type { AuthDataAttributes, JsonApiRecord } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { authData } from './auth-data.table.ts';
import { AUTH_DATA_TYPE, toAuthDataRecord } from './auth-data-record.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { completeOidc } from './complete-oidc.ts';

/**
 * POST /api/v1/auth_data {provider, code, state}: binds the external identity the provider
 * confirmed to the caller, who must be the user who started the binding. An identity bound to
 * another user is refused (409); one already bound to the caller is answered as it is.
 */
export async function bindAuthData(
  ctx: ServiceContext,
  auth: AuthContext,
  input: { provider: string; code: string; state: string },
  meta: RequestMeta,
): Promise<{ created: boolean; record: JsonApiRecord<AuthDataAttributes> }> {
  if (auth.tokenId != null) throw new AppError(403, 'token_not_allowed');
  const identity = await completeOidc(ctx, { state: input.state, code: input.code, purpose: 'bind', provider: input.provider, userId: auth.userId });
  const sameIdentity = and(eq(authData.provider, identity.provider), eq(authData.subject, identity.subject));
  const [existing] = await ctx.db.select().from(authData).where(sameIdentity);
  if (existing) {
    if (existing.user_id !== auth.userId) throw new AppError(409, 'oidc_bound_to_other');
    return { created: false, record: toAuthDataRecord(ctx.config, existing) };
  }
  const row = await ctx.db.transaction(async (tx) => {
    // The unique (provider, subject) index settles a race between two users: the loser gets a 409.
    const [created] = await tx
      .insert(authData)
      .values({ user_id: auth.userId, provider: identity.provider, subject: identity.subject, email: identity.email })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError(409, 'oidc_bound_to_other');
    await recordAccessEvent(tx, {
      userId: auth.userId,
      event: 'external_bound',
      meta,
      clientId: auth.clientId,
      actor: auth,
      audit: { action: 'auth_data_created', resource: AUTH_DATA_TYPE, recordId: created.id, changes: { provider: created.provider, email: created.email } },
    });
    return created;
  });
  return { created: true, record: toAuthDataRecord(ctx.config, row) };
}
