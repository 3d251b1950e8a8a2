import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MODULE_CODES } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { auditLog, moduleInstallations, modules, sites } from '../../schema.ts';
import { seedReferenceData } from '../../seed/reference-data.ts';
import { startSmtpListener } from '../../test/smtp-listener.ts';

/**
 * The marketplace (spec 000 §§2–4, §7): the module dictionary, installations per site with their
 * rules (offer, activity, tenancy, staff-only suspension), handlers, mass changes and the audit.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let clientA: number;
let clientB: number;
let siteA: number;
let siteA2: number;
let siteB: number;
/** Internal staff holding every marketplace code. */
let staff: string;
/** A dealer manager of client A: reads and installs. */
let manager: string;
/** A dealer user of client A who may only look. */
let viewer: string;
/** A dealer user of client A given modules.patch: still not platform staff. */
let dealerPatch: string;

const M = '/gateway/marketplace/api/v1';
const token = async (options: Parameters<TestApp['createUser']>[0]) => (await t.signIn((await t.createUser(options)).email)).access_token as string;
const ALL = { marketplace: ['modules.view', 'modules.patch', 'modules.install'] };

async function addSite(clientId: number, extra: Partial<typeof sites.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(sites).values({ name: `Сайт ${Math.random().toString(36).slice(2, 8)}`, client_id: clientId, ...extra }).returning();
  return row!.id;
}

async function addModule(code: string, extra: Partial<typeof modules.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(modules).values({ code, name: `Модуль ${code}`, ...extra }).returning();
  return row!;
}

const install = (site: number, code: string, as: string, lang?: string) => t.request('POST', `${M}/sites/${site}/modules/${code}/install`, { token: as, lang });
const uninstall = (site: number, code: string, as: string, reason?: string, lang?: string) =>
  t.request('POST', `${M}/sites/${site}/modules/${code}/uninstall`, { token: as, lang, body: { data: reason === undefined ? {} : { reason } } });
