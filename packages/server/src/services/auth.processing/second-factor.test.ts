import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../../kit/audit.table.ts';
import { roles, userRoles } from '../clients.storage/user.table.ts';
import { recoveryCodes, secondFactors } from './second-factor.table.ts';
import { sessions } from './session.table.ts';
import { TOTP_STEP_SECONDS, totpClock } from './totp.ts';

const AUTH = '/gateway/auth.processing/api/v1';
const FACTOR = `${AUTH}/me/second_factor`;
const ME = '/gateway/clients.storage/api/v1/me';
const USERS = '/gateway/clients.storage/api/v1/users';
const ROLES = '/gateway/clients.storage/api/v1/roles';

/** The server's TOTP clock held in the middle of this step: no step ends between making a code and its check. */
const NOW = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS) * TOTP_STEP_SECONDS + TOTP_STEP_SECONDS / 2;
const realClock = totpClock.seconds;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  totpClock.seconds = () => NOW;
});
afterAll(async () => {
  totpClock.seconds = realClock;
  await t?.close();
});

/** The code of the app `steps` time steps (30 s) from now: -1 and 1 are within the allowed drift. */
const codeAt = (secret: string, steps = 0) => generateSync({ secret, epoch: NOW + steps * TOTP_STEP_SECONDS });

const passwordStep = (email: string, password = PASSWORD) =>
  t.request('POST', `${AUTH}/auth`, { body: { data: { method: 'password', identity: email, secret: password } }, lang: 'en' });
const codeStep = (challenge: string, code: string, headers: Record<string, string> = {}) =>
  t.request('POST', `${AUTH}/auth/second_factor`, { body: { data: { challenge, code } }, lang: 'en', headers });

/** Password, then code: the session's answer. */
async function signInWithCode(email: string, code: string) {
  const first = await passwordStep(email);
  expect(first.statusCode).toBe(200);
  const second = await codeStep(first.json().data.challenge, code);
  expect(second.statusCode, second.body).toBe(200);
  return second.json().data;
}

/**
 * Sets a factor up in the session of `token`: the secret read off the start answer, confirmed with
 * the code of the step before this one (so that this step's and the next one's are still unused).
 */
