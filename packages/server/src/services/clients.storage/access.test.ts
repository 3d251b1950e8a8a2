import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { permissions, rolePermissions, roles } from './user.table.ts';

const API = '/gateway/clients.storage/api/v1';
let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await buildTestApp();
  const staff = await t.createUser({
    email: 'root@platform.test',
    grants: {
      'auth.processing': ['root', 'settings_mode'],
      'clients.storage': ['users.get_list', 'users.create', 'users.patch', 'users.delete', 'roles.get_list', 'roles.create', 'roles.patch', 'audit.get_list', 'routes.get_list', 'routes.patch', 'clients.create', 'clients.patch', 'clients.get_full_list'],
      'gateway.processing': ['restrictions.create', 'restrictions.get_list'],
    },
  });
  root = (await t.signIn(staff.email)).access_token;
});
afterAll(() => t?.close());

/** A role holding the given codes, made directly in the database. */
async function roleWith(codes: Record<string, string[]>, clientId: number | null = null) {
  const [role] = await t.database.db.insert(roles).values({ code: `role-${Math.random().toString(36).slice(2)}`, name: 'Роль', client_id: clientId }).returning();
  const wanted = Object.entries(codes).flatMap(([service, list]) => list.map((code) => `${service}/${code}`));
  const all = await t.database.db.select().from(permissions).where(inArray(permissions.code, Object.values(codes).flat()));
  const chosen = all.filter((p) => wanted.includes(`${p.service}/${p.code}`));
  if (chosen.length) await t.database.db.insert(rolePermissions).values(chosen.map((p) => ({ role_id: role!.id, permission_id: p.id })));
  return role!.id;
}

const createUser = (token: string, attributes: Record<string, unknown>, lang = 'ru') =>
  t.request('POST', `${API}/users`, { token, lang, body: { data: { type: 'users', attributes } } });

describe('users and roles', () => {
  it('a user created with a role and a password signs in and holds exactly that role', async () => {
    const clientId = await t.createClient('Автодом');
    const roleId = await roleWith({ 'auth.processing': ['site_mode'], 'sites.context': ['sites.get_full_list'] });
    const created = await createUser(root, { email: 'New.Editor@Dealer.test', name: 'Олег', last_name: 'Новиков', client_ids: [clientId], role_ids: [roleId], password: 'First-Pass1!' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ email: 'new.editor@dealer.test', client_ids: [clientId], role_ids: [roleId], default_client_id: clientId, active: true });
    expect(created.json().data.attributes).not.toHaveProperty('password');
    const session = await t.signIn('new.editor@dealer.test', 'First-Pass1!');
    expect(session.user.permissions).toEqual({ 'auth.processing': ['site_mode'], 'sites.context': ['sites.get_full_list'] });
    expect(session.user.client).toEqual({ id: clientId, name: 'Автодом' });
  });

  it('asks for at least one client and a valid default client, with the spec messages', async () => {
    const none = await createUser(root, { email: 'x1@dealer.test', name: 'X', client_ids: [] }, 'en');
    expect(none.json().errors).toContainEqual(expect.objectContaining({ title: 'At least one client is required', source: { pointer: '/data/attributes/client_ids' } }));
    const a = await t.createClient();
    const b = await t.createClient();
    const wrongDefault = await createUser(root, { email: 'x2@dealer.test', name: 'X', client_ids: [a], default_client_id: b }, 'en');
    expect(wrongDefault.statusCode).toBe(400);
    expect(wrongDefault.json().errors[0].source.pointer).toBe('/data/attributes/default_client_id');
  });

  it('nobody grants a permission, a role or a client they do not hold', async () => {
    const clientA = await t.createClient();
    const clientB = await t.createClient();
    const manager = await t.createUser({ grants: { 'clients.storage': ['users.get_list', 'users.create', 'users.patch', 'roles.get_list', 'roles.create'] }, clientIds: [clientA] });
    const token = (await t.signIn(manager.email)).access_token;
    const strongRole = await roleWith({ 'auth.processing': ['root'] });
    const viaRole = await createUser(token, { email: 'esc1@dealer.test', name: 'E', client_ids: [clientA], role_ids: [strongRole] }, 'en');
    expect(viaRole.statusCode).toBe(403);
    expect(viaRole.json().errors[0].title).toBe('You cannot grant permissions, roles or clients you do not hold yourself');
    const [rootPermission] = await t.database.db.select().from(permissions).where(eq(permissions.code, 'root'));
    expect((await createUser(token, { email: 'esc2@dealer.test', name: 'E', client_ids: [clientA], permission_ids: [rootPermission!.id] })).statusCode).toBe(403);
    const foreign = await createUser(token, { email: 'esc3@dealer.test', name: 'E', client_ids: [clientB] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].source.pointer).toBe('/data/attributes/client_ids');
    const escCode = `esc-${Date.now()}`;
    const roleEscalation = await t.request('POST', `${API}/roles`, { token, body: { data: { attributes: { code: escCode, name: 'Esc', client_id: clientA, permission_ids: [rootPermission!.id] } } } });
    expect(roleEscalation.statusCode).toBe(403);
    // Refused means nothing was written.
    expect(await t.database.db.select().from(roles).where(eq(roles.code, escCode))).toEqual([]);
    // What the manager holds can be given.
    const [own] = await t.database.db.select().from(permissions).where(eq(permissions.code, 'users.get_list'));
    expect((await createUser(token, { email: 'ok1@dealer.test', name: 'Ok', client_ids: [clientA], permission_ids: [own!.id] })).statusCode).toBe(201);
  });

  it('deleting deactivates, ends the sessions at once, and keeps the last user of a client', async () => {
    const clientId = await t.createClient('Единственный');
    const only = await t.createUser({ clientIds: [clientId] });
    const lastTry = await t.request('DELETE', `${API}/users/${only.id}`, { token: root, lang: 'en' });
    expect(lastTry.statusCode).toBe(409);
    expect(lastTry.json().errors[0].title).toBe('The default or the only user of the client "Единственный" cannot be deleted');
    const second = await t.createUser({ clientIds: [clientId] });
    const session = await t.signIn(second.email);
    expect((await t.request('DELETE', `${API}/users/${second.id}`, { token: root })).statusCode).toBe(204);
    expect((await t.request('GET', `${API}/me`, { token: session.access_token })).statusCode).toBe(401);
    expect((await t.request('POST', '/gateway/auth.processing/api/v1/refresh', { body: { data: { refresh_token: session.refresh_token } } })).statusCode).toBe(401);
    const record = (await t.request('GET', `${API}/users/${second.id}`, { token: root })).json().data;
    expect(record.attributes.active).toBe(false);
    const back = await t.request('PATCH', `${API}/users/${second.id}/activate`, { token: root, body: { data: { active: true } } });
    expect(back.json().data.attributes.active).toBe(true);
    await t.signIn(second.email);
  });

  it('answers the spec message for an unknown e-mail in the filtered search', async () => {
    const response = await t.request('GET', `${API}/users/filtered?filter[email]=ghost@dealer.test`, { token: root, lang: 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].title).toBe('User with the e-mail ghost@dealer.test was not found');
  });
});

