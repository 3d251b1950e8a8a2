import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { recordAudit } from '../../kit/audit.ts';
import { markSiteProvisioned, SITE_STATUS } from '../sites.context/site-provisioned.ts';
import { sites } from '../sites.context/site.table.ts';
import { createSiteTask } from './create-site-task.ts';
import { provisioningDriver } from './provisioning/drivers.ts';
import { ProvisioningError, type ProvisionedMachine, type ProvisioningDriver, type ProvisionResult, type SiteHosts } from './provisioning/driver.ts';
import { assertHostsFree, resolveSiteHosts } from './site-hosts.ts';
import { siteTasks, virtualMachines } from './site-task.table.ts';
import type { SiteTaskRow, VirtualMachineRow } from './task-records.ts';
import { publishTask, publishVm } from './task-streams.ts';

/** The job that runs an approved site task (declared by its service, run by services.ts jobHandlers): `{ task_id }`. */
export const SITE_TASK_JOB = 'sites.controller.run-task';

/** What a run ends with; written in one transaction with the task's new status. */
type Outcome =
  | { kind: 'provisioned'; hosts: SiteHosts; machine: ProvisionResult; current: VirtualMachineRow | null }
  | { kind: 'deprovisioned'; machines: VirtualMachineRow[] }
  | { kind: 'failed'; code: number; error: string };

/** Error details are kept short: they are shown in the tasks screen. */
const MAX_ERROR = 1000;

/**
 * Runs an approved task through the provisioning driver: claims it (IN_PROGRESS), does the work
 * outside any transaction (a cloud call may take long), then records the outcome. A task that
 * was declined or completed by hand meanwhile is left alone. Refusals and driver errors make the
 * task FAILED with an error code; only a failure to record anything is thrown (pg-boss retries).
 */
export async function runSiteTask(ctx: ServiceContext, data: { task_id: number }) {
  const task = await claimTask(ctx.db, data.task_id);
  if (!task) return;
  let outcome: Outcome;
  try {
    outcome = await execute(ctx, provisioningDriver(ctx), task);
  } catch (error) {
    outcome =
      error instanceof ProvisioningError
        ? { kind: 'failed', code: error.code, error: error.message }
        : { kind: 'failed', code: 20, error: error instanceof Error ? error.message : String(error) };
    if (!(error instanceof ProvisioningError)) ctx.log.error({ err: error, task: task.id }, 'site task failed');
  }
  await ctx.db.transaction((tx) => finishTask(tx, task, outcome));
  if (outcome.kind === 'failed') {
    ctx.notifier?.raise({
      service: 'sites.controller',
      siteId: task.site_id,
      clientId: task.client_id,
      level: 'error',
      type: 'task_failed',
      text: { ru: `Задача ${task.action} не выполнена (код ${outcome.code}): ${outcome.error.slice(0, 300)}`, en: `Task ${task.action} failed (code ${outcome.code}): ${outcome.error.slice(0, 300)}` },
      details: { task_id: task.id, action: task.action, error_code: outcome.code },
    });
  }
}

/** APPROVED → IN_PROGRESS (a job retried after a crash finds it IN_PROGRESS and goes on). */
async function claimTask(db: ServiceContext['db'], id: number): Promise<SiteTaskRow | null> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .update(siteTasks)
      .set({ status: 'IN_PROGRESS', error_code: null, error: null, updated_at: new Date() })
      .where(and(eq(siteTasks.id, id), inArray(siteTasks.status, ['APPROVED', 'IN_PROGRESS'])))
      .returning();
    if (!task) return null;
    await publishTask(tx, task.id);
    return task;
  });
}

async function loadSite(db: DbOrTx, id: number | null) {
  if (id === null) return null;
  const [site] = await db
    .select({ id: sites.id, name: sites.name, client_id: sites.client_id, host: sites.host, technical_host: sites.technical_host, status: sites.status, core: sites.core, use_http: sites.use_http })
    .from(sites)
    .where(eq(sites.id, id));
  return site ?? null;
}

const activeVms = (db: DbOrTx, siteId: number) =>
  db
    .select()
    .from(virtualMachines)
    .where(and(eq(virtualMachines.site_id, siteId), eq(virtualMachines.status, 'CREATED')))
    .orderBy(desc(virtualMachines.id));

const machineOf = (vm: VirtualMachineRow): ProvisionedMachine => ({ platformId: vm.platform_id ?? '', ip: vm.ip ?? '', hostname: vm.hostname ?? '', group: vm.group });
const hostsOf = (vm: VirtualMachineRow): SiteHosts => ({ host: vm.host, technicalHost: vm.technical_host, hostname: vm.hostname ?? '', domainCode: vm.domain_code });

/** A published (or pending) site must be taken off publication before its machine goes (code 25). */
const isOnline = (status: number) => status === SITE_STATUS.published || status === SITE_STATUS.pending;

