import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { PUBLISH_STATE_JOB } from '../../kit/state-workflow.ts';
import { pageStates } from './content.table.ts';

/**
 * Publication status of spec 000 §4 for publication by time of page, layout and stage states:
 * 1 while the job waits, 2 once published, 3 with the reason when the job failed, 4 "cannot get"
 * when the queue no longer holds the job — found when the state is read (GET one, the list).
 */
let t: TestApp;
let site: number;
let editor: string;

const SITES = '/gateway/sites.context/api/v1';
const CONTENT = '/gateway/content.storage/api/v1';
const GRANTS = { 'sites.context': ['pages.get_list', 'pages.patch', 'pages.publish', 'layouts.patch', 'layouts.publish'], 'content.storage': ['stages.get_list', 'stages.patch', 'stages.publish'] };

beforeAll(async () => {
  t = await buildTestApp();
  const client = await t.createClient();
  site = (await t.database.db.insert(sites).values({ name: 'Сайт', client_id: client, type: 3 }).returning())[0]!.id;
  editor = (await t.signIn((await t.createUser({ grants: GRANTS, clientIds: [client] })).email)).access_token;
});
afterAll(() => t?.close());

const call = (method: string, url: string, data?: unknown, lang = 'en') => t.request(method, url, { token: editor, lang, ...(data !== undefined ? { body: { data } } : {}) });
const attrs = (response: { json(): any }) => response.json().data.attributes;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A draft of each kind, scheduled an hour ahead: the states' address and the job the state names. */
async function scheduled(kind: 'page' | 'layout' | 'stage') {
  let base: string;
  let id: string;
  if (kind === 'page') {
    const page = await call('POST', `${SITES}/pages`, { attributes: { site_id: site, uri: `/p-${Math.random().toString(36).slice(2, 8)}`, caption: 'Акция' } });
    base = `${SITES}/page_states`;
    id = String(attrs(page).drafts[0]);
  } else if (kind === 'layout') {
    const layout = await call('POST', `${SITES}/layouts`, { attributes: { site_id: site, name: `Макет ${Math.random()}` } });
    base = `${SITES}/layout_states`;
    id = (await call('POST', base, { attributes: { layout_id: Number(layout.json().data.id), caption: 'Лето' } })).json().data.id;
  } else {
    const stage = await call('POST', `${CONTENT}/stages`, { attributes: { site_id: site, name: 'Весна' } });
    base = `${CONTENT}/stage_states`;
    id = String(attrs(stage).drafts[0]);
  }
  const response = await call('POST', `${base}/${id}/schedule`, { publish_at: inAnHour() });
  expect(response.statusCode, response.body).toBe(200);
  expect(attrs(response).publication_status).toBe(1);
  // The job is queued after the commit (the answer is sent after it); the state names it.
  const table = `${kind}_states`;
  const job = await waitUntil('the job to be named', async () => {
    const result = (await t.database.db.execute(sql`select publish_job_id from ${sql.identifier(table)} where id = ${Number(id)}`)) as unknown as { rows: { publish_job_id: string | null }[] };
    return result.rows[0]?.publish_job_id ?? undefined;
  });
  return { url: `${base}/${id}`, list: base, id, job: job as string };
}
const jobs = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);

describe('publication status of a state scheduled for publication', () => {
  it('stays 1 "in progress" while its job waits', async () => {
    for (const kind of ['page', 'layout', 'stage'] as const) {
      const { url } = await scheduled(kind);
      expect(attrs(await call('GET', url)), kind).toMatchObject({ status: 1, publication_status: 1, publication_error: null });
    }
  });

  it('becomes 4 "cannot get" when the queue no longer holds the job (removed, or cancelled by hand), on every kind of state', async () => {
    const page = await scheduled('page');
    await jobs(sql`delete from pgboss.job where name = ${PUBLISH_STATE_JOB} and id = ${page.job}::uuid`);
    const lost = attrs(await call('GET', page.url));
    expect(lost).toMatchObject({ status: 1, publication_status: 4, publication_error: 'publication_job_lost' });
    expect(lost.publish_at).not.toBeNull();
    // Written, not only answered: the record says so too.
    const [row] = await t.database.db.select().from(pageStates).where(eq(pageStates.id, Number(page.id)));
    expect(row).toMatchObject({ publication_status: 4, publication_error: 'publication_job_lost' });

    const layout = await scheduled('layout');
    await jobs(sql`update pgboss.job set state = 'cancelled' where name = ${PUBLISH_STATE_JOB} and id = ${layout.job}::uuid`);
    expect(attrs(await call('GET', layout.url))).toMatchObject({ publication_status: 4, publication_error: 'publication_job_lost' });

    // Seen in the list of states as well.
    const stage = await scheduled('stage');
    await jobs(sql`delete from pgboss.job where name = ${PUBLISH_STATE_JOB} and id = ${stage.job}::uuid`);
    const listed = (await call('GET', `${stage.list}?filter[stage_id]=${attrs(await call('GET', stage.url)).stage_id}`)).json().data;
    expect(listed.find((row: any) => row.id === stage.id).attributes).toMatchObject({ publication_status: 4 });
  });

  it('becomes 3 "has error" with the reason when the job failed', async () => {
    const stage = await scheduled('stage');
    await jobs(sql`update pgboss.job set state = 'failed' where name = ${PUBLISH_STATE_JOB} and id = ${stage.job}::uuid`);
    expect(attrs(await call('GET', stage.url))).toMatchObject({ status: 1, publication_status: 3, publication_error: 'publication_job_failed' });
  });

  it('becomes 4 when the moment passed long ago and no job was ever queued; scheduling again brings it back to 1', async () => {
    const page = await scheduled('page');
    await t.database.db.update(pageStates).set({ publish_job_id: null, publish_at: new Date(Date.now() - 3_600_000) }).where(eq(pageStates.id, Number(page.id)));
    expect(attrs(await call('GET', page.url))).toMatchObject({ publication_status: 4 });
    const again = await call('POST', `${page.url}/schedule`, { publish_at: inAnHour() });
    expect(attrs(again)).toMatchObject({ publication_status: 1, publication_error: null });
    expect(attrs(await call('GET', page.url)).publication_status).toBe(1);
  });

  it('a state published meanwhile keeps 2 "success": a finished publication is never taken for a lost job', async () => {
    const page = await scheduled('page');
    expect(attrs(await call('POST', `${page.url}/publish`))).toMatchObject({ status: 3, publication_status: 2 });
    await jobs(sql`delete from pgboss.job where name = ${PUBLISH_STATE_JOB} and id = ${page.job}::uuid`);
    expect(attrs(await call('GET', page.url))).toMatchObject({ status: 3, publication_status: 2, publication_error: null });
  });
});
