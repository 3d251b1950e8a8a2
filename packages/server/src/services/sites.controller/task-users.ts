import { and, inArray, sql } from 'drizzle-orm';
import type { TaskUser } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { users } from '../clients.storage/user.table.ts';

/**
 * The names of the users who created or acted on tasks the caller sees (the tasks screen shows
 * them; spec 000 §8: when this fails the screen shows the raw ids). Only ids that appear in such
 * tasks are answered, so the lookup tells nothing about other users.
 */
export async function taskUserNames(db: DbOrTx, auth: AuthContext, ids: number[]): Promise<TaskUser[]> {
  if (!ids.length) return [];
  const scope = auth.scope === 'all' ? sql`true` : auth.scope.length ? sql`t.client_id in (${sql.join(auth.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  const actedOn = sql`exists (select 1 from site_tasks t where ${scope} and (t.user_id = ${users.id}
    or t.payload @> jsonb_build_object('approved_by', ${users.id}) or t.payload @> jsonb_build_object('declined_by', ${users.id})
    or t.payload @> jsonb_build_object('retried_by', ${users.id}) or t.payload @> jsonb_build_object('manual_complete_by', ${users.id})))`;
  return db
    .select({ id: users.id, name: users.name, last_name: users.last_name })
    .from(users)
    .where(and(inArray(users.id, ids), actedOn));
}
