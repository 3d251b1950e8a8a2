import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog } from '../../kit/audit.table.ts';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';
import { promoteExistingStaff } from '../../seed/reference-data.ts';
import { clientGroups, clients } from './client.table.ts';
import { permissions, rolePermissions, roles, userGroups, userPermissions, users } from './user.table.ts';

/**
 * Escalation and takeover (DESIGN.md §5): every attribute that widens what someone can reach is a
 * grant that only a holder may give, and acting on another user's credentials or standing needs
 * an actor who covers that user. Each row is tried by an editor lacking the right (refused,
 * nothing changed) and by one holding it (done).
 */
const API = '/gateway/clients.storage/api/v1';
const TOKENS = '/gateway/auth.processing/api/v1/custom_tokens';
/** What a dealer's user administrator holds. */
const ADMIN: Record<string, string[]> = {
  'auth.processing': ['settings_mode', 'custom_tokens.view'],
  'clients.storage': [
    'users.get_list', 'users.create', 'users.patch', 'users.delete',
    'roles.get_list', 'roles.create', 'roles.patch',
    'clients.get_full_list', 'clients.patch', 'groups.list', 'groups.create', 'groups.patch',
  ],
};
/** The right the "lacking" editor misses and the "holding" one has. */
const EXTRA = { service: 'clients.storage', code: 'audit.get_list' };
const withExtra = { ...ADMIN, 'clients.storage': [...ADMIN['clients.storage']!, EXTRA.code] };
const withRoot = { ...withExtra, 'auth.processing': [...ADMIN['auth.processing']!, 'root'] };

let t: TestApp;
let clientA: number;
let clientA2: number;
let clientB: number;
let groupB: number;
let groupA: number;
let extraPermission: number;
let roleWithExtra: number;
let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;

interface Editor {
  id: number;
  token: string;
}
async function editor(options: { grants: Record<string, string[]>; clientIds?: number[]; email?: string; internal?: boolean }): Promise<Editor> {
  const user = await t.createUser({ email: options.email ?? `editor-${unique()}@dealer.test`, grants: options.grants, clientIds: options.clientIds ?? [], internal: options.internal });
  return { id: user.id, token: (await t.signIn(user.email)).access_token };
}
/** A plain user of the clients given, holding nothing the editors lack. */
const plainUser = (clientIds = [clientA, clientA2]) => t.createUser({ clientIds });

const send = (token: string, method: string, url: string, attributes?: Record<string, unknown>, lang = 'en') =>
  t.request(method, url, { token, lang, body: attributes === undefined ? undefined : { data: { attributes } } });
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient('Клиент А');
  clientA2 = await t.createClient('Клиент А2');
  clientB = await t.createClient('Чужой клиент');
  const db = t.database.db;
  [groupA, groupB] = (await db.insert(clientGroups).values([{ name: `Группа А ${unique()}` }, { name: `Группа Б ${unique()}` }]).returning()).map((g) => g.id) as [number, number];
  await db.update(clients).set({ group_ids: [groupA] }).where(inArray(clients.id, [clientA, clientA2]));
  await db.update(clients).set({ group_ids: [groupB] }).where(eq(clients.id, clientB));
  [{ id: extraPermission }] = (await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.service, EXTRA.service), eq(permissions.code, EXTRA.code)))) as [{ id: number }];
  const [role] = await db.insert(roles).values({ code: `extra-${unique()}`, name: 'Аудитор' }).returning();
  roleWithExtra = role!.id;
  await db.insert(rolePermissions).values({ role_id: roleWithExtra, permission_id: extraPermission });
});
afterAll(() => t?.close());

interface GrantCase {
  name: string;
  /** Editors that lack and that hold the right. */
  lacking: () => Promise<Editor>;
  holding: () => Promise<Editor>;
  /** The call, made by the editor given. */
  attempt: (editor: Editor) => Promise<{ method: string; url: string; attributes: Record<string, unknown> }>;
  refused: { status: number; pointer?: string };
  /** What must still hold after a refusal. */
  unchanged?: (editor: Editor) => Promise<void>;
}

