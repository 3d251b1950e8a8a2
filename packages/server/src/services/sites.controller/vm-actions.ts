import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { CreateVm, VirtualMachineRecord, VmStatus } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { sites } from '../sites.context/site.table.ts';
import { virtualMachines } from './site-task.table.ts';
import { findVmForUpdate, loadVmRecord } from './task-records.ts';
import { publishVm } from './task-streams.ts';
import { assertTaskStaff } from './transition-task.ts';

/** A running machine already answering to one of the names (code 21): 409 on the field. */
async function assertNamesFree(tx: DbOrTx, names: (string | null | undefined)[], exceptVmId?: number) {
  const wanted = names.filter((name): name is string => !!name);
  const [taken] = await tx
    .select({ hostname: virtualMachines.hostname })
    .from(virtualMachines)
    .where(
      and(
        eq(virtualMachines.status, 'CREATED'),
        exceptVmId ? ne(virtualMachines.id, exceptVmId) : undefined,
        or(inArray(virtualMachines.hostname, wanted), inArray(virtualMachines.host, wanted), inArray(virtualMachines.technical_host, wanted)),
      ),
    )
    .limit(1);
  if (taken) throw new AppError(409, 'vm_hostname_taken', { hostname: taken.hostname ?? wanted[0]! }, '/data/hostname');
}

/**
 * create_vm: registers a machine made outside the platform's tasks (by hand, or by a cloud
 * console) for a site, running (CREATED) and not auto-loaded. Staff only; audited; streamed.
 */
export async function createVm(ctx: ServiceContext, auth: AuthContext, data: CreateVm, ip: string | null): Promise<VirtualMachineRecord> {
  assertTaskStaff(auth);
  const id = await ctx.db.transaction(async (tx) => {
    const [site] = await tx.select({ id: sites.id, client_id: sites.client_id }).from(sites).where(eq(sites.id, data.site_id));
    if (!site) throw badRequest('invalid_reference', '/data/site_id', { id: data.site_id });
    const domain = ctx.config.technicalDomain;
    for (const field of ['hostname', 'host', 'technical_host'] as const) {
      if (data[field] === domain) throw new AppError(400, 'vm_host_is_technical_domain', { domain }, `/data/${field}`);
    }
    if (data.host && data.host === data.technical_host) throw new AppError(400, 'vm_host_is_technical_domain', { domain: data.technical_host }, '/data/host');
    await assertNamesFree(tx, [data.hostname, data.host, data.technical_host]);
    const [vm] = await tx
      .insert(virtualMachines)
      .values({
        site_id: site.id,
        client_id: site.client_id,
        platform_id: data.platform_id,
        ip: data.ip,
        hostname: data.hostname,
        host: data.host ?? null,
        technical_host: data.technical_host ?? null,
        domain_code: data.domain_code ?? null,
        group: data.group ?? null,
        status: 'CREATED',
        auto_loaded: false,
      })
      .returning();
    await recordAudit(tx, auth, {
      action: 'create',
      service: 'sites.controller',
      resource: 'vms',
      recordId: vm!.id,
      changes: snapshot(vm!, ['site_id', 'platform_id', 'ip', 'hostname', 'host', 'technical_host', 'domain_code', 'group', 'status']),
      clientId: site.client_id,
      ip,
    });
    await publishVm(tx, vm!.id);
    return vm!.id;
  });
  return (await loadVmRecord(ctx.db, id))!;
}

/**
 * update_vm_state: the state the platform reports for a machine (CREATED running, DELETED gone,
 * FAILED broken); it moves the machine between the active and archived lists. Staff only.
 */
export async function updateVmState(ctx: ServiceContext, auth: AuthContext, id: number, status: VmStatus, ip: string | null): Promise<VirtualMachineRecord> {
  assertTaskStaff(auth);
  await ctx.db.transaction(async (tx) => {
    const vm = await findVmForUpdate(tx, auth, id);
    if (!vm) throw notFound();
    if (vm.status === status) return;
    if (status === 'CREATED') await assertNamesFree(tx, [vm.hostname, vm.host, vm.technical_host], vm.id);
    await tx.update(virtualMachines).set({ status, updated_at: new Date() }).where(eq(virtualMachines.id, vm.id));
    await recordAudit(tx, auth, { action: 'update_state', service: 'sites.controller', resource: 'vms', recordId: vm.id, changes: { status: [vm.status, status] }, clientId: vm.client_id, ip });
    await publishVm(tx, vm.id);
  });
  return (await loadVmRecord(ctx.db, id))!;
}
