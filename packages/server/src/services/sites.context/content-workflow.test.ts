import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { apiRoutes, auditLog, rolePermissions, sites, userRoles } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { PUBLISH_STATE_JOB } from '../../kit/state-workflow.ts';
import { pages } from './content.table.ts';

/**
 * The state workflow kit (kit/state-workflow.ts) through page and layout states, rule by rule of
 * spec 000 §4: submit only a draft; change or delete only a draft; publish unless published;
 * unpublish keeps the version; copy and restore make drafts; publishing, unpublishing and
 * scheduling need the publishing permission on every site, and strict publishing a submission; publication by time happens, is cancelled, and ends with
 * publication status 3 when refused at run time.
 */
let t: TestApp;
let client: number;
let site: number;
let strictSite: number;
let editor: string;
let publisher: { id: number; token: string };

const API = '/gateway/sites.context/api/v1';
const EDIT = { 'sites.context': ['pages.get_list', 'pages.patch', 'layouts.patch', 'templates.patch'] };
const PUBLISH = { 'sites.context': [...EDIT['sites.context'], 'pages.publish', 'layouts.publish'] };

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.createClient();
  const insert = async (strict: boolean) => (await t.database.db.insert(sites).values({ name: 'Сайт', client_id: client, type: 3, strict_publishing: strict }).returning())[0]!.id;
  site = await insert(false);
  strictSite = await insert(true);
  editor = (await t.signIn((await t.createUser({ grants: EDIT, clientIds: [client] })).email)).access_token;
  const user = await t.createUser({ grants: PUBLISH, clientIds: [client] });
  publisher = { id: user.id, token: (await t.signIn(user.email)).access_token };
});
afterAll(() => t?.close());

const call = (method: string, url: string, token: string, data?: unknown) =>
  t.request(method, `${API}${url}`, { token, lang: 'en', ...(data !== undefined ? { body: { data } } : {}) });
const attrs = (response: { json(): any }) => response.json().data.attributes;

/** A page of `siteId` with its first draft; answers the page and the draft's ids. */
async function newPage(siteId: number, caption = 'О компании') {
  const response = await call('POST', '/pages', editor, { attributes: { site_id: siteId, uri: `/p-${Math.random().toString(36).slice(2, 8)}`, caption } });
  expect(response.statusCode, response.body).toBe(201);
  return { page: response.json().data.id as string, draft: String(attrs(response).drafts[0]) };
}
const state = async (id: string) => attrs(await call('GET', `/page_states/${id}`, editor));
const action = (id: string, name: string, token = editor) => call('POST', `/page_states/${id}/${name}`, token);

