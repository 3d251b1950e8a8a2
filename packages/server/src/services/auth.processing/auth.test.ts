import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';
import { users } from '../clients.storage/user.table.ts';
import { deactivateUser } from '../clients.storage/deactivate-user.ts';
import { sha256 } from '../../kit/secrets.ts';
import { refreshTokens } from './session.table.ts';

const AUTH = '/gateway/auth.processing/api/v1';
const ME = '/gateway/clients.storage/api/v1/me';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const signInBody = (identity: string, secret: string) => ({ data: { method: 'password', identity, secret } });

describe('sign-in', () => {
  it('returns a token pair and the user with the permissions map and modes', async () => {
    const clientId = await t.createClient('Автомир');
    const user = await t.createUser({ grants: { 'auth.processing': ['site_mode'], 'clients.storage': ['clients.get_full_list'] }, clientIds: [clientId] });
    const response = await t.request('POST', `${AUTH}/auth`, { body: signInBody(user.email.toUpperCase(), PASSWORD) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.access_token).toMatch(/^ey/);
    expect(data.refresh_token.length).toBeGreaterThan(30);
    expect(data.user.permissions).toEqual({ 'auth.processing': ['site_mode'], 'clients.storage': ['clients.get_full_list'] });
    expect(data.user.client).toEqual({ id: clientId, name: 'Автомир' });
    expect(data.user.internal).toBe(false);
    const me = await t.request('GET', ME, { token: data.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes.email).toBe(user.email);
  });

  it('answers a wrong password and an unknown account with the same 401 and message', async () => {
    const user = await t.createUser({});
    const wrong = await t.request('POST', `${AUTH}/auth`, { body: signInBody(user.email, 'Wrong-Pass1!'), lang: 'en' });
    const unknown = await t.request('POST', `${AUTH}/auth`, { body: signInBody('nobody@dealer.test', 'Wrong-Pass1!'), lang: 'en' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors[0].title).toBe('Invalid login or password');
    const ru = await t.request('POST', `${AUTH}/auth`, { body: signInBody('nobody@dealer.test', 'x') });
    expect(ru.json().errors[0].title).toBe('Неверный логин или пароль');
  });

  it('refuses a body without the required fields with field errors, not a 500', async () => {
    const response = await t.request('POST', `${AUTH}/auth`, { body: { data: { method: 'password' } }, lang: 'en' });
    expect(response.statusCode).toBe(400);
    const pointers = response.json().errors.map((e: any) => [e.source.pointer, e.title]);
    expect(pointers).toEqual([
      ['/data/identity', 'This field is required'],
      ['/data/secret', 'This field is required'],
    ]);
    const broken = await t.request('POST', `${AUTH}/auth`, { body: '{"data": ', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0]).toMatchObject({ code: 'invalid_json', title: 'Тело запроса не является корректным JSON' });
  });

  it('limits attempts per account with a 429 and a message', async () => {
    const user = await t.createUser({});
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.request('POST', `${AUTH}/auth`, { body: signInBody(user.email, 'Wrong-Pass1!') })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await t.request('POST', `${AUTH}/auth`, { body: signInBody(user.email, PASSWORD), lang: 'en' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].title).toMatch(/^Too many attempts. Try again in \d+ s$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('refresh and logout', () => {
  it('rotates: a refresh token works once and the new pair works', async () => {
    const user = await t.createUser({});
    const first = await t.signIn(user.email);
    const rotated = await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: first.refresh_token } } });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.request('GET', ME, { token: second.access_token })).statusCode).toBe(200);
  });

  it('revokes every token of the login when a used refresh token is presented again', async () => {
    const user = await t.createUser({});
    const first = await t.signIn(user.email);
    const second = (await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: first.refresh_token } } })).json().data;
    // Past the grace period of concurrent tabs (refresh-grace.test.ts).
    const past = new Date(Date.now() - (t.config.refreshReuseGraceSeconds + 1) * 1000);
    await t.database.db.update(refreshTokens).set({ used_at: past }).where(eq(refreshTokens.token_hash, sha256(first.refresh_token)));
    const replay = await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: first.refresh_token } } });
    expect(replay.statusCode).toBe(401);
    expect((await t.request('GET', ME, { token: second.access_token })).statusCode).toBe(401);
    expect((await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: second.refresh_token } } })).statusCode).toBe(401);
    // Another login of the same user is not touched.
    const other = await t.signIn(user.email);
    expect((await t.request('GET', ME, { token: other.access_token })).statusCode).toBe(200);
  });

  it('logout refuses both the access and the refresh token of the session', async () => {
    const user = await t.createUser({});
    const session = await t.signIn(user.email);
    expect((await t.request('POST', `${AUTH}/logout`, { token: session.access_token })).statusCode).toBe(204);
    expect((await t.request('GET', ME, { token: session.access_token })).statusCode).toBe(401);
    expect((await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: session.refresh_token } } })).statusCode).toBe(401);
  });

  it('refuses a forged or garbage token with 401', async () => {
    const user = await t.createUser({});
    const session = await t.signIn(user.email);
    const [header, payload] = session.access_token.split('.');
    expect((await t.request('GET', ME, { token: `${header}.${payload}.forged` })).statusCode).toBe(401);
    expect((await t.request('GET', ME, { token: 'garbage' })).statusCode).toBe(401);
  });
});

