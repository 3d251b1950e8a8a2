import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { apiRoutes } from '../schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const CLIENTS = '/gateway/clients.storage/api/v1/clients';

describe('gateway', () => {
  it('answers an unknown route with 404 in the caller language, with or without a token', async () => {
    const unknown = await t.request('GET', '/gateway/clients.storage/api/v1/nothing-here', { lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: [{ status: '404', code: 'route_not_found', title: 'The address was not found' }] });
    expect((await t.request('GET', '/gateway/no.such.service/api/v1/clients')).statusCode).toBe(404);
    expect((await t.request('PUT', CLIENTS)).statusCode).toBe(404);
  });

  it('401 without a token, 403 without the permission, 200 with it', async () => {
    expect((await t.request('GET', CLIENTS)).json().errors[0].title).toBe('Требуется авторизация');
    const clientId = await t.createClient();
    const plain = await t.createUser({ clientIds: [clientId] });
    const denied = await t.request('GET', CLIENTS, { token: (await t.signIn(plain.email)).access_token, lang: 'en' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].title).toBe('You do not have permission for this action');
    const allowed = await t.createUser({ grants: { 'clients.storage': ['clients.get_full_list'] }, clientIds: [clientId] });
    expect((await t.request('GET', CLIENTS, { token: (await t.signIn(allowed.email)).access_token })).statusCode).toBe(200);
  });

  it('applies an edit of the stored route table without a restart', async () => {
    const clientId = await t.createClient();
    const user = await t.createUser({ grants: { 'clients.storage': ['groups.list'] }, clientIds: [clientId] });
    const token = (await t.signIn(user.email)).access_token;
    expect((await t.request('GET', CLIENTS, { token })).statusCode).toBe(403);
    const where = and(eq(apiRoutes.service, 'clients.storage'), eq(apiRoutes.method, 'GET'), eq(apiRoutes.path, '/api/v1/clients'));
    await t.database.db.update(apiRoutes).set({ permissions: ['clients.get_full_list', 'groups.list'], updated_at: new Date() }).where(where);
    // Another process would see the change at its next poll; reload() is what the poll runs.
    await t.routeTable.reload();
    expect((await t.request('GET', CLIENTS, { token })).statusCode).toBe(200);
  });

  it('picks up an edit through polling', async () => {
    const user = await t.createUser({ grants: { 'clients.storage': ['groups.list'] } });
    const token = (await t.signIn(user.email)).access_token;
    const url = '/gateway/clients.storage/api/v1/groups';
    expect((await t.request('GET', url, { token })).statusCode).toBe(200);
    const where = and(eq(apiRoutes.service, 'clients.storage'), eq(apiRoutes.method, 'GET'), eq(apiRoutes.path, '/api/v1/groups'));
    await t.database.db.update(apiRoutes).set({ permissions: ['groups.create'], updated_at: new Date() }).where(where);
    // The poll runs every 2 s; the generous limit only bounds a failing run.
    const deadline = Date.now() + 15_000;
    let status = 200;
    while (Date.now() < deadline && status === 200) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await t.request('GET', url, { token })).statusCode;
    }
    expect(status).toBe(403);
  });

  it('never answers bad input with a 500', async () => {
    const staff = await t.createUser({ email: 'bad-input@platform.test', grants: { 'clients.storage': ['clients.get_full_list', 'clients.create', 'clients.patch'] } });
    const token = (await t.signIn(staff.email)).access_token;
    const cases: [string, string, unknown][] = [
      ['GET', `${CLIENTS}/abc`, undefined],
      ['GET', `${CLIENTS}?page[number]=-1`, undefined],
      ['GET', `${CLIENTS}?page[size]=abc`, undefined],
      ['POST', CLIENTS, 'not json'],
      ['POST', CLIENTS, { data: null }],
      ['POST', CLIENTS, { data: { attributes: { name: ['x'], code: { $ne: 1 } } } }],
      ['POST', CLIENTS, { data: { attributes: { name: 'x'.repeat(300), code: 'ok', group_ids: ['a'] } } }],
      ['POST', CLIENTS, { data: { attributes: { name: 'Test', code: 'ok-code', group_ids: [424242] } } }],
      ['PATCH', `${CLIENTS}/1`, []],
    ];
    for (const [method, url, body] of cases) {
      const response = await t.request(method, url, { token, body, headers: typeof body === 'string' ? { 'content-type': 'application/json' } : {} });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
      expect(response.json().errors[0].title).toBeTruthy();
    }
    const reference = await t.request('POST', CLIENTS, { token, lang: 'en', body: { data: { attributes: { name: 'Test', code: 'ok-code', group_ids: [424242] } } } });
    expect(reference.json().errors[0]).toMatchObject({ title: 'The related record 424242 was not found', source: { pointer: '/data/attributes/group_ids' } });
  });

  it('answers a duplicate unique value with 409 pointing at the field', async () => {
    const staff = await t.createUser({ email: 'dup@platform.test', grants: { 'clients.storage': ['clients.create'] } });
    const token = (await t.signIn(staff.email)).access_token;
    const body = { data: { attributes: { name: 'Один', code: 'same-code' } } };
    expect((await t.request('POST', CLIENTS, { token, body })).statusCode).toBe(201);
    const again = await t.request('POST', CLIENTS, { token, body, lang: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ title: 'A record with this "code" already exists', source: { pointer: '/data/attributes/code' } });
  });
});
