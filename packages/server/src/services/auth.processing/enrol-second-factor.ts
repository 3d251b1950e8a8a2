import { and, eq, isNull } from 'drizzle-orm';
import type { RecoveryCodes, SecondFactorEnrolment, SecondFactorStatus } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { users } from '../clients.storage/user.table.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { verifyPassword } from './password.ts';
import { recoveryCodes, secondFactors } from './second-factor.table.ts';
import {
  checkCodeLimits,
  checkSecondFactorCode,
  countFailedAttempt,
  findFactor,
  loadSecondFactorStanding,
  recoveryCodeHash,
  recoveryCodesLeft,
  sealTotpSecret,
  secondFactorKey,
  setSessionFactor,
} from './second-factor.ts';
import { newRecoveryCodes, newTotpSecret, totpQrCode, totpUri } from './totp.ts';

/** GET /me/second_factor (and a user's, for staff who may see it). */
export async function secondFactorStatus(db: DbOrTx, userId: number): Promise<SecondFactorStatus> {
  const factor = await findFactor(db, userId);
  const { required } = await loadSecondFactorStanding(db, userId);
  const enabled = Boolean(factor?.confirmed_at);
  return { enabled, required, confirmed_at: factor?.confirmed_at?.toISOString() ?? null, recovery_codes_left: enabled ? await recoveryCodesLeft(db, userId) : 0 };
}

/**
 * The password typed again before the factor changes (enrolment, disabling): a wrong one is
 * refused on its field and counted by the second factor's rate limits.
 */
export async function assertPassword(ctx: ServiceContext, userId: number, password: string, meta: RequestMeta) {
  await checkCodeLimits(ctx, userId, meta);
  const [user] = await ctx.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
  if (await verifyPassword(user?.hash ?? null, password)) return;
  await countFailedAttempt(ctx, userId, meta);
  throw new AppError(400, 'wrong_current_password', undefined, '/data/password');
}

/**
 * POST /me/second_factor: a new secret, generated here, sealed and kept unconfirmed until its
 * first code; answered once as text, link and QR code. Starting again replaces an unconfirmed one.
 */
export async function startEnrolment(ctx: ServiceContext, auth: AuthContext, password: string, meta: RequestMeta): Promise<SecondFactorEnrolment> {
  await assertPassword(ctx, auth.userId, password, meta);
  const factor = await findFactor(ctx.db, auth.userId);
  if (factor?.confirmed_at) throw new AppError(409, 'second_factor_already_enabled');
  const secret = newTotpSecret();
  const sealed = await sealTotpSecret(ctx.db, auth.userId, secret);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(secondFactors)
      .values({ user_id: auth.userId, secret_sealed: sealed })
      .onConflictDoUpdate({ target: secondFactors.user_id, set: { secret_sealed: sealed, last_used_step: null, created_at: new Date() } });
    await recordAccessEvent(tx, { userId: auth.userId, event: 'second_factor_started', meta, clientId: auth.clientId });
  });
  const uri = totpUri(secret, auth.email);
  return { secret, otpauth_url: uri, qr_code: await totpQrCode(uri) };
}

/** Replaces the user's recovery codes with new ones, stored as HMACs; the codes are answered once. */
async function replaceRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  const key = await secondFactorKey(tx);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(key, userId, code) })));
  return codes;
}

/**
 * POST /me/second_factor/confirm: the first code of the app confirms the factor; the recovery
 * codes are made, and this session counts as opened with the factor (a session held to enrolment
 * is free from now on).
 */
export async function confirmEnrolment(ctx: ServiceContext, auth: AuthContext, code: string, meta: RequestMeta): Promise<RecoveryCodes> {
  const factor = await findFactor(ctx.db, auth.userId);
  if (!factor) throw new AppError(409, 'second_factor_not_started');
  if (factor.confirmed_at) throw new AppError(409, 'second_factor_already_enabled');
  await checkSecondFactorCode(ctx, auth.userId, code, meta, { purpose: 'confirm', enrolling: true, allowRecovery: false, status: 400, clientId: auth.clientId });
  return ctx.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(secondFactors)
      .set({ confirmed_at: new Date() })
      .where(and(eq(secondFactors.user_id, auth.userId), isNull(secondFactors.confirmed_at)))
      .returning({ userId: secondFactors.user_id });
    if (!confirmed) throw new AppError(409, 'second_factor_already_enabled');
    const codes = await replaceRecoveryCodes(tx, auth.userId);
    await setSessionFactor(tx, auth.sessionId, auth.userId, 'totp');
    await recordAccessEvent(tx, { userId: auth.userId, event: 'second_factor_enabled', meta, clientId: auth.clientId });
    return { recovery_codes: codes };
  });
}

/** POST /me/second_factor/recovery_codes: new codes for a code; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: ServiceContext, auth: AuthContext, code: string, meta: RequestMeta): Promise<RecoveryCodes> {
  const factor = await findFactor(ctx.db, auth.userId);
  if (!factor?.confirmed_at) throw new AppError(409, 'second_factor_not_enabled');
  await checkSecondFactorCode(ctx, auth.userId, code, meta, { purpose: 'recovery_codes', allowRecovery: true, status: 400, clientId: auth.clientId });
  return ctx.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, auth.userId);
    await recordAccessEvent(tx, { userId: auth.userId, event: 'recovery_codes_regenerated', meta, clientId: auth.clientId });
    return { recovery_codes: codes };
  });
}