const dealer = () => editor({ grants: ADMIN, clientIds: [clientA, clientA2] });
const dealerWithExtra = () => editor({ grants: withExtra, clientIds: [clientA, clientA2] });
const dealerOfAandB = () => editor({ grants: ADMIN, clientIds: [clientA, clientA2, clientB] });
const dealerWithRoot = () => editor({ grants: withRoot, clientIds: [clientA, clientA2] });
const staff = () => editor({ grants: ADMIN, email: `staff-${unique()}@platform.test` });
const rootStaff = () => editor({ grants: withRoot, email: `root-${unique()}@platform.test` });
const newUser = (extra: Record<string, unknown>) => ({ email: `new-${unique()}@dealer.test`, name: 'Новый', client_ids: [clientA], ...extra });

const GRANTS: GrantCase[] = [
  {
    name: 'users: a permission given to a new user',
    lacking: dealer,
    holding: dealerWithExtra,
    attempt: async () => ({ method: 'POST', url: `${API}/users`, attributes: newUser({ permission_ids: [extraPermission] }) }),
    refused: { status: 403, pointer: '/data/attributes/permission_ids' },
  },
  {
    name: 'users: a permission added to a user',
    lacking: dealer,
    holding: dealerWithExtra,
    attempt: async () => ({ method: 'PATCH', url: `${API}/users/${(await plainUser()).id}`, attributes: { permission_ids: [extraPermission] } }),
    refused: { status: 403, pointer: '/data/attributes/permission_ids' },
  },
  {
    name: 'users: a permission added to oneself',
    lacking: dealer,
    holding: dealerWithExtra,
    attempt: async (e) => ({ method: 'PATCH', url: `${API}/users/${e.id}`, attributes: { permission_ids: [extraPermission] } }),
    refused: { status: 403, pointer: '/data/attributes/permission_ids' },
  },
  {
    name: 'users: a role given to a new user',
    lacking: dealer,
    holding: dealerWithExtra,
    attempt: async () => ({ method: 'POST', url: `${API}/users`, attributes: newUser({ role_ids: [roleWithExtra] }) }),
    refused: { status: 403, pointer: '/data/attributes/role_ids' },
  },
  {
    name: 'users: a role added to oneself',
    lacking: dealer,
    holding: dealerWithExtra,
    attempt: async (e) => ({ method: 'PATCH', url: `${API}/users/${e.id}`, attributes: { role_ids: [roleWithExtra] } }),
    refused: { status: 403, pointer: '/data/attributes/role_ids' },
  },
  {
    name: 'users: a client given to a new user',
    lacking: dealer,
    holding: dealerOfAandB,
    attempt: async () => ({ method: 'POST', url: `${API}/users`, attributes: newUser({ client_ids: [clientA, clientB] }) }),
    refused: { status: 400, pointer: '/data/attributes/client_ids' },
  },
  {
    name: 'users: a client added to a user',
    lacking: dealer,
    holding: dealerOfAandB,
    attempt: async () => ({ method: 'PATCH', url: `${API}/users/${(await plainUser()).id}`, attributes: { client_ids: [clientA, clientA2, clientB] } }),
    refused: { status: 400, pointer: '/data/attributes/client_ids' },
  },
  {
    name: 'users: a default client',
    lacking: dealer,
    holding: dealerOfAandB,
    attempt: async () => ({ method: 'POST', url: `${API}/users`, attributes: newUser({ client_ids: [clientA, clientB], default_client_id: clientB }) }),
    refused: { status: 400 },
  },
  {
    name: 'users: a client group given to a new user (it carries another client)',
    lacking: dealer,
    holding: dealerOfAandB,
    attempt: async () => ({ method: 'POST', url: `${API}/users`, attributes: newUser({ group_ids: [groupB] }) }),
    refused: { status: 403, pointer: '/data/attributes/group_ids' },
  },
  {
    name: 'users: a client group added to oneself',
    lacking: dealer,
    holding: dealerOfAandB,
    attempt: async (e) => ({ method: 'PATCH', url: `${API}/users/${e.id}`, attributes: { group_ids: [groupB] } }),
    refused: { status: 403, pointer: '/data/attributes/group_ids' },
    unchanged: async (e) => {
      expect(await t.database.db.select().from(userGroups).where(eq(userGroups.user_id, e.id))).toEqual([]);
    },
  },
  {
    name: 'users: staff status for a new user',
    lacking: staff,
    holding: rootStaff,
    attempt: async () => ({ method: 'POST', url: `${API}/users`, attributes: { email: `new-${unique()}@platform.test`, name: 'Staff', client_ids: [], internal: true } }),
    refused: { status: 403, pointer: '/data/attributes/internal' },
  },
  {
    name: 'users: staff status given to oneself by a dealer holding root',
    lacking: dealerWithRoot,
    holding: rootStaff,
    attempt: async (e) => ({ method: 'PATCH', url: `${API}/users/${e.id}`, attributes: { email: `self-${unique()}@platform.test`, internal: true } }),
    refused: { status: 403 },
    unchanged: async (e) => {
      expect((await userRow(e.id)).internal).toBe(false);
    },
  },
  {
    name: 'users: an address on the internal e-mail domain for a new user',
    lacking: dealer,
    holding: staff,
    attempt: async () => ({ method: 'POST', url: `${API}/users`, attributes: newUser({ email: `fake-${unique()}@platform.test` }) }),
    refused: { status: 403, pointer: '/data/attributes/email' },
  },
  {
    name: 'users: an address on the internal e-mail domain for oneself',
    lacking: dealer,
    holding: staff,
    attempt: async (e) => ({ method: 'PATCH', url: `${API}/users/${e.id}`, attributes: { email: `me-${unique()}@platform.test` } }),
    refused: { status: 403, pointer: '/data/attributes/email' },
    unchanged: async (e) => {
      expect((await userRow(e.id)).email).toMatch(/@dealer\.test$/);
    },
  },
  {
    name: 'roles: a permission in a new role',
    lacking: dealer,
    holding: dealerWithExtra,
    attempt: async () => ({ method: 'POST', url: `${API}/roles`, attributes: { code: `r-${unique()}`, name: 'Роль', client_id: clientA, permission_ids: [extraPermission] } }),
    refused: { status: 403, pointer: '/data/attributes/permission_ids' },
  },
  {
    name: 'roles: a permission added to a role',
    lacking: dealer,
    holding: dealerWithExtra,
    attempt: async () => {
      const [role] = await t.database.db.insert(roles).values({ code: `r-${unique()}`, name: 'Роль', client_id: clientA }).returning();
      return { method: 'PATCH', url: `${API}/roles/${role!.id}`, attributes: { permission_ids: [extraPermission] } };
    },
    refused: { status: 403, pointer: '/data/attributes/permission_ids' },
  },
  {
    name: 'roles: a role for another client',
    lacking: dealer,
    holding: dealerOfAandB,
    attempt: async () => ({ method: 'POST', url: `${API}/roles`, attributes: { code: `r-${unique()}`, name: 'Роль', client_id: clientB } }),
    refused: { status: 400, pointer: '/data/attributes/client_id' },
  },
  {
    name: 'clients: a client put into a group',
    lacking: dealer,
    holding: staff,
    attempt: async () => ({ method: 'PATCH', url: `${API}/clients/${clientA2}`, attributes: { group_ids: [groupA, groupB] } }),
    refused: { status: 403, pointer: '/data/attributes/group_ids' },
    unchanged: async () => {
      expect((await t.database.db.select().from(clients).where(eq(clients.id, clientA2)))[0]!.group_ids).toEqual([groupA]);
    },
  },
  {
    name: 'groups: a new client group (a shared dictionary)',
    lacking: dealer,
    holding: staff,
    attempt: async () => ({ method: 'POST', url: `${API}/groups`, attributes: { name: `Группа ${unique()}` } }),
    refused: { status: 403 },
  },
  {
    name: 'custom tokens: a permission',
    lacking: dealer,
    holding: dealerWithExtra,
    attempt: async () => ({ method: 'POST', url: TOKENS, attributes: { name: 'T', client_ids: [clientA], permissions: { [EXTRA.service]: [EXTRA.code] } } }),
    refused: { status: 403, pointer: '/data/permissions' },
  },
  {
    name: 'custom tokens: a client',
    lacking: dealer,
    holding: dealerOfAandB,
    attempt: async () => ({ method: 'POST', url: TOKENS, attributes: { name: 'T', client_ids: [clientB], permissions: {} } }),
    refused: { status: 400, pointer: '/data/client_ids' },
  },
];

