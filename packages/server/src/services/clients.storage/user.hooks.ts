import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { hashPassword } from '../auth.processing/password.ts';
import { endUserSessions } from '../auth.processing/sessions.ts';
import { clients } from './client.table.ts';
import { userClients, users } from './user.table.ts';
import { assertCovers, assertGrantable, holdsAll, isRoot } from './assert-grantable.ts';
import { isInternalEmail, type Config } from '../../kit/config.ts';

type Attrs = Record<string, unknown>;
const added = (next: unknown, before: unknown) => ((next as number[] | undefined) ?? []).filter((id) => !((before as number[] | undefined) ?? []).includes(id));

/** A user needs at least one client (spec 000 §5), unless it is platform staff. */
function assertHasClient(attrs: Attrs, existing?: Row) {
  const internal = (attrs.internal ?? existing?.internal) === true;
  const clientIds = (attrs.client_ids ?? existing?.client_ids ?? []) as number[];
  if (!internal && clientIds.length === 0) throw badRequest('at_least_one_client', '/data/attributes/client_ids');
}

/**
 * Who is platform staff (docs/decisions/access.md, "Who is platform staff?"): the `internal` flag,
 * changed only by internal root holders, and only on an internal e-mail domain, which itself is
 * given only by staff. So no dealer-side user can make anyone, itself included, staff.
 */
function assertStaffRules(config: Pick<Config, 'internalEmailDomains'>, auth: AuthContext, attrs: Attrs, existing?: Row) {
  const wasInternal = existing?.internal === true;
  const internal = attrs.internal === undefined ? wasInternal : attrs.internal === true;
  if (internal !== wasInternal && !isRoot(auth)) throw new AppError(403, 'internal_root_only', undefined, '/data/attributes/internal');
  const email = String(attrs.email ?? existing?.email ?? '');
  const emailChanged = attrs.email !== undefined && attrs.email !== existing?.email;
  if (emailChanged && isInternalEmail(config, email) && !auth.internal)
    throw new AppError(403, 'internal_email_staff_only', undefined, '/data/attributes/email');
  if (internal && !isInternalEmail(config, email))
    throw badRequest('internal_needs_internal_email', emailChanged ? '/data/attributes/email' : '/data/attributes/internal');
}

/** The default client is one of the user's clients; the first one when none is chosen. */
function withDefaultClient(attrs: Attrs, existing?: Row): Attrs {
  const clientIds = (attrs.client_ids ?? existing?.client_ids ?? []) as number[];
  const chosen = attrs.default_client_id !== undefined ? attrs.default_client_id : existing?.default_client_id;
  if (chosen != null && !clientIds.includes(Number(chosen))) throw badRequest('default_client_not_chosen', '/data/attributes/default_client_id');
  return { ...attrs, default_client_id: chosen ?? clientIds[0] ?? null };
}

/** A password given by an administrator is stored as its argon2id hash only. */
async function withPassword(attrs: Attrs): Promise<Attrs> {
  const { password, ...rest } = attrs;
  return typeof password === 'string' ? { ...rest, password_hash: await hashPassword(password) } : rest;
}

/**
 * A client keeps at least one active user: the default or the only user of a client cannot be
 * deleted or deactivated (spec 000 §6).
 */
export async function assertNotLastUser(db: DbOrTx, userId: number) {
  const [orphan] = await db
    .select({ name: clients.name })
    .from(userClients)
    .innerJoin(clients, eq(clients.id, userClients.client_id))
    .where(
      and(
        eq(userClients.user_id, userId),
        sql`not exists (select 1 from ${userClients} uc join ${users} u on u.id = uc.user_id
              where uc.client_id = ${userClients.client_id} and u.active and ${ne(sql`u.id`, userId)})`,
      ),
    )
    .limit(1);
  if (orphan) throw new AppError(409, 'last_client_user', { client: orphan.name });
}

