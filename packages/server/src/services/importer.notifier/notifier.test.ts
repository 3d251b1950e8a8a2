import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { notifierDue } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpListener } from '../../test/smtp-listener.ts';
import { carBrands, carModels, cars, dealerships, moduleInstallations, modules, sites } from '../../schema.ts';
import { carReports, importReports, importSettings } from '../cars.import/import.table.ts';
import { notifierReports } from './notifier.table.ts';
import { sendDueNotices } from './send-notices.ts';

/**
 * Importer notifier (spec 001 §3, §9): settings per site (receivers, subject, frequency hourly by
 * default), managers' settings per dealership, mails through a real local SMTP server on
 * schedule (the due check called directly) with the import summary and the errors as XLSX, the
 * mails kept as reports, tenant isolation.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let centreA: number;
let centreOther: number;
let centreB: number;
let managerA: string;
let managerB: string;
const API = '/gateway/importer.notifier/api/v1';
const CODES = { 'importer.notifier': ['notifier_settings.get_list', 'notifier_settings.patch', 'notifier_reports.get_list'] };
const ERROR_VIN = 'XWNTF000000000001';
const start = new Date('2030-01-01T10:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await buildTestApp({ runJobs: false, smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null } });
  const db = t.database.db;
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = (await db.insert(sites).values({ name: 'Автоград', client_id: clientA, type: 3 }).returning())[0]!.id;
  siteB = (await db.insert(sites).values({ name: 'Чужой', client_id: clientB, type: 3 }).returning())[0]!.id;
  const stamp = Date.now().toString(36);
  centreA = (await db.insert(dealerships).values({ client_id: clientA, title: 'Север', code: `n-${stamp}` }).returning())[0]!.id;
  centreOther = (await db.insert(dealerships).values({ client_id: clientA, title: 'Юг', code: `s-${stamp}` }).returning())[0]!.id;
  centreB = (await db.insert(dealerships).values({ client_id: clientB, title: 'Чужой ДЦ', code: `b-${stamp}` }).returning())[0]!.id;
  const mods = await db.select().from(modules).where(inArray(modules.code, ['importer-notifier', 'manager-notifier']));
  for (const site of [siteA, siteB]) await db.insert(moduleInstallations).values(mods.map((module) => ({ site_id: site, module_id: module.id })));
  // One finished import of site A in the first hour: 3 rows, one in error; the cars of two dealerships.
  const brand = (await db.insert(carBrands).values({ name: `Brand${stamp}` }).returning())[0]!.id;
  const model = (await db.insert(carModels).values({ name: 'M', brand_id: brand }).returning())[0]!.id;
  const [north, south] = await db
    .insert(cars)
    .values([
      { site_id: siteA, client_id: clientA, vin: 'XWNTF000000000002', brand_id: brand, model_id: model, price: 1, dealers_id: centreA, is_new: true },
      { site_id: siteA, client_id: clientA, vin: 'XWNTF000000000003', brand_id: brand, model_id: model, price: 1, dealers_id: centreOther, is_new: true },
    ])
    .returning();
  const settings = (await db.insert(importSettings).values({ site_id: siteA, client_id: clientA }).returning())[0]!;
  const report = (
    await db
      .insert(importReports)
      .values({ site_id: siteA, client_id: clientA, settings_id: settings.id, status: 'finished', is_finished: true, total_count: 3, created_count: 2, errored_count: 1, import_start_date: new Date(start.getTime() + 5 * 60_000), finished_at: new Date(start.getTime() + 10 * 60_000) })
      .returning()
  )[0]!;
  await db.insert(carReports).values([
    { report_id: report.id, client_id: clientA, site_id: siteA, row: 1, vin: north!.vin, car_id: north!.id, status: 'created', is_imported: true },
    { report_id: report.id, client_id: clientA, site_id: siteA, row: 2, vin: south!.vin, car_id: south!.id, status: 'created', is_imported: true },
    { report_id: report.id, client_id: clientA, site_id: siteA, row: 3, vin: ERROR_VIN, status: 'error', errors: ['Марка «X» не найдена в каталоге'] },
  ]);
  managerA = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientA], internal: false })).email)).access_token;
  managerB = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientB], internal: false })).email)).access_token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function reportSettings(token: string, siteId: number) {
  const response = await t.request('GET', `${API}/report_settings/where_site/${siteId}`, { token });
  return response;
}

/** The XLSX attached to a mail, read back. */
async function attachedRows(raw: string): Promise<string[]> {
  const part = /Content-Disposition: attachment;[^\n]*\n(?:[^\n]+\n)*?\n([A-Za-z0-9+/=\n]+)/.exec(raw);
  expect(part, 'an attachment').toBeTruthy();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(part![1]!.replace(/\n/g, ''), 'base64') as never);
  const rows: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).join('|')));
  return rows;
}

