import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sites } from '../../schema.ts';
import { errorIssues, errorProjects } from '../error-collection-system/errors.table.ts';
import { enqueueDueImports } from './auto-import.ts';
import { carReports, importReports, importSettings } from './import.table.ts';

/**
 * The import's calls of spec 001 §7 beside the run: the timeout in nanoseconds, the manual mode's
 * terms (PATCH /import/{id}/manual/edit), a report with its root (the saga), and a report's errors
 * sent to the error collection (POST /import/reports/ecs, /ecs/by_projects).
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let staff: string;
let dealerA: string;
let dealerB: string;
let staffB: string;

const API = '/gateway/cars.import/api/v1';
const DEALER = { 'cars.import': ['import_settings.get_list', 'import_settings.patch', 'import.run', 'import_reports.get_list'] };
const MANAGER = { 'cars.import': [...DEALER['cars.import'], 'import_states.get_list', 'import_states.manage'] };
const MINUTE_NS = 60_000_000_000;

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
  const db = t.database.db;
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = (await db.insert(sites).values({ name: 'Импорт А', client_id: clientA, type: 3 }).returning())[0]!.id;
  siteB = (await db.insert(sites).values({ name: 'Импорт Б', client_id: clientB, type: 3 }).returning())[0]!.id;
  await t.installModules([siteA, siteB]);
  staff = (await t.signIn((await t.createUser({ email: `import-ecs-${Date.now()}@platform.test`, grants: MANAGER })).email)).access_token;
  dealerA = (await t.signIn((await t.createUser({ grants: DEALER, clientIds: [clientA], internal: false })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: DEALER, clientIds: [clientB], internal: false })).email)).access_token;
  staffB = (await t.signIn((await t.createUser({ grants: MANAGER, clientIds: [clientB], internal: false })).email)).access_token;
});
afterAll(async () => {
  await t?.close();
});

async function settingsOf(token: string, siteId: number) {
  const response = await t.request('GET', `${API}/settings/where_site/${siteId}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
/** A finished report of a site, written as the import writes one, with rows in error. */
async function finishedReport(siteId: number, clientId: number, settingsId: number, rowErrors: string[][], over: Partial<typeof importReports.$inferInsert> = {}) {
  const db = t.database.db;
  const [report] = await db
    .insert(importReports)
    .values({ site_id: siteId, client_id: clientId, settings_id: settingsId, status: 'finished_with_error', is_finished: true, errored_count: rowErrors.length, finished_at: new Date(), ...over })
    .returning();
  if (rowErrors.length) await db.insert(carReports).values(rowErrors.map((errors, row) => ({ report_id: report!.id, client_id: clientId, site_id: siteId, row: row + 2, status: 'error', errors })));
  return report!;
}

describe('the timeout: entered in minutes, sent and stored in nanoseconds', () => {
  it('answers 5 minutes in nanoseconds by default, keeps a whole number of minutes, refuses the rest in the caller language', async () => {
    const settings = await settingsOf(dealerA, siteA);
    expect(settings.attributes.timeout).toBe(5 * MINUTE_NS);
    const saved = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealerA, body: { data: { attributes: { timeout: 30 * MINUTE_NS } } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes.timeout).toBe(30 * MINUTE_NS);
    const [row] = await t.database.db.select().from(importSettings).where(eq(importSettings.id, Number(settings.id)));
    expect(row!.timeout).toBe(30 * MINUTE_NS);
    for (const [lang, text] of [['ru', /целым числом минут/], ['en', /whole number of minutes/]] as const) {
      const fraction = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealerA, lang, body: { data: { attributes: { timeout: 30 * MINUTE_NS + 1 } } } });
      expect(fraction.statusCode).toBe(400);
      expect(fraction.json().errors[0].title).toMatch(text);
    }
    // Minutes sent as they were before (5): far below a minute in nanoseconds, refused.
    const minutes = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealerA, body: { data: { attributes: { timeout: 5 } } } });
    expect(minutes.statusCode).toBe(400);
    const tooLong = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealerA, body: { data: { attributes: { timeout: 121 * MINUTE_NS } } } });
    expect(tooLong.statusCode).toBe(400);
    const [unchanged] = await t.database.db.select().from(importSettings).where(eq(importSettings.id, Number(settings.id)));
    expect(unchanged!.timeout).toBe(30 * MINUTE_NS);
  });
});