/** Custom tokens take an action body ({ data: {...} }), resources a JSON:API one. */
function call(editorToken: string, method: string, url: string, attributes: Record<string, unknown>) {
  const body = url.startsWith(TOKENS) ? { data: attributes } : { data: { attributes } };
  return t.request(method, url, { token: editorToken, lang: 'en', body });
}

const auditCount = async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length;

describe('grants: refused to an editor lacking the right, done by one holding it', () => {
  it.each(GRANTS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const lacking = await c.lacking();
    const wanted = await c.attempt(lacking);
    const before = await auditCount();
    const refused = await call(lacking.token, wanted.method, wanted.url, wanted.attributes);
    expect(refused.statusCode, refused.body).toBe(c.refused.status);
    const error = refused.json().errors[0];
    if (c.refused.pointer) expect(error.source?.pointer).toBe(c.refused.pointer);
    expect(error.title).toMatch(/^[A-Z]/);
    // Refused means nothing was written, not even an audit entry.
    expect(await auditCount()).toBe(before);
    await c.unchanged?.(lacking);

    const holding = await c.holding();
    const done = await c.attempt(holding);
    const ok = await call(holding.token, done.method, done.url, done.attributes);
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });
});

interface TakeoverAction {
  name: string;
  /** The call on the target; `check` says whether it took effect. */
  attributes?: (target: { id: number }) => Record<string, unknown>;
  method: 'PATCH' | 'DELETE';
  path: (id: number) => string;
  tookEffect: (target: { id: number; email: string }) => Promise<boolean>;
}

