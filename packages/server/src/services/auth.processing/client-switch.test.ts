import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../../kit/audit.table.ts';
import { clientGroups, clients } from '../clients.storage/client.table.ts';
import { userGroups } from '../clients.storage/user.table.ts';

const AUTH = '/gateway/auth.processing/api/v1';
const ME = '/gateway/clients.storage/api/v1/me';
const CLIENTS = '/gateway/clients.storage/api/v1/clients';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const me = async (token: string) => (await t.request('GET', ME, { token })).json().data.attributes;
const switchTo = (token: string, client_id: unknown, lang = 'en') => t.request('POST', `${AUTH}/auth_with_client`, { token, lang, body: { data: { client_id } } });
const join = (token: string, client_id: unknown, lang = 'en') => t.request('POST', `${AUTH}/join_client`, { token, lang, body: { data: { client_id } } });

describe('auth_with_client', () => {
  it('re-authenticates as another of the user\'s clients: /me.client changes, the old tokens are refused', async () => {
    const a = await t.createClient('Альфа Моторс');
    const b = await t.createClient('Бета Авто');
    const user = await t.createUser({ clientIds: [a, b] });
    const first = await t.signIn(user.email);
    expect(first.user.client).toEqual({ id: a, name: 'Альфа Моторс' });

    const response = await switchTo(first.access_token, b);
    expect(response.statusCode).toBe(200);
    const next = response.json().data;
    expect(next.access_token).not.toBe(first.access_token);
    expect(next.user.client).toEqual({ id: b, name: 'Бета Авто' });
    expect(next.user.joined_client_id).toBeNull();
    expect((await me(next.access_token)).client).toEqual({ id: b, name: 'Бета Авто' });

    // The switch ended the old session: its access and refresh tokens no longer work.
    expect((await t.request('GET', ME, { token: first.access_token })).statusCode).toBe(401);
    expect((await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: first.refresh_token } } })).statusCode).toBe(401);
    // The new session refreshes and keeps its client.
    const refreshed = await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: next.refresh_token } } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.user.client).toEqual({ id: b, name: 'Бета Авто' });
  });

  it('refuses a foreign or missing client with the same field error, and the session stays as it was', async () => {
    const own = await t.createClient();
    const foreign = await t.createClient();
    const user = await t.createUser({ clientIds: [own] });
    const { access_token } = await t.signIn(user.email);
    const refusedForeign = await switchTo(access_token, foreign);
    const refusedMissing = await switchTo(access_token, 987654);
    for (const refused of [refusedForeign, refusedMissing]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ title: 'This client is not available to you', source: { pointer: '/data/client_id' } });
    }
    expect(refusedForeign.json()).toEqual(refusedMissing.json());
    const ru = await switchTo(access_token, foreign, 'ru');
    expect(ru.json().errors[0].title).toBe('Этот клиент вам недоступен');
    expect((await me(access_token)).client.id).toBe(own);
  });

  it('validates the body: client_id is required, null only for internal users', async () => {
    const own = await t.createClient();
    const user = await t.createUser({ clientIds: [own] });
    const { access_token } = await t.signIn(user.email);
    const missing = await t.request('POST', `${AUTH}/auth_with_client`, { token: access_token, lang: 'en', body: { data: {} } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ title: 'This field is required', source: { pointer: '/data/client_id' } });
    const nothing = await switchTo(access_token, null);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors[0]).toMatchObject({ title: 'This field is required', source: { pointer: '/data/client_id' } });
    expect((await t.request('POST', `${AUTH}/auth_with_client`, { body: { data: { client_id: own } } })).statusCode).toBe(401);
  });

  it('records the switch in the activity history with the client, and in the audit trail', async () => {
    const a = await t.createClient('Гамма');
    const b = await t.createClient('Дельта');
    const user = await t.createUser({ clientIds: [a, b] });
    const first = await t.signIn(user.email);
    const next = (await switchTo(first.access_token, b)).json().data;
    const history = (await t.request('GET', `${AUTH}/me/auth_history`, { token: next.access_token })).json().data;
    expect(history[0].attributes).toMatchObject({ event: 'switch_client', client: { id: b, name: 'Дельта' } });
    expect(history[1].attributes).toMatchObject({ event: 'sign_in', client: { id: a, name: 'Гамма' } });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_user_id, user.id), eq(auditLog.action, 'switch_client')));
    expect(entry).toMatchObject({
      service: 'auth.processing',
      resource: 'sessions',
      acting_client_id: a,
      client_id: b,
      changes: { client_id: [a, b], method: 'auth_with_client' },
    });
  });

  it('lets an internal user act as any existing client, or as none', async () => {
    const any = await t.createClient('Любой клиент');
    const staff = await t.createUser({ email: `staff-${Date.now()}@platform.test` });
    const { access_token, user } = await t.signIn(staff.email);
    expect(user.client).toBeNull();
    const switched = await switchTo(access_token, any);
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.user).toMatchObject({ client: { id: any, name: 'Любой клиент' }, joined_client: null });
    expect((await switchTo(access_token, any)).statusCode).toBe(401); // that session has ended
    const none = await switchTo(switched.json().data.access_token, null);
    expect(none.statusCode).toBe(200);
    expect(none.json().data.user.client).toBeNull();
    expect((await switchTo(none.json().data.access_token, 987654)).statusCode).toBe(400);
  });
});

