import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { isInternalEmail, loadConfig, type Config } from '../kit/config.ts';
import { MODULE_CODES } from '@dp/contracts';
import { clients, moduleInstallations, modules, permissions, sites, rolePermissions, roles, userClients, userRoles, users } from '../kit/schema.ts';
import { hashPassword } from '../services/auth.processing/password.ts';

export { PASSWORD } from './password.ts';
import { PASSWORD } from './password.ts';

/**
 * A database for one test file: in-memory PGlite by default; a fresh database on the server of
 * DATABASE_URL when TEST_DB=postgres (dropped at close), a copy of `template`.
 */
async function testDatabaseUrl(template: string): Promise<{ url: string | null; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !base) return { url: null, drop: async () => {} };
  const name = `dp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp extends App {
  config: Config;
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

/**
 * The app on its own database. `demo`: the database holds the demo data as `npm start` loads it
 * (the demo accounts' password is PASSWORD) with its stored files, copied from a template made
 * once per run (global-setup.ts), not loaded again by every file that reads it.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, options: { demo?: boolean } = {}): Promise<TestApp> {
  const templates = inject('databaseTemplates');
  const template = options.demo ? templates.demo.database : templates.migrated;
  const database = await testDatabaseUrl(template);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-test-'));
  if (options.demo && fs.existsSync(templates.demo.files)) fs.cpSync(templates.demo.files, path.join(dataDir, 'files'), { recursive: true });
  const config = loadConfig({}, { memoryDb: true, memoryDbTemplate: template, databaseUrl: database.url, dataDir, logLevel: 'silent', webDist: null, ...overrides });
  const built = await buildApp(config);
  const db = built.database.db;
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;
  const passwordHash = await hashPassword(PASSWORD);

  const request: TestApp['request'] = (method, url, options = {}) =>
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

  const installModules: TestApp['installModules'] = async (siteIds, codes = MODULE_CODES) => {
    const found = await db.select({ id: modules.id }).from(modules).where(inArray(modules.code, [...codes]));
    const values = [siteIds].flat().flatMap((site_id) => found.map((module) => ({ site_id, module_id: module.id })));
    if (values.length) await db.insert(moduleInstallations).values(values).onConflictDoNothing();
  };

  return {
    ...built,
    config,
    request,
    async close() {
      // A test may have closed the database itself; the drop must still happen.
      await built.close().catch(() => undefined);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
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

