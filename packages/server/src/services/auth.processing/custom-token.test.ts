import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../../kit/audit.table.ts';
import { sha256 } from '../../kit/secrets.ts';
import { permissions, rolePermissions, userRoles, users } from '../clients.storage/user.table.ts';
import { authenticateCustomToken } from './custom-token-auth.ts';
import { customTokens } from './custom-token.table.ts';

const TOKENS = '/gateway/auth.processing/api/v1/custom_tokens';
const CLIENTS = '/gateway/clients.storage/api/v1/clients';
const ME = '/gateway/clients.storage/api/v1/me';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const MANAGER_GRANTS = { 'auth.processing': ['custom_tokens.view', 'settings_mode'], 'clients.storage': ['clients.get_full_list'] };

/** A dealer manager working for the given clients, signed in. */
async function manager(clientIds: number[], grants: Record<string, string[]> = MANAGER_GRANTS) {
  const user = await t.createUser({ grants, clientIds });
  return { ...user, token: (await t.signIn(user.email)).access_token as string };
}

const create = (token: string, data: Record<string, unknown>, lang?: string) => t.request('POST', TOKENS, { token, body: { data }, lang });

const auditOf = (tokenId: string | number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'custom_tokens'), eq(auditLog.record_id, String(tokenId)), eq(auditLog.action, action)));

