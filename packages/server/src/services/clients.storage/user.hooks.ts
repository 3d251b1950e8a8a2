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
import { assertGrantable } from './assert-grantable.ts';

type Attrs = Record<string, unknown>;
const added = (next: unknown, before: unknown) => ((next as number[] | undefined) ?? []).filter((id) => !((before as number[] | undefined) ?? []).includes(id));

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

/** Switches a user on or off; off ends every session at once. */
export async function setUserActive(tx: DbOrTx, auth: AuthContext, user: Row, active: boolean, ip: string | null) {
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

export const userHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx, auth }) {
    await assertGrantable(tx, auth, { permissionIds: attrs.permission_ids as number[], roleIds: attrs.role_ids as number[] });
    return withPassword(withDefaultClient(attrs));
  },
  async beforeUpdate(attrs, { tx, auth, existing }) {
    // Only what is added is a grant: keeping a role the editor lacks is not an escalation.
    await assertGrantable(tx, auth, {
      permissionIds: added(attrs.permission_ids, existing.permission_ids),
      roleIds: added(attrs.role_ids, existing.role_ids),
    });
    if (typeof attrs.password === 'string') await endUserSessions(tx, existing.id, 'password set by an administrator');
    return withPassword(withDefaultClient(attrs, existing));
  },
  // DELETE deactivates: the record and its history stay.
  async remove({ tx, auth, existing, request }) {
    if (!existing.active) return;
    await setUserActive(tx, auth, existing, false, request.ip);
  },
};

export const roleHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx, auth }) {
    await assertGrantable(tx, auth, { permissionIds: attrs.permission_ids as number[] });
    return attrs;
  },
  async beforeUpdate(attrs, { tx, auth, existing }) {
    await assertGrantable(tx, auth, { permissionIds: added(attrs.permission_ids, existing.permission_ids) });
    return attrs;
  },
};