describe('page states through the workflow', () => {
  it('submits only a draft, and changes or deletes only a draft', async () => {
    const { draft } = await newPage(site);
    expect((await call('PATCH', `/page_states/${draft}`, editor, { attributes: { caption: 'Контакты', hide_from_menu: true } })).statusCode).toBe(200);
    const submitted = await action(draft, 'submit');
    expect(submitted.statusCode).toBe(200);
    expect(attrs(submitted)).toMatchObject({ status: 2, caption: 'Контакты', hide_from_menu: true });
    const again = await action(draft, 'submit');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errors[0].title).toBe('Only a draft can be changed or deleted');
    expect((await call('PATCH', `/page_states/${draft}`, editor, { attributes: { caption: 'x' } })).statusCode).toBe(409);
    expect((await call('DELETE', `/page_states/${draft}`, editor)).statusCode).toBe(409);
    const other = await newPage(site);
    expect((await call('DELETE', `/page_states/${other.draft}`, editor)).statusCode).toBe(204);
  });

  it('publishes unless published, keeps every published state as a numbered version, and unpublishes keeping it', async () => {
    const { page, draft } = await newPage(site);
    const published = await action(draft, 'publish', publisher.token);
    expect(published.statusCode).toBe(200);
    expect(attrs(published)).toMatchObject({ status: 3, version: 1, superseded_at: null, publication_status: 2 });
    expect(attrs(published).published_at).not.toBeNull();
    const twice = await action(draft, 'publish', publisher.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].title).toBe('This version is already published');
    expect(attrs(await call('GET', `/pages/${page}`, editor)).published).toBe(Number(draft));

    // A copy is a draft with the same content; published, it supersedes the first version.
    const copy = await action(draft, 'copy');
    expect(copy.statusCode).toBe(200);
    expect(attrs(copy)).toMatchObject({ status: 1, version: null, copied_from_id: Number(draft), caption: attrs(published).caption });
    const second = await action(copy.json().data.id, 'publish', publisher.token);
    expect(attrs(second)).toMatchObject({ status: 3, version: 2 });
    const first = await state(draft);
    expect(first).toMatchObject({ status: 3, version: 1 });
    expect(first.superseded_at).not.toBeNull();
    const kept = await action(draft, 'publish', publisher.token);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().errors[0].title).toBe('This is a kept version: restore it as a draft to publish it again');

    const off = await action(copy.json().data.id, 'unpublish', publisher.token);
    expect(off.statusCode).toBe(200);
    expect(attrs(off)).toMatchObject({ status: 3, version: 2 });
    expect(attrs(off).superseded_at).not.toBeNull();
    expect(attrs(await call('GET', `/pages/${page}`, editor)).published).toBeNull();
    expect((await action(copy.json().data.id, 'unpublish', publisher.token)).statusCode).toBe(409);
    // The versions panel: every published state, newest first.
    const versions = await call('GET', `/page_states?filter[page_id]=${page}&filter[status]=3&sort=-version`, editor);
    expect(versions.json().data.map((row: any) => row.attributes.version)).toEqual([2, 1]);
    // The site's renderer was told (rendered_at), and the trail has each step.
    const [row] = await t.database.db.select({ rendered_at: sites.rendered_at }).from(sites).where(eq(sites.id, site));
    expect(row!.rendered_at).not.toBeNull();
    const trail = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.resource, 'page_states'), eq(auditLog.record_id, draft)));
    expect(trail.map((entry) => entry.action)).toEqual(expect.arrayContaining(['publish']));
  });

  it('restores an earlier version as a new draft, and restores only versions', async () => {
    const { draft } = await newPage(site, 'Старая версия');
    await action(draft, 'publish', publisher.token);
    const next = (await action(draft, 'copy')).json().data.id;
    await call('PATCH', `/page_states/${next}`, editor, { attributes: { caption: 'Новая версия' } });
    await action(next, 'publish', publisher.token);
    const restored = await action(draft, 'restore');
    expect(restored.statusCode).toBe(200);
    expect(attrs(restored)).toMatchObject({ status: 1, caption: 'Старая версия', copied_from_id: Number(draft), version: null });
    expect((await action(restored.json().data.id, 'restore')).statusCode).toBe(409);
  });

  it('publishes, unpublishes and schedules only for a holder of pages.publish: the write code alone is refused', async () => {
    const { draft } = await newPage(site);
    expect((await action(draft, 'publish')).statusCode).toBe(403);
    expect((await schedule404(draft, editor)).statusCode).toBe(403);
    expect((await state(draft)).status).toBe(1);
    const done = await action(draft, 'publish', publisher.token);
    expect(done.statusCode).toBe(200);
    expect(attrs(done)).toMatchObject({ status: 3, version: 1, published_by: publisher.id });
    expect((await action(draft, 'unpublish')).statusCode).toBe(403);
    expect((await state(draft)).superseded_at).toBeNull();
  });

  it('refuses the write code in the workflow itself, naming the permission, when a gateway row still lets it through', async () => {
    const rows = and(eq(apiRoutes.service, 'sites.context'), like(apiRoutes.path, '/api/v1/page_states/{id}/%publish'));
    await t.database.db.update(apiRoutes).set({ permissions: ['pages.patch', 'pages.publish'] }).where(rows);
    await t.routeTable.reload();
    try {
      const { draft } = await newPage(site);
      const refused = await action(draft, 'publish');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].title).toBe('Publishing, unpublishing and scheduling need the permission "Pages: publish": ask your manager');
      const ru = await t.request('POST', `${API}/page_states/${draft}/publish`, { token: editor, lang: 'ru' });
      expect(ru.json().errors[0].title).toBe('Публиковать, снимать с публикации и назначать время публикации может только обладатель права «Страницы: публикация»: обратитесь к руководителю');
      expect((await state(draft)).status).toBe(1);
    } finally {
      await t.database.db.update(apiRoutes).set({ permissions: ['pages.publish'] }).where(rows);
      await t.routeTable.reload();
    }
  });

  it('with strict publishing, publishes only a submitted state, even for a holder of pages.publish', async () => {
    const { draft } = await newPage(strictSite);
    const early = await action(draft, 'publish', publisher.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].title).toBe('The site publishes strictly: submit the version for approval first');
    expect((await action(draft, 'submit')).statusCode).toBe(200);
    expect((await action(draft, 'publish')).statusCode).toBe(403);
    const done = await action(draft, 'publish', publisher.token);
    expect(done.statusCode).toBe(200);
    expect(attrs(done).published_by).toBe(publisher.id);
    // Taking it off the site is the publisher's too.
    const off = await action(draft, 'unpublish');
    expect(off.statusCode).toBe(403);
    expect((await state(draft)).superseded_at).toBeNull();
    expect((await action(draft, 'unpublish', publisher.token)).statusCode).toBe(200);
  });
});

