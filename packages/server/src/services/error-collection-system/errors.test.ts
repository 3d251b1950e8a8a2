import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { publishedSite, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { applyRetention, capProjectEvents } from './collector.ts';
import { errorEvents, errorIssues, errorProjects } from './errors.table.ts';
import { chromium, firefox, sentryEnvelope, SITE_ORIGIN } from './errors.fixtures.ts';
import { errorCollectorOf } from './index.ts';
import { notifications } from '../notificator/notification.table.ts';
import { errorReporterPath, errorReporterScript } from './reporter-script.ts';

const errorReporterScriptOf = () => errorReporterScript;
import { SourceMaps } from './source-maps.ts';

/**
 * The error collection (spec 000 §7 /error-collection-system): ingestion from the sites' reporter,
 * the admin's reporter and the Sentry SDK's envelope; its refusals; grouping of real Chromium and
 * Firefox stack traces; reappearance; retention and the per-project cap; who sees what; search.
 */
let t: TestApp;
let staff: string;
let dealerA: string;
let dealerNoGrant: string;
let siteA: TestSite;
let siteB: TestSite;

const BASE = '/gateway/error-collection-system';
const grants = { 'error-collection-system': ['sso_show'] };

beforeAll(async () => {
  t = await buildTestApp();
  staff = (await t.signIn((await t.createUser({ email: `errors-staff-${Date.now()}@platform.test`, grants })).email)).access_token;
  siteA = await publishedSite(t);
  siteB = await publishedSite(t);
  dealerA = (await t.signIn((await t.createUser({ clientIds: [siteA.clientId], grants })).email)).access_token;
  dealerNoGrant = (await t.signIn((await t.createUser({ clientIds: [siteA.clientId] })).email)).access_token;
});
afterAll(() => t?.close());

/** A report of the sites' reporter script, posted on the site's host as sendBeacon does (text/plain). */
const report = (site: TestSite, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/_api/errors', headers: { host: site.host, 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', ...headers }, payload: typeof body === 'string' ? body : JSON.stringify(body) });

