import { sql } from 'drizzle-orm';
import type { PermissionMap } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { isInternalUser } from '../../kit/config.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { AppError } from '../../kit/errors.ts';
import { effectivePermissionsSql } from '../clients.storage/effective-permissions.ts';
import { actingClientId, userClientIdsSql } from '../clients.storage/user-clients.ts';
import { loadCustomTokenAccess, noteTokenUse } from './custom-token-auth.ts';
import type { LoadedAccess } from './access-cache.ts';
import { factorRequiredSql, isLimited } from './second-factor.ts';

interface SessionRow {
  user_id: number;
  email: string;
  internal: boolean;
  default_client_id: number | null;
  client_id: number | null;
  permissions: PermissionMap;
  client_ids: number[] | null;
  role_ids: number[] | null;
  expires_at: Date | string;
  second_factor: string | null;
  factor_required: boolean;
}

/** Custom tokens carry this prefix; everything else is a session's access token (a JWT). */
export const CUSTOM_TOKEN_PREFIX = 'dpt_';

/**
 * Turns a bearer token into the caller: a session's access token or a custom token. Through the
 * process's access cache (access-cache.ts) when there is one: a repeated token costs no SQL until
 * a change to the caller's access is notified.
 */
export async function authenticate(ctx: ServiceContext, token: string, meta: { ip?: string | null } = {}): Promise<AuthContext | null> {
  const custom = token.startsWith(CUSTOM_TOKEN_PREFIX);
  const load = () => (custom ? loadCustomTokenAccess(ctx, token) : loadSessionAccess(ctx, token));
  const auth = ctx.access ? await ctx.access.authenticate(token, load) : ((await load())?.auth ?? null);
  // Every use of a custom token is marked (the audit trail gets one entry a minute), cached or not.
  if (auth && custom) await noteTokenUse(ctx, auth, meta.ip ?? null);
  return auth;
}

/** A session's access token, without the cache. */
export async function authenticateSession(ctx: ServiceContext, token: string): Promise<AuthContext | null> {
  return (await loadSessionAccess(ctx, token))?.auth ?? null;
}

/**
 * A session's access token: a valid signature is not enough, the session must be live and the
 * user active, so logout, deactivation and reuse detection take effect at once. One round trip.
 */
export async function loadSessionAccess(ctx: ServiceContext, token: string): Promise<LoadedAccess | null> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const userId = Number(claims.sub);
  const result = await ctx.db.execute(sql`
    select u.id as user_id, u.email, u.internal, u.default_client_id, s.client_id, s.expires_at,
      ${effectivePermissionsSql(sql`u.id`)} as permissions,
      -- The scope: every client of the user, direct or through a client group.
      (select array_agg(x.client_id order by x.client_id) from (${userClientIdsSql(sql`u.id`)}) x) as client_ids,
      (select array_agg(ur.role_id) from user_roles ur where ur.user_id = u.id) as role_ids,
      s.second_factor, ${factorRequiredSql(sql`u.id`)} as factor_required
    from sessions s join users u on u.id = s.user_id
    where s.id = ${claims.sid} and s.user_id = ${userId} and s.revoked_at is null and s.expires_at > now() and u.active`);
  const row = (result as unknown as { rows: SessionRow[] }).rows[0];
  if (!row) return null;
  const internal = isInternalUser(ctx.config, row);
  const clientIds = row.client_ids ?? [];
  // A session held to enrolment holds no permission: it reaches only ENROLMENT_CALLS.
  const limited = isLimited(row.factor_required, row.second_factor);
  const auth: AuthContext = {
    userId: row.user_id,
    sessionId: claims.sid,
    email: row.email,
    internal,
    clientId: actingClientId(row.client_id, { internal, defaultClientId: row.default_client_id, clientIds }),
    scope: internal ? 'all' : clientIds,
    permissions: limited ? {} : (row.permissions ?? {}),
    roleIds: row.role_ids ?? [],
    secondFactor: row.second_factor,
    secondFactorLimited: limited,
  };
  return { auth, validUntil: Math.min(claims.exp * 1000, new Date(row.expires_at).getTime()) };
}

/**
 * What a session held to enrolment (a role requires a second factor it was not opened with) may
 * call: its own user, the enrolment, sign-out. Every other call is refused with a message saying
 * what to do. Custom tokens are never held: they are not asked for a code.
 */
const ENROLMENT_CALLS = new Set([
  'GET /gateway/clients.storage/api/v1/me',
  'PATCH /gateway/clients.storage/api/v1/me',
  'POST /gateway/auth.processing/api/v1/logout',
  'GET /gateway/auth.processing/api/v1/me/second_factor',
  'POST /gateway/auth.processing/api/v1/me/second_factor',
  'POST /gateway/auth.processing/api/v1/me/second_factor/confirm',
]);

/** The gateway's caller, refused (403) when its session is held to enrolment and the call is not one of ENROLMENT_CALLS. */
export function holdToEnrolment(auth: AuthContext | null, method: string, url: string): AuthContext | null {
  if (!auth?.secondFactorLimited) return auth;
  const path = url.split('?')[0]!.replace(/\/+$/, '');
  if (!ENROLMENT_CALLS.has(`${method === 'HEAD' ? 'GET' : method} ${path}`)) throw new AppError(403, 'second_factor_required');
  return auth;
}
