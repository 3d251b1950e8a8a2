import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SITE_TASK_ERRORS, taskErrorText } from '@dp/contracts';
import { auditLog, sites, virtualMachines } from '../../schema.ts';
import { createSiteTask } from './create-site-task.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { act, API, approveAndRun, list, newSite, newTask, siteRow, taskRow, unique, vmsOfSite, waitForStatus, type SiteFixture } from './site-task.fixtures.ts';
import { siteIdForHost } from './registered-hosts.ts';

/**
 * The sites controller through the API (spec 000 §3, §4, §7, §8): task and VM lists with their
 * paging and tenancy, the four task actions and the statuses they start from, the job that runs
 * an approved task through the `local` driver, the error codes of failed runs, create_vm and
 * update_vm_state; each write in the audit trail.
 */
let t: TestApp;
let staff: string;
let staffId: number;
let dealerA: string;
let dealerWithoutTasks: string;
let clientA: number;
let clientB: number;

beforeAll(async () => {
  t = await buildTestApp({ technicalDomain: 'localhost' });
  clientA = await t.createClient('Клиент А');
  clientB = await t.createClient('Клиент Б');
  const admin = await t.createUser({ email: `staff-${unique()}@platform.test`, grants: { 'sites.controller': ['tasks'] } });
  staffId = admin.id;
  staff = (await t.signIn(admin.email)).access_token;
  const dealer = await t.createUser({ grants: { 'sites.controller': ['tasks'] }, clientIds: [clientA] });
  dealerA = (await t.signIn(dealer.email)).access_token;
  const other = await t.createUser({ grants: { 'sites.context': ['sites.get_full_list'] }, clientIds: [clientA] });
  dealerWithoutTasks = (await t.signIn(other.email)).access_token;
});
afterAll(() => t?.close());

const auditOf = (resource: string, id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, resource), eq(auditLog.record_id, String(id)))).orderBy(auditLog.id);