const signsInWith = async (email: string, password: string) =>
  (await t.request('POST', '/gateway/auth.processing/api/v1/auth', { body: { data: { method: 'password', identity: email, secret: password } } })).statusCode === 200;

const ACTIONS: TakeoverAction[] = [
  {
    name: 'set the password',
    method: 'PATCH',
    path: (id) => `${API}/users/${id}`,
    attributes: () => ({ password: 'Taken-Over1!' }),
    tookEffect: async (target) => signsInWith(target.email, 'Taken-Over1!'),
  },
  {
    name: 'change the e-mail',
    method: 'PATCH',
    path: (id) => `${API}/users/${id}`,
    attributes: (target) => ({ email: `attacker-${target.id}@dealer.test` }),
    tookEffect: async (target) => (await userRow(target.id)).email !== target.email,
  },
  {
    name: 'deactivate',
    method: 'PATCH',
    path: (id) => `${API}/users/${id}/activate`,
    attributes: () => ({ active: false }),
    tookEffect: async (target) => !(await userRow(target.id)).active,
  },
  {
    name: 'delete',
    method: 'DELETE',
    path: (id) => `${API}/users/${id}`,
    tookEffect: async (target) => !(await userRow(target.id)).active,
  },
  {
    name: 'remove from a client',
    method: 'PATCH',
    path: (id) => `${API}/users/${id}`,
    attributes: () => ({ client_ids: [clientA] }),
    tookEffect: async (target) => {
      const response = await t.request('GET', `${API}/users/${target.id}`, { token: (await rootStaff()).token });
      return !response.json().data.attributes.client_ids.includes(clientA2);
    },
  },
];