describe('join_client', () => {
  it('needs auth.processing root', async () => {
    const target = await t.createClient();
    const staff = await t.createUser({ email: `noroot-${Date.now()}@platform.test` });
    const { access_token } = await t.signIn(staff.email);
    const refused = await join(access_token, target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].title).toBe('You do not have permission for this action');
  });

  it('is for internal users only, even with root', async () => {
    const own = await t.createClient();
    const target = await t.createClient();
    const dealer = await t.createUser({ clientIds: [own], grants: { 'auth.processing': ['root'] } });
    const { access_token } = await t.signIn(dealer.email);
    const refused = await join(access_token, target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].title).toBe('Only platform staff can log in as a client');
    expect((await me(access_token)).client.id).toBe(own);
  });

  it('logs an internal root holder in as any client and keeps the joined client on the user until the next switch', async () => {
    const target = await t.createClient('Клиент для входа');
    const staff = await t.createUser({ email: `root-${Date.now()}@platform.test`, grants: { 'auth.processing': ['root'] } });
    const first = await t.signIn(staff.email);
    expect(first.user).toMatchObject({ joined_client_id: null, joined_client: null });

    const joined = await join(first.access_token, target);
    expect(joined.statusCode).toBe(200);
    const ref = { id: target, name: 'Клиент для входа' };
    expect(joined.json().data.user).toMatchObject({ client: ref, joined_client_id: target, joined_client: ref });
    const session = joined.json().data;
    expect(await me(session.access_token)).toMatchObject({ client: ref, joined_client_id: target, joined_client: ref });
    const refreshed = (await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: session.refresh_token } } })).json().data;
    expect(refreshed.user).toMatchObject({ joined_client_id: target, joined_client: ref });
    expect((await t.request('GET', ME, { token: first.access_token })).statusCode).toBe(401);

    const history = (await t.request('GET', `${AUTH}/me/auth_history`, { token: refreshed.access_token })).json().data;
    expect(history[0].attributes).toMatchObject({ event: 'switch_client', client: ref });
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.actor_user_id, staff.id), eq(auditLog.action, 'switch_client')));
    expect(entries.map((e) => e.changes)).toEqual([{ client_id: [null, target], method: 'join_client' }]);

    // The way back: switching again ends the joined session.
    const back = (await switchTo(refreshed.access_token, null)).json().data;
    expect(back.user).toMatchObject({ client: null, joined_client_id: null, joined_client: null });
    expect(await me(back.access_token)).toMatchObject({ client: null, joined_client: null });
  });

  it('refuses a missing client', async () => {
    const staff = await t.createUser({ email: `root2-${Date.now()}@platform.test`, grants: { 'auth.processing': ['root'] } });
    const { access_token } = await t.signIn(staff.email);
    const refused = await join(access_token, 987654);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ title: 'This client is not available to you', source: { pointer: '/data/client_id' } });
  });
});

describe('clients through client groups', () => {
  it('count as the user\'s clients in /me, in the scope, at sign-in and for switching', async () => {
    const [group] = await t.database.db.insert(clientGroups).values({ name: `Группа ${Date.now()}` }).returning();
    const inGroup = await t.createClient('Клиент группы');
    const outside = await t.createClient('Чужой клиент');
    await t.database.db.update(clients).set({ group_ids: [group!.id] }).where(eq(clients.id, inGroup));
    const user = await t.createUser({ grants: { 'clients.storage': ['clients.get_full_list'] } });
    await t.database.db.insert(userGroups).values({ user_id: user.id, group_id: group!.id });

    const { access_token, user: signedIn } = await t.signIn(user.email);
    // No default and no direct client: the session acts as the group's client.
    expect(signedIn.client).toEqual({ id: inGroup, name: 'Клиент группы' });
    expect((await me(access_token)).clients).toEqual([{ id: inGroup, name: 'Клиент группы' }]);

    const list = (await t.request('GET', CLIENTS, { token: access_token })).json().data.map((c: any) => Number(c.id));
    expect(list).toEqual([inGroup]);
    expect((await t.request('GET', `${CLIENTS}/${outside}`, { token: access_token })).statusCode).toBe(404);
    expect((await t.request('GET', `${CLIENTS}/${inGroup}`, { token: access_token })).statusCode).toBe(200);

    const direct = await t.createClient('Прямой клиент');
    const both = await t.createUser({ clientIds: [direct] });
    await t.database.db.insert(userGroups).values({ user_id: both.id, group_id: group!.id });
    const session = await t.signIn(both.email);
    expect(session.user.clients).toEqual([
      { id: inGroup, name: 'Клиент группы' },
      { id: direct, name: 'Прямой клиент' },
    ]);
    const switched = await switchTo(session.access_token, inGroup);
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.user.client.id).toBe(inGroup);
    expect((await switchTo(switched.json().data.access_token, outside)).statusCode).toBe(400);
  });
});
