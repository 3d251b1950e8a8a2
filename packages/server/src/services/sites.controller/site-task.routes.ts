import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVE_TASK_STATUSES,
  ACTIVE_VM_STATUSES,
  ARCHIVED_TASK_STATUSES,
  ARCHIVED_VM_STATUSES,
  createVmBody,
  id,
  TASK_PAGE_SIZE,
  TASK_TRANSITION_NAMES,
  taskActionBody,
  taskListQuery,
  taskUsersQuery,
  updateVmStateBody,
  vmListQuery,
  type TaskListQuery,
  type VmListQuery,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { Realtime } from '../../kit/realtime.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { provisioningDriver } from './provisioning/drivers.ts';
import { listTasks, listVms, type ListParams } from './task-records.ts';
import { TASK_STREAM, VM_STREAM } from './task-streams.ts';
import { taskUserNames } from './task-users.ts';
import { transitionTask } from './transition-task.ts';
import { createVm, updateVmState } from './vm-actions.ts';

const BASE = '/gateway/sites.controller/api/v1';
const tags = ['sites.controller'];
const params = z.object({ id: id() });

/** The list parameters of spec 000 §7, §9: page from 0, limit 25 unless given. */
function listParams(query: TaskListQuery | VmListQuery, statuses: string[]): ListParams {
  return {
    statuses,
    page: query.page ?? 0,
    limit: query.limit ?? TASK_PAGE_SIZE,
    search: query['filter[search]'] || undefined,
    status: query['filter[status]'],
    action: 'filter[action]' in query ? query['filter[action]'] : undefined,
    siteId: query['filter[site_id]'],
  };
}

/**
 * The sites controller (spec 000 §7): active and archived task and VM lists in the
 * specification's shape, the four task actions, create_vm, update_vm_state, and the two update
 * streams. Lists need `tasks` and show the caller's clients' records; actions are staff only.
 */
export function registerSiteTaskRoutes(app: FastifyInstance, ctx: ServiceContext, realtime: Realtime) {
  // An unknown PROVISIONING_DRIVER stops the start rather than the first approved task.
  provisioningDriver(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, statuses, summary] of [
    ['active', ACTIVE_TASK_STATUSES, 'Active site tasks (every status but DECLINED and COMPLETE)'],
    ['archived', ARCHIVED_TASK_STATUSES, 'Archived site tasks (DECLINED, COMPLETE)'],
  ] as const) {
    r.get(`${BASE}/tasks/${path}`, { schema: { tags, summary, querystring: taskListQuery } }, async (request) =>
      listTasks(ctx.db, requireAuth(request.auth), listParams(request.query, statuses)),
    );
  }
  for (const [path, statuses, summary] of [
    ['active', ACTIVE_VM_STATUSES, 'Active virtual machines (CREATED)'],
    ['archived', ARCHIVED_VM_STATUSES, 'Archived virtual machines (DELETED, FAILED)'],
  ] as const) {
    r.get(`${BASE}/vms/${path}`, { schema: { tags, summary, querystring: vmListQuery } }, async (request) =>
      listVms(ctx.db, requireAuth(request.auth), listParams(request.query, statuses)),
    );
  }

  r.get(
    `${BASE}/tasks/users`,
    { schema: { tags, summary: 'Names of the users who created or acted on tasks the caller sees', querystring: taskUsersQuery } },
    async (request) => {
      const rows = await taskUserNames(ctx.db, requireAuth(request.auth), request.query.ids);
      return { data: rows.map((row) => ({ id: String(row.id), type: 'users', attributes: { name: row.name, last_name: row.last_name } })) };
    },
  );

  for (const action of TASK_TRANSITION_NAMES) {
    r.post(
      `${BASE}/tasks/:id/${action}`,
      { schema: { tags, summary: `Task action ${action} (platform staff)`, params, body: taskActionBody } },
      async (request) => ({
        data: await transitionTask(ctx, requireAuth(request.auth), request.params.id, action, { ip: request.ip, lang: request.lang }),
      }),
    );
  }

  r.post(`${BASE}/vms`, { schema: { tags, summary: 'create_vm: register a virtual machine made outside the tasks (platform staff)', body: createVmBody } }, async (request, reply) => {
    const vm = await createVm(ctx, requireAuth(request.auth), request.body.data, request.ip);
    return reply.status(201).send({ data: vm });
  });

  r.patch(
    `${BASE}/vms/:id/state`,
    { schema: { tags, summary: 'update_vm_state: the state of a virtual machine (platform staff)', params, body: updateVmStateBody } },
    async (request) => ({ data: await updateVmState(ctx, requireAuth(request.auth), request.params.id, request.body.data.status, request.ip) }),
  );

  realtime.stream(app, TASK_STREAM);
  realtime.stream(app, VM_STREAM);
}
