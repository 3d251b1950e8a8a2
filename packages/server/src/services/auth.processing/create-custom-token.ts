import { inArray } from 'drizzle-orm';
import { CUSTOM_TOKEN_VALUE_PREFIX, hasPermission, type CustomTokenCreate, type CustomTokenCreated, type JsonApiRecord, type PermissionMap } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { recordAudit } from '../../kit/audit.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { inScope, type AuthContext } from '../../kit/request-context.ts';
import { randomToken, sha256 } from '../../kit/secrets.ts';
import { clients } from '../clients.storage/client.table.ts';
import { permissions as permissionsTable } from '../clients.storage/user.table.ts';
import { CUSTOM_TOKEN_TYPE, refuseTokenCaller, toTokenRecords } from './custom-token-record.ts';
import { customTokens } from './custom-token.table.ts';

/** Characters of the value kept to recognise a token in the list: the prefix and 6 more. */
const SHOWN_PREFIX_LENGTH = CUSTOM_TOKEN_VALUE_PREFIX.length + 6;

/**
 * The clients of a new token: each must exist and be one the caller may act for; the answer does
 * not tell an existing client of another tenant from a missing one. At least one is needed unless
 * the caller is internal (a token without clients acts for every client).
 */
async function checkClients(ctx: ServiceContext, auth: AuthContext, ids: number[]) {
  if (ids.length === 0) {
    if (!auth.internal) throw badRequest('at_least_one_client', '/data/client_ids');
    return;
  }
  const found = new Set((await ctx.db.select({ id: clients.id }).from(clients).where(inArray(clients.id, ids))).map((row) => row.id));
  const refused = ids.find((id) => !found.has(id) || !inScope(auth, id));
  if (refused !== undefined) throw badRequest('invalid_reference', '/data/client_ids', { id: refused });
}

/**
 * The permissions of a new token: each must exist, and the caller must hold it, unless the
 * caller is internal and holds auth.processing root. Duplicates are dropped.
 */
async function checkPermissions(ctx: ServiceContext, auth: AuthContext, wanted: PermissionMap): Promise<PermissionMap> {
  const root = auth.internal && hasPermission(auth.permissions, 'auth.processing', 'root');
  const pairs = Object.entries(wanted).flatMap(([service, codes]) => [...new Set(codes)].map((code) => ({ service, code })));
  const services = [...new Set(pairs.map((p) => p.service))];
  const known = services.length
    ? await ctx.db.select({ service: permissionsTable.service, code: permissionsTable.code }).from(permissionsTable).where(inArray(permissionsTable.service, services))
    : [];
  const result: PermissionMap = {};
  for (const { service, code } of pairs) {
    const name = `${service}: ${code}`;
    if (!known.some((k) => k.service === service && k.code === code)) throw badRequest('permission_unknown', '/data/permissions', { permission: name });
    if (!root && !hasPermission(auth.permissions, service, code)) throw new AppError(403, 'permission_not_held', { permission: name }, '/data/permissions');
    (result[service] ??= []).push(code);
  }
  for (const codes of Object.values(result)) codes.sort();
  return result;
}

/**
 * POST /api/v1/custom_tokens: a token confined to clients, brands and permissions. The value is
 * returned this once; only its SHA-256 is kept. The token belongs to the caller's acting client
 * (null for internal callers), whose users with custom_tokens.view see and may revoke it.
 */
export async function createCustomToken(
  ctx: ServiceContext,
  auth: AuthContext,
  input: CustomTokenCreate,
  meta: { ip: string | null },
): Promise<JsonApiRecord<CustomTokenCreated>> {
  refuseTokenCaller(auth);
  const clientIds = [...new Set(input.client_ids ?? [])].sort((a, b) => a - b);
  const brandIds = [...new Set(input.brand_ids ?? [])].sort((a, b) => a - b);
  await checkClients(ctx, auth, clientIds);
  const permissions = await checkPermissions(ctx, auth, input.permissions ?? {});
  const value = `${CUSTOM_TOKEN_VALUE_PREFIX}${randomToken(32)}`;
  const owner = auth.internal ? null : auth.clientId;
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customTokens)
      .values({
        name: input.name,
        token_hash: sha256(value),
        token_prefix: value.slice(0, SHOWN_PREFIX_LENGTH),
        client_ids: clientIds,
        brand_ids: brandIds,
        permissions,
        client_id: owner,
        created_by: auth.userId,
      })
      .returning();
    await recordAudit(tx, auth, {
      action: 'token_created',
      service: 'auth.processing',
      resource: CUSTOM_TOKEN_TYPE,
      recordId: created!.id,
      changes: { name: created!.name, client_ids: clientIds, brand_ids: brandIds, permissions },
      clientId: owner,
      ip: meta.ip,
    });
    return created!;
  });
  const [record] = await toTokenRecords(ctx.db, [row]);
  return { ...record!, attributes: { ...record!.attributes, token: value } };
}
