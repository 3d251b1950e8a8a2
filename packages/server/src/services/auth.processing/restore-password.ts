import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Lang, RestoreStarted } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { hitRateLimit, LIMITS, tooMany } from '../../kit/rate-limit.ts';
import { hmac } from '../../kit/secrets.ts';
import { renderTemplate } from '../../kit/template.ts';
import { users } from '../clients.storage/user.table.ts';
import { restoreRequests } from './session.table.ts';
import { PASSWORD_SET, recordAccessEvent, type RequestMeta } from './auth-history.ts';
import { hashPassword } from './password.ts';
import { endUserSessions } from './sessions.ts';
import { normalizeIdentity } from './sign-in.ts';

export const RESTORE_CODE_TTL_SECONDS = 15 * 60;
export const RESTORE_MAX_ATTEMPTS = 5;
export const RESTORE_MAX_SENDS = 5;
export const RESTORE_MAIL_JOB = 'auth.restore-code-mail';

const invalidCode = () => new AppError(400, 'restore_code_invalid', undefined, '/data/code');

/**
 * Step 1, POST /restore/code: known and unknown e-mails take the same path (the same queries and
 * always a mail job, which sends nothing without an active account), so neither the answer nor
 * its timing tells whether an account exists.
 */
export async function startRestore(ctx: ServiceContext, identity: string, lang: Lang, meta: RequestMeta): Promise<RestoreStarted> {
  const email = normalizeIdentity(identity);
  await hitRateLimit(ctx.db, `restore:address:${meta.ip}`, LIMITS.restorePerAddress);
  await hitRateLimit(ctx.db, restoreAccountKey(email), LIMITS.restorePerAccount);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(sql`lower(${users.email})`, email), eq(users.active, true)));
  const [request] = await ctx.db
    .insert(restoreRequests)
    .values({ identity: email, user_id: user?.id ?? null, sent_count: 1, expires_at: codeExpiry() })
    .returning({ id: restoreRequests.id });
  await ctx.jobs.send(RESTORE_MAIL_JOB, { restore_id: request!.id, lang });
  return { id: request!.id, expires_in: RESTORE_CODE_TTL_SECONDS };
}

/**
 * GET /restore/{id}/refresh: a new code for the same request. It counts against the account's
 * recovery limit like a new request, mails at most RESTORE_MAX_SENDS codes per request and keeps
 * the attempts already used.
 */
export async function resendRestoreCode(ctx: ServiceContext, id: string, lang: Lang, meta: RequestMeta): Promise<RestoreStarted> {
  await hitRateLimit(ctx.db, `restore:address:${meta.ip}`, LIMITS.restorePerAddress);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, 'restore_not_found');
  const [request] = await ctx.db.select().from(restoreRequests).where(and(eq(restoreRequests.id, id), isNull(restoreRequests.used_at)));
  if (!request) throw new AppError(404, 'restore_not_found');
  await hitRateLimit(ctx.db, restoreAccountKey(request.identity), LIMITS.restorePerAccount);
  if (!(await countResend(ctx, id))) throw tooMany(Math.ceil((request.expires_at.getTime() - Date.now()) / 1000));
  await ctx.jobs.send(RESTORE_MAIL_JOB, { restore_id: id, lang });
  return { id, expires_in: RESTORE_CODE_TTL_SECONDS };
}

const restoreAccountKey = (email: string) => `restore:account:${email}`;
const codeExpiry = () => new Date(Date.now() + RESTORE_CODE_TTL_SECONDS * 1000);

/**
 * Counts a send at request time in one conditional UPDATE, so quick resends cannot all pass the
 * cap before a mail job runs. Leaves `attempts` alone: a resend must not buy more guesses.
 */
async function countResend(ctx: ServiceContext, id: string): Promise<boolean> {
  const counted = await ctx.db
    .update(restoreRequests)
    .set({ sent_count: sql`${restoreRequests.sent_count} + 1`, expires_at: codeExpiry() })
    .where(and(eq(restoreRequests.id, id), isNull(restoreRequests.used_at), lt(restoreRequests.sent_count, RESTORE_MAX_SENDS)))
    .returning({ id: restoreRequests.id });
  return counted.length > 0;
}

