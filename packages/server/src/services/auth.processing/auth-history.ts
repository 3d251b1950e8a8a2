import { desc, eq, sql } from 'drizzle-orm';
import type { AuthHistoryEntry } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { authHistory } from './session.table.ts';
import { clients } from '../clients.storage/client.table.ts';
import { recordAudit } from '../../kit/audit.ts';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export async function recordAuthEvent(
  db: DbOrTx,
  userId: number,
  event: AuthHistoryEntry['event'],
  meta: RequestMeta,
  clientId: number | null = null,
) {
  await db.insert(authHistory).values({ user_id: userId, event, ip: meta.ip, user_agent: meta.userAgent?.slice(0, 500) ?? null, client_id: clientId });
}

export interface AccessEvent {
  userId: number;
  /** The activity history's event; also the audit action unless `audit.action` says otherwise. */
  event: AuthHistoryEntry['event'];
  meta: RequestMeta;
  /** The client acted as: shown in the history, owner of the audit entry. */
  clientId: number | null;
  /** Who acted; the user acting as `clientId` when absent, null for nobody (a failed sign-in). */
  actor?: Parameters<typeof recordAudit>[1];
  /** What the audit entry names; the user by default. */
  audit?: { action?: string; resource?: string; recordId?: string | number; changes?: Record<string, unknown>; clientId?: number | null };
}

/** The audit changes of a password set: that it changed, never what to. */
export const PASSWORD_SET = { password: ['[hidden]', '[hidden]'] };

/** An access event goes to the user's activity history and to the audit trail alike. */
export async function recordAccessEvent(db: DbOrTx, e: AccessEvent) {
  await recordAuthEvent(db, e.userId, e.event, e.meta, e.clientId);
  await recordAudit(db, e.actor === undefined ? { userId: e.userId, clientId: e.clientId } : e.actor, {
    action: e.audit?.action ?? e.event,
    service: 'auth.processing',
    resource: e.audit?.resource ?? 'users',
    recordId: e.audit?.recordId ?? e.userId,
    changes: e.audit?.changes ?? null,
    clientId: e.audit?.clientId !== undefined ? e.audit.clientId : e.clientId,
    ip: e.meta.ip,
  });
}

export async function listAuthHistory(db: DbOrTx, userId: number, page: { size: number; offset: number }) {
  const rows = await db
    .select({
      id: authHistory.id,
      event: authHistory.event,
      ip: authHistory.ip,
      user_agent: authHistory.user_agent,
      created_at: authHistory.created_at,
      client_id: clients.id,
      client_name: clients.name,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(authHistory)
    .leftJoin(clients, eq(clients.id, authHistory.client_id))
    .where(eq(authHistory.user_id, userId))
    .orderBy(desc(authHistory.created_at), desc(authHistory.id))
    .limit(page.size)
    .offset(page.offset);
  const total = rows[0]?.total ?? (page.offset === 0 ? 0 : (await db.$count(authHistory, eq(authHistory.user_id, userId))));
  return {
    total,
    records: rows.map((row) => ({
      id: String(row.id),
      type: 'auth_history',
      attributes: {
        event: row.event as AuthHistoryEntry['event'],
        ip: row.ip,
        user_agent: row.user_agent,
        client: row.client_id ? { id: row.client_id, name: row.client_name! } : null,
        created_at: row.created_at.toISOString(),
      } satisfies AuthHistoryEntry,
    })),
  };
}
