import { DEFAULT_API_ROUTES, PERMISSIONS, SCREEN_ROUTES, permissionText } from '@dp/contracts';
import { eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isInternalEmail, type Config } from '../kit/config.ts';
import type { Db, DbOrTx } from '../kit/db.ts';
import { apiRoutes, permissions, rolePermissions, roles, screenRoutes, users } from '../schema.ts';
import { fillRouteModules, seedModules } from '../services/marketplace/module-seed.ts';

/**
 * Permissions, the gateway route table and the screens registry, from contracts. Runs at every
 * start and only adds what is missing, so edits made in the admin are kept.
 */
export async function seedReferenceData(db: Db) {
  const added = await insertMissing(db, permissions, PERMISSIONS.map(namedPermission), [permissions.service, permissions.code]);
  await grantToPlatformRoots(db, added);
  await nameUnnamedPermissions(db);
  await insertMissing(db, apiRoutes, DEFAULT_API_ROUTES.map(({ targets: _targets, ...r }) => ({ ...r, description: null })), [apiRoutes.service, apiRoutes.method, apiRoutes.path]);
  await insertMissing(db, screenRoutes, SCREEN_ROUTES.map((s) => ({ ...s, module: s.module ?? null })), [screenRoutes.name]);
  // marketplace: the module codes of the spec, and the module of routes seeded before they named one.
  await seedModules(db);
  await fillRouteModules(db);
}

/** A permission row with its Russian name and description (the web shows the English ones to English readers). */
const namedPermission = (p: { service: string; code: string }) => {
  const texts = permissionText(p.service, p.code, 'ru');
  return { service: p.service, code: p.code, name: texts?.name ?? p.code, description: texts?.description ?? null };
};

/**
 * Inserts the rows of `values` whose key (the table's unique columns `key`) is not in the table.
 * After the first start none is missing: reading the keys costs far less than offering every row
 * again (building and planning a statement of hundreds of rows was a fifth of a start,
 * docs/performance.md, "bench:start"). The insert still skips conflicts: two processes may start at
 * once.
 */
async function insertMissing<T extends Record<string, unknown>>(db: Db, table: PgTable, values: T[], key: PgColumn[]): Promise<T[]> {
  const names = key.map((column) => Object.entries(getTableColumns(table)).find(([, c]) => c === column)![0]);
  const keyOf = (row: Record<string, unknown>) => JSON.stringify(names.map((name) => row[name]));
  const stored = await db.select(Object.fromEntries(names.map((name, i) => [name, key[i]!]))).from(table);
  const have = new Set(stored.map(keyOf));
  const missing = values.filter((row) => !have.has(keyOf(row)));
  if (missing.length) await db.insert(table).values(missing as never).onConflictDoNothing();
  return missing;
}

/**
 * Codes a new version adds are granted to the platform's roles (no client) that hold
 * auth.processing root, so that an upgrade does not refuse the administrators its new screens.
 * Nothing else gets them: dealers' roles and narrower staff roles are given new codes by hand.
 * On a first start there is no role yet, and the demo data grants its own.
 */
async function grantToPlatformRoots(db: Db, added: { service: string; code: string }[]) {
  if (!added.length) return;
  const codes = sql.join(added.map((p) => sql`(${p.service}, ${p.code})`), sql`, `);
  await db.execute(sql`
    insert into ${rolePermissions} (role_id, permission_id)
    select r.id, p.id from ${roles} r, ${permissions} p
    where r.client_id is null
      and exists (select 1 from ${rolePermissions} rp join ${permissions} root on root.id = rp.permission_id
                  where rp.role_id = r.id and root.service = 'auth.processing' and root.code = 'root')
      and (p.service, p.code) in (${codes})
    on conflict do nothing`);
}

/** Permissions seeded before they had names (named by their code) get their names; edited ones are kept. */
async function nameUnnamedPermissions(db: Db) {
  const [unnamed] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(or(isNull(permissions.name), eq(permissions.name, permissions.code)))
    .limit(1);
  if (!unnamed) return;
  const rows = PERMISSIONS.map(namedPermission).map((p) => sql`(${p.service}, ${p.code}, ${p.name}, ${p.description})`);
  await db.execute(sql`
    update ${permissions} p set name = v.name, description = coalesce(p.description, v.description), updated_at = now()
    from (values ${sql.join(rows, sql`, `)}) as v(service, code, name, description)
    where p.service = v.service and p.code = v.code and (p.name is null or p.name = p.code) and v.name <> v.code`);
}

/**
 * Installations from before the `internal` flag: while no user is internal, the holders of
 * auth.processing root on an internal e-mail domain become platform staff, so that an upgrade
 * does not lock the administrators out. Only root holders can have had root granted to them.
 */
export async function promoteExistingStaff(db: DbOrTx, config: Pick<Config, 'internalEmailDomains'>) {
  const [anyStaff] = await db.select({ id: users.id }).from(users).where(eq(users.internal, true)).limit(1);
  if (anyStaff) return;
  const roots = await db.execute(sql`
    select u.id, u.email from users u
    where u.id in (
      select ur.user_id from user_roles ur join role_permissions rp on rp.role_id = ur.role_id join permissions p on p.id = rp.permission_id
      where p.service = 'auth.processing' and p.code = 'root'
      union
      select up.user_id from user_permissions up join permissions p on p.id = up.permission_id
      where p.service = 'auth.processing' and p.code = 'root')`);
  const ids = (roots as unknown as { rows: { id: number; email: string }[] }).rows.filter((u) => isInternalEmail(config, u.email)).map((u) => u.id);
  if (ids.length) await db.update(users).set({ internal: true }).where(inArray(users.id, ids));
}