const MAIL = {
  ru: {
    subject: 'Код для восстановления пароля',
    text: 'Здравствуйте, {{name}}!\n\nВаш код для восстановления пароля: {{code}}\nКод действует {{minutes}} минут и может быть использован один раз.\n\nЕсли вы не запрашивали восстановление, просто проигнорируйте это письмо.',
  },
  en: {
    subject: 'Your password recovery code',
    text: 'Hello, {{name}}!\n\nYour password recovery code is {{code}}\nIt is valid for {{minutes}} minutes and can be used once.\n\nIf you did not ask to recover your password, ignore this message.',
  },
};

/**
 * The job: makes the code, keeps only its HMAC, and mails it. The code itself is never stored,
 * not even in the job's payload. A request without an active account gets no code and no mail.
 */
export async function sendRestoreCodeMail(ctx: ServiceContext, data: { restore_id: string; lang: Lang }) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [request] = await ctx.db
    .update(restoreRequests)
    .set({ code_hash: hmac(ctx.codeKey, code) })
    .where(and(eq(restoreRequests.id, data.restore_id), isNull(restoreRequests.used_at), isNotNull(restoreRequests.user_id)))
    .returning();
  if (!request?.user_id) return;
  const [user] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, request.user_id));
  if (!user) return;
  const mail = MAIL[data.lang] ?? MAIL.ru;
  const values = { name: user.name, code, minutes: RESTORE_CODE_TTL_SECONDS / 60 };
  await ctx.mailer.send({ to: user.email, subject: mail.subject, text: renderTemplate(mail.text, values, false) });
}

/**
 * Step 3, POST /restore/password: the latest live request of the identity, at most
 * RESTORE_MAX_ATTEMPTS tries, single use; the new password ends every session.
 */
export async function completeRestore(ctx: ServiceContext, identity: string, code: string, newPassword: string, meta: RequestMeta) {
  const email = normalizeIdentity(identity);
  await hitRateLimit(ctx.db, `restore:address:${meta.ip}`, LIMITS.restorePerAddress);
  const [request] = await ctx.db
    .select()
    .from(restoreRequests)
    .where(and(eq(restoreRequests.identity, email), isNull(restoreRequests.used_at), gt(restoreRequests.expires_at, new Date())))
    .orderBy(desc(restoreRequests.created_at))
    .limit(1);
  if (!request || !request.user_id || !request.code_hash) throw invalidCode();
  if (request.attempts >= RESTORE_MAX_ATTEMPTS) throw new AppError(400, 'restore_attempts_exceeded', undefined, '/data/code');
  const [counted] = await ctx.db
    .update(restoreRequests)
    .set({ attempts: sql`${restoreRequests.attempts} + 1` })
    .where(eq(restoreRequests.id, request.id))
    .returning({ attempts: restoreRequests.attempts });
  if (request.code_hash !== hmac(ctx.codeKey, code)) {
    if ((counted?.attempts ?? 0) >= RESTORE_MAX_ATTEMPTS) throw new AppError(400, 'restore_attempts_exceeded', undefined, '/data/code');
    throw invalidCode();
  }
  const hash = await hashPassword(newPassword);
  const userId = request.user_id;
  await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(restoreRequests)
      .set({ used_at: new Date() })
      .where(and(eq(restoreRequests.id, request.id), isNull(restoreRequests.used_at)))
      .returning({ id: restoreRequests.id });
    if (!used) throw invalidCode();
    await tx.update(users).set({ password_hash: hash, updated_at: new Date() }).where(eq(users.id, userId));
    await endUserSessions(tx, userId, 'password restored');
    // The user acted through the mailed code; the entry belongs to the user's default client.
    const [owner] = await tx.select({ clientId: users.default_client_id }).from(users).where(eq(users.id, userId));
    await recordAccessEvent(tx, { userId, event: 'password_restored', meta, clientId: owner?.clientId ?? null, audit: { changes: PASSWORD_SET } });
  });
}

export const restoreMailSubject = (lang: Lang) => MAIL[lang].subject;