async function enrol(token: string) {
  const started = await t.request('POST', FACTOR, { token, body: { data: { password: PASSWORD } } });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json().data;
  const confirmed = await t.request('POST', `${FACTOR}/confirm`, { token, body: { data: { code: codeAt(secret, -1) } } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recovery: confirmed.json().data.recovery_codes as string[] };
}

const roleOf = async (userId: number) => (await t.database.db.select().from(userRoles).where(eq(userRoles.user_id, userId)))[0]!.role_id;
/** A role's rule changed beside the API; this process has heard of it before the next call, as after an API write. */
async function requireFactor(roleId: number, value = true) {
  await t.database.db.update(roles).set({ requires_second_factor: value }).where(eq(roles.id, roleId));
  await t.ctx.access?.sync();
}
const auditOf = async (userId: number) => (await t.database.db.select().from(auditLog).where(eq(auditLog.record_id, String(userId)))).filter((e) => e.service === 'auth.processing');

describe('enrolment in the personal area', () => {
  it('starts with the password, shows the secret once as text, link and QR code, confirms with a first code and gives ten recovery codes', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);

    const wrong = await t.request('POST', FACTOR, { token: access_token, lang: 'en', body: { data: { password: 'Wrong-Pass1!' } } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ title: 'The current password is wrong', source: { pointer: '/data/password' } });

    const started = await t.request('POST', FACTOR, { token: access_token, body: { data: { password: PASSWORD } } });
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_url, qr_code } = started.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Dealer%20Platform:/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    // Sealed at rest: the secret is not in its row.
    const [stored] = await t.database.db.select().from(secondFactors).where(eq(secondFactors.user_id, user.id));
    expect(stored!.secret_sealed).not.toContain(secret);
    expect(stored!.confirmed_at).toBeNull();
    expect((await t.request('GET', FACTOR, { token: access_token })).json().data).toMatchObject({ enabled: false, required: false });

    const badCode = await t.request('POST', `${FACTOR}/confirm`, { token: access_token, lang: 'en', body: { data: { code: codeAt(secret, -3) } } });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors[0]).toMatchObject({ title: 'The code is wrong or was already used', source: { pointer: '/data/code' } });
    const recoveryInstead = await t.request('POST', `${FACTOR}/confirm`, { token: access_token, lang: 'en', body: { data: { code: 'abcde-fghjk' } } });
    expect(recoveryInstead.json().errors[0].title).toBe('Enter a code of the app, not a recovery code');
    const garbage = await t.request('POST', `${FACTOR}/confirm`, { token: access_token, body: { data: { code: '12ab' } } });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors[0].title).toBe('Введите 6 цифр из приложения-аутентификатора или резервный код');

    // Typed with a space, as apps show it.
    const code = codeAt(secret);
    const confirmed = await t.request('POST', `${FACTOR}/confirm`, { token: access_token, body: { data: { code: `${code.slice(0, 3)} ${code.slice(3)}` } } });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed only.
    const hashes = (await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, user.id))).map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const recovery of codes) expect(hashes.join(' ')).not.toContain(recovery.replace('-', ''));

    const status = (await t.request('GET', FACTOR, { token: access_token })).json().data;
    expect(status).toMatchObject({ enabled: true, required: false, recovery_codes_left: 10 });
    expect(JSON.stringify(status)).not.toContain(secret);
    const me = (await t.request('GET', ME, { token: access_token })).json().data.attributes;
    expect(me.second_factor).toEqual({ enabled: true, required: false, limited: false });
    // Confirmed once: starting again is refused, the secret is never answered again.
    const again = await t.request('POST', FACTOR, { token: access_token, lang: 'en', body: { data: { password: PASSWORD } } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].title).toBe('The second factor is already set up');

    // Every step is in the trail, never with the secret or a recovery code.
    const trail = await auditOf(user.id);
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['second_factor_started', 'second_factor_failed', 'second_factor_enabled']));
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain(secret);
    for (const recovery of codes) expect(everything).not.toContain(recovery);
  });

  it('refuses a confirmation before a start, and gives new recovery codes only for a code', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const early = await t.request('POST', `${FACTOR}/confirm`, { token: access_token, lang: 'en', body: { data: { code: '123456' } } });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].title).toBe('Start setting up the second factor first');

    const { secret, recovery } = await enrol(access_token);
    const refused = await t.request('POST', `${FACTOR}/recovery_codes`, { token: access_token, body: { data: { code: codeAt(secret, -3) } } });
    expect(refused.statusCode).toBe(400);
    const renewed = await t.request('POST', `${FACTOR}/recovery_codes`, { token: access_token, body: { data: { code: codeAt(secret) } } });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recovery[0]);
    // The old codes stopped working, the new ones work.
    const old = await passwordStep(user.email);
    expect((await codeStep(old.json().data.challenge, recovery[0]!)).statusCode).toBe(401);
    const next = await passwordStep(user.email);
    expect((await codeStep(next.json().data.challenge, fresh[0]!)).statusCode).toBe(200);
    expect((await auditOf(user.id)).map((e) => e.action)).toContain('recovery_codes_regenerated');
  });
});