const installed = async (site: number, as = staff) => (await t.request('GET', `${M}/sites/${site}/installed_modules`, { token: as })).json().data;
const lastAudit = async (siteId: number) =>
  (await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'sites'), eq(auditLog.record_id, String(siteId)))).orderBy(desc(auditLog.id)).limit(1))[0];

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await buildTestApp({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null } });
  clientA = await t.createClient('Клиент А');
  clientB = await t.createClient('Клиент Б');
  siteA = await addSite(clientA, { locale: 'ru', context: { brand_id: null, color_scheme: 'dark', extra_color_schemes: [] } });
  siteA2 = await addSite(clientA);
  siteB = await addSite(clientB);
  staff = await token({ email: `staff-${Date.now()}@platform.test`, grants: ALL });
  manager = await token({ clientIds: [clientA], grants: { marketplace: ['modules.view', 'modules.install'] } });
  viewer = await token({ clientIds: [clientA], grants: { marketplace: ['modules.view'] } });
  dealerPatch = await token({ clientIds: [clientA], grants: ALL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the module dictionary', () => {
  it('holds every module code of the spec at start, with names, and seeding again keeps edits', async () => {
    const list = (await t.request('GET', `/gateway/marketplace/api/v1/modules?page[size]=100`, { token: viewer })).json();
    const codes = list.data.map((m: any) => m.attributes.code);
    for (const code of MODULE_CODES) expect(codes).toContain(code);
    const locales = list.data.find((m: any) => m.attributes.code === 'multiple_locales');
    expect(locales.attributes).toMatchObject({ name: 'Мультиязычность', active: true, handlers: { install: ['add_site_locales'], uninstall: ['reset_site_locales'] } });

    const captcha = list.data.find((m: any) => m.attributes.code === 'captcha');
    const renamed = await t.request('PATCH', `${M}/modules/${captcha.id}`, { token: staff, body: { data: { attributes: { name: 'Капча (своя)' } } } });
    expect(renamed.statusCode).toBe(200);
    await seedReferenceData(t.database.db);
    const again = (await t.request('GET', `${M}/modules/${captcha.id}`, { token: staff })).json().data;
    expect(again.attributes.name).toBe('Капча (своя)');
  });

  it('is written by platform staff only, even by a dealer holding modules.patch', async () => {
    const attributes = { code: 'dealer-made', name: 'Чужой модуль' };
    const refused = await t.request('POST', `${M}/modules`, { token: dealerPatch, lang: 'en', body: { data: { attributes } } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].title).toBe("Only platform staff can change the platform's shared records");
    expect((await t.request('POST', `${M}/modules`, { token: manager, body: { data: { attributes } } })).statusCode).toBe(403);
    expect((await t.request('POST', `${M}/modules`, { token: staff, body: { data: { attributes } } })).statusCode).toBe(201);
  });

  it('validates every field with the spec texts, and never changes a code', async () => {
    const bad = await t.request('POST', `${M}/modules`, {
      token: staff,
      body: {
        data: {
          attributes: {
            code: 'с кириллицей',
            name: '',
            promo_link: 'javascript:alert(1)',
            notification_emails: ['not-an-email'],
            handlers: { install: ['rm_rf'], uninstall: [] },
            color_scheme_overrides: { dark: { url: 'ftp//broken' } },
            locales: ['de'],
          },
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    const byPointer = Object.fromEntries(bad.json().errors.map((e: any) => [e.source.pointer, e.title]));
    expect(byPointer).toMatchObject({
      '/data/attributes/code': 'Допустимы латинские буквы, цифры, «-» и «_»',
      '/data/attributes/name': 'Это поле обязательно для заполнения',
      '/data/attributes/promo_link': 'Неправильный формат URL',
      '/data/attributes/notification_emails/0': 'Неправильный формат email',
      '/data/attributes/handlers/install/0': 'Неизвестный обработчик модуля',
      '/data/attributes/color_scheme_overrides/dark/url': 'Неправильный формат URL',
      '/data/attributes/locales/0': 'Язык должен быть ru или en',
    });
    const module = await addModule('fixed-code');
    const renamed = await t.request('PATCH', `${M}/modules/${module.id}`, { token: staff, body: { data: { attributes: { code: 'other-code' } } } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors[0].source.pointer).toBe('/data/attributes/code');
  });

  it('does not tell a dealer the names of other clients a module is offered to', async () => {
    await addModule('offered-to-b', { client_ids: [clientB] });
    const asStaff = (await t.request('GET', `${M}/modules?filter[code]=offered-to-b`, { token: staff })).json();
    expect(asStaff.included).toContainEqual({ id: String(clientB), type: 'clients', attributes: { name: 'Клиент Б' } });
    const asDealer = (await t.request('GET', `${M}/modules?filter[code]=offered-to-b`, { token: viewer })).json();
    expect(JSON.stringify(asDealer)).not.toContain('Клиент Б');
  });

  it('refuses to delete a module installed on a site', async () => {
    const module = await addModule('to-delete');
    expect((await install(siteA2, 'to-delete', manager)).statusCode).toBe(200);
    const refused = await t.request('DELETE', `${M}/modules/${module.id}`, { token: staff, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe('The module is installed on 1 site: uninstall it first');
    expect((await uninstall(siteA2, 'to-delete', manager, 'Проверка удаления')).statusCode).toBe(200);
    expect((await t.request('DELETE', `${M}/modules/${module.id}`, { token: staff })).statusCode).toBe(204);
  });
});

describe("a site's modules", () => {
  it('lists the active modules offered to the site, installed ones included whatever their state', async () => {
    await addModule('for-a', { client_ids: [clientA], color_scheme_overrides: { dark: { name: 'Для тёмной схемы' } } });
    await addModule('for-b-only', { client_ids: [clientB] });
    const retired = await addModule('retired');
    expect((await install(siteA, 'retired', manager)).statusCode).toBe(200);
    await t.database.db.update(modules).set({ active: false }).where(eq(modules.id, retired.id));
    await addModule('retired-unused', { active: false });

    const answer = await t.request('GET', `${M}/sites/${siteA}/modules`, { token: viewer });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const codes = body.data.map((m: any) => m.attributes.code);
    expect(codes).toEqual(expect.arrayContaining(['for-a', 'retired', ...MODULE_CODES]));
    expect(codes).not.toContain('for-b-only');
    expect(codes).not.toContain('retired-unused');
    // The site's colour scheme shows its own name of the module.
    expect(body.data.find((m: any) => m.attributes.code === 'for-a').attributes.name).toBe('Для тёмной схемы');
    const retiredRecord = body.data.find((m: any) => m.attributes.code === 'retired');
    const installation = body.included.find((i: any) => i.id === retiredRecord.relationships.installation.data.id);
    expect(installation).toMatchObject({ type: 'module_installations', attributes: { site_id: siteA, module_code: 'retired', active: true } });
    // Nothing of another client's site, and the same answer for a missing one.
    expect((await t.request('GET', `${M}/sites/${siteB}/modules`, { token: viewer })).statusCode).toBe(404);
    expect((await t.request('GET', `${M}/sites/999999/modules`, { token: viewer })).statusCode).toBe(404);
  });

  it('installs a module for a dealer holding modules.install, once, and records who and what', async () => {
    const answer = await install(siteA, 'captcha', manager);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.modules).toContain('captcha');
    const [row] = await t.database.db.select().from(moduleInstallations).innerJoin(modules, eq(modules.id, moduleInstallations.module_id)).where(and(eq(moduleInstallations.site_id, siteA), eq(modules.code, 'captcha')));
    expect(row!.module_installations.active).toBe(true);
    expect(await lastAudit(siteA)).toMatchObject({ action: 'module_install', service: 'marketplace', changes: { modules: ['captcha'] }, client_id: clientA });

    const twice = await install(siteA, 'captcha', manager, 'en');
    expect(twice.statusCode).toBe(409);
    // Renamed in the admin above: an edited name is what everyone reads.
    expect(twice.json().errors[0].title).toBe('The module "Капча (своя)" is already installed on this site');
  });

  it('refuses installs that would grant what is not offered, and to whom it may not', async () => {
    const notOffered = await install(siteA, 'for-b-only', manager, 'en');
    expect(notOffered.statusCode).toBe(403);
    expect(notOffered.json().errors[0].title).toBe('The module "Модуль for-b-only" is not offered to the client of this site');
    // Not even platform staff install a module on a client it is not offered to.
    expect((await install(siteA, 'for-b-only', staff)).statusCode).toBe(403);
    const inactive = await install(siteA2, 'retired-unused', staff, 'en');
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().errors[0].title).toBe('The module "Модуль retired-unused" is no longer offered and cannot be installed');
    // Another client's site is not found; a user who only looks may not install.
    expect((await install(siteB, 'reviewer', manager)).statusCode).toBe(404);
    expect((await install(siteA, 'reviewer', viewer)).statusCode).toBe(403);
    expect((await install(siteA, 'no-such-module', manager)).statusCode).toBe(404);
    expect((await installed(siteA)).modules).not.toContain('reviewer');
  });

  it('uninstalls with a reason, which the audit trail keeps', async () => {
    const noReason = await uninstall(siteA, 'captcha', manager);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ title: 'Это поле обязательно для заполнения', source: { pointer: '/data/reason' } });
    const blank = await uninstall(siteA, 'captcha', manager, '   ');
    expect(blank.statusCode).toBe(400);

    const done = await uninstall(siteA, 'captcha', manager, 'Перешли на другую капчу');
    expect(done.statusCode).toBe(200);
    expect(done.json().data.modules).not.toContain('captcha');
    expect(await lastAudit(siteA)).toMatchObject({ action: 'module_uninstall', changes: { modules: ['captcha'], reason: 'Перешли на другую капчу' } });
    const again = await uninstall(siteA, 'captcha', manager, 'Ещё раз', 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].title).toBe('The module "Капча (своя)" is not installed on this site');
  });

  it('suspends and resumes for platform staff only; a paused module counts as installed and stays until staff remove it', async () => {
    expect((await install(siteA, 'tradein', manager)).statusCode).toBe(200);
    const suspend = (as: string, lang?: string) => t.request('POST', `${M}/sites/${siteA}/modules/tradein/suspend`, { token: as, lang, body: { data: { reason: 'Отрицательный баланс' } } });
    const byDealer = await suspend(dealerPatch, 'en');
    expect(byDealer.statusCode).toBe(403);
    expect(byDealer.json().errors[0].title).toBe('Only platform staff can suspend or resume modules');
    expect((await suspend(manager)).statusCode).toBe(403);

    const suspended = await suspend(staff);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data).toMatchObject({ site_id: siteA, paused: ['tradein'] });
    expect(suspended.json().data.modules).toContain('tradein');
    expect(await lastAudit(siteA)).toMatchObject({ action: 'module_suspend', changes: { modules: ['tradein'], reason: 'Отрицательный баланс' } });
    expect((await suspend(staff)).statusCode).toBe(409);
    // The dealer sees the suspension and its reason in the site's list.
    const listed = (await t.request('GET', `${M}/sites/${siteA}/modules`, { token: manager })).json();
    expect(listed.included.find((i: any) => i.attributes.module_code === 'tradein').attributes).toMatchObject({ active: false, suspended_reason: 'Отрицательный баланс' });

    // Uninstalling and installing again would lift the suspension: the dealer may not.
    const escape = await uninstall(siteA, 'tradein', manager, 'Не хотим платить', 'en');
    expect(escape.statusCode).toBe(403);
    expect(escape.json().errors[0].title).toBe('The module "Trade-in" is paused: only platform staff can remove it');
    expect((await t.request('POST', `${M}/sites/${siteA}/modules/tradein/resume`, { token: manager })).statusCode).toBe(403);
    expect((await t.request('POST', `${M}/sites/${siteA}/modules/tradein/resume`, { token: dealerPatch })).statusCode).toBe(403);

    const resumed = await t.request('POST', `${M}/sites/${siteA}/modules/tradein/resume`, { token: staff });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.paused).toEqual([]);
    expect(await lastAudit(siteA)).toMatchObject({ action: 'module_resume', changes: { modules: ['tradein'] } });
    expect((await t.request('POST', `${M}/sites/${siteA}/modules/tradein/resume`, { token: staff })).statusCode).toBe(409);
  });

  it('tells any user of the site which modules it has, and nobody else', async () => {
    const editor = await token({ clientIds: [clientA], grants: { 'auth.processing': ['site_mode'] } });
    const mine = await t.request('GET', `${M}/sites/${siteA}/installed_modules`, { token: editor });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.modules).toContain('tradein');
    expect((await t.request('GET', `${M}/sites/${siteB}/installed_modules`, { token: editor })).statusCode).toBe(404);
  });
});

