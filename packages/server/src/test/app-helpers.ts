import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.ts';
import { MODULE_CODES } from '@dp/contracts';
import { isInternalEmail, type Config } from '../kit/config.ts';
import { clients, moduleInstallations, modules, permissions, rolePermissions, roles, sites, userClients, userRoles, users } from '../schema.ts';
import { hashPassword } from '../services/auth.processing/password.ts';
import { PASSWORD } from './password.ts';

/**
 * What the tests do with an app: calls, clients, users with permissions, sign-ins. Apart from
 * test-app.ts, without vitest, so that an app in a child process (the hostile-file suite's)
 * prepares itself the same way.
 */
export interface TestHelpers {
  request(method: string, url: string, options?: { token?: string; body?: unknown; lang?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /**
   * Creates a user with the given permission codes (through a role of its own) and clients. A user
   * on an internal e-mail domain is platform staff unless `internal: false`.
   */
  createUser(options: { email?: string; grants?: Record<string, string[]>; clientIds?: number[]; active?: boolean; internal?: boolean }): Promise<{ id: number; email: string }>;
  createClient(name?: string): Promise<number>;
  signIn(email: string, password?: string): Promise<{ access_token: string; refresh_token: string; user: any }>;
  /** Installs site modules (every one of the marketplace by default) on sites, as the demo does: their routes answer there. */
  installModules(siteIds: number | number[], codes?: readonly string[]): Promise<void>;
  /** A site of the client with the given modules (every one by default): a client's records of a module's service need it on one of its sites. */
  createSite(clientId: number, codes?: readonly string[]): Promise<number>;
}

export async function testHelpers(built: App, config: Config): Promise<TestHelpers> {
  const db = built.database.db;
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;
  const passwordHash = await hashPassword(PASSWORD);

  const request: TestHelpers['request'] = (method, url, options = {}) =>
    built.app.inject({
      method: method as never,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.lang ? { 'accept-language': options.lang } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });

  const installModules: TestHelpers['installModules'] = async (siteIds, codes = MODULE_CODES) => {
    const found = await db.select({ id: modules.id }).from(modules).where(inArray(modules.code, [...codes]));
    const values = [siteIds].flat().flatMap((site_id) => found.map((module) => ({ site_id, module_id: module.id })));
    if (values.length) await db.insert(moduleInstallations).values(values).onConflictDoNothing();
  };

  return {
    request,
    async createClient(name = `Client ${unique()}`) {
      const [row] = await db.insert(clients).values({ name, code: `c-${unique()}` }).returning();
      return row!.id;
    },
    async createUser({ email = `user-${unique()}@dealer.test`, grants = {}, clientIds = [], active = true, internal = isInternalEmail(config, email) }) {
      const [user] = await db
        .insert(users)
        .values({ email, name: 'Test', last_name: 'User', password_hash: passwordHash, active, internal, default_client_id: clientIds[0] ?? null })
        .returning();
      const [role] = await db.insert(roles).values({ code: `role-${unique()}`, name: 'Test role' }).returning();
      await db.insert(userRoles).values({ user_id: user!.id, role_id: role!.id });
      const wanted = Object.entries(grants).flatMap(([service, codes]) => codes.map((code) => ({ service, code })));
      if (wanted.length) {
        const all = await db.select().from(permissions).where(inArray(permissions.code, wanted.map((w) => w.code)));
        const chosen = all.filter((p) => wanted.some((w) => w.service === p.service && w.code === p.code));
        if (chosen.length !== wanted.length) throw new Error(`unknown permission in ${JSON.stringify(grants)}`);
        await db.insert(rolePermissions).values(chosen.map((p) => ({ role_id: role!.id, permission_id: p.id })));
      }
      if (clientIds.length) await db.insert(userClients).values(clientIds.map((client_id) => ({ user_id: user!.id, client_id })));
      return { id: user!.id, email };
    },
    installModules,
    async createSite(clientId, codes = MODULE_CODES) {
      const [site] = await db.insert(sites).values({ name: `Site ${unique()}`, client_id: clientId, type: 3 }).returning();
      await installModules(site!.id, codes);
      return site!.id;
    },
    async signIn(email, password = PASSWORD) {
      const response = await request('POST', '/gateway/auth.processing/api/v1/auth', { body: { data: { method: 'password', identity: email, secret: password } } });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
      return response.json().data;
    },
  };
}
