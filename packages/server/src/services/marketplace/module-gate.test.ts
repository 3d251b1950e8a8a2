import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_API_ROUTES, pathTargets } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { apiRoutes, notifications, sites } from '../../schema.ts';
import { idsAt } from '../../kit/module-targets.ts';
import { seedReferenceData } from '../../seed/reference-data.ts';

/**
 * Module gating in the gateway (spec 000 §2): a route whose row names a module answers 403 for a
 * site without it, 403 with the paused message for a suspended one, and passes once installed.
 */
let t: TestApp;
let staff: string;
let editor: string;
let siteA: number;
let siteB: number;

const M = '/gateway/marketplace/api/v1';
const GATED = '/api/v1/sites/{siteId}/installed_modules';

beforeAll(async () => {
  t = await buildTestApp();
  const clientA = await t.createClient();
  const clientB = await t.createClient();
  siteA = (await t.database.db.insert(sites).values({ name: 'Сайт А', client_id: clientA }).returning())[0]!.id;
  siteB = (await t.database.db.insert(sites).values({ name: 'Сайт Б', client_id: clientB }).returning())[0]!.id;
  const admin = await t.createUser({
    email: `staff-${Date.now()}@platform.test`,
    grants: {
      marketplace: ['modules.view', 'modules.patch', 'modules.install'],
      'gateway.processing': ['routes.get_list', 'routes.patch'],
      'sites.context': ['sites.get_full_list', 'sites.patch'],
    },
  });
  staff = (await t.signIn(admin.email)).access_token;
  editor = (await t.signIn((await t.createUser({ clientIds: [clientA], grants: { 'auth.processing': ['site_mode'] } })).email)).access_token;

  // An administrator ties a route to a module in the gateway routes screen.
  const [route] = await t.database.db.select().from(apiRoutes).where(and(eq(apiRoutes.service, 'marketplace'), eq(apiRoutes.method, 'GET'), eq(apiRoutes.path, GATED)));
  const tied = await t.request('PATCH', `/gateway/gateway.processing/api/v1/routes/${route!.id}`, { token: staff, body: { data: { attributes: { module: 'calltracking' } } } });
  expect(tied.statusCode).toBe(200);
  expect(tied.json().data.attributes.module).toBe('calltracking');
  await t.routeTable.reload();
});
afterAll(() => t?.close());

const call = (siteId: number | string, lang = 'ru') => t.request('GET', `${M}/sites/${siteId}/installed_modules`, { token: editor, lang });

describe('the gateway refuses a module route for a site without the module', () => {
  it('answers 403 with a clear message in the caller\'s language until the module is installed', async () => {
    const ru = await call(siteA);
    expect(ru.statusCode).toBe(403);
    expect(ru.json().errors[0]).toMatchObject({ code: 'module_not_installed', title: 'Модуль «Коллтрекинг» не подключён к этому сайту' });
    expect((await call(siteA, 'en')).json().errors[0].title).toBe('The module "Call tracking" is not installed on this site');

    expect((await t.request('POST', `${M}/sites/${siteA}/modules/calltracking/install`, { token: staff })).statusCode).toBe(200);
    expect((await call(siteA)).statusCode).toBe(200);
  });

  it('answers 403 with the paused message while the module is suspended', async () => {
    const suspended = await t.request('POST', `${M}/sites/${siteA}/modules/calltracking/suspend`, { token: staff, body: { data: { reason: 'Отрицательный баланс' } } });
    expect(suspended.statusCode).toBe(200);
    const paused = await call(siteA, 'en');
    expect(paused.statusCode).toBe(403);
    expect(paused.json().errors[0]).toMatchObject({ code: 'module_paused', title: 'The module "Call tracking" is paused on this site: payment is needed. Contact your account manager' });
    // Staff hear of the suspension, and that the site's users meet the paused module: once, however often they try.
    expect((await call(siteA)).statusCode).toBe(403);
    const raised = async (type: string) =>
      (await t.database.db.select().from(notifications).where(and(eq(notifications.type, type), sql`${notifications.details}->>'site_id' = ${String(siteA)}`))).map((row) => ({ level: row.level, text: row.text, text_en: row.text_en, module: row.details.module }));
    await expect.poll(() => raised('module_suspended')).toEqual([{ level: 'warning', text: 'Модуль calltracking приостановлен: Отрицательный баланс', text_en: 'Module calltracking suspended: Отрицательный баланс', module: 'calltracking' }]);
    await expect.poll(() => raised('module_paused')).toEqual([
      { level: 'info', text: 'Пользователи сайта обращаются к приостановленному модулю calltracking: нужна оплата', text_en: "The site's users are using the paused module calltracking: payment is needed", module: 'calltracking' },
    ]);
    expect((await t.request('POST', `${M}/sites/${siteA}/modules/calltracking/resume`, { token: staff })).statusCode).toBe(200);
    expect((await call(siteA)).statusCode).toBe(200);
  });

  it('tells nothing about sites out of reach, and leaves malformed ids to validation', async () => {
    // Another client's site (without the module) is not found, exactly like a missing one.
    expect((await call(siteB)).statusCode).toBe(404);
    expect((await call(987654)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '2147483648']) expect((await call(bad)).statusCode, bad).toBe(400);
  });
});