describe('PATCH /import/{id}/manual/edit: the manual mode and its terms', () => {
  it('switches the mode with a reason and a date, for the site client only; bad input changes nothing', async () => {
    const settings = await settingsOf(dealerA, siteA);
    const until = '2030-01-15T09:00:00.000Z';
    const edited = await t.request('PATCH', `${API}/import/${settings.id}/manual/edit`, { token: dealerA, body: { data: { is_manual_mode: true, manual_data: { reason: '  Фид на обновлении  ', until } } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.attributes).toMatchObject({ is_manual_mode: true, manual_data: { reason: 'Фид на обновлении', until } });
    // The terms alone, the mode kept.
    const terms = await t.request('PATCH', `${API}/import/${settings.id}/manual/edit`, { token: dealerA, body: { data: { manual_data: { reason: null, until: null } } } });
    expect(terms.json().data.attributes).toMatchObject({ is_manual_mode: true, manual_data: { reason: null, until: null } });
    expect((await t.request('PATCH', `${API}/import/${settings.id}/manual/edit`, { token: dealerB, body: { data: { is_manual_mode: false } } })).statusCode).toBe(404);
    // A user of the client who may read the settings but not change them.
    const reader = (await t.signIn((await t.createUser({ grants: { 'cars.import': ['import_settings.get_list'] }, clientIds: [clientA], internal: false })).email)).access_token;
    expect((await t.request('PATCH', `${API}/import/${settings.id}/manual/edit`, { token: reader, body: { data: { is_manual_mode: false } } })).statusCode).toBe(403);
    for (const body of [{ is_manual_mode: 'yes' }, { manual_data: { until: 'tomorrow' } }, { manual_data: { reason: 'x'.repeat(1001) } }, { manual_data: { other: 1 } }, { other: true }]) {
      const bad = await t.request('PATCH', `${API}/import/${settings.id}/manual/edit`, { token: dealerA, lang: 'en', body: { data: body } });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors[0].title).toMatch(/^[A-Z]/);
    }
    expect((await settingsOf(dealerA, siteA)).attributes).toMatchObject({ is_manual_mode: true, manual_data: { reason: null, until: null } });
    await t.request('PATCH', `${API}/import/${settings.id}/manual/edit`, { token: dealerA, body: { data: { is_manual_mode: false } } });
  });

  it('keeps auto imports waiting while the mode is on, until its date has passed', async () => {
    const settings = await settingsOf(dealerB, siteB);
    const id = Number(settings.id);
    await t.database.db.update(importSettings).set({ files: [{ kind: 'url', url: 'http://127.0.0.1:9/feed.xml', name: null }], auto_import_hours: 1 }).where(eq(importSettings.id, id));
    const now = new Date('2031-06-01T12:00:00Z');
    const edit = (data: unknown) => t.request('PATCH', `${API}/import/${id}/manual/edit`, { token: dealerB, body: { data } });
    await edit({ is_manual_mode: true, manual_data: { reason: 'Ручная загрузка', until: null } });
    expect(await enqueueDueImports(t.ctx, now)).toEqual([]);
    await edit({ manual_data: { reason: 'Ручная загрузка', until: '2031-06-02T00:00:00Z' } });
    expect((await enqueueDueImports(t.ctx, now)).length).toBe(0);
    await edit({ manual_data: { reason: 'Ручная загрузка', until: '2031-06-01T11:00:00Z' } });
    const started = await enqueueDueImports(t.ctx, now);
    expect(started.length).toBe(1);
    const [report] = await t.database.db.select().from(importReports).where(eq(importReports.id, started[0]!));
    expect(report).toMatchObject({ settings_id: id, type: 'auto' });
    await t.database.db.update(importReports).set({ status: 'finished', is_finished: true }).where(eq(importReports.id, report!.id));
    await t.database.db.update(importSettings).set({ in_process: false, auto_import_hours: null, is_manual_mode: false }).where(eq(importSettings.id, id));
  });
});

describe('GET /import/reports/{id}/with_root: a report with the first run of its saga', () => {
  it('starts a saga per run; a restart continues the restarted run’s, its root the first run', async () => {
    const settings = await settingsOf(staff, siteA);
    const id = Number(settings.id);
    await t.database.db.update(importSettings).set({ files: [{ kind: 'url', url: 'http://127.0.0.1:9/feed.xml', name: null }] }).where(eq(importSettings.id, id));
    const first = await t.request('POST', `${API}/import/${id}/manual/start`, { token: dealerA, body: { data: {} } });
    expect(first.statusCode, first.body).toBe(202);
    const firstId = Number(first.json().data.id);
    await t.database.db.update(importReports).set({ status: 'finished_with_error', is_finished: true }).where(eq(importReports.id, firstId));
    await t.database.db.update(importSettings).set({ in_process: false }).where(eq(importSettings.id, id));
    const restart = await t.request('POST', `${API}/import/restart/${id}`, { token: staff, body: { data: { cache_reset_type: 'none' } } });
    expect(restart.statusCode, restart.body).toBe(202);
    const restartId = Number(restart.json().data.id);
    await t.database.db.update(importReports).set({ status: 'finished', is_finished: true }).where(eq(importReports.id, restartId));
    await t.database.db.update(importSettings).set({ in_process: false }).where(eq(importSettings.id, id));
    const another = await t.request('POST', `${API}/import/${id}/manual/start`, { token: dealerA, body: { data: {} } });
    const anotherId = Number(another.json().data.id);

    const withRoot = await t.request('GET', `${API}/import/reports/${restartId}/with_root`, { token: dealerA });
    expect(withRoot.statusCode, withRoot.body).toBe(200);
    const body = withRoot.json();
    expect(body.data.id).toBe(String(restartId));
    expect(body.data.attributes.root_id).toBe(firstId);
    expect(body.included[0].id).toBe(String(firstId));
    expect(body.data.attributes.saga_id).toBe(body.included[0].attributes.saga_id);
    // A new run is a saga of its own: its root is itself.
    const own = (await t.request('GET', `${API}/import/reports/${anotherId}/with_root`, { token: dealerA })).json();
    expect(own.data.attributes.root_id).toBe(anotherId);
    expect(own.data.attributes.saga_id).not.toBe(body.data.attributes.saga_id);
    expect((await t.request('GET', `${API}/import/reports/${restartId}/with_root`, { token: dealerB })).statusCode).toBe(404);
    await t.database.db.update(importReports).set({ status: 'finished', is_finished: true }).where(eq(importReports.id, anotherId));
    await t.database.db.update(importSettings).set({ in_process: false }).where(eq(importSettings.id, id));
  });
});

describe("POST /import/reports/ecs and /ecs/by_projects: a report's errors in the error collection", () => {
  const issuesOf = async (siteId: number) => {
    const [project] = await t.database.db.select().from(errorProjects).where(eq(errorProjects.site_id, siteId));
    return project ? t.database.db.select().from(errorIssues).where(eq(errorIssues.project_id, project.id)) : [];
  };

  it("sends each distinct error of a finished report into its site's project, once per message; staff of the client only", async () => {
    const settings = await settingsOf(staff, siteA);
    const report = await finishedReport(siteA, clientA, Number(settings.id), [['Марка «Foo» не найдена'], ['Марка «Foo» не найдена'], ['Цена: «abc» — не число', 'Не заполнено поле «Пробег»']], {
      error: 'Файл не прочитан: 404',
    });
    const sent = await t.request('POST', `${API}/import/reports/ecs`, { token: staff, body: { data: { report_id: report.id } } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ report_id: report.id, events: 4, limited: 0 });
    const issues = await issuesOf(siteA);
    expect(issues.map((issue) => [issue.type, issue.message]).sort()).toEqual(
      [['ImportError', 'Файл не прочитан: 404'], ['ImportRowError', 'Марка «Foo» не найдена'], ['ImportRowError', 'Не заполнено поле «Пробег»'], ['ImportRowError', 'Цена: «abc» — не число']].sort(),
    );
    expect(sent.json().data.project_id).toBe(issues[0]!.project_id);
    // Sent again: the same issues counted twice, none added.
    await t.request('POST', `${API}/import/reports/ecs`, { token: staff, body: { data: { report_id: report.id } } });
    const again = await issuesOf(siteA);
    expect(again.length).toBe(4);
    expect(again.every((issue) => issue.count === 2)).toBe(true);

    // Another client's staff, a dealer without the code, an unfinished run: refused, nothing sent.
    expect((await t.request('POST', `${API}/import/reports/ecs`, { token: staffB, body: { data: { report_id: report.id } } })).statusCode).toBe(404);
    expect((await t.request('POST', `${API}/import/reports/ecs`, { token: dealerA, body: { data: { report_id: report.id } } })).statusCode).toBe(403);
    const running = await finishedReport(siteA, clientA, Number(settings.id), [['x']], { is_finished: false, status: 'in_process' });
    for (const [lang, text] of [['ru', /ещё выполняется/], ['en', /still running/]] as const) {
      const refused = await t.request('POST', `${API}/import/reports/ecs`, { token: staff, lang, body: { data: { report_id: running.id } } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0].title).toMatch(text);
    }
    await t.database.db.update(importReports).set({ is_finished: true, status: 'finished' }).where(eq(importReports.id, running.id));
    expect((await issuesOf(siteA)).length).toBe(4);
  });

  it("sends each named site project's latest finished report; a project not of a site refuses the whole list", async () => {
    const settingsB = await settingsOf(staffB, siteB);
    await finishedReport(siteB, clientB, Number(settingsB.id), [['Старая ошибка']]);
    const latest = await finishedReport(siteB, clientB, Number(settingsB.id), [['Модель «Bar» не найдена у марки']]);
    const [projectA] = await t.database.db.select().from(errorProjects).where(eq(errorProjects.site_id, siteA));
    const server = await t.database.db.select().from(errorProjects).where(eq(errorProjects.kind, 'server'));
    // Site B has no project yet: staff name it by the project the collection makes for the site.
    const { ErrorCollector } = await import('../error-collection-system/collector.ts');
    const projectB = (await new ErrorCollector(t.ctx).siteProject(siteB))!;

    if (server[0]) {
      const bad = await t.request('POST', `${API}/import/reports/ecs/by_projects`, { token: staff, lang: 'en', body: { data: { project_ids: [projectB.id, server[0].id] } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ source: { pointer: '/data/project_ids/1' } });
      expect(bad.json().errors[0].title).toMatch(/is not a site/);
      expect((await issuesOf(siteB)).length).toBe(0);
    }
    expect((await t.request('POST', `${API}/import/reports/ecs/by_projects`, { token: staff, body: { data: { project_ids: [] } } })).statusCode).toBe(400);
    expect((await t.request('POST', `${API}/import/reports/ecs/by_projects`, { token: staff, body: { data: { project_ids: [999_999] } } })).statusCode).toBe(404);

    const sent = await t.request('POST', `${API}/import/reports/ecs/by_projects`, { token: staffB, body: { data: { project_ids: [projectB.id, projectA!.id] } } });
    expect(sent.statusCode, sent.body).toBe(200);
    // Site A is not this client's: nothing of it is sent.
    expect(sent.json().data).toEqual([
      { project_id: projectB.id, report_id: latest.id, events: 1, limited: 0 },
      { project_id: projectA!.id, report_id: null, events: 0, limited: 0 },
    ]);
    expect((await issuesOf(siteB)).map((issue) => issue.message)).toEqual(['Модель «Bar» не найдена у марки']);
  });
});
