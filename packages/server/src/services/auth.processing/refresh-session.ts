import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthResult } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { hitRateLimit, LIMITS } from '../../kit/rate-limit.ts';
import { hmac, sha256 } from '../../kit/secrets.ts';
import { users } from '../clients.storage/user.table.ts';
import { refreshTokens, sessions } from './session.table.ts';
import { sessionFactorStanding } from './second-factor.ts';
import { issueTokens, revokeSession, tokenPair } from './sessions.ts';
import type { RequestMeta } from './auth-history.ts';

const refused = () => new AppError(401, 'invalid_refresh_token');

/**
 * POST /api/v1/refresh: a refresh token works once. Presenting one already used means it was
 * stolen or replayed, so the whole login (every token of its session) is revoked, except within
 * a few seconds of its use (REFRESH_REUSE_GRACE_SECONDS): two tabs refreshing at the same moment
 * both get the same new pair instead of being signed out.
 */
export async function refreshSession(ctx: ServiceContext, refreshToken: string, meta: RequestMeta): Promise<AuthResult> {
  await hitRateLimit(ctx.db, `refresh:address:${meta.ip}`, LIMITS.refreshPerAddress);
  const hash = sha256(refreshToken);
  const successor = successorOf(ctx, refreshToken);
  return ctx.db.transaction(async (tx) => {
    const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.token_hash, hash));
    if (!token) throw refused();
    // Claim the token atomically: of two concurrent uses only one gets a row back; on PostgreSQL
    // the other waits on the row lock until the first commits.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ used_at: new Date() })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.used_at)))
      .returning({ id: refreshTokens.id });
    if (!claimed) {
      const again = await repeatWithinGrace(ctx, tx, token.id, successor);
      if (again) return again;
      await revokeSession(tx, token.session_id, 'refresh token reuse');
      return null;
    }
    if (token.expires_at < new Date()) throw refused();
    const session = await liveSession(tx, token.session_id);
    if (!session) throw refused();
    // A role now requires a second factor this session was not opened with: a user who has one
    // signs in again with it; one who has none goes on, held to enrolment (the answer's user says so).
    const factor = await sessionFactorStanding(tx, session.id);
    if (factor.limited && factor.enabled) throw refused();
    return issueTokens(ctx, tx, session.id, session.user_id, session.client_id, successor);
  }).then((result) => {
    // The revocation above must commit, so the refusal is thrown after the transaction.
    if (!result) throw refused();
    return result;
  });
}

/**
 * A refresh token's successor is derived from it with a server key, so a reuse within the grace
 * period can answer the same token again without storing it; nobody without the key can derive it.
 */
const successorOf = (ctx: ServiceContext, refreshToken: string) => hmac(ctx.refreshKey, refreshToken);

/**
 * A token used less than the grace period ago whose successor is still unused: the same successor
 * again with a fresh access token. Otherwise null (the reuse revokes the session). The row is read
 * again because the first read may predate the concurrent request's commit.
 */
async function repeatWithinGrace(ctx: ServiceContext, tx: DbOrTx, tokenId: number, successor: string): Promise<AuthResult | null> {
  const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, tokenId));
  if (!token?.used_at || Date.now() - token.used_at.getTime() >= ctx.config.refreshReuseGraceSeconds * 1000) return null;
  const [next] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.token_hash, sha256(successor)), eq(refreshTokens.session_id, token.session_id), isNull(refreshTokens.used_at)));
  const session = next ? await liveSession(tx, token.session_id) : null;
  return session ? tokenPair(ctx, tx, session.id, session.user_id, session.client_id, successor) : null;
}

/** The session if it is neither revoked nor expired and its user is active. */
async function liveSession(tx: DbOrTx, sessionId: string) {
  const [session] = await tx
    .select({ id: sessions.id, user_id: sessions.user_id, client_id: sessions.client_id, active: users.active })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at), gt(sessions.expires_at, new Date())));
  return session?.active ? session : null;
}
