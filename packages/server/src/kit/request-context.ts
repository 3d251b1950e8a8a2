import type { Lang, PermissionMap } from '@dp/contracts';
import { unauthorized } from './errors.ts';

/** Who is calling, as the gateway established it. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  email: string;
  internal: boolean;
  /** The client the session acts as. */
  clientId: number | null;
  /** Client ids whose records the caller may see; 'all' for internal users. */
  scope: number[] | 'all';
  permissions: PermissionMap;
  /** The caller's roles, for the gateway's restrictions. */
  roleIds?: number[];
  /** Set when the caller is a custom token rather than a signed-in session. */
  tokenId?: number | null;
  /** A custom token's brand restriction (restrictions.brand_ids); null when unrestricted. */
  brandIds?: number[] | null;
  /** How the session's sign-in was confirmed beyond the password (sessions.second_factor); null for the password alone. */
  secondFactor?: string | null;
  /** A role requires a second factor the session was not opened with: it may only set one up. */
  secondFactorLimited?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
  }
}

export function requireAuth(auth: AuthContext | null): AuthContext {
  // Reached only when the route table marks a route public that needs a caller.
  if (!auth) throw unauthorized();
  return auth;
}

export function inScope(auth: AuthContext, clientId: number | null | undefined): boolean {
  return auth.scope === 'all' || (clientId != null && auth.scope.includes(clientId));
}
