import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { codeOf, parseMail, startSmtpListener } from '../../test/smtp-listener.ts';
import { restoreRequests } from './session.table.ts';

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

const askCode = (identity: string, lang = 'ru') => t.request('POST', `${AUTH}/restore/code`, { body: { data: { identity } }, lang });
const setPassword = (identity: string, code: string, new_password: string, lang = 'ru') =>
  t.request('POST', `${AUTH}/restore/password`, { body: { data: { identity, code, new_password } }, lang });

describe('password recovery in steps', () => {
  it('mails a code through SMTP (a job), sets the new password once and ends the old sessions', async () => {
    const user = await t.createUser({});
    const old = await t.signIn(user.email);
    const before = smtp.received.length;
    const started = await askCode(user.email, 'en');
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ expires_in: 900 });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([user.email]);
    expect(mail!.subject).toBe('Your password recovery code');
    const code = codeOf(mail!);
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
    await t.signIn(user.email, 'Fresh-Pass3#');
    // Single use.
    expect((await setPassword(user.email, code, 'Other-Pass4$')).statusCode).toBe(400);
  });

  it('answers alike for an unknown account and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await askCode('nobody-here@dealer.test');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual(['expires_in', 'id']);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.length).toBe(before);
    expect((await setPassword('nobody-here@dealer.test', '123456', 'Fresh-Pass3#')).statusCode).toBe(400);
  });

  it('stops after five wrong codes, even when the right one comes next', async () => {
    const user = await t.createUser({});
    const before = smtp.received.length;
    await askCode(user.email);
    const code = codeOf((await smtp.waitFor(before + 1)).at(-1)!);
    const wrongCode = code === '999999' ? '999998' : '999999';
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) titles.push((await setPassword(user.email, wrongCode, 'Fresh-Pass3#')).json().errors[0].title);
    expect(titles.at(-1)).toBe('Превышено число попыток. Запросите новый код');
    expect((await setPassword(user.email, code, 'Fresh-Pass3#')).statusCode).toBe(400);
  });

  it('sends a new code on request; the old one stops working', async () => {
    const user = await t.createUser({});
    const before = smtp.received.length;
    const { id } = (await askCode(user.email)).json().data;
    const first = codeOf((await smtp.waitFor(before + 1)).at(-1)!);
    const again = await t.request('GET', `${AUTH}/restore/${id}/refresh`);
    expect(again.statusCode).toBe(200);
    const second = codeOf((await smtp.waitFor(before + 2)).at(-1)!);
    if (first !== second) expect((await setPassword(user.email, first, 'Fresh-Pass3#')).statusCode).toBe(400);
    expect((await setPassword(user.email, second, 'Fresh-Pass3#')).statusCode).toBe(204);
    expect((await t.request('GET', `${AUTH}/restore/00000000-0000-0000-0000-000000000000/refresh`)).statusCode).toBe(404);
  });

  it('refuses an expired code', async () => {
    const user = await t.createUser({});
    const before = smtp.received.length;
    const { id } = (await askCode(user.email)).json().data;
    const code = codeOf((await smtp.waitFor(before + 1)).at(-1)!);
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
      const deadline = Date.now() + 15_000;
      while (!(fs.existsSync(outbox) && fs.readdirSync(outbox).length) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const [file] = fs.readdirSync(outbox);
      expect(file).toMatch(/\.eml$/);
      const mail = parseMail(fs.readFileSync(path.join(outbox, file!)));
      expect(mail.subject).toBe('Код для восстановления пароля');
      expect(codeOf(mail)).toMatch(/^\d{6}$/);
    } finally {
      await local.close();
    }
  });
});
