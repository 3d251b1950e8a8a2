import { sql } from 'drizzle-orm';
import { hasPermission, type PermissionMap } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { recordAudit } from '../../kit/audit.ts';
import { isInternalUser } from '../../kit/config.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { sha256 } from '../../kit/secrets.ts';
import { effectivePermissionsSql } from '../clients.storage/effective-permissions.ts';
import { userClientIdsSql } from '../clients.storage/user-clients.ts';
import { ACCESS_CACHE_MAX_AGE_MS, type LoadedAccess } from './access-cache.ts';

interface TokenRow {
  id: number;
  client_ids: number[];
  brand_ids: number[];
  permissions: PermissionMap;
  user_id: number;
  email: string;
  internal: boolean;
  creator_permissions: PermissionMap | null;
  creator_client_ids: number[] | null;
  role_ids: number[] | null;
}

/** A token's use is written to the audit trail at most this often. */
export const TOKEN_USE_AUDIT_SECONDS = 60;

/** The codes of `granted` that `held` also has. */
export function intersectPermissions(granted: PermissionMap, held: PermissionMap): PermissionMap {
  const result: PermissionMap = {};
  for (const [service, codes] of Object.entries(granted)) {
    const kept = codes.filter((code) => hasPermission(held, service, code));
    if (kept.length) result[service] = kept;
  }
  return result;
}

/**
 * What a custom token may do, from its grant and its creator as the creator is now (see
 * docs/decisions/access.md, "What is a custom token?"): the creator must be active; the permissions
 * are those the creator still holds (all granted ones while the creator is internal and holds
 * auth.processing root); the clients are those the creator still works for (all granted ones for an
 * internal creator); a token without clients acts for every client only when its creator is
 * internal.
 */
export function tokenAccess(
  token: { client_ids: number[]; permissions: PermissionMap },
  creator: { internal: boolean; permissions: PermissionMap; clientIds: number[] },
): { scope: number[] | 'all'; permissions: PermissionMap } {
  const root = creator.internal && hasPermission(creator.permissions, 'auth.processing', 'root');
  const permissions = root ? token.permissions : intersectPermissions(token.permissions, creator.permissions);
  if (token.client_ids.length === 0) return { scope: creator.internal ? 'all' : [], permissions };
  const scope = creator.internal ? [...token.client_ids] : token.client_ids.filter((id) => creator.clientIds.includes(id));
  return { scope, permissions };
}

/**
 * A custom token as the caller of an API call (bearer `dpt_...`): found by the hash of its value,
 * so a deleted token is refused on the next call; confined to its clients, brands and permissions.
 * Its use is marked by noteTokenUse, on every call (authenticate.ts).
 */
export async function loadCustomTokenAccess(ctx: ServiceContext, token: string): Promise<LoadedAccess | null> {
  if (token.length > 200) return null;
  const result = await ctx.db.execute(sql`
    select t.id, t.client_ids, t.brand_ids, t.permissions,
      u.id as user_id, u.email, u.internal,
      ${effectivePermissionsSql(sql`u.id`)} as creator_permissions,
      (select array_agg(x.client_id order by x.client_id) from (${userClientIdsSql(sql`u.id`)}) x) as creator_client_ids,
      (select array_agg(ur.role_id) from user_roles ur where ur.user_id = u.id) as role_ids
    from custom_tokens t join users u on u.id = t.created_by
    where t.token_hash = ${sha256(token)} and u.active`);
  const row = (result as unknown as { rows: TokenRow[] }).rows[0];
  if (!row) return null;
  const internal = isInternalUser(ctx.config, row);
  const { scope, permissions } = tokenAccess(
    { client_ids: row.client_ids ?? [], permissions: row.permissions ?? {} },
    { internal, permissions: row.creator_permissions ?? {}, clientIds: row.creator_client_ids ?? [] },
  );
  const auth: AuthContext = {
    userId: row.user_id,
    sessionId: `token:${row.id}`,
    email: row.email,
    internal: scope === 'all',
    clientId: scope === 'all' ? null : (scope[0] ?? null),
    scope,
    permissions,
    // The gateway's restrictions see the creator's roles.
    roleIds: row.role_ids ?? [],
    tokenId: row.id,
    brandIds: row.brand_ids?.length ? row.brand_ids : null,
  };
  // A token has no expiry of its own: deletion and its creator's changes are notified.
  return { auth, validUntil: Date.now() + ACCESS_CACHE_MAX_AGE_MS };
}

/**
 * Marks the token used; the audit trail gets a 'token_used' entry only when the previous mark is
 * older than a minute. The compare happens in the update, so concurrent calls and processes
 * write one entry, not one each.
 */
export async function noteTokenUse(ctx: ServiceContext, auth: AuthContext, ip: string | null) {
  const result = await ctx.db.execute(sql`
    update custom_tokens set last_used_at = now()
    where id = ${auth.tokenId!} and (last_used_at is null or last_used_at < now() - make_interval(secs => ${TOKEN_USE_AUDIT_SECONDS}))
    returning client_id`);
  const [marked] = (result as unknown as { rows: { client_id: number | null }[] }).rows;
  if (!marked) return;
  await recordAudit(ctx.db, auth, {
    action: 'token_used',
    service: 'auth.processing',
    resource: 'custom_tokens',
    recordId: auth.tokenId,
    clientId: marked.client_id,
    ip,
  });
}

/** A custom token as the caller, without the process's cache (authenticate.ts goes through it). */
export async function authenticateCustomToken(ctx: ServiceContext, token: string, meta: { ip?: string | null } = {}): Promise<AuthContext | null> {
  const loaded = await loadCustomTokenAccess(ctx, token);
  if (loaded) await noteTokenUse(ctx, loaded.auth, meta.ip ?? null);
  return loaded?.auth ?? null;
}
