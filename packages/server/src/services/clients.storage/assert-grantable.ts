import { eq, inArray } from 'drizzle-orm';
import { hasPermission } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { permissions, rolePermissions } from './user.table.ts';

/** Holders of auth.processing `root` (internal staff) may grant anything. */
export const isRoot = (auth: AuthContext) => auth.internal && hasPermission(auth.permissions, 'auth.processing', 'root');

const refused = (field: string) => new AppError(403, 'grant_forbidden', undefined, `/data/attributes/${field}`);

/**
 * Nobody grants what they do not hold: every permission given directly or through a role must
 * be one of the granter's own. Clients are checked by the resource machinery (refs in scope).
 */
export async function assertGrantable(db: DbOrTx, auth: AuthContext, grant: { permissionIds?: number[]; roleIds?: number[] }) {
  if (isRoot(auth)) return;
  const held = (ids: number[]) =>
    ids.length ? db.select({ service: permissions.service, code: permissions.code }).from(permissions).where(inArray(permissions.id, ids)) : Promise.resolve([]);
  const direct = await held(grant.permissionIds ?? []);
  if (direct.some((p) => !hasPermission(auth.permissions, p.service, p.code))) throw refused('permission_ids');
  if (grant.roleIds?.length) {
    const viaRoles = await db
      .select({ service: permissions.service, code: permissions.code })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
      .where(inArray(rolePermissions.role_id, grant.roleIds));
    if (viaRoles.some((p) => !hasPermission(auth.permissions, p.service, p.code))) throw refused('role_ids');
  }
}