async function projectOf(site: TestSite) {
  const [project] = await t.database.db.select().from(errorProjects).where(eq(errorProjects.site_id, site.id));
  return project!;
}
type Issue = { id: string; attributes: { status: string; count: number; message: string; type: string; users: number; browsers: { name: string; count: number }[]; culprit: string | null; project_id: number } };
async function issuesOf(token: string, query: string) {
  const response = await t.request('GET', `${BASE}/api/v1/issues?${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Issue[];
}

describe('the sites reporter', () => {
  it('is a script file of its own on every site, loaded async beside the site script, allowed by the page CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: siteA.host } });
    expect(page.body).toContain(`<script src="${errorReporterPath}" data-sample="100" async></script>`);
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    const script = await t.app.inject({ method: 'GET', url: errorReporterPath, headers: { host: siteA.host } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain("sendBeacon('/_api/errors'");
  });

  it('groups real Chromium traces of one error (other build, ids and numbers) into one issue of the site project', async () => {
    for (const one of [chromium.priceA, chromium.priceB]) expect((await report(siteA, { ...one, url: `${SITE_ORIGIN}/cars` })).statusCode).toBe(202);
    for (const one of [chromium.carA, chromium.carB]) expect((await report(siteA, { ...one, url: `${SITE_ORIGIN}/cars/1` })).statusCode).toBe(202);
    const project = await projectOf(siteA);
    expect(project).toMatchObject({ kind: 'site', client_id: siteA.clientId });
    const issues = await issuesOf(staff, `filter[project]=${project.id}`);
    const price = issues.find((issue) => issue.attributes.message.includes("'price'"))!;
    expect(price.attributes).toMatchObject({ type: 'TypeError', count: 2, status: 'unresolved', culprit: 'formatPrice (/_site/site.<hash>.js)' });
    expect(price.attributes.browsers).toEqual([{ name: 'Firefox 133', count: 2 }]);
    const car = issues.filter((issue) => issue.attributes.message.startsWith('Car '));
    expect(car).toHaveLength(1);
    expect(car[0]!.attributes.count).toBe(2);
  });

  it('tells staff of a new issue through the notificator, naming the project and the issue', async () => {
    const site = await publishedSite(t);
    expect((await report(site, { ...chromium.priceA, url: `${SITE_ORIGIN}/cars` })).statusCode).toBe(202);
    const project = await projectOf(site);
    const [issue] = await t.database.db.select().from(errorIssues).where(eq(errorIssues.project_id, project.id));
    const raised = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.type, 'new_error_issue'))).filter((row) => (row.details as { issue_id?: number }).issue_id === issue!.id);
    await expect.poll(async () => (await raised()).length).toBe(1);
    expect((await raised())[0]).toMatchObject({ service: 'error-collection-system', level: 'error' });
    expect((await raised())[0]!.text).toContain('TypeError');
  });

  it('groups real Firefox traces the same way and keeps an unrelated error apart', async () => {
    for (const one of [firefox.priceA, firefox.priceB, firefox.stage]) expect((await report(siteB, one)).statusCode).toBe(202);
    const project = await projectOf(siteB);
    const issues = await issuesOf(staff, `filter[project]=${project.id}&sort=-count`);
    expect(issues.map((issue) => [issue.attributes.message, issue.attributes.count])).toEqual([
      ['car is undefined', 2],
      ['invalid array length', 1],
    ]);
  });

  it('leaves a browser extension frame out of the grouping: the page frames decide', async () => {
    await report(siteB, chromium.extension);
    await report(siteB, { ...chromium.extension, stack: chromium.extension.stack.replace('inject (chrome-extension://abcdefghijklmnop/content.js:3:9)', 'other (moz-extension://zzz/other.js:1:1)') });
    const issues = await issuesOf(staff, `filter[search]=ext is not defined`);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.attributes).toMatchObject({ count: 2, culprit: 'formatPrice (/_site/site.<hash>.js)' });
  });

  it('refuses what is not an error event, a body too big, and a GET, in the caller language, and stores nothing', async () => {
    const before = (await projectOf(siteA)).events_total;
    const notEvent = await report(siteA, { hello: 'world' }, { 'accept-language': 'en' });
    expect(notEvent.statusCode).toBe(400);
    expect(notEvent.json().errors[0]).toMatchObject({ code: 'error_not_event', title: 'Only error events are accepted' });
    const garbage = await report(siteA, '{"message": ', { 'accept-language': 'ru' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors[0].title).toBe('Принимаются только события ошибок');
    const big = await report(siteA, { message: 'x', stack: 'y'.repeat(40 * 1024) });
    expect(big.statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/_api/errors', headers: { host: siteA.host } })).statusCode).toBe(405);
    expect((await projectOf(siteA)).events_total).toBe(before);
  });

  it('refuses past the project rate limit with 429 and Retry-After', async () => {
    const site = await publishedSite(t);
    expect((await report(site, chromium.priceA)).statusCode).toBe(202);
    const project = await projectOf(site);
    await t.database.db.update(errorProjects).set({ rate_limit: 2 }).where(eq(errorProjects.id, project.id));
    // The collector keeps projects a minute: a new collector view of the limit comes from the row.
    errorCollectorOf(t.app)['byKey'].clear();
    expect((await report(site, chromium.priceB)).statusCode).toBe(202);
    const refused = await report(site, chromium.carA, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [issue] = await t.database.db.select().from(errorIssues).where(eq(errorIssues.project_id, project.id));
    expect(issue!.count).toBe(2);
  });
});

describe("a site project's sampling", () => {
  /** Runs the reporter as a page with this script tag would: answers whether it listens for errors. */
  const listens = (sample: string | null, random: number) => {
    const listeners: string[] = [];
    const math = Object.create(Math) as Math;
    math.random = () => random;
    vm.runInNewContext(errorReporterScriptOf(), {
      window: { addEventListener: (name: string) => listeners.push(name) },
      document: { currentScript: { getAttribute: (name: string) => (name === 'data-sample' ? sample : null) } },
      Math: math,
      isNaN,
      Number,
    });
    return listeners.length > 0;
  };

  it('is a setting staff change on the project, which the site pages give the reporter, in percent', async () => {
    const site = await publishedSite(t);
    const page = () => t.app.inject({ method: 'GET', url: '/', headers: { host: site.host } });
    expect((await report(site, { type: 'Error', message: 'sampling starts the project', stack: '' })).statusCode).toBe(202);
    const project = await projectOf(site);
    expect(project.sample_percent).toBe(100);
    const patch = (token: string, value: unknown, lang = 'en', id = project.id) =>
      t.request('PATCH', `${BASE}/api/v1/projects/${id}`, { token, lang, body: { data: { attributes: { sample_percent: value } } } });
    const changed = await patch(staff, 25);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes.sample_percent).toBe(25);
    await expect.poll(async () => (await page()).body).toContain('data-sample="25"');
    // Out of range, not a number, another kind of project, a dealer: refused, nothing changed.
    const over = await patch(staff, 101);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ title: 'The share of page views is a whole number of percent from 0 to 100', source: { pointer: '/data/attributes/sample_percent' } });
    expect((await patch(staff, 'half', 'ru')).json().errors[0].title).toBe('Доля просмотров — целое число процентов от 0 до 100');
    const admin = await errorCollectorOf(t.app).ownProject('admin');
    const notSite = await patch(staff, 50, 'ru', admin.id);
    expect(notSite.statusCode).toBe(400);
    expect(notSite.json().errors[0].title).toBe('Выборка задаётся только для проектов сайтов');
    expect((await patch(dealerA, 50)).statusCode).toBe(403);
    expect((await projectOf(site)).sample_percent).toBe(25);
  });

  it('makes the reporter listen on that share of page views only', () => {
    expect(listens('25', 0.2)).toBe(true);
    expect(listens('25', 0.3)).toBe(false);
    expect(listens('0', 0)).toBe(false);
    expect(listens('100', 0.99)).toBe(true);
    // No setting on the tag (an old cached page): every page view.
    expect(listens(null, 0.99)).toBe(true);
  });
});

describe('the Sentry SDK envelope', () => {
  const envelopeUrl = (projectId: number | string, key?: string) => `${BASE}/api/${projectId}/envelope/${key ? `?sentry_key=${key}&sentry_version=7` : ''}`;

  it('takes an envelope by the DSN key (header or query), skips its other items, and groups like the script', async () => {
    const project = await projectOf(siteA);
    const dsn = `http://${project.key}@localhost/gateway/error-collection-system/${project.id}`;
    const byHeader = await t.app.inject({
      method: 'POST',
      url: envelopeUrl(project.id),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.javascript.browser/8.40.0, sentry_key=${project.key}` },
      payload: sentryEnvelope(dsn),
    });
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    expect(byHeader.json()).toEqual({ id: 'f3c1b7a2d4e54c0f9a8b7c6d5e4f3a2b' });
    const byQuery = await t.app.inject({ method: 'POST', url: envelopeUrl(project.id, project.key), headers: { 'content-type': 'application/x-sentry-envelope' }, payload: sentryEnvelope(dsn, { release: 'site@2026.11.30' }) });
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    const [issue] = await issuesOf(staff, `filter[project]=${project.id}&filter[search]=addEventListener`);
    expect(issue!.attributes).toMatchObject({ count: 2, users: 1, culprit: 'menu (/_site/site.<hash>.js)', browsers: [{ name: 'Chrome 131', count: 2 }] });
    const events = (await t.request('GET', `${BASE}/api/v1/events?filter[issue]=${issue!.id}`, { token: staff })).json().data;
    expect(events[0].attributes).toMatchObject({ release: 'site@2026.11.30', url: `${SITE_ORIGIN}/cars`, user: 'visitor-17' });
    // Top of the stack first.
    expect(events[0].attributes.frames.map((frame: { function: string }) => frame.function)).toEqual(['menu', '?']);
  });

  it('refuses an unknown key, a key of another project, an envelope without an error event, and one too big', async () => {
    const project = await projectOf(siteA);
    const other = await projectOf(siteB);
    const dsn = `http://${project.key}@localhost/x/${project.id}`;
    const post = (url: string, payload: string) => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain', 'accept-language': 'en' }, payload });
    const unknown = await post(envelopeUrl(project.id, '0123456789abcdef0123456789abcdef'), sentryEnvelope(dsn));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errors[0].title).toBe('Unknown project key');
    expect((await post(envelopeUrl(other.id, project.key), sentryEnvelope(dsn))).statusCode).toBe(401);
    expect((await post(envelopeUrl(project.id), sentryEnvelope(dsn))).statusCode).toBe(401);
    const session = await post(envelopeUrl(project.id, project.key), sentryEnvelope(dsn, { items: 'session' }));
    expect(session.statusCode).toBe(400);
    expect(session.json().errors[0].code).toBe('error_not_event');
    expect((await post(envelopeUrl(project.id, project.key), 'not an envelope')).statusCode).toBe(400);
    expect((await post(envelopeUrl(project.id, project.key), sentryEnvelope(dsn, { message: 'x'.repeat(300 * 1024) }))).statusCode).toBe(413);
  });
});