describe('the routes contracts tie to a module', () => {
  it('PATCH /sites/{id}/locales needs multiple_locales on the site', async () => {
    const locales = (lang = 'ru') =>
      t.request('PATCH', `/gateway/sites.context/api/v1/sites/${siteA}/locales`, { token: staff, lang, body: { data: { locales: ['en'] } } });
    const refused = await locales('en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].title).toBe('The module "Multiple languages" is not installed on this site');
    expect((await t.request('POST', `${M}/sites/${siteA}/modules/multiple_locales/install`, { token: staff })).statusCode).toBe(200);
    expect((await locales()).statusCode).toBe(200);
    expect((await t.database.db.select().from(sites).where(eq(sites.id, siteA)))[0]!.locales).toEqual(['en']);
    await t.request('POST', `${M}/sites/${siteA}/modules/multiple_locales/suspend`, { token: staff, body: { data: { reason: 'Долг' } } });
    expect((await locales()).json().errors[0].code).toBe('module_paused');
  });
});

describe('where a gated route finds its site', () => {
  it('takes {siteId}, else the {id} of /api/v1/sites/{id}/..., and reads only whole int4 ids', () => {
    expect(pathTargets('/api/v1/sites/{id}/locales')).toEqual([{ from: 'path', at: 'id' }]);
    expect(pathTargets('/api/v1/pages/{id}/where_site/{siteId}')).toEqual([{ from: 'path', at: 'siteId' }]);
    expect(pathTargets('/api/v1/requests/{id}')).toEqual([]);
    const [byId] = pathTargets('/api/v1/sites/{id}/locales');
    expect(idsAt(byId!, { params: { id: 42 }, query: {}, body: undefined })).toEqual([42]);
    for (const bad of ['0x1', '0', '2147483648', 'abc', '1.0']) expect(idsAt(byId!, { params: { id: bad }, query: {}, body: undefined }), bad).toEqual([]);
    const inBody = { from: 'body' as const, at: '/data/ids' };
    expect(idsAt(inBody, { params: {}, query: {}, body: { data: { ids: [3, 3, '4', -1] } } })).toEqual([3, 4]);
  });
});

describe('upgrades', () => {
  it('fill the module of routes seeded before they named one, and keep one an administrator set', async () => {
    const declared = DEFAULT_API_ROUTES.filter((route) => route.module);
    expect(declared).toContainEqual(expect.objectContaining({ service: 'sites.context', method: 'PATCH', path: '/api/v1/sites/{id}/locales', module: 'multiple_locales' }));
    const [first, second] = declared;
    const where = (route: typeof first) => and(eq(apiRoutes.service, route!.service), eq(apiRoutes.method, route!.method), eq(apiRoutes.path, route!.path));
    await t.database.db.update(apiRoutes).set({ module: null }).where(where(first));
    if (second) await t.database.db.update(apiRoutes).set({ module: 'custom_media' }).where(where(second));
    await seedReferenceData(t.database.db);
    expect((await t.database.db.select().from(apiRoutes).where(where(first)))[0]!.module).toBe(first!.module);
    if (second) expect((await t.database.db.select().from(apiRoutes).where(where(second)))[0]!.module).toBe('custom_media');
    // The route tied in the admin above is no contracts' module route: it keeps what was set.
    expect((await t.database.db.select().from(apiRoutes).where(eq(apiRoutes.path, GATED)))[0]!.module).toBe('calltracking');
  });
});