/** Switches a user on or off; off ends every session at once. Only an actor who covers the user. */
export async function setUserActive(tx: DbOrTx, auth: AuthContext, user: Row, active: boolean, ip: string | null) {
  await assertCovers(tx, auth, { id: user.id, internal: user.internal === true });
  if (!active) await assertNotLastUser(tx, user.id);
  await tx.update(users).set({ active, updated_at: new Date() }).where(eq(users.id, user.id));
  if (!active) await endUserSessions(tx, user.id, 'user deactivated');
  await recordAudit(tx, auth, {
    action: active ? 'activate' : 'deactivate',
    service: 'clients.storage',
    resource: 'users',
    recordId: user.id,
    changes: { active: [user.active, active] },
    clientId: ((user.client_ids as number[]) ?? [])[0] ?? null,
    ip,
  });
}

/**
 * Users: every grant (permissions, roles, client groups, clients, staff status) passes the
 * granter's check; every change to another user needs an actor who covers it (assertCovers).
 */
export function userHooks(config: Pick<Config, 'internalEmailDomains'>): ResourceHooks {
  return {
    async beforeCreate(attrs, { tx, auth }) {
      assertStaffRules(config, auth, attrs);
      assertHasClient(attrs);
      await assertGrantable(tx, auth, { permissionIds: attrs.permission_ids as number[], roleIds: attrs.role_ids as number[], groupIds: attrs.group_ids as number[] });
      return withPassword(withDefaultClient(attrs));
    },
    async beforeUpdate(attrs, { tx, auth, existing }) {
      await assertCovers(tx, auth, { id: existing.id, internal: existing.internal === true });
      assertStaffRules(config, auth, attrs, existing);
      assertHasClient(attrs, existing);
      // Only what is added is a grant: keeping a role the editor lacks is not an escalation.
      await assertGrantable(tx, auth, {
        permissionIds: added(attrs.permission_ids, existing.permission_ids),
        roleIds: added(attrs.role_ids, existing.role_ids),
        groupIds: added(attrs.group_ids, existing.group_ids),
      });
      if (typeof attrs.password === 'string') await endUserSessions(tx, existing.id, 'password set by an administrator');
      return withPassword(withDefaultClient(attrs, existing));
    },
    // DELETE deactivates: the record and its history stay.
    async remove({ tx, auth, existing, request }) {
      if (!existing.active) return assertCovers(tx, auth, { id: existing.id, internal: existing.internal === true });
      await setUserActive(tx, auth, existing, false, request.ip);
    },
  };
}

/**
 * Roles: the permissions given pass the granter's check. The second factor rule of a role
 * (`requires_second_factor`) is changed, either way, only by someone who holds every permission
 * of the role: dropping it from a stronger role would open that role's accounts to a password.
 */
export const roleHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx, auth }) {
    await assertGrantable(tx, auth, { permissionIds: attrs.permission_ids as number[] });
    return attrs;
  },
  async beforeUpdate(attrs, { tx, auth, existing }) {
    await assertGrantable(tx, auth, { permissionIds: added(attrs.permission_ids, existing.permission_ids) });
    const ruleChanged = attrs.requires_second_factor !== undefined && attrs.requires_second_factor !== existing.requires_second_factor;
    const permissionIds = (attrs.permission_ids ?? existing.permission_ids ?? []) as number[];
    if (ruleChanged && !(await holdsAll(tx, auth, permissionIds)))
      throw new AppError(403, 'second_factor_policy_forbidden', undefined, '/data/attributes/requires_second_factor');
    return attrs;
  },
};

const sameIds = (a: unknown, b: unknown) => JSON.stringify([...((a as number[]) ?? [])].sort()) === JSON.stringify([...((b as number[]) ?? [])].sort());

/**
 * Clients: a group carries its clients to the group's users, so putting a client into a group
 * (or taking it out) is for platform staff only.
 */
export const clientHooks: ResourceHooks = {
  beforeUpdate(attrs, { auth, existing }) {
    if (auth.scope !== 'all' && attrs.group_ids !== undefined && !sameIds(attrs.group_ids, existing.group_ids))
      throw new AppError(403, 'client_groups_staff_only', undefined, '/data/attributes/group_ids');
    return attrs;
  },
};
