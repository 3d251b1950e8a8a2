import { asc, eq, inArray } from 'drizzle-orm';
import type { MeUser, PermissionMap } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { isInternalUser, type Config } from '../../kit/config.ts';
import { clients } from './client.table.ts';
import { roles, userRoles, users } from './user.table.ts';
import { actingClientId, loadUserClients } from './user-clients.ts';
import { sites } from '../sites.context/site.table.ts';
import { loadEffectivePermissions } from './effective-permissions.ts';
import { notFound } from '../../kit/errors.ts';
import { isJoinedSession } from '../auth.processing/joined-session.ts';
import { loadSecondFactorStanding } from '../auth.processing/second-factor.ts';

/**
 * The user as /me and sign-in return it; `sessionClientId` is the session's client (see actingClientId). `permissions`
 * may come from the gateway, which has just computed them. `clients` are the user's clients,
 * direct and through client groups; `joined_client` is set when `sessionId` was opened by
 * join_client (an internal user logged in as that client); `second_factor` is the user's factor as
 * that session sees it.
 */
export async function getMe(
  db: DbOrTx,
  config: Pick<Config, 'internalEmailDomains'>,
  userId: number,
  sessionClientId: number | null,
  permissions?: PermissionMap,
  sessionId?: string | null,
): Promise<MeUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const internal = isInternalUser(config, user);
  // One after another: inside a transaction (refresh, switch) there is one connection, and pg
  // refuses overlapping queries on a client.
  const userClientRows = await loadUserClients(db, userId);
  const roleRows = await db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(eq(userRoles.user_id, userId))
    .orderBy(asc(roles.name));
  const secondFactor = await loadSecondFactorStanding(db, userId, sessionId);
  // A session held to enrolment of a second factor holds no permission (authenticate.ts).
  const resolvedPermissions = secondFactor.limited ? {} : (permissions ?? (await loadEffectivePermissions(db, userId)));
  const joined = internal && sessionClientId != null ? await isJoinedSession(db, sessionId) : false;
  const clientIds = userClientRows.map((c) => c.id);
  const acting = actingClientId(sessionClientId, { internal, defaultClientId: user.default_client_id, clientIds });
  const siteScope = internal ? undefined : clientIds.length ? inArray(sites.client_id, clientIds) : eq(sites.id, -1);
  const [anySite] = await db.select({ id: sites.id }).from(sites).where(siteScope).limit(1);
  const clientName = async (id: number | null) => {
    if (id == null) return null;
    const known = userClientRows.find((c) => c.id === id);
    if (known) return known;
    const [row] = await db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.id, id));
    return row ?? null;
  };
  const client = await clientName(acting);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    last_name: user.last_name,
    phone: user.phone,
    locale: user.locale === 'en' ? 'en' : 'ru',
    internal,
    default_client: await clientName(user.default_client_id),
    clients: userClientRows,
    roles: roleRows,
    permissions: resolvedPermissions,
    client,
    has_sites: Boolean(anySite),
    joined_client_id: joined && client ? client.id : null,
    joined_client: joined ? client : null,
    second_factor: secondFactor,
    created_at: user.created_at.toISOString(),
  };
}