describe('password change and deactivation end sessions', () => {
  it('changing the password ends the other sessions and keeps this one', async () => {
    const user = await t.createUser({});
    const here = await t.signIn(user.email);
    const elsewhere = await t.signIn(user.email);
    const wrong = await t.request('POST', `${AUTH}/change_password`, { token: here.access_token, body: { data: { old_password: 'Nope-Pass1!', new_password: 'New-Pass2@' } }, lang: 'en' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ title: 'The current password is wrong', source: { pointer: '/data/old_password' } });
    const weak = await t.request('POST', `${AUTH}/change_password`, { token: here.access_token, body: { data: { old_password: PASSWORD, new_password: 'weakpass' } } });
    expect(weak.json().errors[0].title).toBe('Пароль должен быть не короче 8 знаков и содержать заглавную букву, цифру и специальный символ');
    const ok = await t.request('POST', `${AUTH}/change_password`, { token: here.access_token, body: { data: { old_password: PASSWORD, new_password: 'New-Pass2@' } } });
    expect(ok.statusCode).toBe(204);
    expect((await t.request('GET', ME, { token: here.access_token })).statusCode).toBe(200);
    expect((await t.request('GET', ME, { token: elsewhere.access_token })).statusCode).toBe(401);
    expect((await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: elsewhere.refresh_token } } })).statusCode).toBe(401);
    await expect(t.signIn(user.email)).rejects.toThrow(/401/);
    await t.signIn(user.email, 'New-Pass2@');
  });

  it('deactivating a user refuses its access and refresh tokens at once', async () => {
    const user = await t.createUser({});
    const session = await t.signIn(user.email);
    await deactivateUser(t.database.db, user.id);
    expect((await t.request('GET', ME, { token: session.access_token })).statusCode).toBe(401);
    expect((await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: session.refresh_token } } })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.active).toBe(false);
    const again = await t.request('POST', `${AUTH}/auth`, { body: signInBody(user.email, PASSWORD), lang: 'en' });
    expect(again.json().errors[0].title).toBe('The account is deactivated');
  });
});

describe('activity history', () => {
  it('lists each sign-in with time, address and client, newest first, paged', async () => {
    const clientId = await t.createClient('Ладога');
    const user = await t.createUser({ clientIds: [clientId] });
    await t.request('POST', `${AUTH}/auth`, { body: signInBody(user.email, 'Wrong-Pass1!') });
    await t.signIn(user.email);
    const session = await t.signIn(user.email);
    const response = await t.request('GET', `${AUTH}/me/auth_history?page[size]=2`, { token: session.access_token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta.page).toEqual({ number: 1, size: 2, total: 3 });
    expect(body.data[0].attributes).toMatchObject({ event: 'sign_in', ip: '127.0.0.1', client: { id: clientId, name: 'Ладога' } });
    expect(Date.parse(body.data[0].attributes.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const last = await t.request('GET', `${AUTH}/me/auth_history?page[size]=2&page[number]=2`, { token: session.access_token });
    expect(last.json().data.map((r: any) => r.attributes.event)).toEqual(['sign_in_failed']);
  });
});

describe('rate limit counts failures only', () => {
  it('lets a user sign in many times in a row', async () => {
    const user = await t.createUser({});
    for (let i = 0; i < 15; i++) await t.signIn(user.email);
  });
});