describe('sign-in with a second factor', () => {
  it('asks for the code after the password: no session until a right code, and each code works once', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const { secret } = await enrol(access_token);

    const first = await passwordStep(user.email);
    expect(first.statusCode).toBe(200);
    const challenge = first.json().data;
    expect(challenge).toMatchObject({ second_factor: 'totp', expires_in: 300 });
    expect(challenge.access_token).toBeUndefined();
    expect(challenge.user).toBeUndefined();
    // A wrong password still answers as before, without telling that a factor exists.
    expect((await passwordStep(user.email, 'Wrong-Pass1!')).statusCode).toBe(401);

    const wrong = await codeStep(challenge.challenge, codeAt(secret, -3));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0].title).toBe('The code is wrong or was already used');
    // A mistyped code can be typed again on the same challenge.
    const code = codeAt(secret);
    const session = await codeStep(challenge.challenge, code);
    expect(session.statusCode).toBe(200);
    const result = session.json().data;
    expect((await t.request('GET', ME, { token: result.access_token })).statusCode).toBe(200);
    expect(result.user.second_factor).toEqual({ enabled: true, required: false, limited: false });
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, JSON.parse(Buffer.from(result.access_token.split('.')[1], 'base64url').toString()).sid));
    expect(row!.second_factor).toBe('totp');

    // The challenge is spent, and the same code is refused on a new one (no replay within its window).
    expect((await codeStep(challenge.challenge, codeAt(secret, 1))).json().errors[0].title).toBe('The sign-in has expired: enter your login and password again');
    const replay = await codeStep((await passwordStep(user.email)).json().data.challenge, code);
    expect(replay.statusCode).toBe(401);
    expect((await auditOf(user.id)).filter((e) => e.action === 'second_factor_failed')).toHaveLength(2);
    const signIns = (await auditOf(user.id)).filter((e) => e.action === 'sign_in').map((e) => e.changes);
    expect(signIns).toContainEqual({ method: 'password', second_factor: 'totp' });
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const started = await t.request('POST', FACTOR, { token: access_token, body: { data: { password: PASSWORD } } });
    const { secret } = started.json().data;
    const confirm = (code: string) => t.request('POST', `${FACTOR}/confirm`, { token: access_token, body: { data: { code } } });
    expect((await confirm(codeAt(secret, -2))).statusCode).toBe(400);
    expect((await confirm(codeAt(secret, 2))).statusCode).toBe(400);
    expect((await confirm(codeAt(secret, -1))).statusCode).toBe(200);
    // The next step is one step ahead of the clock: still accepted.
    expect(await signInWithCode(user.email, codeAt(secret, 1))).toHaveProperty('access_token');
  });

  it('signs in with a recovery code once; the use is recorded with the codes left', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const { recovery } = await enrol(access_token);
    const result = await signInWithCode(user.email, recovery[3]!.toUpperCase());
    expect(result.user.email).toBe(user.email);
    const again = await codeStep((await passwordStep(user.email)).json().data.challenge, recovery[3]!);
    expect(again.statusCode).toBe(401);
    const used = (await auditOf(user.id)).find((e) => e.action === 'recovery_code_used');
    expect(used!.changes).toEqual({ purpose: 'sign_in', recovery_codes_left: 9 });
    expect((await t.request('GET', FACTOR, { token: result.access_token })).json().data.recovery_codes_left).toBe(9);
  });

  it('limits code attempts per account: after five wrong codes even the right one waits', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const { secret } = await enrol(access_token);
    const { challenge } = (await passwordStep(user.email)).json().data;
    for (let i = 0; i < 5; i++) expect((await codeStep(challenge, '000000')).statusCode).toBe(401);
    const limited = await codeStep(challenge, codeAt(secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].title).toMatch(/^Too many attempts. Try again in \d+ s$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  // An app of its own (the address is trusted from X-Forwarded-For) and eleven password sign-ins: minutes on a busy machine.
  it('limits code attempts per address across accounts', { timeout: 90_000 }, async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const app = await buildTestApp({ trustProxy: true });
    try {
      const victims = await Promise.all(Array.from({ length: 11 }, () => app.createUser({})));
      let statuses: number[] = [];
      for (const victim of victims) {
        const { access_token } = await app.signIn(victim.email);
        const started = await app.request('POST', FACTOR, { token: access_token, body: { data: { password: PASSWORD } } });
        await app.request('POST', `${FACTOR}/confirm`, { token: access_token, body: { data: { code: codeAt(started.json().data.secret) } } });
        const first = await app.request('POST', `${AUTH}/auth`, { headers, body: { data: { method: 'password', identity: victim.email, secret: PASSWORD } } });
        for (let i = 0; i < 5; i++) {
          const answer = await app.request('POST', `${AUTH}/auth/second_factor`, { headers, body: { data: { challenge: first.json().data.challenge, code: '000000' } } });
          statuses.push(answer.statusCode);
        }
      }
      statuses = statuses.slice(0, 51);
      expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
      expect(statuses[50]).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('a role that requires a second factor', () => {
  it('holds a user without a factor to enrolment at sign-in; the confirmation frees the same session', async () => {
    const clientId = await t.createClient();
    const user = await t.createUser({ clientIds: [clientId], grants: { 'clients.storage': ['users.get_list'] } });
    await requireFactor(await roleOf(user.id));
    const { access_token, user: signedIn } = await t.signIn(user.email);
    expect(signedIn.second_factor).toEqual({ enabled: false, required: true, limited: true });
    expect(signedIn.permissions).toEqual({});

    const list = await t.request('GET', USERS, { token: access_token, lang: 'en' });
    expect(list.statusCode).toBe(403);
    expect(list.json().errors[0].title).toBe('Your role requires a second factor: set it up to continue');
    // Routes of any signed-in person are closed too, but for the enrolment, /me and sign-out.
    expect((await t.request('GET', `${AUTH}/me/auth_history`, { token: access_token })).statusCode).toBe(403);
    expect((await t.request('POST', `${AUTH}/change_password`, { token: access_token, body: { data: { old_password: PASSWORD, new_password: 'Other-Pass2!' } } })).statusCode).toBe(403);
    expect((await t.request('GET', ME, { token: access_token })).statusCode).toBe(200);
    expect((await t.request('GET', FACTOR, { token: access_token })).json().data).toMatchObject({ enabled: false, required: true });

    await enrol(access_token);
    expect((await t.request('GET', USERS, { token: access_token })).statusCode).toBe(200);
    const me = (await t.request('GET', ME, { token: access_token })).json().data.attributes;
    expect(me.second_factor).toEqual({ enabled: true, required: true, limited: false });
    expect(me.permissions).toEqual({ 'clients.storage': ['users.get_list'] });
  });

  it('takes effect on sessions already open: calls are held at once, a refresh answers the held session or, with a factor elsewhere, is refused', async () => {
    const clientId = await t.createClient();
    const user = await t.createUser({ clientIds: [clientId], grants: { 'clients.storage': ['users.get_list'] } });
    const open = await t.signIn(user.email);
    expect((await t.request('GET', USERS, { token: open.access_token })).statusCode).toBe(200);

    // The policy changes through the roles screen.
    const admin = await t.createUser({ email: `root-${Date.now()}@platform.test`, grants: { 'auth.processing': ['root'], 'clients.storage': ['roles.patch'] } });
    const adminSession = await t.signIn(admin.email);
    const roleId = await roleOf(user.id);
    const changed = await t.request('PATCH', `${ROLES}/${roleId}`, { token: adminSession.access_token, body: { data: { attributes: { requires_second_factor: true } } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes.requires_second_factor).toBe(true);
    const policy = (await t.database.db.select().from(auditLog).where(eq(auditLog.record_id, String(roleId)))).find((e) => e.resource === 'roles');
    expect(policy!.changes).toEqual({ requires_second_factor: [false, true] });

    expect((await t.request('GET', USERS, { token: open.access_token })).statusCode).toBe(403);
    const refreshed = await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: open.refresh_token } } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.user.second_factor).toEqual({ enabled: false, required: true, limited: true });

    // The user sets a factor up in another session; the held one can no longer refresh.
    const other = await t.signIn(user.email);
    await enrol(other.access_token);
    const refused = await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: refreshed.json().data.refresh_token } } });
    expect(refused.statusCode).toBe(401);
  });

  it('is enforced at client switching: a held session cannot switch, a confirmed one keeps its factor in the new session', async () => {
    const a = await t.createClient();
    const b = await t.createClient();
    const user = await t.createUser({ clientIds: [a, b], grants: { 'clients.storage': ['users.get_list'] } });
    await requireFactor(await roleOf(user.id));
    const held = await t.signIn(user.email);
    const refused = await t.request('POST', `${AUTH}/auth_with_client`, { token: held.access_token, lang: 'en', body: { data: { client_id: b } } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].title).toBe('Your role requires a second factor: set it up to continue');

    const { secret } = await enrol(held.access_token);
    const switched = await t.request('POST', `${AUTH}/auth_with_client`, { token: held.access_token, body: { data: { client_id: b } } });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.user.second_factor.limited).toBe(false);
    expect((await t.request('GET', USERS, { token: switched.json().data.access_token })).statusCode).toBe(200);
    // Signed in with the code, the switch keeps it too.
    const coded = await signInWithCode(user.email, codeAt(secret));
    const again = await t.request('POST', `${AUTH}/auth_with_client`, { token: coded.access_token, body: { data: { client_id: a } } });
    expect(again.json().data.user.second_factor.limited).toBe(false);
  });

  it('leaves custom tokens unasked: a token made before the rule keeps working', async () => {
    const clientId = await t.createClient();
    const user = await t.createUser({ clientIds: [clientId], grants: { 'auth.processing': ['custom_tokens.view'], 'clients.storage': ['users.get_list'] } });
    const { access_token } = await t.signIn(user.email);
    const created = await t.request('POST', `${AUTH}/custom_tokens`, {
      token: access_token,
      body: { data: { name: 'CRM', permissions: { 'clients.storage': ['users.get_list'] }, client_ids: [clientId] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = created.json().data.attributes.token;
    await requireFactor(await roleOf(user.id));
    expect((await t.request('GET', USERS, { token: access_token })).statusCode).toBe(403);
    expect((await t.request('GET', USERS, { token: apiToken })).statusCode).toBe(200);
  });

  it('is changed only by someone holding every permission of the role', async () => {
    const clientId = await t.createClient();
    const manager = await t.createUser({ clientIds: [clientId], grants: { 'clients.storage': ['roles.patch', 'roles.get_list', 'users.get_list'] } });
    const session = await t.signIn(manager.email);
    const [weaker] = await t.database.db.insert(roles).values({ code: `weak-${Date.now()}`, name: 'Weak', client_id: clientId }).returning();
    const [stronger] = await t.database.db.insert(roles).values({ code: `strong-${Date.now()}`, name: 'Strong', client_id: clientId, requires_second_factor: true }).returning();
    const { permissions: permissionTable, rolePermissions } = await import('../clients.storage/user.table.ts');
    const [users] = await t.database.db.select().from(permissionTable).where(eq(permissionTable.code, 'users.get_list'));
    const [deleteUsers] = await t.database.db.select().from(permissionTable).where(eq(permissionTable.code, 'users.delete'));
    await t.database.db.insert(rolePermissions).values([
      { role_id: weaker!.id, permission_id: users!.id },
      { role_id: stronger!.id, permission_id: deleteUsers!.id },
    ]);
    const off = await t.request('PATCH', `${ROLES}/${stronger!.id}`, { token: session.access_token, lang: 'en', body: { data: { attributes: { requires_second_factor: false } } } });
    expect(off.statusCode).toBe(403);
    expect(off.json().errors[0]).toMatchObject({
      title: 'Only someone who holds every permission of the role may change its second factor rule',
      source: { pointer: '/data/attributes/requires_second_factor' },
    });
    const on = await t.request('PATCH', `${ROLES}/${weaker!.id}`, { token: session.access_token, body: { data: { attributes: { requires_second_factor: true } } } });
    expect(on.statusCode, on.body).toBe(200);
    // Other fields of the stronger role are changed as before, the rule stays.
    const renamed = await t.request('PATCH', `${ROLES}/${stronger!.id}`, { token: session.access_token, body: { data: { attributes: { name: 'Strong 2' } } } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.attributes.requires_second_factor).toBe(true);
  });
});

describe('disabling and resetting', () => {
  it('disables with the password and a code; without the factor the sign-in asks no code, and a required one holds the session again', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const { secret, recovery } = await enrol(access_token);
    const disable = (password: string, code: string) => t.request('POST', `${FACTOR}/disable`, { token: access_token, lang: 'en', body: { data: { password, code } } });

    const wrongPassword = await disable('Wrong-Pass1!', codeAt(secret));
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors[0].source.pointer).toBe('/data/password');
    const wrongCode = await disable(PASSWORD, codeAt(secret, -3));
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors[0].source.pointer).toBe('/data/code');
    expect((await t.request('GET', FACTOR, { token: access_token })).json().data.enabled).toBe(true);

    await requireFactor(await roleOf(user.id));
    expect((await disable(PASSWORD, recovery[0]!)).statusCode).toBe(204);
    expect(await t.database.db.$count(recoveryCodes, eq(recoveryCodes.user_id, user.id))).toBe(0);
    expect((await t.request('GET', ME, { token: access_token })).json().data.attributes.second_factor).toEqual({ enabled: false, required: true, limited: true });
    expect((await auditOf(user.id)).map((e) => e.action)).toContain('second_factor_disabled');

    await requireFactor(await roleOf(user.id), false);
    const plain = await passwordStep(user.email);
    expect(plain.json().data.access_token).toBeDefined();
  });

  it('lets staff reset another user\'s factor only when they cover the user; the user\'s sessions end and the reset is audited', async () => {
    const clientId = await t.createClient();
    const target = await t.createUser({ clientIds: [clientId], grants: { 'clients.storage': ['users.delete'] } });
    const targetSession = await t.signIn(target.email);
    await enrol(targetSession.access_token);

    const weak = await t.createUser({ clientIds: [clientId], grants: { 'clients.storage': ['users.patch', 'users.get_list'] } });
    const weakSession = await t.signIn(weak.email);
    const seen = await t.request('GET', `${USERS}/${target.id}/second_factor`, { token: weakSession.access_token });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ enabled: true, required: false });
    const refused = await t.request('DELETE', `${USERS}/${target.id}/second_factor`, { token: weakSession.access_token, lang: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].title).toBe('This user holds permissions you do not have: only someone who holds all of them may change it');
    const own = await t.request('DELETE', `${USERS}/${weak.id}/second_factor`, { token: weakSession.access_token, lang: 'en' });
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0].title).toBe('Your own second factor is turned off in the personal area (password and code)');

    const staff = await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: { 'auth.processing': ['root'], 'clients.storage': ['users.patch', 'users.get_list'] } });
    const staffSession = await t.signIn(staff.email);
    const reset = await t.request('DELETE', `${USERS}/${target.id}/second_factor`, { token: staffSession.access_token });
    expect(reset.statusCode).toBe(204);
    expect((await t.request('GET', ME, { token: targetSession.access_token })).statusCode).toBe(401);
    const entry = (await auditOf(target.id)).find((e) => e.action === 'second_factor_reset');
    expect(entry).toMatchObject({ actor_user_id: staff.id, client_id: clientId });
    // The user signs in with the password alone again.
    expect((await passwordStep(target.email)).json().data.access_token).toBeDefined();
    expect((await t.request('DELETE', `${USERS}/${target.id}/second_factor`, { token: staffSession.access_token })).statusCode).toBe(409);
  });
});
