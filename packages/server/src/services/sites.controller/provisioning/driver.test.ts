import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sites, siteTasks } from '../../../schema.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { approveAndRun, newSite, newTask, unique, vmsOfSite } from '../site-task.fixtures.ts';
import { ProvisioningError, type ProvisionRequest } from './driver.ts';
import { provisioningDriver, registerProvisioningDriver } from './drivers.ts';

/**
 * Another driver behind the same interface (docs/scale-out.md "Site provisioning"): a cloud
 * that makes a new machine for every host change. The platform records what the driver answers,
 * replaces the old machine with a delete_vm task, and turns a driver's failure into an error code.
 */
const calls: { kind: string; request?: ProvisionRequest; hostname?: string }[] = [];
let failWith: Error | null = null;
let machines = 0;
registerProvisioningDriver('test-cloud', () => ({
  name: 'test-cloud',
  async provision(request) {
    calls.push({ kind: 'provision', request });
    if (failWith) throw failWith;
    const reused = request.action === 'switch_core' && request.current?.platformId === 'test-cloud';
    machines += reused ? 0 : 1;
    return { platformId: 'test-cloud', ip: `10.1.0.${machines}`, hostname: `vm-${machines}.cloud.test`, group: 'ru-central1', reused };
  },
  async deprovision(machine) {
    calls.push({ kind: 'deprovision', hostname: machine.hostname });
    if (failWith) throw failWith;
  },
}));

let t: TestApp;
let staff: string;
let clientId: number;

beforeAll(async () => {
  t = await buildTestApp({ provisioningDriver: 'test-cloud', technicalDomain: 'localhost' });
  clientId = await t.createClient();
  const admin = await t.createUser({ email: `staff-${unique()}@platform.test`, grants: { 'sites.controller': ['tasks'] } });
  staff = (await t.signIn(admin.email)).access_token;
});
afterAll(() => t?.close());

describe('a provisioning driver other than local', () => {
  it('is told the site, its checked hosts and its current machine, and its machine is recorded', async () => {
    const site = await newSite(t, clientId);
    const id = await newTask(t, site);
    expect(await approveAndRun(t, staff, id)).toMatchObject({ status: 'COMPLETE' });
    const request = calls.at(-1)!.request!;
    expect(request).toMatchObject({
      taskId: id,
      action: 'create_site',
      site: { id: site.id, clientId },
      hosts: { host: site.host, technicalHost: site.technicalHost, hostname: site.technicalHost },
      current: null,
    });
    expect(await vmsOfSite(t, site.id)).toEqual([
      expect.objectContaining({ platform_id: 'test-cloud', ip: `10.1.0.${machines}`, hostname: `vm-${machines}.cloud.test`, group: 'ru-central1', status: 'CREATED' }),
    ]);
  });

  it('replacing a machine creates a delete_vm task for the old one, waiting for approval', async () => {
    const site = await newSite(t, clientId);
    await approveAndRun(t, staff, await newTask(t, site));
    const [old] = await vmsOfSite(t, site.id);
    const newHost = `next-${unique()}.ru`;
    await t.database.db.update(sites).set({ host: newHost }).where(eq(sites.id, site.id));
    const move = await newTask(t, { ...site, host: newHost }, 'change_host', { oldHost: site.host! });
    expect(await approveAndRun(t, staff, move)).toMatchObject({ status: 'COMPLETE' });
    expect(calls.at(-1)!.request!.current).toMatchObject({ platformId: 'test-cloud', hostname: old!.hostname });
    const vms = await vmsOfSite(t, site.id);
    expect(vms.filter((vm) => vm.status === 'CREATED').map((vm) => vm.host)).toEqual([site.host, newHost]);
    const [cleanup] = await t.database.db.select().from(siteTasks).where(and(eq(siteTasks.vm_id, old!.id), eq(siteTasks.action, 'delete_vm')));
    expect(cleanup).toMatchObject({ action: 'delete_vm', status: 'NEW', site_id: site.id, client_id: clientId });
    // Approved, it takes the old machine down through the driver.
    expect(await approveAndRun(t, staff, cleanup!.id)).toMatchObject({ status: 'COMPLETE' });
    expect(calls.at(-1)).toEqual({ kind: 'deprovision', hostname: old!.hostname });
    expect((await vmsOfSite(t, site.id)).map((vm) => [vm.id, vm.status])).toEqual(
      expect.arrayContaining([
        [old!.id, 'DELETED'],
        [expect.any(Number), 'CREATED'],
      ]),
    );
  });

  it('a driver\'s refusal keeps its code; any other error is 20, execution error', async () => {
    const site = await newSite(t, clientId);
    failWith = new ProvisioningError(17, 'quota exceeded in ru-central1');
    const refused = await approveAndRun(t, staff, await newTask(t, site));
    expect(refused).toMatchObject({ status: 'FAILED', error_code: 17, error: 'quota exceeded in ru-central1' });
    failWith = new Error('socket hang up');
    const broken = await approveAndRun(t, staff, await newTask(t, site, 'switch_core'));
    expect(broken).toMatchObject({ status: 'FAILED', error_code: 20, error: 'socket hang up' });
    failWith = null;
    expect(await vmsOfSite(t, site.id)).toEqual([]);
  });

  it('an unknown PROVISIONING_DRIVER is refused with a message (the start calls this before serving)', () => {
    const config = { ...t.config, provisioningDriver: 'nowhere' };
    expect(() => provisioningDriver({ config, log: t.ctx.log })).toThrow('PROVISIONING_DRIVER "nowhere" is unknown; known drivers: local, test-cloud');
  });
});
