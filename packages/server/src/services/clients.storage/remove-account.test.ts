import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../kit/audit.table.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from './user.table.ts';

const ME = '/gateway/clients.storage/api/v1/me';
const TOKENS = '/gateway/auth.processing/api/v1/custom_tokens';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const remove = (token: string, email: string, lang?: string) => t.request('DELETE', ME, { token, lang, body: { data: { email } } });

describe('account removal from the personal area (DELETE /me)', () => {
  it('deactivates the own account after the e-mail is typed again, ends its sessions and is in the audit trail', async () => {
    const client = await t.createClient();
    await t.createUser({ clientIds: [client] });
    const user = await t.createUser({ clientIds: [client] });
    const first = await t.signIn(user.email);
    const second = await t.signIn(user.email);

    expect((await remove(first.access_token, ` ${user.email.toUpperCase()} `)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.active).toBe(false);
    for (const session of [first, second]) expect((await t.request('GET', ME, { token: session.access_token })).statusCode).toBe(401);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'account_removed'), eq(auditLog.record_id, String(user.id))));
    expect(entry).toMatchObject({ resource: 'users', actor_user_id: user.id, client_id: client, changes: { active: [true, false] } });
  });

  it('refuses an e-mail that is not the account\'s, in the caller\'s language, and changes nothing', async () => {
    const client = await t.createClient();
    await t.createUser({ clientIds: [client] });
    const user = await t.createUser({ clientIds: [client] });
    const { access_token } = await t.signIn(user.email);
    const response = await remove(access_token, 'someone-else@dealer.test', 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ title: 'The e-mail typed does not match the account\'s address', source: { pointer: '/data/email' } });
    expect((await t.request('GET', ME, { token: access_token })).statusCode).toBe(200);
  });

  it('refuses the last active user of a client with 409 naming the client', async () => {
    const client = await t.createClient('Последний Авто');
    const user = await t.createUser({ clientIds: [client] });
    const { access_token } = await t.signIn(user.email);
    const response = await remove(access_token, user.email);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].title).toContain('Последний Авто');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.active).toBe(true);
  });

  it('refuses the last active platform staff member', async () => {
    await t.database.db.update(users).set({ active: false }).where(eq(users.internal, true));
    const staff = await t.createUser({ email: `staff-${Date.now()}@platform.test`, internal: true });
    const { access_token } = await t.signIn(staff.email);
    expect((await remove(access_token, staff.email)).statusCode).toBe(409);
  });

  it('is refused to an API token, which is not a person', async () => {
    const client = await t.createClient();
    await t.createUser({ clientIds: [client] });
    const owner = await t.createUser({ clientIds: [client], grants: { 'auth.processing': ['custom_tokens.view'], 'clients.storage': ['clients.get_full_list'] } });
    const { access_token } = await t.signIn(owner.email);
    const created = await t.request('POST', TOKENS, {
      token: access_token,
      body: { data: { name: 'Интеграция', client_ids: [client], permissions: { 'clients.storage': ['clients.get_full_list'] } } },
    });
    const value = created.json().data.attributes.token as string;
    expect((await remove(value, owner.email)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.active).toBe(true);
  });
});
