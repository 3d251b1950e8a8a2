import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JsonApiRecord, SiteTaskList, SiteTaskRecord, TaskTransition, VirtualMachineList, VirtualMachineRecord, VmStatus } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';

/** Calls of the tasks screen (spec 000 §7 "Sites controller"): lists in `{ tasks | vms, totalCount }`. */
export const controllerPath = (path: string) => gatewayPath('sites.controller', path);

export const taskKeys = {
  tasks: ['sites.controller', 'tasks'] as const,
  vms: ['sites.controller', 'vms'] as const,
  users: (ids: number[]) => ['sites.controller', 'task_users', ids] as const,
};

export type ListKind = 'active' | 'archived';

/** The list parameters: page from 0, 25 a page (spec 000 §9), the filters of the tab. */
export interface ListState {
  page: number;
  search?: string;
  status?: string;
  action?: string;
}

export const TASK_PAGE_SIZE = 25;

const query = (state: ListState) => ({
  page: state.page,
  limit: TASK_PAGE_SIZE,
  'filter[search]': state.search,
  'filter[status]': state.status,
  'filter[action]': state.action,
});

export function useTaskList(kind: ListKind, state: ListState) {
  return useQuery({
    queryKey: [...taskKeys.tasks, kind, state],
    queryFn: ({ signal }) => api.request<SiteTaskList>('GET', controllerPath(`tasks/${kind}`), { query: query(state), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVmList(kind: ListKind, state: ListState) {
  return useQuery({
    queryKey: [...taskKeys.vms, kind, state],
    queryFn: ({ signal }) => api.request<VirtualMachineList>('GET', controllerPath(`vms/${kind}`), { query: { ...query(state), 'filter[action]': undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every user id a task names: its author and whoever acted on it. */
export function userIdsOf(tasks: SiteTaskRecord[]): number[] {
  const ids = new Set<number>();
  for (const task of tasks) {
    if (task.userId) ids.add(task.userId);
    for (const key of ['approved_by', 'declined_by', 'retried_by', 'manual_complete_by'] as const) {
      const id = task.payload[key];
      if (typeof id === 'number') ids.add(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** The names of those users; when the load fails the screen shows their ids (spec 000 §8). */
export function useTaskUsers(ids: number[]) {
  return useQuery({
    queryKey: taskKeys.users(ids),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const rows = await api.get<JsonApiRecord<{ name: string; last_name: string | null }>[]>(controllerPath('tasks/users'), { ids: ids.join(',') }, signal);
      return new Map(rows.map((row) => [Number(row.id), [row.attributes.last_name, row.attributes.name].filter(Boolean).join(' ')]));
    },
  });
}

export function useTaskAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ task, action }: { task: SiteTaskRecord; action: TaskTransition }) =>
      api.post<SiteTaskRecord>(controllerPath(`tasks/${task.id}/${action}`), {}),
    onSettled: () => client.invalidateQueries({ queryKey: taskKeys.tasks }),
  });
}

export function useVmState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vm, status }: { vm: VirtualMachineRecord; status: VmStatus }) => api.patch<VirtualMachineRecord>(controllerPath(`vms/${vm.id}/state`), { status }),
    onSettled: () => client.invalidateQueries({ queryKey: taskKeys.vms }),
  });
}