/** Targets the dealer administrator (clients A and A2) does not cover, and why. */
const TARGETS: { name: string; message: string; make: () => Promise<{ id: number; email: string }> }[] = [
  { name: 'a user who also works for a client outside the scope', message: 'user_outside_scope', make: () => plainUser([clientA, clientA2, clientB]) },
  {
    name: 'a user who reaches another client through a group',
    message: 'user_outside_scope',
    make: async () => {
      const user = await plainUser();
      await t.database.db.insert(userGroups).values({ user_id: user.id, group_id: groupB });
      return user;
    },
  },
  {
    name: 'a user holding a permission the editor lacks',
    message: 'user_stronger',
    make: async () => {
      const user = await plainUser();
      await t.database.db.insert(userPermissions).values({ user_id: user.id, permission_id: extraPermission });
      return user;
    },
  },
  { name: 'platform staff', message: 'user_internal_staff_only', make: () => t.createUser({ email: `staff-${unique()}@platform.test`, clientIds: [clientA, clientA2], internal: true }) },
];

function actionBody(action: TakeoverAction, target: { id: number }) {
  if (!action.attributes) return undefined;
  const attributes = action.attributes(target);
  return action.path(target.id).endsWith('/activate') ? { data: attributes } : { data: { attributes } };
}

describe('takeover: acting on a user needs an actor who covers it', () => {
  const cases = ACTIONS.flatMap((action) => TARGETS.map((target) => [`${action.name}: ${target.name}`, action, target] as const));

  it.each(cases)('refused: %s', async (_name, action, targetCase) => {
    const admin = await dealer();
    const target = await targetCase.make();
    const before = await auditCount();
    const response = await t.request(action.method, action.path(target.id), { token: admin.token, lang: 'en', body: actionBody(action, target) });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().errors[0].code).toBe(targetCase.message);
    expect(await auditCount()).toBe(before);
    expect(await action.tookEffect(target)).toBe(false);
    expect(await signsInWith(target.email, PASSWORD)).toBe(true);
  });

  it.each(ACTIONS.map((a) => [a.name, a] as const))('done on a covered user: %s', async (_name, action) => {
    const admin = await dealer();
    const target = await plainUser();
    const response = await t.request(action.method, action.path(target.id), { token: admin.token, lang: 'en', body: actionBody(action, target) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await action.tookEffect(target)).toBe(true);
  });

  it.each(ACTIONS.map((a) => [a.name, a] as const))('done by an internal root holder on anyone: %s', async (_name, action) => {
    const root = await rootStaff();
    const target = await TARGETS[2]!.make();
    const response = await t.request(action.method, action.path(target.id), { token: root.token, lang: 'en', body: actionBody(action, target) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await action.tookEffect(target)).toBe(true);
  });

  it('an API token does not cover its own creator', async () => {
    const admin = await dealer();
    const created = await t.request('POST', TOKENS, {
      token: admin.token,
      body: { data: { name: 'Robot', client_ids: [clientA, clientA2], permissions: { 'clients.storage': ['users.get_list', 'users.patch'] } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const robot = created.json().data.attributes.token;
    const response = await t.request('PATCH', `${API}/users/${admin.id}`, { token: robot, lang: 'en', body: { data: { attributes: { password: 'Taken-Over1!' } } } });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('user_stronger');
  });

  it('explains the refusal in the caller\'s language', async () => {
    const admin = await dealer();
    const target = await TARGETS[0]!.make();
    const ru = await t.request('PATCH', `${API}/users/${target.id}`, { token: admin.token, lang: 'ru', body: { data: { attributes: { password: 'Taken-Over1!' } } } });
    expect(ru.json().errors[0].title).toBe('Пользователь работает и с клиентами, которые вам недоступны: изменить его может только тот, кому доступны все его клиенты');
    const en = await t.request('PATCH', `${API}/users/${target.id}`, { token: admin.token, lang: 'en', body: { data: { attributes: { password: 'Taken-Over1!' } } } });
    expect(en.json().errors[0].title).toBe('This user also works for clients outside your reach: only someone who reaches all of its clients may change it');
  });
});

describe('the takeover found in review', () => {
  it('a dealer administrator cannot make staff through the internal e-mail domain, and a user on it made by staff is no staff', async () => {
    const admin = await dealer();
    const refused = await send(admin.token, 'POST', `${API}/users`, newUser({ email: 'evil@platform.test', password: 'Evil-Pass1!' }));
    expect(refused.statusCode).toBe(403);
    expect(await signsInWith('evil@platform.test', 'Evil-Pass1!')).toBe(false);
    // Staff may give the address, but the user stays a dealer's user until a root holder says otherwise.
    const byStaff = await send((await staff()).token, 'POST', `${API}/users`, newUser({ email: `plain-${unique()}@platform.test`, password: 'Plain-Pass1!', client_ids: [clientA], role_ids: [] }));
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    const session = await t.signIn(byStaff.json().data.attributes.email, 'Plain-Pass1!');
    expect(session.user.internal).toBe(false);
    expect(session.user.clients.map((c: { id: number }) => c.id)).toEqual([clientA]);
  });

  it('a root holder makes a user staff only on the internal domain', async () => {
    const root = await rootStaff();
    const wrongDomain = await send(root.token, 'POST', `${API}/users`, { email: `x-${unique()}@dealer.test`, name: 'X', client_ids: [], internal: true });
    expect(wrongDomain.statusCode).toBe(400);
    expect(wrongDomain.json().errors[0]).toMatchObject({ code: 'internal_needs_internal_email', source: { pointer: '/data/attributes/email' } });
    const email = `staffer-${unique()}@platform.test`;
    const created = await send(root.token, 'POST', `${API}/users`, { email, name: 'Staffer', client_ids: [], internal: true, password: 'Staff-Pass1!' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.signIn(email, 'Staff-Pass1!')).user.internal).toBe(true);
    // Without the flag a user needs a client, as spec 000 §5 says.
    const noClient = await send(root.token, 'POST', `${API}/users`, { email: `y-${unique()}@dealer.test`, name: 'Y', client_ids: [] });
    expect(noClient.json().errors[0]).toMatchObject({ title: 'At least one client is required', source: { pointer: '/data/attributes/client_ids' } });
  });
});

describe('an installation from before the staff flag', () => {
  it('promotes the root holders on an internal domain once, while nobody is staff, and nobody else', async () => {
    const rootHolder = await t.createUser({ email: `old-admin-${unique()}@platform.test`, grants: { 'auth.processing': ['root'] }, internal: false });
    const plainOnDomain = await t.createUser({ email: `old-user-${unique()}@platform.test`, internal: false });
    const dealerRoot = await t.createUser({ email: `old-dealer-${unique()}@dealer.test`, grants: { 'auth.processing': ['root'] }, clientIds: [clientA] });
    const rollback = new Error('rollback');
    const promoted = await t.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ internal: false });
        await promoteExistingStaff(tx, t.config);
        const rows = await tx.select({ id: users.id, internal: users.internal }).from(users).where(inArray(users.id, [rootHolder.id, plainOnDomain.id, dealerRoot.id]));
        // Once somebody is staff, nothing more happens.
        await tx.update(users).set({ internal: false }).where(eq(users.id, rootHolder.id));
        await tx.update(users).set({ internal: true }).where(eq(users.id, plainOnDomain.id));
        await promoteExistingStaff(tx, t.config);
        const [again] = await tx.select({ internal: users.internal }).from(users).where(eq(users.id, rootHolder.id));
        throw Object.assign(rollback, { rows, again });
      })
      .catch((error) => error as typeof rollback & { rows: { id: number; internal: boolean }[]; again: { internal: boolean } });
    expect(Object.fromEntries(promoted.rows.map((r) => [r.id, r.internal]))).toEqual({ [rootHolder.id]: true, [plainOnDomain.id]: false, [dealerRoot.id]: false });
    expect(promoted.again.internal).toBe(false);
  });
});

describe('audit of credentials and standing', () => {
  const entries = async (id: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'users'), eq(auditLog.record_id, String(id)))).orderBy(auditLog.id);

  it('records a password set by another user, alone or with other fields, hidden', async () => {
    const admin = await dealer();
    const target = await plainUser();
    await send(admin.token, 'PATCH', `${API}/users/${target.id}`, { password: 'Set-Alone1!' });
    await send(admin.token, 'PATCH', `${API}/users/${target.id}`, { password: 'Set-Along2!', last_name: 'Новая' });
    const log = await entries(target.id);
    expect(log.map((e) => [e.action, e.actor_user_id, e.changes])).toEqual([
      ['update', admin.id, { password: ['[hidden]', '[hidden]'] }],
      ['update', admin.id, { last_name: ['User', 'Новая'], password: ['[hidden]', '[hidden]'] }],
    ]);
    expect(JSON.stringify(log)).not.toMatch(/Set-Alone|Set-Along|argon2/);
  });

  it('records one\'s own password change, e-mail change and activation changes', async () => {
    const admin = await dealer();
    const target = await plainUser();
    const session = await t.signIn(target.email);
    const changed = await t.request('POST', '/gateway/auth.processing/api/v1/change_password', {
      token: session.access_token,
      body: { data: { old_password: PASSWORD, new_password: 'Own-Pass1!' } },
    });
    expect(changed.statusCode).toBe(204);
    await send(admin.token, 'PATCH', `${API}/users/${target.id}`, { email: `moved-${target.id}@dealer.test` });
    await t.request('PATCH', `${API}/users/${target.id}/activate`, { token: admin.token, body: { data: { active: false } } });
    await t.request('PATCH', `${API}/users/${target.id}/activate`, { token: admin.token, body: { data: { active: true } } });
    const log = (await entries(target.id)).filter((e) => e.action !== 'sign_in').map((e) => [e.action, e.actor_user_id, e.changes]);
    expect(log).toEqual([
      ['password_changed', target.id, { password: ['[hidden]', '[hidden]'] }],
      ['update', admin.id, { email: [target.email, `moved-${target.id}@dealer.test`] }],
      ['deactivate', admin.id, { active: [true, false] }],
      ['activate', admin.id, { active: [false, true] }],
    ]);
  });
});

describe('the acting client', () => {
  it('is no longer attributed once the user has lost it', async () => {
    const user = await t.createUser({ grants: { 'clients.storage': ['users.get_list', 'users.patch'] }, clientIds: [clientA, clientB] });
    const first = await t.signIn(user.email);
    const switched = await t.request('POST', '/gateway/auth.processing/api/v1/auth_with_client', { token: first.access_token, body: { data: { client_id: clientB } } });
    expect(switched.statusCode, switched.body).toBe(200);
    const token = switched.json().data.access_token;
    expect((await t.request('GET', `${API}/me`, { token })).json().data.attributes.client.id).toBe(clientB);

    const root = await rootStaff();
    expect((await send(root.token, 'PATCH', `${API}/users/${user.id}`, { client_ids: [clientA] })).statusCode).toBe(200);
    const me = (await t.request('GET', `${API}/me`, { token })).json().data.attributes;
    expect(me.client.id).toBe(clientA);
    await send(token, 'PATCH', `${API}/users/${user.id}`, { last_name: 'После' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.record_id, String(user.id)), eq(auditLog.actor_user_id, user.id), eq(auditLog.action, 'update')));
    expect(entry!.acting_client_id).toBe(clientA);
  });
});
