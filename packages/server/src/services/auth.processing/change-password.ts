import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { users } from '../clients.storage/user.table.ts';
import { PASSWORD_SET, recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { endUserSessions } from './sessions.ts';

/** POST /api/v1/change_password: the current session stays, every other one ends. */
export async function changePassword(ctx: ServiceContext, auth: AuthContext, oldPassword: string, newPassword: string, meta: RequestMeta) {
  const [user] = await ctx.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, auth.userId));
  if (!(await verifyPassword(user?.hash ?? null, oldPassword))) throw new AppError(400, 'wrong_current_password', undefined, '/data/old_password');
  if (oldPassword === newPassword) throw new AppError(400, 'same_password', undefined, '/data/new_password');
  const hash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash, updated_at: new Date() }).where(eq(users.id, auth.userId));
    await endUserSessions(tx, auth.userId, 'password changed', auth.sessionId);
    // In the activity history and, like every password set, in the audit trail (hidden).
    await recordAccessEvent(tx, { userId: auth.userId, event: 'password_changed', meta, clientId: auth.clientId, audit: { changes: PASSWORD_SET } });
  });
}