describe('custom tokens: creation and use', () => {
  it('shows the value once, keeps only its hash, and the value works as a bearer token confined to its clients', async () => {
    const clientA = await t.createClient('Автоцентр Запад');
    const clientB = await t.createClient('Автоцентр Восток');
    const owner = await manager([clientA, clientB]);
    const created = await create(owner.token, {
      name: 'Выгрузка на сайт',
      client_ids: [clientA],
      brand_ids: [7, 3],
      permissions: { 'clients.storage': ['clients.get_full_list'] },
    });
    expect(created.statusCode).toBe(201);
    const record = created.json().data;
    const value: string = record.attributes.token;
    expect(value).toMatch(/^dpt_[A-Za-z0-9_-]{40,}$/);
    expect(record.type).toBe('custom_tokens');
    expect(record.attributes).toMatchObject({
      name: 'Выгрузка на сайт',
      token_prefix: value.slice(0, 10),
      client_ids: [clientA],
      clients: [{ id: clientA, name: 'Автоцентр Запад' }],
      brand_ids: [3, 7],
      permissions: { 'clients.storage': ['clients.get_full_list'] },
      client_id: clientA,
      created_by: { id: owner.id, email: owner.email },
      last_used_at: null,
    });
    expect(JSON.stringify(record)).not.toContain(sha256(value));

    // Stored: the hash, never the value.
    const [row] = await t.database.db.select().from(customTokens).where(eq(customTokens.id, Number(record.id)));
    expect(row!.token_hash).toBe(sha256(value));
    expect(JSON.stringify(row)).not.toContain(value);

    // The list never shows the value nor the hash again.
    const list = await t.request('GET', TOKENS, { token: owner.token });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((r: any) => r.id === record.id);
    expect(listed.attributes.name).toBe('Выгрузка на сайт');
    expect(list.body).not.toContain(value);
    expect(list.body).not.toContain(sha256(value));

    // The creator sees both clients; the token only the one it was given.
    const mine = await t.request('GET', CLIENTS, { token: owner.token });
    expect(mine.json().data.map((c: any) => Number(c.id)).sort()).toEqual([clientA, clientB].sort());
    const asToken = await t.request('GET', CLIENTS, { token: value });
    expect(asToken.statusCode).toBe(200);
    expect(asToken.json().data.map((c: any) => Number(c.id))).toEqual([clientA]);
    expect((await t.request('GET', `${CLIENTS}/${clientB}`, { token: value })).statusCode).toBe(404);

    // Brands travel with the caller as restrictions.brand_ids.
    const auth = await authenticateCustomToken(t.ctx, value);
    expect(auth).toMatchObject({ userId: owner.id, tokenId: Number(record.id), brandIds: [3, 7], scope: [clientA], clientId: clientA, internal: false });
  });

  it('is confined to its permissions: no other code, no personal routes, no token management', async () => {
    const clientA = await t.createClient();
    const owner = await manager([clientA]);
    const created = await create(owner.token, { name: 'Только токены', client_ids: [clientA], permissions: { 'auth.processing': ['custom_tokens.view'] } });
    const value = created.json().data.attributes.token;
    // The creator holds clients.get_full_list, the token does not.
    expect((await t.request('GET', CLIENTS, { token: value })).statusCode).toBe(403);
    const me = await t.request('GET', ME, { token: value, lang: 'en' });
    expect(me.statusCode).toBe(403);
    expect(me.json().errors[0].title).toBe('This action is not available with an API token');
    expect((await t.request('POST', '/gateway/auth.processing/api/v1/logout', { token: value })).statusCode).toBe(403);
    // Holding custom_tokens.view does not let a token mint or list tokens.
    expect((await t.request('GET', TOKENS, { token: value })).statusCode).toBe(403);
    expect((await create(value, { name: 'Ещё один', client_ids: [clientA] })).statusCode).toBe(403);
  });

  it('is refused at once after deletion, and the deletion is in the audit trail', async () => {
    const clientA = await t.createClient();
    const owner = await manager([clientA]);
    const created = await create(owner.token, { name: 'Временный', client_ids: [clientA], permissions: { 'clients.storage': ['clients.get_full_list'] } });
    const { id, attributes } = created.json().data;
    expect((await t.request('GET', CLIENTS, { token: attributes.token })).statusCode).toBe(200);
    const deleted = await t.request('DELETE', `${TOKENS}/${id}`, { token: owner.token });
    expect(deleted.statusCode).toBe(204);
    const after = await t.request('GET', CLIENTS, { token: attributes.token });
    expect(after.statusCode).toBe(401);
    expect((await t.request('GET', TOKENS, { token: owner.token })).json().data.some((r: any) => r.id === id)).toBe(false);
    expect((await t.request('DELETE', `${TOKENS}/${id}`, { token: owner.token })).statusCode).toBe(404);

    const [createdEntry] = await auditOf(id, 'token_created');
    const [deletedEntry] = await auditOf(id, 'token_deleted');
    expect(createdEntry).toMatchObject({ actor_user_id: owner.id, client_id: clientA, acting_client_id: clientA });
    expect(createdEntry!.changes).toEqual({ name: 'Временный', client_ids: [clientA], brand_ids: [], permissions: { 'clients.storage': ['clients.get_full_list'] } });
    expect(deletedEntry).toMatchObject({ actor_user_id: owner.id, client_id: clientA });
    for (const entry of [createdEntry, deletedEntry]) {
      expect(JSON.stringify(entry)).not.toContain(attributes.token);
      expect(JSON.stringify(entry)).not.toContain(sha256(attributes.token));
    }
  });

  it('records its use in the audit trail at most once a minute and shows when it was last used', async () => {
    const clientA = await t.createClient();
    const owner = await manager([clientA]);
    const created = await create(owner.token, { name: 'Частый', client_ids: [clientA], permissions: { 'clients.storage': ['clients.get_full_list'] } });
    const { id, attributes } = created.json().data;
    for (let i = 0; i < 3; i++) expect((await t.request('GET', CLIENTS, { token: attributes.token })).statusCode).toBe(200);
    const used = await auditOf(id, 'token_used');
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ actor_user_id: owner.id, actor_token_id: Number(id), client_id: clientA });
    const listed = (await t.request('GET', TOKENS, { token: owner.token })).json().data.find((r: any) => r.id === id);
    expect(listed.attributes.last_used_at).not.toBeNull();

    // A minute later the next use is recorded again.
    await t.database.db.update(customTokens).set({ last_used_at: new Date(Date.now() - 61_000) }).where(eq(customTokens.id, Number(id)));
    await t.request('GET', CLIENTS, { token: attributes.token });
    expect(await auditOf(id, 'token_used')).toHaveLength(2);
  });

  it('loses what its creator loses: a permission taken from the creator, a deactivated creator', async () => {
    const clientA = await t.createClient();
    const owner = await manager([clientA]);
    const created = await create(owner.token, { name: 'Наследник', client_ids: [clientA], permissions: { 'clients.storage': ['clients.get_full_list'] } });
    const value = created.json().data.attributes.token;
    expect((await t.request('GET', CLIENTS, { token: value })).statusCode).toBe(200);

    const [code] = await t.database.db.select().from(permissions).where(and(eq(permissions.service, 'clients.storage'), eq(permissions.code, 'clients.get_full_list')));
    const [link] = await t.database.db.select().from(userRoles).where(eq(userRoles.user_id, owner.id));
    await t.database.db.delete(rolePermissions).where(and(eq(rolePermissions.role_id, link!.role_id), eq(rolePermissions.permission_id, code!.id)));
    await t.ctx.access?.sync(); // a change made beside the API is heard as an API write would be
    expect((await t.request('GET', CLIENTS, { token: value })).statusCode).toBe(403);

    await t.database.db.insert(rolePermissions).values({ role_id: link!.role_id, permission_id: code!.id });
    await t.ctx.access?.sync();
    expect((await t.request('GET', CLIENTS, { token: value })).statusCode).toBe(200);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, owner.id));
    await t.ctx.access?.sync();
    expect((await t.request('GET', CLIENTS, { token: value })).statusCode).toBe(401);
  });
});

