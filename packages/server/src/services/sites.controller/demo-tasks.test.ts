import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';
import { siteIdForHost } from './registered-hosts.ts';
import { act, list, waitForStatus } from './site-task.fixtures.ts';

/** The demo's published sites are served from this server; its draft site waits for approval on the tasks screen. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());

describe('demo site tasks', () => {
  it('every published demo site has its local machine and a completed creation task approved by the administrator', async () => {
    const admin = (await t.signIn('admin@platform.test', PASSWORD)).access_token;
    const vms = await list(t, admin, 'vms/active');
    expect(vms.vms!.map((vm: any) => vm.technicalHost).sort()).toEqual([
      'hyundai-avtograd.localhost',
      'kia-avtograd.localhost',
      'skoda-ladoga.localhost',
      'toyota-motorcity.localhost',
    ]);
    expect(await siteIdForHost(t.database.db, 'kia-avtograd.ru')).toBe(await siteIdForHost(t.database.db, 'kia-avtograd.localhost'));
    const archived = await list(t, admin, 'tasks/archived');
    expect(archived.tasks!.every((task) => task.status === 'COMPLETE' && typeof task.payload.approved_by === 'number')).toBe(true);
  });

  it('the draft site\'s creation task: the manager follows it, the administrator approves it', async () => {
    const manager = (await t.signIn('manager@ladoga-auto.test', PASSWORD)).access_token;
    const seen = await list(t, manager, 'tasks/active');
    expect(seen.tasks!.map((task) => [task.siteName, task.action, task.status])).toEqual([['Ладога Авто — новый сайт', 'create_site', 'NEW']]);
    const id = seen.tasks![0]!.id;
    expect((await act(t, manager, id, 'approve')).statusCode).toBe(403);
    const admin = (await t.signIn('admin@platform.test', PASSWORD)).access_token;
    expect((await act(t, admin, id, 'approve')).statusCode).toBe(200);
    expect(await waitForStatus(t, id, 'COMPLETE', 'FAILED')).toMatchObject({ status: 'COMPLETE' });
    expect(await siteIdForHost(t.database.db, 'ladoga-new.localhost')).toBe(seen.tasks![0]!.siteId);
  });
});
