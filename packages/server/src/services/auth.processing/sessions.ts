import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AuthResult } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { randomToken, sha256 } from '../../kit/secrets.ts';
import { refreshTokens, sessions } from './session.table.ts';
import { clients } from '../clients.storage/client.table.ts';
import { getMe } from '../clients.storage/get-me.ts';
import type { RequestMeta } from './auth-history.ts';
import type { SecondFactorMethod } from './second-factor.ts';

/**
 * Starts a login: a session acting as `clientId`, with its first token pair. `secondFactor` says
 * how the sign-in was confirmed beyond the password (null: the password alone).
 */
export async function openSession(
  ctx: ServiceContext,
  userId: number,
  clientId: number | null,
  meta: RequestMeta,
  secondFactor: SecondFactorMethod | null = null,
): Promise<AuthResult> {
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtlSeconds * 1000);
  const [session] = await ctx.db
    .insert(sessions)
    .values({ user_id: userId, client_id: clientId, ip: meta.ip, user_agent: meta.userAgent?.slice(0, 500) ?? null, expires_at: expiresAt, second_factor: secondFactor })
    .returning({ id: sessions.id });
  return issueTokens(ctx, ctx.db, session!.id, userId, clientId);
}

/**
 * A new access token and a new single-use refresh token for the session: random at sign-in, the
 * successor derived from the previous token on refresh.
 */
export async function issueTokens(
  ctx: ServiceContext,
  db: DbOrTx,
  sessionId: string,
  userId: number,
  clientId: number | null,
  refresh = randomToken(),
): Promise<AuthResult> {
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtlSeconds * 1000);
  await db.insert(refreshTokens).values({ session_id: sessionId, token_hash: sha256(refresh), expires_at: expiresAt });
  await db.update(sessions).set({ expires_at: expiresAt }).where(eq(sessions.id, sessionId));
  return tokenPair(ctx, db, sessionId, userId, clientId, refresh);
}

/** The reply of sign-in and refresh: a fresh access token beside an already stored refresh token. */
export async function tokenPair(ctx: ServiceContext, db: DbOrTx, sessionId: string, userId: number, clientId: number | null, refresh: string): Promise<AuthResult> {
  return {
    access_token: await ctx.tokens.sign(userId, sessionId),
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_in: ctx.tokens.ttlSeconds,
    user: await getMe(db, ctx.config, userId, clientId, undefined, sessionId),
  };
}

/** A user's sessions that still work (not ended, not expired), newest first, with the client each acts as. */
export async function listActiveSessions(db: DbOrTx, userId: number) {
  return db
    .select({ id: sessions.id, created_at: sessions.created_at, expires_at: sessions.expires_at, ip: sessions.ip, user_agent: sessions.user_agent, client_id: sessions.client_id, client_name: clients.name })
    .from(sessions)
    .leftJoin(clients, eq(clients.id, sessions.client_id))
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, sql`now()`)))
    .orderBy(desc(sessions.created_at))
    .limit(100);
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string) {
  await db.update(sessions).set({ revoked_at: new Date(), revoked_reason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/**
 * Ends every session of a user (deactivation, password reset) or every other one (password
 * change): their access and refresh tokens are refused from the next call on.
 */
export async function endUserSessions(db: DbOrTx, userId: number, reason: string, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}
