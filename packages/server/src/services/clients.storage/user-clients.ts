import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { ClientRef } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { clients } from './client.table.ts';

/**
 * The ids of a user's clients as a subquery (one column, client_id): the clients given directly
 * (user_clients) and every client of the user's client groups (user_groups). `userId` may be a
 * column of an outer query. The tenancy scope, /me and client switching all use this one rule.
 */
export function userClientIdsSql(userId: SQL | number): SQL {
  return sql`
    select uc.client_id from user_clients uc where uc.user_id = ${userId}
    union
    select c.id from user_groups ug join clients c on c.group_ids @> array[ug.group_id] where ug.user_id = ${userId}`;
}

/** A user's clients (direct and through groups) by name. */
export async function loadUserClients(db: DbOrTx, userId: number): Promise<ClientRef[]> {
  return db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(inArray(clients.id, sql`(${userClientIdsSql(userId)})`))
    .orderBy(asc(clients.name), asc(clients.id));
}

/**
 * The client a session acts as, given the user's clients now: the session's own while the user
 * still has it, otherwise the default client, otherwise the first one, so that nothing is
 * attributed to a client the user has lost. Staff act as any client (or none).
 */
export function actingClientId(sessionClientId: number | null, user: { internal: boolean; defaultClientId: number | null; clientIds: number[] }) {
  if (user.internal || sessionClientId === null) return sessionClientId;
  if (user.clientIds.includes(sessionClientId)) return sessionClientId;
  if (user.defaultClientId !== null && user.clientIds.includes(user.defaultClientId)) return user.defaultClientId;
  return user.clientIds[0] ?? null;
}