async function execute(ctx: ServiceContext, driver: ProvisioningDriver, task: SiteTaskRow): Promise<Outcome> {
  const site = await loadSite(ctx.db, task.site_id);
  if (task.action === 'delete_vm') return deleteVm(ctx, driver, task, site);
  if (!site) throw new ProvisioningError(13, `the site ${task.site_id ?? '(none)'} does not exist`);
  const running = await activeVms(ctx.db, site.id);

  if (task.action === 'unpublish') {
    if (isOnline(site.status)) throw new ProvisioningError(25, 'the site is published again: unpublish it first');
    for (const vm of running) await driver.deprovision({ ...machineOf(vm), hosts: hostsOf(vm) }, task.id);
    return { kind: 'deprovisioned', machines: running };
  }

  if (task.action !== 'create_site' && task.action !== 'change_host' && task.action !== 'switch_core')
    throw new ProvisioningError(8, `unknown task action ${task.action}`);
  const hosts = resolveSiteHosts(site, task, ctx.config.technicalDomain);
  await assertHostsFree(ctx.db, hosts, site.id);
  const current = running[0] ?? null;
  const machine = await driver.provision({
    taskId: task.id,
    action: task.action,
    site: { id: site.id, name: site.name, clientId: site.client_id, core: site.core, useHttp: site.use_http },
    hosts,
    www: task.www,
    current: current && machineOf(current),
  });
  return { kind: 'provisioned', hosts, machine, current };
}

/** delete_vm: the task's machine, else the site's running one; one already gone is done. */
async function deleteVm(ctx: ServiceContext, driver: ProvisioningDriver, task: SiteTaskRow, site: Awaited<ReturnType<typeof loadSite>>): Promise<Outcome> {
  const [vm] = task.vm_id
    ? await ctx.db.select().from(virtualMachines).where(eq(virtualMachines.id, task.vm_id))
    : site
      ? await activeVms(ctx.db, site.id)
      : [];
  if (!vm) throw new ProvisioningError(14, 'the task names no virtual machine to delete');
  if (vm.status !== 'CREATED') return { kind: 'deprovisioned', machines: [] };
  if (site && isOnline(site.status)) {
    const others = (await activeVms(ctx.db, site.id)).filter((other) => other.id !== vm.id);
    if (!others.length) throw new ProvisioningError(25, 'this machine serves the published site: unpublish the site first');
  }
  await driver.deprovision({ ...machineOf(vm), hosts: hostsOf(vm) }, task.id);
  return { kind: 'deprovisioned', machines: [vm] };
}

/** Records the outcome, unless the task left IN_PROGRESS meanwhile (completed by hand). */
async function finishTask(tx: DbOrTx, task: SiteTaskRow, outcome: Outcome) {
  const [current] = await tx.select().from(siteTasks).where(eq(siteTasks.id, task.id)).for('update');
  if (current?.status !== 'IN_PROGRESS') return;
  let vmId = task.vm_id;
  if (outcome.kind === 'provisioned') vmId = await recordMachine(tx, task, outcome);
  if (outcome.kind === 'deprovisioned') {
    for (const vm of outcome.machines) {
      await tx.update(virtualMachines).set({ status: 'DELETED', task_id: task.id, updated_at: new Date() }).where(eq(virtualMachines.id, vm.id));
      await publishVm(tx, vm.id);
    }
    vmId = outcome.machines[0]?.id ?? vmId;
  }
  const failed = outcome.kind === 'failed';
  await tx
    .update(siteTasks)
    .set({
      status: failed ? 'FAILED' : 'COMPLETE',
      vm_id: vmId,
      error_code: failed ? outcome.code : null,
      error: failed ? outcome.error.slice(0, MAX_ERROR) : null,
      updated_at: new Date(),
    })
    .where(eq(siteTasks.id, task.id));
  if (!failed && (task.action === 'create_site' || task.action === 'change_host') && task.site_id) await markSiteProvisioned(tx, task.site_id);
  await recordAudit(tx, null, {
    action: failed ? 'fail' : 'complete',
    service: 'sites.controller',
    resource: 'tasks',
    recordId: task.id,
    changes: { status: ['IN_PROGRESS', failed ? 'FAILED' : 'COMPLETE'], ...(failed ? { error_code: outcome.code } : { vm_id: vmId }) },
    clientId: task.client_id,
  });
  await publishTask(tx, task.id);
}

/**
 * The machine serving the site now: the current row changed in place, or a new row; a replaced
 * machine gets a delete_vm task (spec 000 §4 "delete-VM task created"), waiting for approval.
 */
async function recordMachine(tx: DbOrTx, task: SiteTaskRow, outcome: Extract<Outcome, { kind: 'provisioned' }>) {
  const { hosts, machine, current } = outcome;
  const values = {
    platform_id: machine.platformId,
    ip: machine.ip,
    hostname: machine.hostname,
    group: machine.group,
    host: hosts.host,
    technical_host: hosts.technicalHost,
    domain_code: hosts.domainCode,
    task_id: task.id,
    status: 'CREATED',
    updated_at: new Date(),
  };
  let vmId: number;
  if (current && machine.reused) {
    await tx.update(virtualMachines).set(values).where(eq(virtualMachines.id, current.id));
    vmId = current.id;
  } else {
    const [created] = await tx
      .insert(virtualMachines)
      .values({ ...values, site_id: task.site_id, client_id: task.client_id, auto_loaded: true })
      .returning({ id: virtualMachines.id });
    vmId = created!.id;
    if (current) {
      await createSiteTask(tx, null, { siteId: current.site_id!, clientId: current.client_id!, action: 'delete_vm', host: current.hostname, vmId: current.id });
    }
  }
  await publishVm(tx, vmId);
  return vmId;
}
