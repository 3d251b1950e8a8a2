import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { endUserSessions } from '../auth.processing/sessions.ts';
import { userClients, users } from './user.table.ts';
import { assertNotLastUser } from './user.hooks.ts';

/**
 * Account removal from the personal area (spec 000 §2 /personal/): the user, having typed its own
 * e-mail, deactivates itself (users are never destroyed), every session ends, and the audit trail
 * says so. Refused for the last active user of a client and for the last active platform staff.
 */
export async function removeOwnAccount(db: Db, auth: AuthContext, typedEmail: string, ip: string | null) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, auth.userId)).limit(1);
    if (!user || user.email !== typedEmail.trim().toLowerCase()) throw badRequest('remove_email_mismatch', '/data/email');
    if (user.internal) {
      const [otherStaff] = await tx.select({ id: users.id }).from(users).where(and(eq(users.internal, true), eq(users.active, true), ne(users.id, user.id))).limit(1);
      if (!otherStaff) throw new AppError(409, 'last_platform_staff');
    }
    await assertNotLastUser(tx, user.id);
    await tx.update(users).set({ active: false, updated_at: new Date() }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, 'account removed');
    const [firstClient] = await tx.select({ id: userClients.client_id }).from(userClients).where(eq(userClients.user_id, user.id)).limit(1);
    await recordAudit(tx, auth, {
      action: 'account_removed',
      service: 'clients.storage',
      resource: 'users',
      recordId: user.id,
      changes: { active: [true, false] },
      clientId: firstClient?.id ?? null,
      ip,
    });
  });
}
