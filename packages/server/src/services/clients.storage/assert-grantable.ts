import { arrayOverlaps, eq, inArray, sql } from 'drizzle-orm';
import { hasPermission, type PermissionMap } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { clients } from './client.table.ts';
import { loadEffectivePermissions } from './effective-permissions.ts';
import { userClientIdsSql } from './user-clients.ts';
import { permissions, rolePermissions } from './user.table.ts';

/** Holders of auth.processing `root` (internal staff) may grant anything. */
export const isRoot = (auth: AuthContext) => auth.internal && hasPermission(auth.permissions, 'auth.processing', 'root');

const refused = (field: string) => new AppError(403, 'grant_forbidden', undefined, `/data/attributes/${field}`);

/** What an edit adds to a grant: a user or role keeps what it had without a new check. */
export interface Grant {
  permissionIds?: number[];
  roleIds?: number[];
  /** Client groups carry clients: each of their clients must be in the granter's scope. */
  groupIds?: number[];
}

/** The caller holds every one of these permissions (internal root holders hold all). */
export async function holdsAll(db: DbOrTx, auth: AuthContext, permissionIds: number[]): Promise<boolean> {
  if (isRoot(auth) || !permissionIds.length) return true;
  const wanted = await db.select({ service: permissions.service, code: permissions.code }).from(permissions).where(inArray(permissions.id, permissionIds));
  return wanted.every((p) => hasPermission(auth.permissions, p.service, p.code));
}

/**
 * Nobody grants what they do not hold: every permission given directly or through a role must
 * be one of the granter's own, and every client a given group carries must be in the granter's
 * scope. Clients given directly are checked by the resource machinery (refs in scope).
 */
export async function assertGrantable(db: DbOrTx, auth: AuthContext, grant: Grant) {
  if (isRoot(auth)) return;
  if (!(await holdsAll(db, auth, grant.permissionIds ?? []))) throw refused('permission_ids');
  if (grant.roleIds?.length) {
    const viaRoles = await db
      .select({ service: permissions.service, code: permissions.code })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
      .where(inArray(rolePermissions.role_id, grant.roleIds));
    if (viaRoles.some((p) => !hasPermission(auth.permissions, p.service, p.code))) throw refused('role_ids');
  }
  if (grant.groupIds?.length && auth.scope !== 'all') {
    const scope = auth.scope;
    const carried = await db.select({ id: clients.id }).from(clients).where(arrayOverlaps(clients.group_ids, grant.groupIds));
    if (carried.some((c) => !scope.includes(c.id))) throw refused('group_ids');
  }
}

const notHeld = (held: PermissionMap, wanted: PermissionMap) =>
  Object.entries(wanted).some(([service, codes]) => codes.some((code) => !hasPermission(held, service, code)));

/**
 * Acting on another user's credentials or standing (password, e-mail, clients, roles,
 * activation, deletion) is a takeover unless the actor covers the target: the actor reaches
 * every client of the target (direct and through groups) and holds every permission the target
 * holds. Staff are changed by staff only; internal root holders cover everyone. A signed-in user
 * covers itself; an API token does not cover its creator (it would take the person over).
 */
export async function assertCovers(db: DbOrTx, auth: AuthContext, target: { id: number; internal: boolean }) {
  if (isRoot(auth) || (target.id === auth.userId && auth.tokenId == null)) return;
  if (target.internal && auth.scope !== 'all') throw new AppError(403, 'user_internal_staff_only');
  if (auth.scope !== 'all') {
    const scope = auth.scope;
    const reached = await db.execute(sql`select client_id from (${userClientIdsSql(target.id)}) x`);
    const clientIds = (reached as unknown as { rows: { client_id: number }[] }).rows.map((row) => row.client_id);
    if (clientIds.some((id) => !scope.includes(id))) throw new AppError(403, 'user_outside_scope');
  }
  if (notHeld(auth.permissions, await loadEffectivePermissions(db, target.id))) throw new AppError(403, 'user_stronger');
}