describe('clients of a user', () => {
  it('lists a user\'s clients, only those the caller may see', async () => {
    const a = await t.createClient('Альфа');
    const b = await t.createClient('Бета');
    const both = await t.createUser({ clientIds: [a, b] });
    const names = async (token: string) => (await t.request('GET', `${API}/clients/by_user?user_id=${both.id}`, { token })).json().data.map((c: any) => c.attributes.name);
    expect(await names(root)).toEqual(['Альфа', 'Бета']);
    const dealer = await t.createUser({ grants: { 'clients.storage': ['users.get_list'] }, clientIds: [a] });
    expect(await names((await t.signIn(dealer.email)).access_token)).toEqual(['Альфа']);
    const stranger = await t.createUser({ grants: { 'clients.storage': ['users.get_list'] }, clientIds: [await t.createClient()] });
    expect((await t.request('GET', `${API}/clients/by_user?user_id=${both.id}`, { token: (await t.signIn(stranger.email)).access_token })).statusCode).toBe(404);
  });
});

describe('route registry and restrictions', () => {
  it('editing a screen route changes who sees its menu item', async () => {
    const user = await t.createUser({ grants: { 'clients.storage': ['groups.list'] } });
    const token = (await t.signIn(user.email)).access_token;
    const routes = (await t.request('GET', `${API}/routes?filter[search]=client_groups`, { token: root })).json().data;
    const groups = routes.find((r: any) => r.attributes.name === 'client_groups');
    const changed = await t.request('PATCH', `${API}/routes/${groups.id}`, { token: root, body: { data: { attributes: { permissions: ['groups.create'] } } } });
    expect(changed.json().data.attributes.permissions).toEqual(['groups.create']);
    const menu = (await t.request('GET', `${API}/me/routes`, { token })).json().data;
    expect(menu.find((r: any) => r.attributes.name === 'client_groups').attributes.permissions).toEqual(['groups.create']);
  });

  it('a restriction limits a service method to its roles; root passes', async () => {
    const allowedRole = await roleWith({ 'sites.context': ['sites.get_full_list'] });
    const otherRole = await roleWith({ 'sites.context': ['sites.get_full_list'] });
    const insider = await t.createUser({ email: `in-${Date.now()}@dealer.test`, grants: {} });
    const outsider = await t.createUser({ email: `out-${Date.now()}@dealer.test`, grants: {} });
    const { userRoles } = await import('./user.table.ts');
    await t.database.db.insert(userRoles).values([{ user_id: insider.id, role_id: allowedRole }, { user_id: outsider.id, role_id: otherRole }]);
    const insiderToken = (await t.signIn(insider.email)).access_token;
    const outsiderToken = (await t.signIn(outsider.email)).access_token;
    const sites = '/gateway/sites.context/api/v1/sites';
    expect((await t.request('GET', sites, { token: outsiderToken })).statusCode).toBe(200);
    const created = await t.request('POST', '/gateway/gateway.processing/api/v1/restrictions', {
      token: root,
      body: { data: { attributes: { name: 'Только редакторы', service: 'sites.context', method: 'GET', role_ids: [allowedRole] } } },
    });
    expect(created.statusCode).toBe(201);
    await t.routeTable.reload();
    expect((await t.request('GET', sites, { token: outsiderToken })).statusCode).toBe(403);
    expect((await t.request('GET', sites, { token: insiderToken })).statusCode).toBe(200);
    const rootSites = await t.createUser({ email: `r-${Date.now()}@platform.test`, grants: { 'auth.processing': ['root'], 'sites.context': ['sites.get_full_list'] } });
    expect((await t.request('GET', sites, { token: (await t.signIn(rootSites.email)).access_token })).statusCode).toBe(200);
    await t.request('DELETE', `/gateway/gateway.processing/api/v1/restrictions/${created.json().data.id}`, { token: root });
  });
});

