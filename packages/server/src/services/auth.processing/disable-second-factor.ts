import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { assertCovers } from '../clients.storage/assert-grantable.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { assertPassword } from './enrol-second-factor.ts';
import { recoveryCodes, secondFactors } from './second-factor.table.ts';
import { checkSecondFactorCode, findFactor, hasSecondFactor, setSessionFactor, touchUser } from './second-factor.ts';
import { endUserSessions } from './sessions.ts';

async function removeFactor(tx: DbOrTx, userId: number) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await tx.delete(secondFactors).where(eq(secondFactors.user_id, userId));
}

/**
 * POST /me/second_factor/disable: the password and a code (of the app or a recovery code). This
 * session no longer counts as opened with a factor: where a role requires one, it is held to
 * enrolment again.
 */
export async function disableSecondFactor(ctx: ServiceContext, auth: AuthContext, password: string, code: string, meta: RequestMeta) {
  if (!(await hasSecondFactor(ctx.db, auth.userId))) throw new AppError(409, 'second_factor_not_enabled');
  await assertPassword(ctx, auth.userId, password, meta);
  await checkSecondFactorCode(ctx, auth.userId, code, meta, { purpose: 'disable', allowRecovery: true, status: 400, clientId: auth.clientId });
  await ctx.db.transaction(async (tx) => {
    await removeFactor(tx, auth.userId);
    await setSessionFactor(tx, auth.sessionId, auth.userId, null);
    await recordAccessEvent(tx, { userId: auth.userId, event: 'second_factor_disabled', meta, clientId: auth.clientId });
  });
}

/**
 * DELETE /users/{id}/second_factor: staff take a user's factor away (a lost phone) only when they
 * cover the user (the takeover rule); never their own (that is disabling, with password and code).
 * Every session of the user ends; the reset is in the user's history and the audit trail.
 */
export async function resetSecondFactor(
  ctx: ServiceContext,
  auth: AuthContext,
  target: { id: number; internal: boolean; clientId: number | null },
  meta: RequestMeta,
) {
  if (target.id === auth.userId) throw new AppError(403, 'second_factor_reset_own');
  await ctx.db.transaction(async (tx) => {
    await assertCovers(tx, auth, target);
    if (!(await findFactor(tx, target.id))) throw new AppError(409, 'second_factor_not_enabled');
    await removeFactor(tx, target.id);
    await endUserSessions(tx, target.id, 'second factor reset');
    await touchUser(tx, target.id);
    await recordAccessEvent(tx, { userId: target.id, event: 'second_factor_reset', meta, clientId: target.clientId, actor: auth });
  });
}