describe('report settings', () => {
  it('are made per site with the defaults (hourly), another client cannot read or change them, bad input is a 400', async () => {
    const response = await reportSettings(managerA, siteA);
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json().data;
    expect(settings.attributes).toMatchObject({ site_id: siteA, receivers: [], frequency: 1, is_active: true, last_sent_at: null });
    expect((await reportSettings(managerB, siteA)).statusCode).toBe(404);
    expect((await t.request('PATCH', `${API}/report_settings/${settings.id}`, { token: managerB, body: { data: { attributes: { receivers: ['spy@other.test'] } } } })).statusCode).toBe(404);
    const bad = await t.request('PATCH', `${API}/report_settings/${settings.id}`, { token: managerA, lang: 'en', body: { data: { attributes: { receivers: ['not-an-address'], frequency: 5 } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { title: string }) => error.title)).toContain('Invalid email format');
    const ok = await t.request('PATCH', `${API}/report_settings/${settings.id}`, { token: managerA, body: { data: { attributes: { receivers: ['importer@brand.test', 'Boss@Brand.test'], subject: 'Импорт {{site}}{{constructor}}{{__proto__}}', frequency: 6 } } } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.attributes.receivers).toEqual(['importer@brand.test', 'boss@brand.test']);
  });

  it('a site without the module is refused by the gateway', async () => {
    const bare = (await t.database.db.insert(sites).values({ name: 'Без модуля', client_id: clientA, type: 3 }).returning())[0]!.id;
    expect((await reportSettings(managerA, bare)).statusCode).toBe(403);
  });
});

describe('the mails on schedule', () => {
  it('sends the period summary with the errors attached to the receivers, once per frequency', async () => {
    const sentBefore = smtp.received.length;
    // Manager settings: a centre of another client is refused; one of the site's client is taken.
    const foreign = await t.request('POST', `${API}/manager_settings`, { token: managerA, lang: 'en', body: { data: { attributes: { site_id: siteA, name: 'Север', dealer_id: centreB, receivers: ['north@dealer.test'] } } } });
    expect(foreign.statusCode).toBe(400);
    const noReceivers = await t.request('POST', `${API}/manager_settings`, { token: managerA, lang: 'en', body: { data: { attributes: { site_id: siteA, name: 'Север', dealer_id: centreA, receivers: [] } } } });
    expect(noReceivers.statusCode).toBe(400);
    expect(noReceivers.json().errors[0].title).toBe('Give at least one receiver address');
    const created = await t.request('POST', `${API}/manager_settings`, { token: managerA, body: { data: { attributes: { site_id: siteA, name: 'Менеджеры Север', dealer_id: centreA, receivers: ['north@dealer.test'], frequency: 24 } } } });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.request('GET', `${API}/manager_settings/${created.json().data.id}`, { token: managerB })).statusCode).toBe(404);

    const now = new Date(start.getTime() + 60 * 60_000);
    // First mails: the period is one frequency back (6 h and 24 h): the import at 10:10 is in both.
    expect(await sendDueNotices(t.ctx, now)).toBe(2);
    const mails = await smtp.waitFor(sentBefore + 2);
    const importer = mails.slice(sentBefore).find((mail) => mail.to.includes('importer@brand.test'))!;
    expect(importer.to.sort()).toEqual(['boss@brand.test', 'importer@brand.test']);
    expect(importer.subject).toBe('Импорт Автоград');
    expect(importer.raw).toContain('Content-Disposition: attachment');
    expect((await attachedRows(importer.raw!)).some((row) => row.includes(ERROR_VIN))).toBe(true);
    const manager = mails.slice(sentBefore).find((mail) => mail.to.includes('north@dealer.test'))!;
    expect(manager.subject).toBe('Менеджеры Север');
    // The manager's summary counts the rows of their centre's cars only: one created car.
    const [managerReport] = await t.database.db.select().from(notifierReports).where(eq(notifierReports.kind, 'manager'));
    expect(managerReport!.counters).toMatchObject({ total_count: 1, created_count: 1, errored_count: 0 });
    const [importerReport] = await t.database.db.select().from(notifierReports).where(eq(notifierReports.kind, 'importer'));
    expect(importerReport).toMatchObject({ status: 'sent', imports_count: 1, errors_count: 1 });
    expect(importerReport!.counters).toMatchObject({ total_count: 3, created_count: 2, errored_count: 1 });

    // Not due again before its frequency; a later period without imports sends nothing.
    expect(await sendDueNotices(t.ctx, new Date(now.getTime() + 60 * 60_000))).toBe(0);
    expect(await sendDueNotices(t.ctx, new Date(now.getTime() + 7 * 60 * 60_000))).toBe(0);
    expect(smtp.received.length).toBe(sentBefore + 2);
  });

  it('lists the mails sent as reports of the site, to its client only', async () => {
    const list = await t.request('GET', `${API}/reports?filter[site_id]=${siteA}&filter[kind]=importer`, { token: managerA });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].attributes).toMatchObject({ kind: 'importer', status: 'sent', errors_count: 1 });
    const foreign = await t.request('GET', `${API}/reports?filter[site_id]=${siteA}`, { token: managerB });
    expect(foreign.json().data ?? []).toHaveLength(0);
  });

  it('frequencies: hourly, 6, 12, 24 hours and weekly', () => {
    const sent = new Date('2030-01-01T00:00:00Z');
    expect(notifierDue(null, 1, sent)).toBe(true);
    expect(notifierDue(sent, 1, new Date('2030-01-01T00:59:30Z'))).toBe(true);
    expect(notifierDue(sent, 6, new Date('2030-01-01T05:00:00Z'))).toBe(false);
    expect(notifierDue(sent, 168, new Date('2030-01-07T23:00:00Z'))).toBe(false);
    expect(notifierDue(sent, 168, new Date('2030-01-08T00:00:00Z'))).toBe(true);
  });
});