describe('task and VM lists', () => {
  it('split active and archived tasks by status, newest first, in the shape of the specification', async () => {
    const site = await newSite(t, clientA);
    const fresh = await newTask(t, site);
    const declined = await newTask(t, site, 'change_host', { oldHost: 'old.ru' });
    expect((await act(t, staff, declined, 'decline')).statusCode).toBe(200);

    const active = await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}`);
    expect(active.tasks!.map((task) => task.id)).toEqual([fresh]);
    expect(active.totalCount).toBe(1);
    expect(active.tasks![0]).toMatchObject({
      id: fresh,
      siteId: site.id,
      siteName: expect.stringContaining('Сайт'),
      // Waiting for this task: the site is published once it completes.
      siteStatus: 3,
      clientId: clientA,
      userId: null,
      action: 'create_site',
      repeatCount: 0,
      status: 'NEW',
      host: site.host,
      oldHost: null,
      vmId: null,
      www: false,
      domainCode: site.technicalHost!.replace('.localhost', ''),
      payload: {},
      errorCode: null,
      error: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const archived = await list(t, staff, 'tasks/archived', `?filter[site_id]=${site.id}`);
    expect(archived.tasks!.map((task) => [task.id, task.status, task.oldHost])).toEqual([[declined, 'DECLINED', 'old.ru']]);
  });

  it('page from 0 by 25 with the total; the limit is capped at 100', async () => {
    const site = await newSite(t, clientB);
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) ids.push(await newTask(t, site, 'switch_core'));
    const first = await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}`);
    expect(first.tasks).toHaveLength(25);
    expect(first.totalCount).toBe(27);
    expect(first.tasks![0]!.id).toBe(ids.at(-1));
    const second = await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}&page=1`);
    expect(second.tasks!.map((task) => task.id)).toEqual([ids[1], ids[0]]);
    const beyond = await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}&page=5`);
    expect(beyond).toEqual({ tasks: [], totalCount: 27 });
    expect((await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}&limit=100`)).tasks).toHaveLength(27);
    const tooMany = await t.request('GET', `${API}/tasks/active?limit=101`, { token: staff, lang: 'en' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ title: 'The value must be at most 100', source: { parameter: 'limit' } });
    const negative = await t.request('GET', `${API}/tasks/active?page=-1`, { token: staff, lang: 'en' });
    expect(negative.statusCode).toBe(400);
  });

  it('filter by action, status and text', async () => {
    const site = await newSite(t, clientB, { name: `Фильтр ${unique()}` });
    const core = await newTask(t, site, 'switch_core');
    await newTask(t, site, 'create_site');
    expect((await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}&filter[action]=switch_core`)).tasks!.map((x) => x.id)).toEqual([core]);
    expect((await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}&filter[status]=FAILED`)).totalCount).toBe(0);
    const byName = await list(t, staff, 'tasks/active', `?filter[search]=${encodeURIComponent('Фильтр')}`);
    expect(byName.tasks!.every((task) => task.siteId === site.id)).toBe(true);
    expect(byName.totalCount).toBe(2);
    // A status of the other list finds nothing rather than leaking archived tasks into the active list.
    expect((await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}&filter[status]=COMPLETE`)).totalCount).toBe(0);
    const bad = await t.request('GET', `${API}/tasks/active?filter[action]=drop_table`, { token: staff, lang: 'en' });
    expect(bad.statusCode).toBe(400);
  });

  it('show a dealer its clients\' tasks and machines only, and need the tasks permission', async () => {
    const own = await newSite(t, clientA);
    const foreign = await newSite(t, clientB);
    const ownTask = await newTask(t, own);
    const foreignTask = await newTask(t, foreign);
    const seen = await list(t, dealerA, 'tasks/active', '?limit=100');
    expect(seen.tasks!.map((task) => task.id)).toContain(ownTask);
    expect(seen.tasks!.map((task) => task.id)).not.toContain(foreignTask);
    expect(seen.tasks!.every((task) => task.clientId === clientA)).toBe(true);
    const foreignFilter = await list(t, dealerA, 'tasks/active', `?filter[site_id]=${foreign.id}`);
    expect(foreignFilter).toEqual({ tasks: [], totalCount: 0 });
    await approveAndRun(t, staff, foreignTask);
    const vms = await list(t, dealerA, 'vms/active', '?limit=100');
    expect(vms.vms!.some((vm) => (vm as { siteId?: number }).siteId === foreign.id)).toBe(false);
    for (const path of ['tasks/active', 'tasks/archived', 'vms/active', 'vms/archived']) {
      expect((await t.request('GET', `${API}/${path}`, { token: dealerWithoutTasks })).statusCode, path).toBe(403);
      expect((await t.request('GET', `${API}/${path}`)).statusCode, path).toBe(401);
    }
  });
});

