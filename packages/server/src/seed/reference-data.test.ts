import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { DEFAULT_API_ROUTES, PERMISSIONS, SCREEN_ROUTES } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { apiRoutes, permissions, screenRoutes } from '../schema.ts';
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
});