describe('notification e-mails', () => {
  it('tell a module\'s addresses which sites it was installed on or uninstalled from, by whom and why', async () => {
    await addModule('noticed', { notification_emails: ['billing@platform.test', 'ops@platform.test'] });
    const user = await t.createUser({ clientIds: [clientA], grants: { marketplace: ['modules.view', 'modules.install'] } });
    const as = (await t.signIn(user.email)).access_token;
    const before = smtp.received.length;
    expect((await install(siteA2, 'noticed', as)).statusCode).toBe(200);
    const installedMails = (await smtp.waitFor(before + 2)).slice(before);
    expect(installedMails.map((mail) => mail.to).flat().sort()).toEqual(['billing@platform.test', 'ops@platform.test']);
    expect(installedMails[0]).toMatchObject({ subject: 'Модуль «Модуль noticed» подключён: 1 сайт(ов)' });
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, siteA2));
    expect(installedMails[0]!.text).toContain(site!.name);
    expect(installedMails[0]!.text).toContain(user.email);

    expect((await uninstall(siteA2, 'noticed', as, 'Не пригодился')).statusCode).toBe(200);
    const removedMails = (await smtp.waitFor(before + 4)).slice(before + 2);
    expect(removedMails[0]!.subject).toBe('Модуль «Модуль noticed» отключён: 1 сайт(ов)');
    expect(removedMails[0]!.text).toContain('Причина: Не пригодился');
  });
});

