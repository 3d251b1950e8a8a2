import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { inScope, type AuthContext } from '../../kit/request-context.ts';
import { clients } from '../clients.storage/client.table.ts';
import { roles, userRoles, users } from '../clients.storage/user.table.ts';
import { userClientIdsSql } from '../clients.storage/user-clients.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { sites } from './site.table.ts';

/** Read-only lookups of the site screens and dialogs, each within the caller's scope. */
const scoped = (auth: AuthContext) => (auth.scope === 'all' ? undefined : auth.scope.length ? inArray(sites.client_id, auth.scope) : sql`false`);

/** The official sites (types 1 and 2): sources of copies, forks and generated sites, open to every creator. */
export async function officialSites(db: DbOrTx) {
  return db
    .select({ id: sites.id, name: sites.name, type: sites.type, host: sites.host, technical_host: sites.technical_host, context: sites.context })
    .from(sites)
    .where(inArray(sites.type, [1, 2]))
    .orderBy(asc(sites.type), asc(sites.name), asc(sites.id));
}

/** Official master sites with how many forks of them the caller reaches. */
export async function forkCounts(db: DbOrTx, auth: AuthContext) {
  const forks = await db
    .select({ origin: sites.origin_site_id, forks: count() })
    .from(sites)
    .where(and(isNotNull(sites.origin_site_id), eq(sites.type, 3), scoped(auth)))
    .groupBy(sites.origin_site_id);
  const masters = await db.select({ id: sites.id, name: sites.name, host: sites.host, technical_host: sites.technical_host }).from(sites).where(eq(sites.type, 2)).orderBy(asc(sites.name));
  return masters.map((master) => ({ ...master, forks: forks.find((row) => row.origin === master.id)?.forks ?? 0 }));
}

/** Sites with every one of the modules installed and active, with their client and module codes. */
export async function sitesWithModules(db: DbOrTx, auth: AuthContext, codes: string[]) {
  const wanted = [...new Set(codes)];
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      host: sites.host,
      technical_host: sites.technical_host,
      status: sites.status,
      client_id: sites.client_id,
      client: clients.name,
      modules: sql<string[]>`array_agg(${modules.code} order by ${modules.code})`,
    })
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.client_id))
    .innerJoin(moduleInstallations, and(eq(moduleInstallations.site_id, sites.id), eq(moduleInstallations.active, true)))
    .innerJoin(modules, eq(modules.id, moduleInstallations.module_id))
    .where(and(scoped(auth), inArray(modules.code, wanted)))
    .groupBy(sites.id, clients.name)
    .having(sql`count(distinct ${modules.code}) = ${wanted.length}`)
    .orderBy(asc(clients.name), asc(sites.name), asc(sites.id))
    .limit(10_000);
  return rows;
}

/** The users of the site's client (spec 000 §2 /sites/{siteId}/users): who works on the site. */
export async function siteUsers(db: DbOrTx, auth: AuthContext, clientId: number) {
  if (!inScope(auth, clientId)) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, last_name: users.last_name, email: users.email, active: users.active })
    .from(users)
    .where(sql`${clientId} in (${userClientIdsSql(sql`${users.id}`)})`)
    .orderBy(asc(users.last_name), asc(users.name), asc(users.id));
  const roleRows = rows.length
    ? await db
        .select({ user: userRoles.user_id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.role_id))
        .where(inArray(userRoles.user_id, rows.map((row) => row.id)))
    : [];
  return rows.map((row) => ({ ...row, roles: roleRows.filter((r) => r.user === row.id).map((r) => r.name).sort() }));
}

/** The colour schemes sites use, for the pickers (until the renderer's list comes with its issue). */
export async function colorSchemesInUse(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`select distinct s from (select context->>'color_scheme' as s from sites union select jsonb_array_elements_text(context->'extra_color_schemes') from sites) t where s is not null order by s limit 500`);
  return (result as unknown as { rows: { s: string }[] }).rows.map((row) => row.s);
}
