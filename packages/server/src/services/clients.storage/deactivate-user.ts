import { eq } from 'drizzle-orm';
import type { Db } from '../../kit/db.ts';
import { users } from './user.table.ts';
import { endUserSessions } from '../auth.processing/sessions.ts';

/** Switches a user off and ends every session at once (spec 000 §4: deleting deactivates). */
export async function deactivateUser(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ active: false, updated_at: new Date() }).where(eq(users.id, userId));
    await endUserSessions(tx, userId, 'user deactivated');
  });
}
