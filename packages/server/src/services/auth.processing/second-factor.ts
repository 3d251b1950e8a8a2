import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { RECOVERY_CODE, type SecondFactorStanding } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { Db, DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { checkRateLimit, countHits, LIMITS } from '../../kit/rate-limit.ts';
import { hmac, loadSecret, openSecret, sealSecret } from '../../kit/secrets.ts';
import { users } from '../clients.storage/user.table.ts';
import { recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { recoveryCodes, secondFactors } from './second-factor.table.ts';
import { sessions } from './session.table.ts';
import { matchTotp, normalizeRecoveryCode } from './totp.ts';

/** How a sign-in was confirmed beyond the password (sessions.second_factor). */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'provider';

/**
 * The key that seals TOTP secrets and keys the HMAC of recovery codes: SECOND_FACTOR_KEY when
 * given (every process the same), else one made on first use and kept in the database.
 */
export const secondFactorKey = (db: DbOrTx) => loadSecret(db as Db, 'second-factor', process.env.SECOND_FACTOR_KEY || null);

/** A sealed secret opens only for its own user: a value copied to another row does not. */
const sealContext = (userId: number) => `second_factors:${userId}`;

export const sealTotpSecret = async (db: DbOrTx, userId: number, secret: string) => sealSecret(await secondFactorKey(db), secret, sealContext(userId));

export const recoveryCodeHash = (key: Uint8Array, userId: number, code: string) => hmac(key, `${userId}:${normalizeRecoveryCode(code)}`);

/** SQL: a role of the user requires a second factor. */
export const factorRequiredSql = (userId: SQL) =>
  sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId} and r.requires_second_factor)`;

/** The user's factor (when it was confirmed; null while an enrolment waits), or undefined without one. */
export async function findFactor(db: DbOrTx, userId: number): Promise<{ confirmed_at: Date | null } | undefined> {
  const [row] = await db.select({ confirmed_at: secondFactors.confirmed_at }).from(secondFactors).where(eq(secondFactors.user_id, userId));
  return row;
}

/** The user has a confirmed factor. */
export const hasSecondFactor = async (db: DbOrTx, userId: number) => Boolean((await findFactor(db, userId))?.confirmed_at);

/**
 * Whether a session that was not opened with a factor is held to enrolment: a role requires one.
 * `sessionFactor` is the session's sessions.second_factor.
 */
export const isLimited = (required: boolean, sessionFactor: string | null) => required && sessionFactor == null;

/** The user's factor as `sessionId` sees it (/me, sign-in and refresh answers). */
export async function loadSecondFactorStanding(db: DbOrTx, userId: number, sessionId?: string | null): Promise<SecondFactorStanding> {
  const result = await db.execute(sql`
    select
      exists (select 1 from second_factors f where f.user_id = ${userId} and f.confirmed_at is not null) as enabled,
      ${factorRequiredSql(sql`${userId}`)} as required,
      (select s.second_factor from sessions s where s.id = ${sessionId ?? null}::uuid) as session_factor`);
  const row = (result as unknown as { rows: { enabled: boolean; required: boolean; session_factor: string | null }[] }).rows[0]!;
  return { enabled: row.enabled, required: row.required, limited: Boolean(sessionId) && isLimited(row.required, row.session_factor) };
}

/**
 * A session's factor read from the database, not from a cached caller (client switching, refresh):
 * how it was confirmed, whether it is held to enrolment, whether its user has a factor.
 */
export async function sessionFactorStanding(db: DbOrTx, sessionId: string) {
  const result = await db.execute(sql`
    select s.second_factor, ${factorRequiredSql(sql`s.user_id`)} as required,
      exists (select 1 from second_factors f where f.user_id = s.user_id and f.confirmed_at is not null) as enabled
    from sessions s where s.id = ${sessionId}::uuid`);
  const row = (result as unknown as { rows: { second_factor: string | null; required: boolean; enabled: boolean }[] }).rows[0];
  const secondFactor = (row?.second_factor ?? null) as SecondFactorMethod | null;
  return { secondFactor, enabled: row?.enabled ?? false, limited: isLimited(row?.required ?? false, secondFactor) };
}

/**
 * A change of the user's factor or of a session's: the user's row is touched, so the access
 * caches of every process drop the user (the users trigger of the access notifications) and the
 * next call sees the session's new standing.
 */
export async function touchUser(db: DbOrTx, userId: number) {
  await db.update(users).set({ updated_at: new Date() }).where(eq(users.id, userId));
}

/** Marks how a session's sign-in was confirmed (or, null, that it no longer is). */
export async function setSessionFactor(db: DbOrTx, sessionId: string, userId: number, method: SecondFactorMethod | null) {
  await db.update(sessions).set({ second_factor: method }).where(eq(sessions.id, sessionId));
  await touchUser(db, userId);
}

/** The user's TOTP secret, opened; null without a factor (or, with `confirmed`, without a confirmed one). */
async function openFactor(db: DbOrTx, userId: number, confirmed: boolean) {
  const [factor] = await db.select().from(secondFactors).where(eq(secondFactors.user_id, userId));
  if (!factor || (confirmed && !factor.confirmed_at)) return null;
  return { secret: openSecret(await secondFactorKey(db), factor.secret_sealed, sealContext(userId)), lastStep: factor.last_used_step };
}

/**
 * A code of the app: accepted once. The step it matched is claimed in one conditional update, so
 * of two calls with the same code only one passes.
 */
async function acceptTotp(db: DbOrTx, userId: number, code: string, confirmed: boolean): Promise<boolean> {
  const factor = await openFactor(db, userId, confirmed);
  if (!factor) return false;
  const step = await matchTotp(factor.secret, code, factor.lastStep);
  if (step === null) return false;
  const [claimed] = await db
    .update(secondFactors)
    .set({ last_used_step: step })
    .where(and(eq(secondFactors.user_id, userId), or(isNull(secondFactors.last_used_step), lt(secondFactors.last_used_step, step))))
    .returning({ userId: secondFactors.user_id });
  return Boolean(claimed);
}

/** A recovery code: used up by the same statement that finds it. */
async function useRecoveryCode(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const hash = recoveryCodeHash(await secondFactorKey(db), userId, code);
  const [used] = await db
    .update(recoveryCodes)
    .set({ used_at: new Date() })
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, hash), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return Boolean(used);
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  return db.$count(recoveryCodes, and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
}

export interface CodeCheck {
  /** What the code is for, in the audit entry of a failure. */
  purpose: 'sign_in' | 'confirm' | 'recovery_codes' | 'disable';
  /** The factor being enrolled (not confirmed yet) rather than the confirmed one. */
  enrolling?: boolean;
  /** A recovery code is accepted too. */
  allowRecovery: boolean;
  /** The answer to a wrong code: 401 at sign-in, 400 on the field `code` elsewhere. */
  status: 400 | 401;
  /** The client acted as, for the history and the audit entry. */
  clientId: number | null;
}

const rateKeys = (userId: number, meta: RequestMeta) => [`second-factor:account:${userId}`, `second-factor:address:${meta.ip}`];

/** Refuses with 429 once the user or the address has spent its attempts, before anything is checked. */
export async function checkCodeLimits(ctx: ServiceContext, userId: number, meta: RequestMeta) {
  const [accountKey, addressKey] = rateKeys(userId, meta);
  await checkRateLimit(ctx.db, addressKey!, LIMITS.secondFactorPerAddress);
  await checkRateLimit(ctx.db, accountKey!, LIMITS.secondFactorPerAccount);
}

/** Counts a failed attempt (a wrong code or password) on the user and the address. */
export const countFailedAttempt = (ctx: ServiceContext, userId: number, meta: RequestMeta) =>
  countHits(ctx.db, rateKeys(userId, meta), LIMITS.secondFactorPerAccount.windowSeconds);

/**
 * Checks a second-factor code of `userId`: rate-limited per account and per address (failures
 * count), a code of the app accepted once within one step of drift, a recovery code used up.
 * A failure is counted, goes to the history and the audit trail, and is refused; a recovery code
 * used is recorded with how many are left. Answers how the code proved the factor.
 */
export async function checkSecondFactorCode(ctx: ServiceContext, userId: number, code: string, meta: RequestMeta, check: CodeCheck): Promise<SecondFactorMethod> {
  await checkCodeLimits(ctx, userId, meta);
  const recovery = RECOVERY_CODE.test(code);
  if (recovery && !check.allowRecovery) throw new AppError(400, 'second_factor_app_code_only', undefined, '/data/code');
  const accepted = recovery ? await useRecoveryCode(ctx.db, userId, code) : await acceptTotp(ctx.db, userId, code, !check.enrolling);
  // At sign-in nobody acts yet (no session), as for a wrong password.
  const event = { userId, meta, clientId: check.clientId, ...(check.purpose === 'sign_in' ? { actor: null } : {}) };
  if (!accepted) {
    await countFailedAttempt(ctx, userId, meta);
    await recordAccessEvent(ctx.db, { ...event, event: 'second_factor_failed', audit: { changes: { purpose: check.purpose }, clientId: check.clientId } });
    throw new AppError(check.status, 'second_factor_code_invalid', undefined, check.status === 400 ? '/data/code' : undefined);
  }
  if (!recovery) return 'totp';
  const left = await recoveryCodesLeft(ctx.db, userId);
  await recordAccessEvent(ctx.db, { ...event, event: 'recovery_code_used', audit: { changes: { purpose: check.purpose, recovery_codes_left: left }, clientId: check.clientId } });
  return 'recovery_code';
}
