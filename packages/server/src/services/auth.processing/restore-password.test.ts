import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../kit/audit.table.ts';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { codeOf, parseMail, startSmtpListener } from '../../test/smtp-listener.ts';
import { waitForFile, waitForJobs, waitUntil } from '../../test/wait.ts';
import { RESTORE_MAIL_JOB } from './restore-password.ts';
import { rateLimits, restoreRequests } from './session.table.ts';

const AUTH = '/gateway/auth.processing/api/v1';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await buildTestApp({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
// Every call here comes from one address: each test starts with fresh rate-limit counters.
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const askCode = (identity: string, lang = 'ru') => t.request('POST', `${AUTH}/restore/code`, { body: { data: { identity } }, lang });
const setPassword = (identity: string, code: string, new_password: string, lang = 'ru') =>
  t.request('POST', `${AUTH}/restore/password`, { body: { data: { identity, code, new_password } }, lang });
const resend = (id: string, lang = 'ru') => t.request('GET', `${AUTH}/restore/${id}/refresh`, { lang });
/** The n-th mail (from 1) the SMTP listener received for `email`, once it has arrived. */
const nthMailTo = (email: string, n: number) => waitUntil(`mail ${n} to ${email}`, () => smtp.received.filter((mail) => mail.to.includes(email))[n - 1]);
/** Mails the SMTP listener received for `email`, once every mail job has finished. */
const mailsTo = async (email: string) => {
  await waitForJobs(t.database.db, RESTORE_MAIL_JOB);
  return smtp.received.filter((mail) => mail.to.includes(email));
};
const mailJobsOf = async (restoreId: string) => {
  const result = await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${RESTORE_MAIL_JOB} and data->>'restore_id' = ${restoreId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};
const TOO_MANY = { ru: /^Слишком много попыток\. Повторите через \d+ с$/, en: /^Too many attempts\. Try again in \d+ s$/ };
const expectTooMany = (response: LightMyRequestResponse, lang: 'ru' | 'en') => {
  expect(response.statusCode).toBe(429);
  expect(response.json().errors[0].title).toMatch(TOO_MANY[lang]);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
};

describe('password recovery in steps', () => {
  it('mails a code through SMTP (a job), sets the new password once and ends the old sessions', async () => {
    const user = await t.createUser({});
    const old = await t.signIn(user.email);
    const started = await askCode(user.email, 'en');
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ expires_in: 900 });
    const mail = await nthMailTo(user.email, 1);
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('Your password recovery code');
    const code = codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);
    // The code is stored only as an HMAC.
    const [stored] = await t.database.db.select().from(restoreRequests).where(eq(restoreRequests.id, started.json().data.id));
    expect(stored!.code_hash).not.toContain(code);

    const wrong = await setPassword(user.email, code === '000000' ? '111111' : '000000', 'Fresh-Pass3#', 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ title: 'The code is wrong or has expired', source: { pointer: '/data/code' } });
    const weak = await setPassword(user.email, code, 'short');
    expect(weak.json().errors[0].source.pointer).toBe('/data/new_password');

    expect((await setPassword(user.email, code, 'Fresh-Pass3#')).statusCode).toBe(204);
    expect((await t.request('GET', '/gateway/clients.storage/api/v1/me', { token: old.access_token })).statusCode).toBe(401);
    // In the audit trail like every password set, the value hidden.
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_restored'), eq(auditLog.record_id, String(user.id))));
    expect(audited).toMatchObject({ resource: 'users', actor_user_id: user.id, changes: { password: ['[hidden]', '[hidden]'] } });
    await t.signIn(user.email, 'Fresh-Pass3#');
    // Single use.
    expect((await setPassword(user.email, code, 'Other-Pass4$')).statusCode).toBe(400);
  });

  it('takes the same path for an unknown account: the same answers and limits, a mail job that sends nothing', async () => {
    const known = (await t.createUser({})).email;
    const unknown = 'nobody-here@dealer.test';
    // Five sends (a start and four resends) pass, the sixth call is refused, for both alike.
    const calls = async (email: string) => {
      const started = await askCode(email, 'en');
      const { id } = started.json().data;
      const replies = [started];
      for (let i = 0; i < 5; i++) replies.push(await resend(id, 'en'));
      const answers = replies.map((r) => [r.statusCode, r.body.replace(id, '<id>').replace(/\d+ s/, '<n> s'), 'retry-after' in r.headers]);
      return { id, answers };
    };
    const ofKnown = await calls(known);
    const ofUnknown = await calls(unknown);
    expect(ofUnknown.answers).toEqual(ofKnown.answers);
    expect(ofKnown.answers.map(([status]) => status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailJobsOf(ofUnknown.id)).toBe(await mailJobsOf(ofKnown.id));
    expect(await mailJobsOf(ofKnown.id)).toBe(5);
    expect(await mailsTo(known)).toHaveLength(5);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect((await setPassword(unknown, '123456', 'Fresh-Pass3#')).statusCode).toBe(400);
  });

  it('stops after five wrong codes, even when the right one comes next', async () => {
    const user = await t.createUser({});
    await askCode(user.email);
    const code = codeOf(await nthMailTo(user.email, 1));
    const wrongCode = code === '999999' ? '999998' : '999999';
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) titles.push((await setPassword(user.email, wrongCode, 'Fresh-Pass3#')).json().errors[0].title);
    expect(titles.at(-1)).toBe('Превышено число попыток. Запросите новый код');
    expect((await setPassword(user.email, code, 'Fresh-Pass3#')).statusCode).toBe(400);
  });

  it('sends a new code on request; the old one stops working', async () => {
    const user = await t.createUser({});
    const { id } = (await askCode(user.email)).json().data;
    const first = codeOf(await nthMailTo(user.email, 1));
    const again = await t.request('GET', `${AUTH}/restore/${id}/refresh`);
    expect(again.statusCode).toBe(200);
    const second = codeOf(await nthMailTo(user.email, 2));
    if (first !== second) expect((await setPassword(user.email, first, 'Fresh-Pass3#')).statusCode).toBe(400);
    expect((await setPassword(user.email, second, 'Fresh-Pass3#')).statusCode).toBe(204);
    expect((await t.request('GET', `${AUTH}/restore/00000000-0000-0000-0000-000000000000/refresh`)).statusCode).toBe(404);
  });

  it('counts a resend against the same per-account limit as starting recovery', async () => {
    const user = await t.createUser({});
    let id = '';
    for (let i = 0; i < 3; i++) id = (await askCode(user.email)).json().data.id;
    expect((await resend(id)).statusCode).toBe(200);
    expect((await resend(id)).statusCode).toBe(200);
    // Five of five used: this request has mailed only three codes, the account's limit refuses.
    expectTooMany(await resend(id, 'en'), 'en');
    expectTooMany(await askCode(user.email), 'ru');
    expect(await mailsTo(user.email)).toHaveLength(5);
  });

  it('mails at most five codes per request, also for resends that come at once', async () => {
    const user = await t.createUser({});
    const { id } = (await askCode(user.email)).json().data;
    const first = await Promise.all([1, 2, 3, 4].map(() => resend(id)));
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // A new hour for the per-account limit; the cap of the request still holds.
    await t.database.db.delete(rateLimits);
    const more = await Promise.all([1, 2, 3].map(() => resend(id, 'en')));
    for (const response of more) expectTooMany(response, 'en');
    expect(await mailsTo(user.email)).toHaveLength(5);
  });

  it('keeps the attempts on a resend: after five wrong codes even the new code is refused', async () => {
    const user = await t.createUser({});
    const { id } = (await askCode(user.email)).json().data;
    const code = codeOf((await mailsTo(user.email))[0]!);
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) await setPassword(user.email, wrongCode, 'Fresh-Pass3#');
    expect((await resend(id)).statusCode).toBe(200);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    const refused = await setPassword(user.email, codeOf(mails[1]!), 'Fresh-Pass3#');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].title).toBe('Превышено число попыток. Запросите новый код');
  });

  it('refuses an expired code', async () => {
    const user = await t.createUser({});
    const { id } = (await askCode(user.email)).json().data;
    const code = codeOf(await nthMailTo(user.email, 1));
    await t.database.db.update(restoreRequests).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(restoreRequests.id, id));
    expect((await setPassword(user.email, code, 'Fresh-Pass3#')).statusCode).toBe(400);
  });
});

describe('mail without an SMTP server', () => {
  it('writes the mail to data/outbox as an .eml file', async () => {
    const local = await buildTestApp();
    try {
      const user = await local.createUser({});
      await local.request('POST', `${AUTH}/restore/code`, { body: { data: { identity: user.email } } });
      const outbox = path.join(local.config.dataDir, 'outbox');
      // Mails are renamed into place when written, so a visible .eml is complete.
      const file = await waitForFile(outbox, /\.eml$/);
      const mail = parseMail(fs.readFileSync(path.join(outbox, file)));
      expect(mail.subject).toBe('Код для восстановления пароля');
      expect(codeOf(mail)).toMatch(/^\d{6}$/);
    } finally {
      await local.close();
    }
  });
});