describe('custom tokens: validation', () => {
  it('answers the specification texts for the name and the clients, field by field', async () => {
    const clientA = await t.createClient();
    const owner = await manager([clientA]);
    const empty = await create(owner.token, { name: '  ', client_ids: [clientA] }, 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([expect.objectContaining({ title: 'This field is required', source: { pointer: '/data/name' } })]);
    const long = await create(owner.token, { name: 'я'.repeat(201), client_ids: [clientA] });
    expect(long.json().errors[0]).toMatchObject({ title: 'Поле должно состоять из 200 знаков или меньше', source: { pointer: '/data/name' } });
    expect((await create(owner.token, { name: 'я'.repeat(200), client_ids: [clientA] })).statusCode).toBe(201);
    const noClient = await create(owner.token, { name: 'Без клиента', client_ids: [] }, 'en');
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors[0]).toMatchObject({ title: 'At least one client is required', source: { pointer: '/data/client_ids' } });
    const extra = await create(owner.token, { name: 'Лишнее', client_ids: [clientA], token_hash: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].source.pointer).toBe('/data/token_hash');
    const badBrand = await create(owner.token, { name: 'Бренд', client_ids: [clientA], brand_ids: ['audi'] });
    expect(badBrand.statusCode).toBe(400);
    const unknown = await create(owner.token, { name: 'Неизвестное', client_ids: [clientA], permissions: { 'clients.storage': ['everything'] } }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ title: 'The permission "clients.storage: everything" does not exist', source: { pointer: '/data/permissions' } });
  });
});