describe('publication by time', () => {
  const schedule = (id: string, at: Date, token = publisher.token) => call('POST', `/page_states/${id}/schedule`, token, { publish_at: at.toISOString() });

  it('refuses a moment in the past, on the field', async () => {
    const { draft } = await newPage(site);
    const past = await schedule(draft, new Date(Date.now() - 60_000));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ title: 'The publication time must be in the future', source: { pointer: '/data/publish_at' } });
  });

  it('publishes the state at the chosen moment by its job, shown as in progress until then', async () => {
    const { draft } = await newPage(site);
    const at = new Date(Date.now() + 3000);
    const scheduled = await schedule(draft, at);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(attrs(scheduled)).toMatchObject({ status: 1, publication_status: 1, publish_at: at.toISOString() });
    const job = await jobOf('page_states', draft);
    expect(await jobState(job)).toBe('created');
    expect((await state(draft)).status).toBe(1);
    // The job's completion is the event: the state is published by then, not before its moment.
    expect(await jobDone(job)).toBe('completed');
    const done = await state(draft);
    expect(done).toMatchObject({ status: 3, version: 1, publication_status: 2, publish_at: null });
    expect(new Date(done.published_at).getTime()).toBeGreaterThanOrEqual(at.getTime() - 1000);
  });

  it('is cancelled: the state goes back to plain, the job is cancelled', async () => {
    const { draft } = await newPage(site);
    const scheduled = await schedule(draft, new Date(Date.now() + 3_600_000));
    const jobId = (await t.database.db.execute(sql`select publish_job_id from page_states where id = ${Number(draft)}`)) as unknown as { rows: { publish_job_id: string }[] };
    expect(jobId.rows[0]!.publish_job_id).toBeTruthy();
    expect(attrs(scheduled).publication_status).toBe(1);
    const cancelled = await call('DELETE', `/page_states/${draft}/schedule`, publisher.token);
    expect(cancelled.statusCode).toBe(200);
    expect(attrs(cancelled)).toMatchObject({ publish_at: null, publication_status: null, status: 1 });
    const job = await waitUntil('the job cancelled', async () => {
      const result = (await t.database.db.execute(sql`select state from pgboss.job where name = ${PUBLISH_STATE_JOB} and id = ${jobId.rows[0]!.publish_job_id}`)) as unknown as { rows: { state: string }[] };
      return result.rows[0]?.state === 'cancelled' ? result.rows[0] : undefined;
    });
    expect(job.state).toBe('cancelled');
  });

  it('ends with publication status 3 when publishing is refused at run time', async () => {
    const { draft } = await newPage(strictSite);
    await action(draft, 'submit');
    // Scheduling already needs the permission...
    expect((await schedule(draft, new Date(Date.now() + 60_000), editor)).statusCode).toBe(403);
    const scheduler = await t.createUser({ grants: PUBLISH, clientIds: [client] });
    const scheduled = await schedule(draft, new Date(Date.now() + 3000), (await t.signIn(scheduler.email)).access_token);
    expect(scheduled.statusCode).toBe(200);
    const job = await jobOf('page_states', draft);
    // ...and the job checks it again: the scheduler lost it meanwhile.
    const roles = await t.database.db.select({ role: userRoles.role_id }).from(userRoles).where(eq(userRoles.user_id, scheduler.id));
    await t.database.db.delete(rolePermissions).where(eq(rolePermissions.role_id, roles[0]!.role));
    // The job ends normally: the refusal is the state's, not a failure to retry.
    expect(await jobDone(job)).toBe('completed');
    const failed = await state(draft);
    expect(failed).toMatchObject({ status: 2, version: null });
    expect(failed.publication_error).toMatch(/^publishing_permission\|/);
  });
});

