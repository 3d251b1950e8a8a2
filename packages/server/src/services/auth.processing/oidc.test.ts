import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startOidcProvider } from '../../test/oidc-provider.ts';
import { auditLog } from '../../kit/audit.table.ts';
import { parseOidcProviders } from '../../kit/config.ts';
import { roles, userRoles, users } from '../clients.storage/user.table.ts';
import { authData, oidcStates } from './auth-data.table.ts';

/**
 * External sign-in against a real OpenID Connect provider (oidc-provider) started here: real
 * discovery, authorization requests, codes, token exchanges and signed ID tokens.
 */
const AUTH = '/gateway/auth.processing/api/v1';
const ME = '/gateway/clients.storage/api/v1/me';
const REDIRECT = 'http://admin.test/auth.processing/oidc/callback';
const CLIENT_ID = 'dealer-platform';
const CLIENT_SECRET = 'a-client-secret-long-enough-for-hs256-0123456789';

let t: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT,
    accounts: [
      { sub: 'alice-0001', email: 'alice@idp.test' },
      { sub: 'bob-0002', email: 'bob@idp.test' },
      { sub: 'carol-0003', email: 'carol@idp.test' },
    ],
  });
  t = await buildTestApp({
    oidcProviders: [
      { name: 'idp', title: 'Test ID', issuer: idp.issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT },
      // Nothing listens there: the provider is down.
      { name: 'down', title: 'Down ID', issuer: 'http://127.0.0.1:9', client_id: 'x', client_secret: 'y', redirect_uri: REDIRECT },
    ],
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

async function start(purpose: 'sign_in' | 'bind', token?: string, provider = 'idp') {
  const response = await t.request('POST', `${AUTH}/auth/oidc/start`, { token, body: { data: { provider, purpose } } });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json().data.authorization_url as string);
}

/** A sign-in at the provider as `subject`: the code and state the browser brings back. */
async function confirmedAt(purpose: 'sign_in' | 'bind', subject: string, token?: string) {
  const url = await start(purpose, token);
  return idp.authorize(url.href, subject);
}

const oidcSignIn = (state: string, code: string, lang?: string) =>
  t.request('POST', `${AUTH}/auth`, { body: { data: { method: 'oidc', identity: state, secret: code } }, lang });

const bind = (token: string, { code, state }: { code: string; state: string }, lang?: string) =>
  t.request('POST', `${AUTH}/auth_data`, { token, body: { data: { provider: 'idp', code, state } }, lang });

async function signedInUser(clientIds: number[] = []) {
  const clientId = clientIds.length ? clientIds : [await t.createClient()];
  const user = await t.createUser({ clientIds: clientId });
  return { ...user, token: (await t.signIn(user.email)).access_token as string };
}

describe('providers and the start of a flow', () => {
  it('lists the configured providers without their secrets', async () => {
    const response = await t.request('GET', `${AUTH}/auth/providers`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [{ name: 'idp', title: 'Test ID' }, { name: 'down', title: 'Down ID' }] });
    expect(response.body).not.toContain(CLIENT_SECRET);
  });

  it('sends the browser to the provider with a state, a nonce and a PKCE challenge kept for 10 minutes', async () => {
    const url = await start('sign_in');
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toContain('openid');
    const state = url.searchParams.get('state')!;
    const [row] = await t.database.db.select().from(oidcStates).where(eq(oidcStates.state, state));
    expect(row).toMatchObject({ provider: 'idp', purpose: 'sign_in', user_id: null, used_at: null, nonce: url.searchParams.get('nonce') });
    const minutes = (row!.expires_at.getTime() - row!.created_at.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 0);
  });

  it('refuses an unknown provider, a binding without a session, and answers 503 when the provider is down', async () => {
    const unknown = await t.request('POST', `${AUTH}/auth/oidc/start`, { body: { data: { provider: 'nope', purpose: 'sign_in' } }, lang: 'en' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ title: 'The external sign-in service "nope" is not configured', source: { pointer: '/data/provider' } });
    const anonymousBind = await t.request('POST', `${AUTH}/auth/oidc/start`, { body: { data: { provider: 'idp', purpose: 'bind' } } });
    expect(anonymousBind.statusCode).toBe(401);
    const down = await t.request('POST', `${AUTH}/auth/oidc/start`, { body: { data: { provider: 'down', purpose: 'sign_in' } }, lang: 'en' });
    expect(down.statusCode).toBe(503);
    expect(down.json().errors[0].title).toBe('The external sign-in service is unavailable. Please try again later');
  });
});