describe('approving a creation task', () => {
  let site: SiteFixture;
  let id: number;
  beforeAll(async () => {
    site = await newSite(t, clientA);
    id = await newTask(t, site);
  });

  it('runs it through the local driver: the VM serves the host and the technical host, the site is published', async () => {
    const approved = await act(t, staff, id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ id, status: expect.stringMatching(/^(APPROVED|IN_PROGRESS|COMPLETE)$/), payload: { approved_by: staffId } });
    const done = await waitForStatus(t, id, 'COMPLETE', 'FAILED');
    expect(done).toMatchObject({ status: 'COMPLETE', error_code: null, payload: { approved_by: staffId } });
    const [vm] = await vmsOfSite(t, site.id);
    expect(vm).toMatchObject({
      id: done.vm_id,
      site_id: site.id,
      client_id: clientA,
      platform_id: 'local',
      task_id: id,
      ip: '127.0.0.1',
      status: 'CREATED',
      host: site.host,
      technical_host: site.technicalHost,
      hostname: site.technicalHost,
      domain_code: site.technicalHost!.replace('.localhost', ''),
      auto_loaded: true,
    });
    expect((await siteRow(t, site.id)).status).toBe(1);
    expect(await siteIdForHost(t.database.db, site.host!)).toBe(site.id);
    expect(await siteIdForHost(t.database.db, site.technicalHost!.toUpperCase())).toBe(site.id);
  });

  it('moves it to the archive and its VM into the active list', async () => {
    const archived = await list(t, staff, 'tasks/archived', `?filter[site_id]=${site.id}`);
    expect(archived.tasks!.map((task) => [task.id, task.status])).toEqual([[id, 'COMPLETE']]);
    expect((await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}`)).totalCount).toBe(0);
    const vms = await list(t, staff, 'vms/active', `?filter[site_id]=${site.id}`);
    expect(vms.vms).toEqual([
      expect.objectContaining({ siteId: site.id, platformId: 'local', taskId: id, ip: '127.0.0.1', status: 'CREATED', host: site.host, technicalHost: site.technicalHost, autoLoaded: true }),
    ]);
  });

  it('keeps the approval and the run in the audit trail', async () => {
    const entries = await auditOf('tasks', id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'approve', 'complete']);
    expect(entries[1]).toMatchObject({ actor_user_id: staffId, client_id: clientA, changes: { status: ['NEW', 'APPROVED'] } });
    expect(entries[2]).toMatchObject({ actor_user_id: null, changes: { status: ['IN_PROGRESS', 'COMPLETE'] } });
  });

  it('refuses a second approval with 409 naming the status, in both languages', async () => {
    const en = await act(t, staff, id, 'approve');
    expect(en.statusCode).toBe(409);
    expect(en.json().errors[0]).toMatchObject({ code: 'task_approve_refused', title: 'Only a new task can be approved; this one is complete' });
    const ru = await act(t, staff, id, 'approve', 'ru');
    expect(ru.json().errors[0].title).toBe('Одобрить можно только новую задачу, а эта — «выполнена»');
  });
});

describe('the transitions', () => {
  it('decline: a new or failed task, archived with who declined it', async () => {
    const site = await newSite(t, clientA);
    const id = await newTask(t, site);
    const declined = await act(t, staff, id, 'decline');
    expect(declined.json().data).toMatchObject({ status: 'DECLINED', payload: { declined_by: staffId } });
    expect((await act(t, staff, id, 'decline')).statusCode).toBe(409);
    expect((await act(t, staff, id, 'approve')).statusCode).toBe(409);
    expect((await act(t, staff, id, 'manual_complete')).json().errors[0].title).toBe('The task is already archived (declined): it cannot be completed manually');
    expect((await vmsOfSite(t, site.id)).length).toBe(0);
    expect((await auditOf('tasks', id)).map((entry) => entry.action)).toEqual(['create', 'decline']);
  });

  it('retry: only a failed task; it runs again with repeat_count + 1 and who retried it', async () => {
    // Another site's running machine already answers to this technical host: code 21.
    const site = await newSite(t, clientA);
    const squatter = await newSite(t, clientB);
    const [blocking] = await t.database.db
      .insert(virtualMachines)
      .values({ site_id: squatter.id, client_id: clientB, platform_id: 'local', hostname: site.technicalHost, technical_host: site.technicalHost, status: 'CREATED' })
      .returning();
    const id = await newTask(t, site);
    expect((await act(t, staff, id, 'retry')).json().errors[0].title).toBe('Only a failed task can be retried; this one is new');
    const failed = await approveAndRun(t, staff, id);
    expect(failed).toMatchObject({ status: 'FAILED', error_code: 21, repeat_count: 0 });
    expect(failed.error).toContain(site.technicalHost);
    expect(taskErrorText(failed.error_code!, 'en')).toBe('A virtual machine with the same hostname exists');
    expect((await siteRow(t, site.id)).status).toBe(3);
    expect((await list(t, staff, 'tasks/active', `?filter[site_id]=${site.id}`)).tasks![0]).toMatchObject({ status: 'FAILED', errorCode: 21 });

    // The operator takes the stale machine down and retries.
    expect((await t.request('PATCH', `${API}/vms/${blocking!.id}/state`, { token: staff, body: { data: { status: 'DELETED' } } })).statusCode).toBe(200);
    const retried = await act(t, staff, id, 'retry');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ repeatCount: 1, payload: { approved_by: staffId, retried_by: staffId } });
    const done = await waitForStatus(t, id, 'COMPLETE');
    expect(done).toMatchObject({ repeat_count: 1, error_code: null, error: null });
    expect((await siteRow(t, site.id)).status).toBe(1);
    const audit = (await auditOf('tasks', id)).map((entry) => entry.action);
    expect(audit).toEqual(['create', 'approve', 'fail', 'retry', 'complete']);
  });

  it('decline after a failure', async () => {
    const site = await newSite(t, clientA, { host: null, technical_host: null });
    const task = await t.database.db.transaction((tx) => createSiteTask(tx, null, { siteId: site.id, clientId: clientA, action: 'create_site' }));
    const failed = await approveAndRun(t, staff, task.id);
    expect(failed).toMatchObject({ status: 'FAILED', error_code: 23 });
    expect((await act(t, staff, task.id, 'decline')).json().data).toMatchObject({ status: 'DECLINED', errorCode: 23 });
  });

  it('manual_complete: any active task, without the driver; a waiting site is published', async () => {
    const site = await newSite(t, clientA);
    const id = await newTask(t, site);
    const done = await act(t, staff, id, 'manual_complete');
    expect(done.json().data).toMatchObject({ status: 'COMPLETE', payload: { manual_complete_by: staffId } });
    expect(await vmsOfSite(t, site.id)).toEqual([]);
    expect((await siteRow(t, site.id)).status).toBe(1);
    // From FAILED as well.
    const broken = await newSite(t, clientA, { host: 'localhost', technical_host: null });
    const failing = await newTask(t, broken);
    expect(await approveAndRun(t, staff, failing)).toMatchObject({ status: 'FAILED', error_code: 24 });
    expect((await act(t, staff, failing, 'manual_complete')).json().data.status).toBe('COMPLETE');
  });

  it('are platform staff\'s: a dealer with tasks is refused, a foreign or missing task is 404 to staff too', async () => {
    const site = await newSite(t, clientA);
    const id = await newTask(t, site);
    for (const action of ['approve', 'decline', 'retry', 'manual_complete']) {
      const refused = await act(t, dealerA, id, action);
      expect(refused.statusCode, action).toBe(403);
      expect(refused.json().errors[0].title).toBe('Only platform staff can act on site tasks and virtual machines');
    }
    expect((await taskRow(t, id)).status).toBe('NEW');
    expect((await act(t, staff, 2147483647, 'approve')).statusCode).toBe(404);
    expect((await act(t, dealerWithoutTasks, id, 'approve')).statusCode).toBe(403);
  });

  it('accept an empty data object and refuse unknown fields', async () => {
    const site = await newSite(t, clientA);
    const id = await newTask(t, site);
    const extra = await t.request('POST', `${API}/tasks/${id}/decline`, { token: staff, lang: 'en', body: { data: { status: 'COMPLETE' } } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].source).toEqual({ pointer: '/data/status' });
    const empty = await t.request('POST', `${API}/tasks/${id}/decline`, { token: staff, body: { data: {} } });
    expect(empty.json().data.status).toBe('DECLINED');
  });
});

describe('the run of each action', () => {
  it('change_host changes the running machine in place', async () => {
    const site = await newSite(t, clientA);
    await approveAndRun(t, staff, await newTask(t, site));
    const [before] = await vmsOfSite(t, site.id);
    const newHost = `moved-${unique()}.ru`;
    await t.database.db.update(sites).set({ host: newHost, status: 3 }).where(eq(sites.id, site.id));
    const id = await newTask(t, { ...site, host: newHost }, 'change_host', { oldHost: site.host! });
    expect(await approveAndRun(t, staff, id)).toMatchObject({ status: 'COMPLETE', vm_id: before!.id });
    const [after] = await vmsOfSite(t, site.id);
    expect(after).toMatchObject({ id: before!.id, host: newHost, task_id: id, status: 'CREATED' });
    expect(await siteIdForHost(t.database.db, site.host!)).toBeNull();
    expect(await siteIdForHost(t.database.db, newHost)).toBe(site.id);
    expect((await siteRow(t, site.id)).status).toBe(1);
  });

  it('unpublish takes the machine down (DELETED, archived); refused with 25 while the site is published again', async () => {
    const site = await newSite(t, clientA);
    await approveAndRun(t, staff, await newTask(t, site));
    const again = await newTask(t, site, 'unpublish');
    expect(await approveAndRun(t, staff, again)).toMatchObject({ status: 'FAILED', error_code: 25 });
    await t.database.db.update(sites).set({ status: 2 }).where(eq(sites.id, site.id));
    expect((await act(t, staff, again, 'retry')).statusCode).toBe(200);
    const done = await waitForStatus(t, again, 'COMPLETE', 'FAILED');
    const [vm] = await vmsOfSite(t, site.id);
    expect(done).toMatchObject({ status: 'COMPLETE', vm_id: vm!.id });
    expect(vm).toMatchObject({ status: 'DELETED', task_id: again });
    expect(await siteIdForHost(t.database.db, site.host!)).toBeNull();
    const archived = await list(t, staff, 'vms/archived', `?filter[site_id]=${site.id}`);
    expect(archived.vms!.map((x) => [x.id, x.status])).toEqual([[vm!.id, 'DELETED']]);
  });

  it('delete_vm takes the named machine down, but not the only one of a published site', async () => {
    const site = await newSite(t, clientA);
    await approveAndRun(t, staff, await newTask(t, site));
    const [vm] = await vmsOfSite(t, site.id);
    const refused = await newTask(t, site, 'delete_vm', { vmId: vm!.id });
    expect(await approveAndRun(t, staff, refused)).toMatchObject({ status: 'FAILED', error_code: 25 });
    await t.database.db.update(sites).set({ status: 2 }).where(eq(sites.id, site.id));
    const id = await newTask(t, site, 'delete_vm', { vmId: vm!.id });
    expect(await approveAndRun(t, staff, id)).toMatchObject({ status: 'COMPLETE', vm_id: vm!.id });
    expect((await vmsOfSite(t, site.id))[0]!.status).toBe('DELETED');
    const missing = await newTask(t, site, 'delete_vm');
    expect(await approveAndRun(t, staff, missing)).toMatchObject({ status: 'FAILED', error_code: 14 });
  });

  it('fails with the codes of spec 000 §8: 13 no site, 22 host equal to the technical host, 23 no name, 24 no domain', async () => {
    const equal = await newSite(t, clientA, { host: `same-${unique()}.localhost` });
    await t.database.db.update(sites).set({ technical_host: equal.host }).where(eq(sites.id, equal.id));
    expect(await approveAndRun(t, staff, await newTask(t, { ...equal, technicalHost: equal.host }))).toMatchObject({ error_code: 22 });
    const invalid = await newSite(t, clientA, { host: 'no_dots' });
    expect(await approveAndRun(t, staff, await newTask(t, invalid))).toMatchObject({ error_code: 24, error: '"no_dots" is not a valid domain name' });
    const gone = await newSite(t, clientA);
    const id = await newTask(t, gone);
    await t.database.db.delete(sites).where(eq(sites.id, gone.id));
    expect(await approveAndRun(t, staff, id)).toMatchObject({ status: 'FAILED', error_code: 13 });
  });

  it('gives a site without a technical host `<domain code>.localhost`', async () => {
    const code = `auto-${unique()}`;
    const site = await newSite(t, clientA, { host: null, technical_host: null });
    const task = await t.database.db.transaction((tx) => createSiteTask(tx, null, { siteId: site.id, clientId: clientA, action: 'create_site', domainCode: code }));
    expect(await approveAndRun(t, staff, task.id)).toMatchObject({ status: 'COMPLETE' });
    expect((await vmsOfSite(t, site.id))[0]).toMatchObject({ host: null, technical_host: `${code}.localhost`, hostname: `${code}.localhost`, domain_code: code });
    expect(await siteIdForHost(t.database.db, `${code}.localhost`)).toBe(site.id);
  });
});

describe('create_vm and update_vm_state', () => {
  const body = (siteId: number, extra: Record<string, unknown> = {}) => ({
    data: { site_id: siteId, platform_id: 'yc', ip: '10.0.0.7', hostname: `vm-${unique()}.example.ru`, ...extra },
  });

  it('registers a machine for a site (staff only), audited, not auto-loaded', async () => {
    const site = await newSite(t, clientA);
    const created = await t.request('POST', `${API}/vms`, { token: staff, body: body(site.id, { group: 'msk-1' }) });
    expect(created.statusCode, created.body).toBe(201);
    const vm = created.json().data;
    expect(vm).toMatchObject({ siteId: site.id, clientId: clientA, platformId: 'yc', ip: '10.0.0.7', status: 'CREATED', group: 'msk-1', autoLoaded: false, taskId: null });
    expect((await auditOf('vms', vm.id)).map((entry) => entry.action)).toEqual(['create']);
    const taken = await t.request('POST', `${API}/vms`, { token: staff, lang: 'en', body: body(site.id, { hostname: vm.hostname }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ title: `A virtual machine with the hostname ${vm.hostname} already exists`, source: { pointer: '/data/hostname' } });
    expect((await t.request('POST', `${API}/vms`, { token: dealerA, body: body(site.id) })).statusCode).toBe(403);
  });

  it('refuses a missing site, a bad address and a host equal to the technical domain, on the field', async () => {
    const site = await newSite(t, clientA);
    const missing = await t.request('POST', `${API}/vms`, { token: staff, lang: 'en', body: body(2147483647) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ source: { pointer: '/data/site_id' } });
    const ip = await t.request('POST', `${API}/vms`, { token: staff, lang: 'en', body: body(site.id, { ip: '999.1.1.1' }) });
    expect(ip.json().errors[0]).toMatchObject({ title: 'Invalid IP address', source: { pointer: '/data/ip' } });
    const host = await t.request('POST', `${API}/vms`, { token: staff, lang: 'ru', body: body(site.id, { host: 'Не домен' }) });
    expect(host.json().errors[0]).toMatchObject({ title: 'Недопустимое доменное имя: латинские буквы, цифры, точки и дефисы, не меньше двух частей', source: { pointer: '/data/host' } });
    const domain = await t.request('POST', `${API}/vms`, { token: staff, lang: 'en', body: body(site.id, { hostname: 'localhost' }) });
    expect(domain.statusCode).toBe(400);
  });

  it('moves a machine between the lists; a reactivation must not clash', async () => {
    const site = await newSite(t, clientA);
    const vm = (await t.request('POST', `${API}/vms`, { token: staff, body: body(site.id) })).json().data;
    const failed = await t.request('PATCH', `${API}/vms/${vm.id}/state`, { token: staff, body: { data: { status: 'FAILED' } } });
    expect(failed.json().data.status).toBe('FAILED');
    expect((await list(t, staff, 'vms/archived', `?filter[site_id]=${site.id}`)).vms!.map((x) => x.id)).toEqual([vm.id]);
    expect((await list(t, staff, 'vms/active', `?filter[site_id]=${site.id}`)).totalCount).toBe(0);
    // Another machine took the name meanwhile.
    const other = await newSite(t, clientA);
    expect((await t.request('POST', `${API}/vms`, { token: staff, body: body(other.id, { hostname: vm.hostname }) })).statusCode).toBe(201);
    expect((await t.request('PATCH', `${API}/vms/${vm.id}/state`, { token: staff, body: { data: { status: 'CREATED' } } })).statusCode).toBe(409);
    expect((await t.request('PATCH', `${API}/vms/${vm.id}/state`, { token: dealerA, body: { data: { status: 'DELETED' } } })).statusCode).toBe(403);
    const bad = await t.request('PATCH', `${API}/vms/${vm.id}/state`, { token: staff, lang: 'en', body: { data: { status: 'GONE' } } });
    expect(bad.json().errors[0]).toMatchObject({ title: 'Invalid value', source: { pointer: '/data/status' } });
    expect((await auditOf('vms', vm.id)).map((entry) => [entry.action, entry.changes])).toEqual([
      ['create', expect.any(Object)],
      ['update_state', { status: ['CREATED', 'FAILED'] }],
    ]);
  });
});

describe('user names and error texts', () => {
  it('names the users of tasks the caller sees, and nobody else', async () => {
    const site = await newSite(t, clientA);
    const id = await newTask(t, site);
    await act(t, staff, id, 'decline');
    const stranger = await t.createUser({ clientIds: [clientB] });
    const names = await t.request('GET', `${API}/tasks/users?ids=${staffId},${stranger.id}`, { token: dealerA });
    expect(names.json().data).toEqual([{ id: String(staffId), type: 'users', attributes: { name: 'Test', last_name: 'User' } }]);
    const bad = await t.request('GET', `${API}/tasks/users?ids=1,x`, { token: dealerA });
    expect(bad.statusCode).toBe(400);
  });

  it('has a text in Russian and English for each error code 0–25', () => {
    expect(Object.keys(SITE_TASK_ERRORS).map(Number)).toEqual(Array.from({ length: 26 }, (_, i) => i));
    for (const texts of Object.values(SITE_TASK_ERRORS)) expect(texts.ru && texts.en).toBeTruthy();
    expect(taskErrorText(25, 'ru')).toBe('Сайт нужно снять с публикации');
  });
});