describe('the admin and the server', () => {
  it('takes the admin reporter event into the admin project, and the server 5xx into the server project', async () => {
    const sent = await t.request('POST', `${BASE}/api/v1/report`, { body: { type: 'TypeError', message: 'x.map is not a function', stack: 'TypeError: x.map is not a function\n    at List (http://localhost/assets/index-AbCd1234.js:1:200)' } });
    expect(sent.statusCode, sent.body).toBe(202);
    const server = await errorCollectorOf(t.app).ownProject('server');
    const done = new Promise<void>((resolve) => {
      const collector = errorCollectorOf(t.app);
      const submit = collector.submit.bind(collector);
      collector.submit = (project, event) => submit(project, event).finally(() => resolve());
    });
    t.app.onServerError!(new Error('database connection 17 lost'), { method: 'GET', url: '/gateway/x/api/v1/y?secret=1' } as never);
    await done;
    const projects = (await t.request('GET', `${BASE}/api/v1/projects?filter[kind]=server`, { token: staff })).json().data;
    expect(projects[0].attributes).toMatchObject({ kind: 'server', issues_open: 1 });
    const [event] = (await t.request('GET', `${BASE}/api/v1/events?filter[project]=${server.id}`, { token: staff })).json().data;
    expect(event.attributes).toMatchObject({ message: 'database connection 17 lost', url: 'GET /gateway/x/api/v1/y' });
    const admin = await errorCollectorOf(t.app).ownProject('admin');
    const [adminIssue] = await issuesOf(staff, `filter[project]=${admin.id}`);
    expect(adminIssue!.attributes.message).toBe('x.map is not a function');
  });

  it('maps the admin frames to the original source through the build source maps', async () => {
    const { transformSync } = await import('esbuild');
    const source = ['function priceOf(car) {', '  return car.price.amount;', '}', 'export function showCar(car) {', '  return priceOf(car);', '}', 'showCar({});', ''].join('\n');
    const built = transformSync(source, { minify: true, sourcemap: 'external', sourcefile: 'src/services/cars/Car.tsx', format: 'iife' });
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'errors-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-Zx81Qa.js.map'), built.map);
    let stack = '';
    try {
      vm.runInNewContext(built.code, {}, { filename: 'http://localhost:3800/assets/index-Zx81Qa.js' });
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    const { parseStack } = await import('./errors.grouping.ts');
    const frames = await new SourceMaps(dist).map(parseStack(stack));
    expect(frames[0]).toMatchObject({ file: 'src/services/cars/Car.tsx', line: 2, mapped: true });
    expect(frames[1]).toMatchObject({ file: 'src/services/cars/Car.tsx', line: 5, mapped: true });
    fs.rmSync(dist, { recursive: true, force: true });
  });
});

