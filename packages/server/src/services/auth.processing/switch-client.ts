import { eq } from 'drizzle-orm';
import type { AuthResult } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { inScope, type AuthContext } from '../../kit/request-context.ts';
import { clients } from '../clients.storage/client.table.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { JOIN_METHOD, SWITCH_CLIENT_ACTION } from './joined-session.ts';
import { sessionFactorStanding } from './second-factor.ts';
import { openSession, revokeSession } from './sessions.ts';

export type SwitchMethod = 'auth_with_client' | typeof JOIN_METHOD;

const notAvailable = () => badRequest('client_not_available', '/data/client_id');

/**
 * Re-authentication as another client (POST /auth_with_client, POST /join_client): the current
 * session ends and a new one acts as the chosen client, so the old tokens are refused at once.
 * A dealer user may choose only one of their clients (direct or through a group), with the same
 * answer for a foreign and a missing client; an internal user any existing client, or none
 * (`null`, acting as the platform). join_client is for internal users only (the gateway has
 * already required auth.processing root), and the new session is marked as joined. Every switch
 * goes to the activity history and the audit trail.
 */
export async function switchClient(
  ctx: ServiceContext,
  auth: AuthContext,
  clientId: number | null,
  method: SwitchMethod,
  meta: RequestMeta,
): Promise<AuthResult> {
  if (auth.tokenId != null) throw new AppError(403, 'switch_needs_session');
  if (method === JOIN_METHOD && !auth.internal) throw new AppError(403, 'join_internal_only');
  // The new session keeps how this one was confirmed; one held to enrolment cannot switch.
  const { secondFactor, limited } = await sessionFactorStanding(ctx.db, auth.sessionId);
  if (limited) throw new AppError(403, 'second_factor_required');
  if (clientId === null) {
    if (!auth.internal) throw badRequest('required', '/data/client_id');
  } else {
    if (!inScope(auth, clientId)) throw notAvailable();
    const [client] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    if (!client) throw notAvailable();
  }

  const result = await openSession(ctx, auth.userId, clientId, meta, secondFactor);
  const claims = await ctx.tokens.verify(result.access_token);
  await revokeSession(ctx.db, auth.sessionId, SWITCH_CLIENT_ACTION);
  await recordAccessEvent(ctx.db, {
    userId: auth.userId,
    event: 'switch_client',
    meta,
    clientId,
    actor: auth,
    audit: { action: SWITCH_CLIENT_ACTION, resource: 'sessions', recordId: claims!.sid, changes: { client_id: [auth.clientId, clientId], method } },
  });
  if (method === JOIN_METHOD && result.user.client) {
    // The session was joined only now that the audit entry exists: say so in this answer too.
    result.user = { ...result.user, joined_client_id: result.user.client.id, joined_client: result.user.client };
  }
  return result;
}
