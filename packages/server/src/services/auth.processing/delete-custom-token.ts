import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { recordAudit } from '../../kit/audit.ts';
import { notFound } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { CUSTOM_TOKEN_TYPE, refuseTokenCaller } from './custom-token-record.ts';
import { customTokens } from './custom-token.table.ts';

/** DELETE /api/v1/custom_tokens/{id}: revoked at once; another tenant's token answers 404. */
export async function deleteCustomToken(ctx: ServiceContext, auth: AuthContext, id: number, meta: { ip: string | null }) {
  refuseTokenCaller(auth);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(customTokens).where(eq(customTokens.id, id)).for('update');
    if (!row || (auth.scope !== 'all' && (row.client_id === null || !auth.scope.includes(row.client_id)))) throw notFound();
    await tx.delete(customTokens).where(eq(customTokens.id, id));
    await recordAudit(tx, auth, {
      action: 'token_deleted',
      service: 'auth.processing',
      resource: CUSTOM_TOKEN_TYPE,
      recordId: id,
      changes: { name: row.name, client_ids: row.client_ids, brand_ids: row.brand_ids, permissions: row.permissions },
      clientId: row.client_id,
      ip: meta.ip,
    });
  });
}
