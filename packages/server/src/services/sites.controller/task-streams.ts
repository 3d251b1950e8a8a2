import { SITE_TASK_STREAMS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { publishUpdate, type StreamDef } from '../../kit/realtime.ts';
import { loadTaskRecord, loadVmRecord } from './task-records.ts';

/** The two update streams of spec 000 §7: every change of a task, every change of a VM. */
export const TASK_STREAM: StreamDef = {
  service: 'sites.controller',
  path: SITE_TASK_STREAMS.tasks,
  name: 'sites.controller.tasks',
  permission: 'tasks',
  summary: 'Updates of site tasks: { task } after each change',
};
export const VM_STREAM: StreamDef = {
  service: 'sites.controller',
  path: SITE_TASK_STREAMS.vms,
  name: 'sites.controller.vms',
  permission: 'tasks',
  summary: 'Updates of virtual machines: { vm } after each change',
};

/** Sends the task as it now is to its client's subscribers, when the caller's transaction commits. */
export async function publishTask(tx: DbOrTx, id: number) {
  const task = await loadTaskRecord(tx, id);
  if (task) await publishUpdate(tx, TASK_STREAM.name, task.clientId, { task });
}

export async function publishVm(tx: DbOrTx, id: number) {
  const vm = await loadVmRecord(tx, id);
  if (vm) await publishUpdate(tx, VM_STREAM.name, vm.clientId, { vm });
}
