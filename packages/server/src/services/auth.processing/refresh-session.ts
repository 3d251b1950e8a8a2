import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthResult } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { hitRateLimit, LIMITS } from '../../kit/rate-limit.ts';
import { sha256 } from '../../kit/secrets.ts';
import { users } from '../clients.storage/user.table.ts';
import { refreshTokens, sessions } from './session.table.ts';
import { issueTokens, revokeSession } from './sessions.ts';
import type { RequestMeta } from './auth-history.ts';

const refused = () => new AppError(401, 'invalid_refresh_token');

/**
 * POST /api/v1/refresh: a refresh token works once. Presenting one already used means it was
 * stolen or replayed, so the whole login (every token of its session) is revoked.
 */
export async function refreshSession(ctx: ServiceContext, refreshToken: string, meta: RequestMeta): Promise<AuthResult> {
  await hitRateLimit(ctx.db, `refresh:address:${meta.ip}`, LIMITS.refreshPerAddress);
  const hash = sha256(refreshToken);
  return ctx.db.transaction(async (tx) => {
    const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.token_hash, hash));
    if (!token) throw refused();
    // Claim the token atomically: of two concurrent uses only one gets a row back.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ used_at: new Date() })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.used_at)))
      .returning({ id: refreshTokens.id });
    if (!claimed) {
      await revokeSession(tx, token.session_id, 'refresh token reuse');
      return null;
    }
    if (token.expires_at < new Date()) throw refused();
    const [session] = await tx
      .select({ id: sessions.id, user_id: sessions.user_id, client_id: sessions.client_id, active: users.active })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(and(eq(sessions.id, token.session_id), isNull(sessions.revoked_at), gt(sessions.expires_at, new Date())));
    if (!session || !session.active) throw refused();
    return issueTokens(ctx, tx, session.id, session.user_id, session.client_id);
  }).then((result) => {
    // The revocation above must commit, so the refusal is thrown after the transaction.
    if (!result) throw refused();
    return result;
  });
}
