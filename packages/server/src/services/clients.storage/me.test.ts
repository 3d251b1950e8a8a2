import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SCREEN_ROUTES } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { userRoles, users } from './user.table.ts';

const ME = '/gateway/clients.storage/api/v1/me';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('/me', () => {
  it('returns the user with clients, roles, permissions and the acting client', async () => {
    const a = await t.createClient('Альфа Моторс');
    const b = await t.createClient('Бета Авто');
    const user = await t.createUser({ grants: { 'auth.processing': ['settings_mode'], 'clients.storage': ['clients.get_full_list'] }, clientIds: [b, a] });
    const { access_token } = await t.signIn(user.email);
    const me = (await t.request('GET', ME, { token: access_token })).json().data;
    expect(me.type).toBe('users');
    expect(me.attributes).toMatchObject({
      email: user.email,
      internal: false,
      default_client: { id: b, name: 'Бета Авто' },
      client: { id: b, name: 'Бета Авто' },
      clients: [
        { id: a, name: 'Альфа Моторс' },
        { id: b, name: 'Бета Авто' },
      ],
      permissions: { 'auth.processing': ['settings_mode'], 'clients.storage': ['clients.get_full_list'] },
      has_sites: false,
    });
    expect(me.attributes.roles).toHaveLength(1);
    expect(me.attributes).not.toHaveProperty('password_hash');
    // The account's age (the satisfaction survey waits out the first week).
    expect(Math.abs(Date.parse(me.attributes.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('recognises internal users by e-mail domain', async () => {
    const staff = await t.createUser({ email: 'someone@platform.test' });
    const { user } = await t.signIn(staff.email);
    expect(user.internal).toBe(true);
  });

  it('changes own surname, name, phone and language', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const response = await t.request('PATCH', ME, {
      token: access_token,
      body: { data: { type: 'users', attributes: { name: 'Мария', last_name: 'Петрова', phone: '+7 (912) 345-67-89', locale: 'en' } } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({ name: 'Мария', last_name: 'Петрова', phone: '+79123456789', locale: 'en' });
    expect((await t.request('GET', ME, { token: access_token })).json().data.attributes.locale).toBe('en');
  });

  it('refuses roles, permissions, clients, active, e-mail and password hash and changes nothing', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const before = await t.database.db.select().from(users).where(eq(users.id, user.id));
    for (const field of ['roles', 'permissions', 'clients', 'active', 'password_hash', 'email', 'default_client_id']) {
      const response = await t.request('PATCH', ME, { token: access_token, lang: 'en', body: { data: { attributes: { name: 'Hacker', [field]: field === 'active' ? false : [1] } } } });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ title: `The field "${field}" is not accepted`, source: { pointer: `/data/attributes/${field}` } });
    }
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual(before);
    expect((await t.database.db.select().from(userRoles).where(eq(userRoles.user_id, user.id))).length).toBe(1);
  });

  it('validates phone, language and name with the specification texts', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const response = await t.request('PATCH', ME, { token: access_token, body: { data: { attributes: { name: '', phone: '12345', locale: 'de' } } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: any) => [e.source.pointer, e.title])).toEqual([
      ['/data/attributes/name', 'Это поле обязательно для заполнения'],
      ['/data/attributes/phone', 'Неправильный формат телефона: +7, 7 или 8 и 10 цифр'],
      ['/data/attributes/locale', 'Язык должен быть ru или en'],
    ]);
  });

  it('serves the screens registry the menu is built from to any signed-in user', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    const routes = (await t.request('GET', `${ME}/routes`, { token: access_token })).json().data;
    expect(routes.map((r: any) => r.attributes.name).sort()).toEqual(SCREEN_ROUTES.map((r) => r.name).sort());
    expect(routes.find((r: any) => r.attributes.name === 'clients').attributes).toMatchObject({
      path: '/clients.storage/clients/',
      mode: 'settings',
      permissions: ['clients.get_full_list'],
    });
  });
});