describe('layout states through the workflow', () => {
  it('are drafts first, published with kept versions and restored as drafts', async () => {
    const layout = await call('POST', '/layouts', editor, { attributes: { site_id: site, name: 'Основной' } });
    expect(layout.statusCode).toBe(201);
    expect(attrs(layout).is_default).toBe(true);
    const first = await call('POST', '/layout_states', editor, { attributes: { layout_id: Number(layout.json().data.id), caption: 'Зима' } });
    expect(first.statusCode, first.body).toBe(201);
    expect(attrs(first)).toMatchObject({ status: 1, site_id: site, client_id: client, header_floors: [], footer_floors: [] });
    const id = first.json().data.id;
    expect(attrs(await call('POST', `/layout_states/${id}/publish`, publisher.token))).toMatchObject({ status: 3, version: 1 });
    expect((await call('PATCH', `/layout_states/${id}`, editor, { attributes: { caption: 'x' } })).statusCode).toBe(409);
    const draft = await call('POST', `/layout_states/${id}/restore`, editor);
    expect(attrs(draft)).toMatchObject({ status: 1, caption: 'Зима' });
    expect(attrs(await call('POST', `/layout_states/${draft.json().data.id}/publish`, publisher.token))).toMatchObject({ version: 2 });
    // A second layout made the default takes the mark from the first.
    const second = await call('POST', '/layouts', editor, { attributes: { site_id: site, name: 'Весна', is_default: true } });
    expect(attrs(second).is_default).toBe(true);
    expect(attrs(await call('GET', `/layouts/${layout.json().data.id}`, editor)).is_default).toBe(false);
  });

  it('answers 404 to another client on every workflow route', async () => {
    const { draft } = await newPage(site);
    const other = await t.createClient();
    const stranger = (await t.signIn((await t.createUser({ grants: PUBLISH, clientIds: [other] })).email)).access_token;
    for (const name of ['submit', 'publish', 'unpublish', 'copy', 'restore']) expect((await action(draft, name, stranger)).statusCode, name).toBe(404);
    expect((await schedule404(draft, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/page_states/${draft}/schedule`, stranger)).statusCode).toBe(404);
    expect((await call('POST', '/page_states', stranger, { attributes: { page_id: Number((await state(draft)).page_id), caption: 'x' } })).statusCode).toBe(400);
    const [page] = await t.database.db.select().from(pages).where(eq(pages.id, Number((await state(draft)).page_id)));
    expect(page).toBeTruthy();
  });
});

describe('publication of a layout state by time', () => {
  const layoutWithDraft = async (caption: string) => {
    const layout = await call('POST', '/layouts', editor, { attributes: { site_id: site, name: `Макет ${caption}` } });
    const draft = await call('POST', '/layout_states', editor, { attributes: { layout_id: Number(layout.json().data.id), caption } });
    expect(draft.statusCode, draft.body).toBe(201);
    return { layout: layout.json().data.id as string, draft: draft.json().data.id as string };
  };
  const layoutState = async (id: string) => attrs(await call('GET', `/layout_states/${id}`, editor));

  it('is published by its job at the moment, superseding the published version', async () => {
    const { draft: first } = await layoutWithDraft('Лето');
    expect(attrs(await call('POST', `/layout_states/${first}/publish`, publisher.token))).toMatchObject({ status: 3, version: 1 });
    const next = (await call('POST', `/layout_states/${first}/copy`, editor)).json().data.id as string;
    await call('PATCH', `/layout_states/${next}`, editor, { attributes: { caption: 'Осень' } });
    const at = new Date(Date.now() + 1500);
    const scheduled = await call('POST', `/layout_states/${next}/schedule`, publisher.token, { publish_at: at.toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(attrs(scheduled)).toMatchObject({ status: 1, publication_status: 1, publish_at: at.toISOString() });
    expect(await jobDone(await jobOf('layout_states', next))).toBe('completed');
    expect(await layoutState(next)).toMatchObject({ status: 3, version: 2, caption: 'Осень', publication_status: 2, publish_at: null });
    const kept = await layoutState(first);
    expect(kept.superseded_at).not.toBeNull();
  });

  it('is cancelled before its moment: the job is cancelled and the state stays a draft', async () => {
    const { draft } = await layoutWithDraft('Зима');
    await call('POST', `/layout_states/${draft}/schedule`, publisher.token, { publish_at: new Date(Date.now() + 3_600_000).toISOString() });
    const job = await jobOf('layout_states', draft);
    const cancelled = await call('DELETE', `/layout_states/${draft}/schedule`, publisher.token);
    expect(cancelled.statusCode).toBe(200);
    expect(attrs(cancelled)).toMatchObject({ status: 1, publish_at: null, publication_status: null });
    expect(await jobDone(job)).toBe('cancelled');
    expect((await layoutState(draft)).status).toBe(1);
  });

  it('moves to a new moment: the earlier job is cancelled, the new one publishes', async () => {
    const { draft } = await layoutWithDraft('Весна');
    await call('POST', `/layout_states/${draft}/schedule`, publisher.token, { publish_at: new Date(Date.now() + 3_600_000).toISOString() });
    const earlier = await jobOf('layout_states', draft);
    const moved = await call('POST', `/layout_states/${draft}/schedule`, publisher.token, { publish_at: new Date(Date.now() + 1500).toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    const later = await jobOf('layout_states', draft);
    expect(later).not.toBe(earlier);
    expect(await jobDone(earlier)).toBe('cancelled');
    expect(await jobDone(later)).toBe('completed');
    expect(await layoutState(draft)).toMatchObject({ status: 3, version: 1, publication_status: 2 });
  });

  it('is refused for a published state and for a moment that is not a time', async () => {
    const { draft } = await layoutWithDraft('Опубликованный');
    await call('POST', `/layout_states/${draft}/publish`, publisher.token);
    const again = await call('POST', `/layout_states/${draft}/schedule`, publisher.token, { publish_at: new Date(Date.now() + 60_000).toISOString() });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errors[0].title).toBe('This version is already published');
    const bad = await call('POST', `/layout_states/${draft}/schedule`, publisher.token, { publish_at: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
  });
});

/** The publication job a state names now (the scheduling has queued it after its commit). */
async function jobOf(table: 'page_states' | 'layout_states', id: string): Promise<string> {
  const result = (await t.database.db.execute(sql`select publish_job_id from ${sql.identifier(table)} where id = ${Number(id)}`)) as unknown as { rows: { publish_job_id: string | null }[] };
  const job = result.rows[0]?.publish_job_id;
  expect(job).toBeTruthy();
  return job!;
}
async function jobState(id: string) {
  const result = (await t.database.db.execute(sql`select state from pgboss.job where name = ${PUBLISH_STATE_JOB} and id = ${id}`)) as unknown as { rows: { state: string }[] };
  return result.rows[0]?.state;
}
/** Waits for the job to end (completed, cancelled or failed) and answers how it ended. */
const jobDone = (id: string) => waitUntil(`the publication job ${id} to end`, async () => {
  const current = await jobState(id);
  return current && ['completed', 'cancelled', 'failed'].includes(current) ? current : undefined;
});

const schedule404 = (id: string, token: string) => call('POST', `/page_states/${id}/schedule`, token, { publish_at: new Date(Date.now() + 60_000).toISOString() });
