import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { DEFAULT_API_ROUTES, PERMISSIONS, SCREEN_ROUTES } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { apiRoutes, permissions, rolePermissions, roles, screenRoutes } from '../schema.ts';
import { seedReferenceData } from './reference-data.ts';

/** The reference data seeded at every start: only what is missing is added, edits are kept. */
describe('the reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const total = async (table: typeof permissions | typeof apiRoutes | typeof screenRoutes) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

  it('adds back what is missing, and only that, keeping edits', async () => {
    const before = { permissions: await total(permissions), routes: await total(apiRoutes), screens: await total(screenRoutes) };
    expect(before.permissions).toBeGreaterThanOrEqual(PERMISSIONS.length);
    expect(before.routes).toBeGreaterThanOrEqual(DEFAULT_API_ROUTES.length);
    expect(before.screens).toBeGreaterThanOrEqual(SCREEN_ROUTES.length);

    const route = DEFAULT_API_ROUTES[0]!;
    const where = and(eq(apiRoutes.service, route.service), eq(apiRoutes.method, route.method), eq(apiRoutes.path, route.path));
    await t.database.db.delete(apiRoutes).where(where);
    const screen = SCREEN_ROUTES[0]!;
    await t.database.db.update(screenRoutes).set({ order: 999 }).where(eq(screenRoutes.name, screen.name));
    const permission = PERMISSIONS[0]!;
    await t.database.db.update(permissions).set({ name: 'Переименовано' }).where(and(eq(permissions.service, permission.service), eq(permissions.code, permission.code)));

    await seedReferenceData(t.database.db);
    await seedReferenceData(t.database.db);

    expect({ permissions: await total(permissions), routes: await total(apiRoutes), screens: await total(screenRoutes) }).toEqual(before);
    expect(await t.database.db.select().from(apiRoutes).where(where)).toHaveLength(1);
    expect((await t.database.db.select().from(screenRoutes).where(eq(screenRoutes.name, screen.name)))[0]!.order).toBe(999);
    const [kept] = await t.database.db.select().from(permissions).where(and(eq(permissions.service, permission.service), eq(permissions.code, permission.code)));
    expect(kept!.name).toBe('Переименовано');
  });

  it("grants a code an upgrade adds to the platform's root roles only", async () => {
    const db = t.database.db;
    const codeOf = async (service: string, code: string) => (await db.select({ id: permissions.id }).from(permissions).where(and(eq(permissions.service, service), eq(permissions.code, code))))[0]!.id;
    const root = await codeOf('auth.processing', 'root');
    const stamp = Date.now();
    const [admins, narrow, dealer] = await db
      .insert(roles)
      .values([{ code: `admins-${stamp}`, name: 'Админы' }, { code: `narrow-${stamp}`, name: 'Поддержка' }, { code: `dealer-${stamp}`, name: 'Дилер', client_id: await t.createClient() }])
      .returning();
    await db.insert(rolePermissions).values([{ role_id: admins!.id, permission_id: root }, { role_id: dealer!.id, permission_id: root }]);
    // A code this version adds: absent from the table, as on an installation of the version before.
    const added = PERMISSIONS.at(-1)!;
    await db.delete(permissions).where(and(eq(permissions.service, added.service), eq(permissions.code, added.code)));
    await seedReferenceData(db);
    const id = await codeOf(added.service, added.code);
    const holders = (await db.select({ role: rolePermissions.role_id }).from(rolePermissions).where(eq(rolePermissions.permission_id, id))).map((row) => row.role);
    expect(holders).toContain(admins!.id);
    expect(holders).not.toContain(narrow!.id);
    expect(holders).not.toContain(dealer!.id);
  });
});
