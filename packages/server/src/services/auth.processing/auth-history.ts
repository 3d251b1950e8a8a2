import { desc, eq, sql } from 'drizzle-orm';
import type { AuthHistoryEntry } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { authHistory } from './session.table.ts';
import { clients } from '../clients.storage/client.table.ts';

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