describe('audit trail', () => {
  it('records who changed what, before and after, and a password set as hidden, never its value', async () => {
    const clientId = await t.createClient('Журнал');
    const created = await createUser(root, { email: 'audited@dealer.test', name: 'Аудит', client_ids: [clientId], password: 'Secret-Pass1!' });
    const id = created.json().data.id;
    await t.request('PATCH', `${API}/users/${id}`, { token: root, body: { data: { attributes: { name: 'Аудитор', password: 'Other-Pass2@' } } } });
    const entries = (await t.request('GET', `${API}/audit?filter[resource]=users&filter[record_id]=${id}&sort=id`, { token: root })).json();
    expect(entries.data.map((e: any) => e.attributes.action)).toEqual(['create', 'update']);
    expect(entries.data[1].attributes.changes).toEqual({ name: ['Аудит', 'Аудитор'], password: ['[hidden]', '[hidden]'] });
    expect(entries.data[0].attributes.changes).toMatchObject({ name: 'Аудит', password: '[hidden]' });
    expect(entries.data[0].attributes).toMatchObject({ client_id: clientId, service: 'clients.storage' });
    expect(JSON.stringify(entries)).not.toMatch(/Secret-Pass1|Other-Pass2|argon2/);
    expect(entries.included).toContainEqual(expect.objectContaining({ type: 'users', attributes: { email: 'root@platform.test' } }));
  });

  it('records sign-ins and failed sign-ins', async () => {
    const clientId = await t.createClient();
    const user = await t.createUser({ clientIds: [clientId] });
    await t.request('POST', '/gateway/auth.processing/api/v1/auth', { body: { data: { method: 'password', identity: user.email, secret: 'Wrong-Pass1!' } } });
    await t.signIn(user.email);
    const entries = (await t.request('GET', `${API}/audit?filter[service]=auth.processing&filter[record_id]=${user.id}&sort=id`, { token: root })).json().data;
    expect(entries.map((e: any) => [e.attributes.action, e.attributes.ip])).toEqual([
      ['sign_in_failed', '127.0.0.1'],
      ['sign_in', '127.0.0.1'],
    ]);
    expect(entries[1].attributes).toMatchObject({ actor_user_id: user.id, acting_client_id: clientId });
  });

  it('shows a client only its own entries', async () => {
    const mine = await t.createClient('Мой');
    const theirs = await t.createClient('Чужой');
    await t.request('PATCH', `${API}/clients/${mine}`, { token: root, body: { data: { attributes: { name: 'Мой клиент' } } } });
    await t.request('PATCH', `${API}/clients/${theirs}`, { token: root, body: { data: { attributes: { name: 'Чужой клиент' } } } });
    const auditor = await t.createUser({ grants: { 'clients.storage': ['audit.get_list'] }, clientIds: [mine] });
    const token = (await t.signIn(auditor.email)).access_token;
    const seen = (await t.request('GET', `${API}/audit?page[size]=500`, { token })).json().data;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e: any) => e.attributes.client_id === mine)).toBe(true);
    expect((await t.request('GET', `${API}/audit?filter[client_id]=${theirs}`, { token })).json().data).toEqual([]);
  });
});


describe('clients', () => {
  it('keep media elements, validated', async () => {
    const created = await t.request('POST', `${API}/clients`, {
      token: root,
      body: { data: { attributes: { name: 'Медиа', code: `media-${Date.now()}`, media_elements: [{ id: 'logo', type: 'image', url: 'https://cdn.dealer.ru/logo.png', title: 'Логотип' }] } } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes.media_elements).toEqual([{ id: 'logo', type: 'image', url: 'https://cdn.dealer.ru/logo.png', title: 'Логотип' }]);
    const bad = await t.request('PATCH', `${API}/clients/${created.json().data.id}`, {
      token: root,
      lang: 'en',
      body: { data: { attributes: { media_elements: [{ id: 'x', type: 'image', url: 'javascript:alert(1)' }] } } },
    });
    expect(bad.json().errors[0]).toMatchObject({ title: 'Invalid URL format', source: { pointer: '/data/attributes/media_elements/0/url' } });
  });
});
