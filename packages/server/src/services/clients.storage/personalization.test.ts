import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sites } from '../sites.context/site.table.ts';
import { userClients } from './user.table.ts';

const PATH = '/gateway/clients.storage/api/v1/personalization';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function createSite(clientId: number) {
  const [row] = await t.database.db.insert(sites).values({ name: `Site ${clientId}-${Math.random()}`, client_id: clientId }).returning();
  return row!.id;
}

/** A dealer user with one client and a site of it, signed in. */
async function dealer() {
  const clientId = await t.createClient();
  const siteId = await createSite(clientId);
  const user = await t.createUser({ clientIds: [clientId] });
  const { access_token } = await t.signIn(user.email);
  return { user, clientId, siteId, token: access_token };
}

const patch = (token: string, attributes: unknown, lang = 'en') => t.request('PATCH', PATH, { token, lang, body: { data: { type: 'personalization', attributes } } });

describe('personalization', () => {
  it('answers an empty record before anything is stored, and needs a signed-in user', async () => {
    const { token } = await dealer();
    const response = await t.request('GET', PATH, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: null, type: 'personalization', attributes: { favorite_sites: [], favorite_clients: [] } });
    expect((await t.request('GET', PATH)).statusCode).toBe(401);
  });

  it('creates with POST (201, then 409), changes with PATCH, and reads back the own record only', async () => {
    const a = await dealer();
    const created = await t.request('POST', PATH, { token: a.token, body: { data: { attributes: { favorite_sites: [a.siteId] } } } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toEqual({ favorite_sites: [a.siteId], favorite_clients: [] });
    expect(created.json().data.id).toMatch(/^\d+$/);

    const again = await t.request('POST', PATH, { token: a.token, lang: 'en', body: { data: { attributes: {} } } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].title).toBe('Personal settings already exist: update them instead');

    const changed = await patch(a.token, { favorite_clients: [a.clientId, a.clientId] });
    expect(changed.statusCode).toBe(200);
    // The lists not sent stay; duplicates are dropped.
    expect(changed.json().data.attributes).toEqual({ favorite_sites: [a.siteId], favorite_clients: [a.clientId] });
    expect((await t.request('GET', PATH, { token: a.token })).json().data.attributes).toEqual({ favorite_sites: [a.siteId], favorite_clients: [a.clientId] });

    const b = await dealer();
    expect((await t.request('GET', PATH, { token: b.token })).json().data.attributes).toEqual({ favorite_sites: [], favorite_clients: [] });
  });

  it('PATCH creates the record when there is none', async () => {
    const a = await dealer();
    const response = await patch(a.token, { favorite_sites: [a.siteId] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toEqual({ favorite_sites: [a.siteId], favorite_clients: [] });
  });

  it('refuses sites and clients outside the user\'s scope, and missing ones, with the same field error', async () => {
    const a = await dealer();
    const b = await dealer();
    for (const [field, id] of [
      ['favorite_sites', b.siteId],
      ['favorite_sites', 99999999],
      ['favorite_clients', b.clientId],
      ['favorite_clients', 99999999],
    ] as const) {
      const response = await patch(a.token, { [field]: [id] });
      expect(response.statusCode, `${field} ${id}`).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ title: `The related record ${id} was not found`, source: { pointer: `/data/attributes/${field}` } });
    }
    expect((await t.request('GET', PATH, { token: a.token })).json().data.attributes).toEqual({ favorite_sites: [], favorite_clients: [] });
  });

  it('keeps at most 50 of each, refuses unknown fields and non-ids with messages', async () => {
    const a = await dealer();
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    const tooMany = await patch(a.token, { favorite_sites: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ title: 'Favorites can hold at most 50 entries', source: { pointer: '/data/attributes/favorite_sites' } });
    const ru = await patch(a.token, { favorite_clients: many }, 'ru');
    expect(ru.json().errors[0].title).toBe('В избранном может быть не больше 50 записей');
    const unknown = await patch(a.token, { user_id: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].title).toBe('The field "user_id" is not accepted');
    const wrong = await patch(a.token, { favorite_sites: 'all' });
    expect(wrong.statusCode).toBe(400);
  });

  it('lets an internal user favour any site and client', async () => {
    const other = await dealer();
    const staff = await t.createUser({ email: `fav-${Date.now()}@platform.test` });
    const { access_token } = await t.signIn(staff.email);
    const response = await patch(access_token, { favorite_sites: [other.siteId], favorite_clients: [other.clientId] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toEqual({ favorite_sites: [other.siteId], favorite_clients: [other.clientId] });
  });

  it('leaves out favorites that went out of reach since', async () => {
    const a = await dealer();
    const second = await t.createClient();
    const secondSite = await createSite(second);
    await t.database.db.insert(userClients).values({ user_id: a.user.id, client_id: second });
    await patch(a.token, { favorite_sites: [a.siteId, secondSite], favorite_clients: [second] });
    await t.database.db.delete(userClients).where(eq(userClients.client_id, second));
    await t.ctx.access?.sync(); // a change made beside the API is heard as an API write would be
    expect((await t.request('GET', PATH, { token: a.token })).json().data.attributes).toEqual({ favorite_sites: [a.siteId], favorite_clients: [] });
  });
});