describe('module handlers', () => {
  it('multiple_locales gives the site its extra languages on install and takes them back on uninstall', async () => {
    const site = await addSite(clientA, { locale: 'en', locales: [] });
    expect((await install(site, 'multiple_locales', manager)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(sites).where(eq(sites.id, site));
    expect(after!.locales).toEqual(['ru']);
    expect((await uninstall(site, 'multiple_locales', manager, 'Один язык')).statusCode).toBe(200);
    const [reset] = await t.database.db.select().from(sites).where(eq(sites.id, site));
    expect(reset!.locales).toEqual([]);
  });

  it('a failing handler rolls the install back with a clear error', async () => {
    await addModule('broken', { handlers: { install: ['add_site_locales', 'vanished_handler'], uninstall: [] } });
    const site = await addSite(clientA, { locale: 'ru', locales: [] });
    const answer = await install(site, 'broken', manager, 'en');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors[0].title).toBe('The module "Модуль broken" could not be set up: the step "vanished_handler" failed. Nothing was changed');
    expect((await installed(site)).modules).toEqual([]);
    const [unchanged] = await t.database.db.select().from(sites).where(eq(sites.id, site));
    expect(unchanged!.locales).toEqual([]);
    expect(await lastAudit(site)).toBeUndefined();
  });
});

describe('mass install and uninstall', () => {
  const massInstall = (data: unknown, as = staff, lang?: string) => t.request('POST', `${M}/modules/mass_install`, { token: as, lang, body: { data } });
  const massUninstall = (data: unknown, as = staff, lang?: string) => t.request('POST', `${M}/modules/mass_uninstall`, { token: as, lang, body: { data } });

  it('installs every module on every site in one call, telling per site what changed', async () => {
    const s1 = await addSite(clientA);
    const s2 = await addSite(clientB);
    expect((await install(s1, 'reviewer', staff)).statusCode).toBe(200);
    const answer = await massInstall({ site_ids: [s1, s2], module_codes: ['reviewer', 'custom_media'] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.results).toEqual([
      { site_id: s1, changed: ['custom_media'], unchanged: ['reviewer'] },
      { site_id: s2, changed: ['reviewer', 'custom_media'], unchanged: [] },
    ]);
    expect((await installed(s2)).modules).toEqual(['custom_media', 'reviewer']);
    expect(await lastAudit(s2)).toMatchObject({ action: 'module_install', changes: { modules: ['reviewer', 'custom_media'] }, client_id: clientB });

    const removed = await massUninstall({ site_ids: [s1, s2], module_codes: ['custom_media', 'captcha'], reason: 'Пересмотр тарифа' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.results).toEqual([
      { site_id: s1, changed: ['custom_media'], unchanged: ['captcha'] },
      { site_id: s2, changed: ['custom_media'], unchanged: ['captcha'] },
    ]);
    expect((await installed(s1)).modules).toEqual(['reviewer']);
    expect(await lastAudit(s2)).toMatchObject({ action: 'module_uninstall', changes: { modules: ['custom_media'], reason: 'Пересмотр тарифа' } });
  });

  it('is all or nothing: one refused site leaves every site as it was, and the error names its place', async () => {
    const s1 = await addSite(clientA);
    const s2 = await addSite(clientB);
    const answer = await massInstall({ site_ids: [s1, s2], module_codes: ['smart_contracts', 'for-a'] }, staff, 'en');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().errors[0]).toMatchObject({ title: 'The module "Модуль for-a" is not offered to the client of this site', source: { pointer: '/data/site_ids/1' } });
    expect((await installed(s1)).modules).toEqual([]);
    expect((await installed(s2)).modules).toEqual([]);

    const unknown = await massInstall({ site_ids: [s1], module_codes: ['captcha', 'nope'] }, staff, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ title: 'The module "nope" does not exist', source: { pointer: '/data/module_codes/1' } });
    const noReason = await massUninstall({ site_ids: [s1], module_codes: ['captcha'] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].source.pointer).toBe('/data/reason');
    const empty = await massInstall({ site_ids: [], module_codes: ['captcha'] });
    expect(empty.json().errors[0]).toMatchObject({ title: 'Это поле обязательно для заполнения', source: { pointer: '/data/site_ids' } });
  });

  it('reaches only the caller\'s sites and is refused to dealers without modules.patch', async () => {
    const answer = await massInstall({ site_ids: [siteA2, siteB], module_codes: ['captcha'] }, dealerPatch, 'en');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0]).toMatchObject({ title: `The related record ${siteB} was not found`, source: { pointer: '/data/site_ids/1' } });
    expect((await installed(siteA2)).modules).not.toContain('captcha');
    expect((await massInstall({ site_ids: [siteA2], module_codes: ['captcha'] }, manager)).statusCode).toBe(403);
  });
});
