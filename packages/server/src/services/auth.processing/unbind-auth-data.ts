import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { notFound } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { authData } from './auth-data.table.ts';
import { AUTH_DATA_TYPE } from './auth-data-record.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';

/** DELETE /api/v1/auth_data/{id}: removes one of the caller's own bindings; anyone else's is 404. */
export async function unbindAuthData(ctx: ServiceContext, auth: AuthContext, id: number, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(authData).where(and(eq(authData.id, id), eq(authData.user_id, auth.userId))).returning();
    if (!row) throw notFound();
    await recordAccessEvent(tx, {
      userId: auth.userId,
      event: 'external_unbound',
      meta,
      clientId: auth.clientId,
      actor: auth,
      audit: { action: 'auth_data_deleted', resource: AUTH_DATA_TYPE, recordId: row.id, changes: { provider: row.provider, email: row.email } },
    });
  });
}
