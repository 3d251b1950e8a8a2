import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { auditLog } from '../../kit/audit.table.ts';

/** The audit action of every client switch; `changes.method` says through which call. */
export const SWITCH_CLIENT_ACTION = 'switch_client';
export const JOIN_METHOD = 'join_client';

/**
 * Whether a session was opened by an internal user logging in as a client (join_client). The audit
 * trail records every switch against the session it opened, so the fact needs no column of its own
 * (see docs/decisions/sign-in.md, "How does a user switch clients?").
 */
export async function isJoinedSession(db: DbOrTx, sessionId: string | null | undefined): Promise<boolean> {
  if (!sessionId) return false;
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.resource, 'sessions'),
        eq(auditLog.record_id, sessionId),
        eq(auditLog.action, SWITCH_CLIENT_ACTION),
        sql`${auditLog.changes}->>'method' = ${JOIN_METHOD}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