describe('custom tokens: tenancy and escalation', () => {
  it('a user of another client cannot list, read through the list, or delete the token', async () => {
    const clientA = await t.createClient();
    const clientB = await t.createClient();
    const owner = await manager([clientA]);
    const stranger = await manager([clientB]);
    const created = await create(owner.token, { name: 'Чужой', client_ids: [clientA], permissions: { 'clients.storage': ['clients.get_full_list'] } });
    const { id, attributes } = created.json().data;

    const theirs = await t.request('GET', `${TOKENS}?page[size]=500`, { token: stranger.token });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.some((r: any) => r.id === id)).toBe(false);
    expect(theirs.json().data.every((r: any) => r.attributes.client_id === clientB)).toBe(true);
    const refused = await t.request('DELETE', `${TOKENS}/${id}`, { token: stranger.token, lang: 'en' });
    expect(refused.statusCode).toBe(404);
    expect((await t.request('GET', CLIENTS, { token: attributes.token })).statusCode).toBe(200);

    // A colleague of the same client sees it and may revoke it.
    const colleague = await manager([clientA]);
    expect((await t.request('GET', TOKENS, { token: colleague.token })).json().data.some((r: any) => r.id === id)).toBe(true);
    // Internal staff see every token.
    const staff = await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: MANAGER_GRANTS });
    const staffToken = (await t.signIn(staff.email)).access_token;
    expect((await t.request('GET', `${TOKENS}?page[size]=500`, { token: staffToken })).json().data.some((r: any) => r.id === id)).toBe(true);
    expect((await t.request('DELETE', `${TOKENS}/${id}`, { token: colleague.token })).statusCode).toBe(204);
  });

  it('nobody grants a client or a permission they do not hold', async () => {
    const clientA = await t.createClient();
    const clientB = await t.createClient();
    const owner = await manager([clientA]);
    const otherClient = await create(owner.token, { name: 'Чужой клиент', client_ids: [clientA, clientB] }, 'en');
    expect(otherClient.statusCode).toBe(400);
    expect(otherClient.json().errors[0]).toMatchObject({ title: `The related record ${clientB} was not found`, source: { pointer: '/data/client_ids' } });
    // A missing client answers exactly like another tenant's.
    const missing = await create(owner.token, { name: 'Нет клиента', client_ids: [999999] }, 'en');
    expect(missing.json().errors[0].title).toBe('The related record 999999 was not found');

    const notHeld = await create(owner.token, { name: 'Повышение', client_ids: [clientA], permissions: { 'clients.storage': ['users.get_list'] } }, 'en');
    expect(notHeld.statusCode).toBe(403);
    expect(notHeld.json().errors[0]).toMatchObject({ title: 'You cannot grant "clients.storage: users.get_list": you do not hold it', source: { pointer: '/data/permissions' } });
    expect(await t.database.db.$count(customTokens, eq(customTokens.created_by, owner.id))).toBe(0);

    // Internal staff without root are held to the same rule.
    const staff = await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: MANAGER_GRANTS });
    const staffToken = (await t.signIn(staff.email)).access_token;
    expect((await create(staffToken, { name: 'Повышение', permissions: { 'error-collection-system': ['sso_show'] } })).statusCode).toBe(403);
  });

  it('an internal holder of root grants any permission and, without clients, every client', async () => {
    const clientA = await t.createClient();
    const clientB = await t.createClient();
    const root = await t.createUser({ email: `root-${Date.now()}@platform.test`, grants: { 'auth.processing': ['custom_tokens.view', 'root'] } });
    const rootToken = (await t.signIn(root.email)).access_token;
    const created = await create(rootToken, { name: 'Интеграция платформы', permissions: { 'clients.storage': ['clients.get_full_list'] } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ client_ids: [], client_id: null });
    const value = created.json().data.attributes.token;
    const seen = (await t.request('GET', `${CLIENTS}?page[size]=1000`, { token: value })).json().data.map((c: any) => Number(c.id));
    expect(seen).toEqual(expect.arrayContaining([clientA, clientB]));
    const auth = await authenticateCustomToken(t.ctx, value);
    expect(auth).toMatchObject({ scope: 'all', internal: true, clientId: null, brandIds: null });

    // Restricted to one client, it is confined to that client.
    const one = await create(rootToken, { name: 'Один клиент', client_ids: [clientB], permissions: { 'clients.storage': ['clients.get_full_list'] } });
    const oneValue = one.json().data.attributes.token;
    expect((await t.request('GET', CLIENTS, { token: oneValue })).json().data.map((c: any) => Number(c.id))).toEqual([clientB]);
    // Its tokens are the platform's: a dealer of client B does not see them.
    const dealer = await manager([clientB]);
    expect((await t.request('GET', TOKENS, { token: dealer.token })).json().data.some((r: any) => r.id === one.json().data.id)).toBe(false);
  });

  it('needs custom_tokens.view for every call', async () => {
    const clientA = await t.createClient();
    const plain = await manager([clientA], { 'clients.storage': ['clients.get_full_list'] });
    expect((await t.request('GET', TOKENS, { token: plain.token })).statusCode).toBe(403);
    expect((await create(plain.token, { name: 'x', client_ids: [clientA] })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${TOKENS}/1`, { token: plain.token })).statusCode).toBe(403);
    expect((await t.request('GET', TOKENS)).statusCode).toBe(401);
    expect((await t.request('GET', CLIENTS, { token: 'dpt_not-a-token' })).statusCode).toBe(401);
  });
});