describe('binding from the personal area, then signing in with it', () => {
  it('binds the identity, lists it, signs in with it, and records both', async () => {
    const user = await signedInUser();
    const { code, state } = await confirmedAt('bind', 'alice-0001', user.token);
    const bound = await bind(user.token, { code, state });
    expect(bound.statusCode, bound.body).toBe(201);
    const record = bound.json().data;
    expect(record).toMatchObject({ type: 'auth_data', attributes: { provider: 'idp', provider_title: 'Test ID', email: 'alice@idp.test' } });
    expect(record.attributes).not.toHaveProperty('subject');

    const list = await t.request('GET', `${AUTH}/auth_data`, { token: user.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([record]);

    // Sign in with the external account: a session of that user.
    const signIn = await confirmedAt('sign_in', 'alice-0001');
    const answer = await oidcSignIn(signIn.state, signIn.code);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().data;
    expect(result.user.email).toBe(user.email);
    expect(result.refresh_token.length).toBeGreaterThan(30);
    const me = await t.request('GET', ME, { token: result.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(String(user.id));

    const history = (await t.request('GET', `${AUTH}/me/auth_history`, { token: result.access_token })).json().data.map((e: any) => e.attributes.event);
    expect(history.slice(0, 2)).toEqual(['sign_in', 'external_bound']);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.actor_user_id, user.id)));
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['auth_data_created', 'sign_in']));
    expect(audit.filter((e) => e.action === 'sign_in').map((e) => e.changes)).toContainEqual({ method: 'oidc', provider: 'idp' });

    // The state and the code were used: the same answer again is refused.
    const replay = await oidcSignIn(signIn.state, signIn.code, 'en');
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors[0].title).toBe('The external sign-in link is invalid, expired or already used. Please start again');
  });

  it('an identity already bound to another user cannot be bound again (409), while its owner may repeat the binding', async () => {
    const owner = await signedInUser();
    const first = await confirmedAt('bind', 'bob-0002', owner.token);
    expect((await bind(owner.token, first)).statusCode).toBe(201);
    const again = await confirmedAt('bind', 'bob-0002', owner.token);
    const repeated = await bind(owner.token, again);
    expect(repeated.statusCode).toBe(200);

    const other = await signedInUser();
    const taken = await confirmedAt('bind', 'bob-0002', other.token);
    const refused = await bind(other.token, taken, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe('This external account is already bound to another user');
    expect(await t.database.db.$count(authData, eq(authData.subject, 'bob-0002'))).toBe(1);
  });

  it('a binding started by one user cannot be finished by another', async () => {
    const starter = await signedInUser();
    const intruder = await signedInUser();
    const confirmed = await confirmedAt('bind', 'carol-0003', starter.token);
    const refused = await bind(intruder.token, confirmed, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: 'oidc_state_invalid', source: { pointer: '/data/state' } });
    // The starter's binding is intact and still finishes.
    expect((await bind(starter.token, confirmed)).statusCode).toBe(201);
    // A sign-in's state does not finish a binding, nor a binding's a sign-in.
    const forSignIn = await confirmedAt('sign_in', 'carol-0003');
    expect((await bind(starter.token, forSignIn)).statusCode).toBe(400);
    const forBind = await confirmedAt('bind', 'carol-0003', starter.token);
    expect((await oidcSignIn(forBind.state, forBind.code)).statusCode).toBe(401);
    await t.database.db.delete(authData).where(eq(authData.subject, 'carol-0003'));
  });

  it('removes only the caller\'s own binding; then the identity is bound to nobody', async () => {
    const owner = await signedInUser();
    const confirmed = await confirmedAt('bind', 'carol-0003', owner.token);
    const id = (await bind(owner.token, confirmed)).json().data.id;
    const other = await signedInUser();
    expect((await t.request('DELETE', `${AUTH}/auth_data/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.request('GET', `${AUTH}/auth_data`, { token: other.token })).json().data).toEqual([]);
    expect((await t.request('DELETE', `${AUTH}/auth_data/${id}`, { token: owner.token })).statusCode).toBe(204);
    expect((await t.request('GET', `${AUTH}/auth_data`, { token: owner.token })).json().data).toEqual([]);

    const signIn = await confirmedAt('sign_in', 'carol-0003');
    expect((await oidcSignIn(signIn.state, signIn.code)).statusCode).toBe(401);
  });
});

describe('refused sign-ins', () => {
  it('an identity bound to nobody: 401 with a message saying so, in both languages', async () => {
    const ru = await confirmedAt('sign_in', 'carol-0003');
    const answer = await oidcSignIn(ru.state, ru.code);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().errors[0]).toMatchObject({
      code: 'oidc_not_bound',
      title: 'Этот внешний аккаунт не привязан ни к одному пользователю. Войдите с паролем и привяжите его в личном кабинете',
    });
    const en = await confirmedAt('sign_in', 'carol-0003');
    expect((await oidcSignIn(en.state, en.code, 'en')).json().errors[0].title).toBe(
      'This external account is not bound to any user. Sign in with your password and bind it in your personal area',
    );
  });

  it('a wrong state, and an expired one, are refused before the code is used', async () => {
    const confirmed = await confirmedAt('sign_in', 'alice-0001');
    const wrong = await oidcSignIn('not-the-state', confirmed.code, 'en');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0].code).toBe('oidc_state_invalid');
    await t.database.db.update(oidcStates).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(oidcStates.state, confirmed.state));
    const expired = await oidcSignIn(confirmed.state, confirmed.code);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errors[0].title).toBe('Ссылка входа через внешний сервис недействительна, устарела или уже использована. Начните заново');
  });

  it('an ID token whose nonce is not the one sent is refused', async () => {
    const user = await signedInUser();
    const bound = await confirmedAt('bind', 'alice-0001', user.token);
    // alice may already be bound by an earlier test to someone else: bind to this user afresh.
    await t.database.db.delete(authData).where(eq(authData.subject, 'alice-0001'));
    expect((await bind(user.token, bound)).statusCode).toBe(201);

    const confirmed = await confirmedAt('sign_in', 'alice-0001');
    // The provider put the original nonce into the ID token; the stored one no longer matches.
    await t.database.db.update(oidcStates).set({ nonce: 'tampered-nonce' }).where(eq(oidcStates.state, confirmed.state));
    const answer = await oidcSignIn(confirmed.state, confirmed.code, 'en');
    expect(answer.statusCode).toBe(401);
    expect(answer.json().errors[0]).toMatchObject({ code: 'oidc_failed', title: 'The external service did not confirm the sign-in. Please try again' });

    // A wrong code with a right state is refused likewise.
    const url = await start('sign_in');
    const wrongCode = await oidcSignIn(url.searchParams.get('state')!, 'not-a-code');
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().errors[0].code).toBe('oidc_failed');

    // The untouched flow signs the user in.
    const fine = await confirmedAt('sign_in', 'alice-0001');
    expect((await oidcSignIn(fine.state, fine.code)).json().data.user.email).toBe(user.email);
  });

  it('a deactivated user cannot sign in through a binding', async () => {
    const user = await signedInUser();
    await t.database.db.delete(authData).where(eq(authData.subject, 'alice-0001'));
    expect((await bind(user.token, await confirmedAt('bind', 'alice-0001', user.token))).statusCode).toBe(201);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const confirmed = await confirmedAt('sign_in', 'alice-0001');
    const answer = await oidcSignIn(confirmed.state, confirmed.code, 'en');
    expect(answer.statusCode).toBe(401);
    expect(answer.json().errors[0].title).toBe('The account is deactivated');
  });

  it('leaves the second factor to the provider: a role that requires one does not hold an external sign-in', async () => {
    const user = await signedInUser();
    await t.database.db.delete(authData).where(eq(authData.subject, 'carol-0003'));
    expect((await bind(user.token, await confirmedAt('bind', 'carol-0003', user.token))).statusCode).toBe(201);
    const [link] = await t.database.db.select().from(userRoles).where(eq(userRoles.user_id, user.id));
    await t.database.db.update(roles).set({ requires_second_factor: true }).where(eq(roles.id, link!.role_id));
    // With the password the session is held to enrolment; through the provider it is not.
    expect((await t.signIn(user.email)).user.second_factor.limited).toBe(true);
    const confirmed = await confirmedAt('sign_in', 'carol-0003');
    const answer = await oidcSignIn(confirmed.state, confirmed.code);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.user.second_factor).toEqual({ enabled: false, required: true, limited: false });
    expect((await t.request('GET', `${AUTH}/me/auth_history`, { token: answer.json().data.access_token })).statusCode).toBe(200);
  });

  it('an unknown method is refused with a clear message', async () => {
    const answer = await t.request('POST', `${AUTH}/auth`, { body: { data: { method: 'sms', identity: 'x', secret: 'y' } }, lang: 'en' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].title).toBe('This sign-in method is not supported');
  });
});

describe('OIDC_PROVIDERS', () => {
  it('reads the providers, with the default redirect address, and stops on a mistake', () => {
    const list = parseOidcProviders(
      JSON.stringify([{ name: 'google', title: 'Google', issuer: 'https://accounts.google.com', client_id: 'a', client_secret: 'b' }]),
      'https://admin.example.com/',
    );
    expect(list).toEqual([
      { name: 'google', title: 'Google', issuer: 'https://accounts.google.com', client_id: 'a', client_secret: 'b', redirect_uri: 'https://admin.example.com/auth.processing/oidc/callback' },
    ]);
    expect(parseOidcProviders(undefined, 'x')).toEqual([]);
    expect(() => parseOidcProviders('{', 'x')).toThrow(/JSON array/);
    expect(() => parseOidcProviders('[{"name":"a b","title":"t","issuer":"https://i","client_id":"c","client_secret":"s"}]', 'https://a.test')).toThrow(/name/);
    expect(() => parseOidcProviders('[{"name":"a","title":"t","issuer":"http://idp.example.com","client_id":"c","client_secret":"s"}]', 'https://a.test')).toThrow(/https/);
    expect(() => parseOidcProviders('[{"name":"a","title":"t","issuer":"https://i","client_secret":"s"}]', 'https://a.test')).toThrow(/client_id/);
  });
});
