import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { permissions, rolePermissions, userRoles, users } from '../../schema.ts';
import { AccessCache, type LoadedAccess } from './access-cache.ts';
import type { AuthContext } from '../../kit/request-context.ts';

const ME = '/gateway/clients.storage/api/v1/me';
const CLIENTS = '/gateway/clients.storage/api/v1/clients';
const LOGOUT = '/gateway/auth.processing/api/v1/logout';
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.DATABASE_URL);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Takes the permission `code` of `service` from every role of the user (a role edit, as the admin makes it). */
async function takePermission(t: TestApp, userId: number, service: string, code: string) {
  const [permission] = await t.database.db.select().from(permissions).where(and(eq(permissions.service, service), eq(permissions.code, code)));
  const roleIds = (await t.database.db.select().from(userRoles).where(eq(userRoles.user_id, userId))).map((r) => r.role_id);
  await t.database.db.delete(rolePermissions).where(and(eq(rolePermissions.permission_id, permission!.id), inArray(rolePermissions.role_id, roleIds)));
}

describe('the access cache of one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers a repeated token from memory, and drops it when the user changes', async () => {
    const user = await t.createUser({ grants: { 'clients.storage': ['clients.get_full_list'] }, clientIds: [await t.createClient()] });
    const { access_token } = await t.signIn(user.email);
    expect((await t.request('GET', ME, { token: access_token })).json().data.attributes.name).toBe('Test');
    // A change made with the triggers switched off is not notified: the cached /me shows the old name...
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: 'Hidden' }).where(eq(users.id, user.id));
    });
    expect((await t.request('GET', ME, { token: access_token })).json().data.attributes.name).toBe('Test');
    // ...and a notified one is seen as soon as its notification is heard (a write through the
    // API waits for that before it answers; here the test does).
    await t.database.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, user.id));
    await t.ctx.access!.sync();
    expect((await t.request('GET', ME, { token: access_token })).json().data.attributes.name).toBe('Renamed');
  });

  it('refuses a cached caller at once after logout, deactivation and a permission taken from its role', async () => {
    const client = await t.createClient();
    const grants = { 'clients.storage': ['clients.get_full_list'] };
    const a = await t.createUser({ grants, clientIds: [client] });
    const b = await t.createUser({ grants, clientIds: [client] });
    const c = await t.createUser({ grants, clientIds: [client] });
    const [ta, tb, tc] = await Promise.all([t.signIn(a.email), t.signIn(b.email), t.signIn(c.email)]);
    for (const s of [ta, tb, tc]) expect((await t.request('GET', CLIENTS, { token: s.access_token })).statusCode).toBe(200);

    expect((await t.request('POST', LOGOUT, { token: ta.access_token })).statusCode).toBe(204);
    expect((await t.request('GET', CLIENTS, { token: ta.access_token })).statusCode).toBe(401);

    await t.database.db.update(users).set({ active: false }).where(eq(users.id, b.id));
    await t.ctx.access!.sync();
    expect((await t.request('GET', CLIENTS, { token: tb.access_token })).statusCode).toBe(401);

    await takePermission(t, c.id, 'clients.storage', 'clients.get_full_list');
    await t.ctx.access!.sync();
    expect((await t.request('GET', CLIENTS, { token: tc.access_token })).statusCode).toBe(403);
  });

  it('keeps nothing that was read while a change was being notified', async () => {
    const cache = new AccessCache();
    await cache.start({ listen: async () => async () => {}, executeSql: async () => [] } as never);
    const caller = (userId: number): AuthContext => ({ userId, sessionId: 's', email: 'e', internal: false, clientId: null, scope: [], permissions: {} });
    const auth = caller(7);
    let release: (value: LoadedAccess) => void = () => {};
    const pending = cache.authenticate('token', () => new Promise((resolve) => (release = resolve)));
    cache.changed('7');
    release({ auth, validUntil: Date.now() + 60_000 });
    expect(await pending).toBe(auth);
    expect(cache.size).toBe(0);
    // Without a change in between it is kept, until the token's expiry.
    await cache.authenticate('token', async () => ({ auth: caller(7), validUntil: Date.now() + 60_000 }));
    expect(cache.size).toBe(1);
    cache.changed('8');
    expect(cache.size).toBe(1);
    cache.changed('*');
    expect(cache.size).toBe(0);
    await cache.stop();
  });

  it('makes one load of a cold token for the calls that arrive together, and a new one after a notification', async () => {
    const cache = new AccessCache();
    await cache.start({ listen: async () => async () => {}, executeSql: async () => [] } as never);
    const auth: AuthContext = { userId: 9, sessionId: 's9', email: 'e', internal: false, clientId: null, scope: [], permissions: {} };
    const releases: ((value: LoadedAccess) => void)[] = [];
    const load = () => new Promise<LoadedAccess>((resolve) => releases.push(resolve));
    const together = [cache.authenticate('cold', load), cache.authenticate('cold', load), cache.authenticate('cold', load)];
    expect(releases).toHaveLength(1);
    // A call after a notification does not share a load that may predate the change.
    cache.changed('9');
    const after = cache.authenticate('cold', load);
    expect(releases).toHaveLength(2);
    releases[0]!({ auth, validUntil: Date.now() + 60_000 });
    releases[1]!({ auth: { ...auth }, validUntil: Date.now() + 60_000 });
    const answers = await Promise.all(together);
    expect(answers.every((answer) => answer === answers[0])).toBe(true);
    expect(await after).toMatchObject({ userId: 9 });
    // The /me of a kept caller: computed once for the calls that arrive together.
    const kept = (await cache.authenticate('cold', load))!;
    let computed = 0;
    const me = () => new Promise<string>((resolve) => setImmediate(() => resolve(`me ${++computed}`)));
    expect(await Promise.all([cache.derive(kept, 'me', me), cache.derive(kept, 'me', me)])).toEqual(['me 1', 'me 1']);
    expect(computed).toBe(1);
    await cache.stop();
  });
});

