import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const USERS = '/gateway/clients.storage/api/v1/users';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe("a user's sessions (GET /users/{id}/sessions)", () => {
  it('lists the working sessions, newest first, with the acting client; an ended one is gone', async () => {
    const client = await t.createClient('Сеанс Авто');
    const user = await t.createUser({ clientIds: [client] });
    const first = await t.signIn(user.email);
    await t.signIn(user.email);
    const staff = await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: { 'auth.processing': ['root'], 'clients.storage': ['users.get_list'] } });
    const token = (await t.signIn(staff.email)).access_token;

    let list = (await t.request('GET', `${USERS}/${user.id}/sessions`, { token })).json().data;
    expect(list).toHaveLength(2);
    expect(list[0].type).toBe('sessions');
    expect(list[0].attributes).toMatchObject({ client: { id: client, name: 'Сеанс Авто' }, current: false });
    expect(Date.parse(list[0].attributes.created_at)).toBeGreaterThanOrEqual(Date.parse(list[1].attributes.created_at));

    await t.request('POST', '/gateway/auth.processing/api/v1/logout', { token: first.access_token });
    list = (await t.request('GET', `${USERS}/${user.id}/sessions`, { token })).json().data;
    expect(list).toHaveLength(1);
  });

  it('is for someone who covers the user: another client answers 404, a stronger user 403', async () => {
    const mine = await t.createClient();
    const other = await t.createClient();
    const manager = await t.createUser({ clientIds: [mine], grants: { 'clients.storage': ['users.get_list'] } });
    const token = (await t.signIn(manager.email)).access_token;
    const stranger = await t.createUser({ clientIds: [other] });
    const stronger = await t.createUser({ clientIds: [mine], grants: { 'clients.storage': ['users.get_list', 'users.patch'] } });
    expect((await t.request('GET', `${USERS}/${stranger.id}/sessions`, { token })).statusCode).toBe(404);
    expect((await t.request('GET', `${USERS}/${stronger.id}/sessions`, { token })).statusCode).toBe(403);
    const own = (await t.request('GET', `${USERS}/${manager.id}/sessions`, { token })).json().data;
    expect(own.map((entry: { attributes: { current: boolean } }) => entry.attributes.current)).toEqual([true]);
  });
});
