import { sql, type SQL } from 'drizzle-orm';
import type { PermissionMap } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';

/**
 * A user's effective permissions, roles plus extra permissions, as the JSON map
 * service -> [codes] (spec 000 §3 User.permissions). `userId` may be a column of an outer query.
 */
export function effectivePermissionsSql(userId: SQL | number): SQL {
  return sql`(
    select coalesce(json_object_agg(s.service, s.codes), '{}'::json) from (
      select p.service, json_agg(p.code order by p.code) as codes
      from permissions p
      where p.id in (
        select rp.permission_id from role_permissions rp join user_roles ur on ur.role_id = rp.role_id where ur.user_id = ${userId}
        union
        select up.permission_id from user_permissions up where up.user_id = ${userId}
      )
      group by p.service
    ) s
  )`;
}

export async function loadEffectivePermissions(db: DbOrTx, userId: number): Promise<PermissionMap> {
  const result = await db.execute(sql`select ${effectivePermissionsSql(userId)} as permissions`);
  return ((result as unknown as { rows: { permissions: PermissionMap }[] }).rows[0]?.permissions ?? {}) as PermissionMap;
}