describe.runIf(onPostgres)('a lost LISTEN connection (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('empties the cache and asks the database on every call until the connection is back', async () => {
    const user = await t.createUser({ grants: { 'clients.storage': ['clients.get_full_list'] }, clientIds: [await t.createClient()] });
    const { access_token } = await t.signIn(user.email);
    expect((await t.request('GET', CLIENTS, { token: access_token })).statusCode).toBe(200);
    expect(t.ctx.access!.size).toBeGreaterThan(0);

    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'dp-access' and datname = current_database()`);
    await waitUntil('the cache to turn itself off', () => !t.ctx.access!.enabled);
    expect(t.ctx.access!.size).toBe(0);
    // A logout whose notification nobody hears: still refused, since the cache is not used.
    await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
    expect((await t.request('GET', CLIENTS, { token: access_token })).statusCode).toBe(401);

    await waitUntil('the LISTEN connection to come back', () => t.ctx.access!.enabled);
    const again = await t.signIn(user.email);
    expect((await t.request('GET', CLIENTS, { token: again.access_token })).statusCode).toBe(200);
    expect(t.ctx.access!.size).toBeGreaterThan(0);
  });
});

type User = { id: number; email: string };

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * Two app processes on one database: this test's app (A) and `npm run serve` started as a real
 * second process (B), which shares nothing in memory with A. A revocation made through A is
 * refused by B as soon as B hears its notification, although B had the caller in its cache.
 */
describe.runIf(onPostgres)('two app processes (PostgreSQL)', () => {
  let t: TestApp;
  let other: ChildProcess | undefined;
  let base = '';
  const get = (url: string, token: string) => fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
  /**
   * B's answer once it has heard A's change: B hears the notification when PostgreSQL delivers it,
   * milliseconds after A's answer, but nothing orders that delivery before the caller's next request
   * reaching B (a busy machine showed it). Waits for the refusal on the event's own time, bounded.
   */
  const refusedByOther = (url: string, token: string, status: number) =>
    waitUntil(`the second process to answer ${status}`, async () => (await get(url, token)).status === status, 5_000);

  beforeAll(async () => {
    t = await buildTestApp();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    other = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: t.config.databaseUrl!, PORT: String(port), HOST: '127.0.0.1', RUN_JOBS: 'false', DEMO_DATA: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitUntil('the second process to answer', () => fetch(`${base}/healthz`).then((r) => r.ok, () => false), 60_000);
  }, 90_000);
  afterAll(async () => {
    if (other && other.exitCode === null) {
      const exited = new Promise((resolve) => other!.once('exit', resolve));
      other.kill('SIGTERM');
      await exited;
    }
    await t?.close();
  });

  it('serves a caller from its own cache: an un-notified change is not seen there', async () => {
    const user = await t.createUser({ grants: { 'clients.storage': ['clients.get_full_list'] }, clientIds: [await t.createClient()] });
    const { access_token } = await t.signIn(user.email);
    expect(((await (await get(ME, access_token)).json()) as any).data.attributes.name).toBe('Test');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: 'Hidden' }).where(eq(users.id, user.id));
    });
    expect(((await (await get(ME, access_token)).json()) as any).data.attributes.name).toBe('Test');
    // A profile change through A is seen by B once B hears its notification.
    const patched = await t.request('PATCH', ME, { token: access_token, body: { data: { attributes: { name: 'Через А' } } } });
    expect(patched.statusCode).toBe(200);
    await waitUntil('the second process to show the new name', async () => ((await (await get(ME, access_token)).json()) as any).data.attributes.name === 'Через А', 5_000);
  });

  it('refuses on its next request a logout, a password change, a deactivation and a permission change made through the other', async () => {
    const client = await t.createClient();
    const grants = { 'clients.storage': ['clients.get_full_list'] };
    const [a, b, c, d] = (await Promise.all([0, 1, 2, 3].map(() => t.createUser({ grants, clientIds: [client] })))) as [User, User, User, User];
    const admin = await t.createUser({ email: `root-${Date.now()}@platform.test`, grants: { 'clients.storage': ['users.get_list', 'users.patch', 'users.delete', 'roles.get_list', 'roles.patch', 'clients.get_full_list'], 'auth.processing': ['root'] } });
    const [sa, sb, sc, sd, sAdmin] = await Promise.all([a, b, c, d, admin].map((u) => t.signIn(u.email)));
    for (const s of [sa, sb, sc, sd]) expect((await get(CLIENTS, s!.access_token)).status).toBe(200);

    expect((await t.request('POST', LOGOUT, { token: sa!.access_token })).statusCode).toBe(204);
    await refusedByOther(CLIENTS, sa!.access_token, 401);

    // Changing the password ends the user's other sessions.
    const other = await t.signIn(b.email);
    expect((await get(CLIENTS, other.access_token)).status).toBe(200);
    const changed = await t.request('POST', '/gateway/auth.processing/api/v1/change_password', {
      token: sb!.access_token,
      body: { data: { old_password: PASSWORD, new_password: 'Other-Pass2@' } },
    });
    expect(changed.statusCode).toBe(204);
    await refusedByOther(CLIENTS, other.access_token, 401);

    const deactivated = await t.request('DELETE', `/gateway/clients.storage/api/v1/users/${c.id}`, { token: sAdmin!.access_token });
    expect(deactivated.statusCode).toBe(204);
    await refusedByOther(CLIENTS, sc!.access_token, 401);

    // A role edit through A: the role keeps no permission.
    const [role] = await t.database.db.select().from(userRoles).where(eq(userRoles.user_id, d.id));
    const edited = await t.request('PATCH', `/gateway/clients.storage/api/v1/roles/${role!.role_id}`, {
      token: sAdmin!.access_token,
      body: { data: { attributes: { permission_ids: [] } } },
    });
    expect(edited.statusCode).toBe(200);
    await refusedByOther(CLIENTS, sd!.access_token, 403);
  });
});