describe('states, retention and access', () => {
  it('resolves an issue, and a new event opens it again; an ignored issue stays ignored', async () => {
    const site = await publishedSite(t);
    await report(site, chromium.priceA);
    const project = await projectOf(site);
    const [issue] = await issuesOf(staff, `filter[project]=${project.id}`);
    const resolved = await t.request('POST', `${BASE}/api/v1/issues/${issue!.id}/resolve`, { token: staff });
    expect(resolved.json().data.attributes.status).toBe('resolved');
    expect(await issuesOf(staff, `filter[project]=${project.id}&filter[status]=unresolved`)).toHaveLength(0);
    await report(site, chromium.priceB);
    const [again] = await issuesOf(staff, `filter[project]=${project.id}`);
    expect(again!.attributes).toMatchObject({ status: 'unresolved', count: 2 });
    await t.request('POST', `${BASE}/api/v1/issues/${issue!.id}/ignore`, { token: staff });
    await report(site, { ...chromium.priceA, message: "Cannot read properties of undefined (reading 'price')" });
    const [ignored] = await issuesOf(staff, `filter[project]=${project.id}`);
    expect(ignored!.attributes).toMatchObject({ status: 'ignored', count: 3 });
  });

  it('deletes events past the retention period and past the project cap, and keeps the issue counts', async () => {
    const site = await publishedSite(t);
    for (const one of [chromium.priceA, chromium.priceB, chromium.carA]) await report(site, one);
    const project = await projectOf(site);
    const db = t.database.db;
    const events = await db.select().from(errorEvents).where(eq(errorEvents.project_id, project.id)).orderBy(errorEvents.id);
    await db.update(errorEvents).set({ received_at: sql`now() - interval '31 days'` }).where(eq(errorEvents.id, events[0]!.id));
    await applyRetention(db, { retentionDays: 30, eventsPerProject: 10000 });
    const left = await db.select({ id: errorEvents.id }).from(errorEvents).where(eq(errorEvents.project_id, project.id));
    expect(left.map((row) => row.id)).toEqual([events[1]!.id, events[2]!.id]);
    await capProjectEvents(db, project.id, 1);
    const capped = await db.select({ id: errorEvents.id }).from(errorEvents).where(eq(errorEvents.project_id, project.id));
    expect(capped.map((row) => row.id)).toEqual([events[2]!.id]);
    const issues = await issuesOf(staff, `filter[project]=${project.id}&sort=-count`);
    expect(issues.map((issue) => issue.attributes.count)).toEqual([2, 1]);
  });

  it('shows dealer staff their client sites projects only, never another client, the admin or the server', async () => {
    const projects = (await t.request('GET', `${BASE}/api/v1/projects`, { token: dealerA })).json().data as { id: string; attributes: { site_id: number } }[];
    expect(projects.map((project) => project.attributes.site_id)).toEqual([siteA.id]);
    const other = await projectOf(siteB);
    expect((await t.request('GET', `${BASE}/api/v1/projects/${other.id}`, { token: dealerA })).statusCode).toBe(404);
    expect(await issuesOf(dealerA, `filter[project]=${other.id}`)).toHaveLength(0);
    const [otherIssue] = await issuesOf(staff, `filter[project]=${other.id}`);
    expect((await t.request('GET', `${BASE}/api/v1/issues/${otherIssue!.id}`, { token: dealerA })).statusCode).toBe(404);
    expect((await t.request('POST', `${BASE}/api/v1/issues/${otherIssue!.id}/resolve`, { token: dealerA })).statusCode).toBe(404);
    const events = (await t.request('GET', `${BASE}/api/v1/events?page[size]=100`, { token: dealerA })).json().data as { attributes: { project_id: number } }[];
    expect(new Set(events.map((event) => event.attributes.project_id))).toEqual(new Set([(await projectOf(siteA)).id]));
    const clients = (await t.request('GET', `${BASE}/api/v1/clients`, { token: dealerA })).json().data as { id: string }[];
    expect(clients.map((client) => Number(client.id))).toEqual([siteA.clientId]);
    expect((await t.request('GET', `${BASE}/api/v1/projects`, { token: dealerNoGrant })).statusCode).toBe(403);
    expect((await t.request('GET', `${BASE}/api/v1/projects`)).statusCode).toBe(401);
  });

  it('lists errors by client for staff', async () => {
    const clients = (await t.request('GET', `${BASE}/api/v1/clients?page[size]=100`, { token: staff })).json().data as { id: string; attributes: { issues_open: number; events_total: number } }[];
    const a = clients.find((client) => Number(client.id) === siteA.clientId)!;
    expect(a.attributes.events_total).toBeGreaterThanOrEqual(6);
    expect(a.attributes.issues_open).toBeGreaterThanOrEqual(3);
  });

  it('searches events by text, project, release and time', async () => {
    const project = await projectOf(siteA);
    const search = async (query: string) => ((await t.request('GET', `${BASE}/api/v1/events?page[size]=100&${query}`, { token: staff })).json().data as { attributes: { message: string; project_id: number; release: string | null } }[]);
    const byText = await search(`filter[search]=not found in list&filter[project]=${project.id}`);
    expect(byText.map((event) => event.attributes.message).sort()).toEqual([chromium.carA.message, chromium.carB.message].sort());
    expect((await search('filter[search]=formatPrice')).length).toBeGreaterThanOrEqual(4);
    const b = await projectOf(siteB);
    const inB = await search(`filter[search]=formatPrice&filter[project]=${b.id}`);
    expect(inB.length).toBeGreaterThanOrEqual(1);
    expect(inB.every((event) => event.attributes.project_id === b.id)).toBe(true);
    const byRelease = await search('filter[release]=site@2026.11.30');
    expect(byRelease).toHaveLength(1);
    expect(byRelease[0]!.attributes.project_id).toBe(project.id);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(await search(`filter[from]=${encodeURIComponent(future)}`)).toHaveLength(0);
    expect((await search(`filter[to]=${encodeURIComponent(future)}&filter[project]=${project.id}`)).length).toBeGreaterThanOrEqual(6);
  });
});
