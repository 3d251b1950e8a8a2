import { z } from 'zod';
import { actionBody } from '../kit/jsonapi.ts';
import { filterText, id, INT4_MAX, integer, optionalText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage, type Lang } from '../kit/messages.ts';
import { isValidHost } from '../sites.context/host.ts';

/** Site task actions (spec 000 §3 Site task): what creates a task. */
export const SITE_TASK_ACTIONS = ['create_site', 'change_host', 'switch_core', 'unpublish', 'delete_vm'] as const;
export type SiteTaskAction = (typeof SITE_TASK_ACTIONS)[number];

/** Task statuses; DECLINED and COMPLETE are archived, every other one is active (spec 000 §4). */
export const SITE_TASK_STATUSES = ['NEW', 'APPROVED', 'IN_PROGRESS', 'FAILED', 'DECLINED', 'COMPLETE'] as const;
export type SiteTaskStatus = (typeof SITE_TASK_STATUSES)[number];
export const ARCHIVED_TASK_STATUSES: SiteTaskStatus[] = ['DECLINED', 'COMPLETE'];
export const ACTIVE_TASK_STATUSES: SiteTaskStatus[] = SITE_TASK_STATUSES.filter((status) => !ARCHIVED_TASK_STATUSES.includes(status));
/** Status names for messages of the server (the web has its own in locales). */
export const SITE_TASK_STATUS_LABELS: Record<SiteTaskStatus, Record<Lang, string>> = {
  NEW: { ru: 'новая', en: 'new' },
  APPROVED: { ru: 'одобрена', en: 'approved' },
  IN_PROGRESS: { ru: 'выполняется', en: 'in progress' },
  FAILED: { ru: 'ошибка', en: 'failed' },
  DECLINED: { ru: 'отклонена', en: 'declined' },
  COMPLETE: { ru: 'выполнена', en: 'complete' },
};

/** Virtual machine statuses; CREATED is active, the others archived. */
export const VM_STATUSES = ['CREATED', 'DELETED', 'FAILED'] as const;
export type VmStatus = (typeof VM_STATUSES)[number];
export const ACTIVE_VM_STATUSES: VmStatus[] = ['CREATED'];
export const ARCHIVED_VM_STATUSES: VmStatus[] = VM_STATUSES.filter((status) => !ACTIVE_VM_STATUSES.includes(status));

/** The actions on a task and the statuses each one starts from (docs/decisions/site-tasks.md, "How does a task change status?"). */
export const TASK_TRANSITIONS = {
  approve: { from: ['NEW'], to: 'APPROVED', by: 'approved_by' },
  decline: { from: ['NEW', 'FAILED'], to: 'DECLINED', by: 'declined_by' },
  retry: { from: ['FAILED'], to: 'APPROVED', by: 'retried_by' },
  manual_complete: { from: ['NEW', 'APPROVED', 'IN_PROGRESS', 'FAILED'], to: 'COMPLETE', by: 'manual_complete_by' },
} as const satisfies Record<string, { from: SiteTaskStatus[]; to: SiteTaskStatus; by: string }>;
export type TaskTransition = keyof typeof TASK_TRANSITIONS;
export const TASK_TRANSITION_NAMES = Object.keys(TASK_TRANSITIONS) as TaskTransition[];

/** Whether an action may start from a status (the server refuses others with 409). */
export const canTransition = (action: TaskTransition, status: string) => (TASK_TRANSITIONS[action].from as readonly string[]).includes(status);

/**
 * Task and VM error codes 0–25 (spec 000 §8, the first reading; "requests" there are these
 * tasks). A failed task keeps its code in `error_code` and the details in `error`.
 */
export const SITE_TASK_ERRORS: Record<number, Record<Lang, string>> = {
  0: { ru: 'Общая ошибка', en: 'General error' },
  1: { ru: 'Ошибка получения заявок', en: 'Error retrieving requests' },
  2: { ru: 'Недопустимый статус заявки', en: 'Invalid request status' },
  3: { ru: 'Недопустимое количество заявок', en: 'Invalid number of requests' },
  4: { ru: 'Ошибка обновления', en: 'Update error' },
  5: { ru: 'Ошибка создания', en: 'Creation error' },
  6: { ru: 'Ошибка обновления', en: 'Update error' },
  7: { ru: 'Не удалось выполнить', en: 'Failed to execute' },
  8: { ru: 'Недопустимая заявка', en: 'Invalid request' },
  9: { ru: 'Ошибка проверки контекста', en: 'Context validation error' },
  10: { ru: 'Ошибка авторизации', en: 'Authorization error' },
  11: { ru: 'Ошибка проверки заявки', en: 'Request validation error' },
  12: { ru: 'Сайт не поддерживает автоматизацию', en: 'The site does not support automation' },
  13: { ru: 'Ошибка данных сайта', en: 'Site data error' },
  14: { ru: 'Ошибка данных виртуальной машины', en: 'Virtual machine data error' },
  15: { ru: 'Ошибка списка виртуальных машин', en: 'Virtual machine list error' },
  16: { ru: 'Ошибка обновления виртуальной машины', en: 'Virtual machine update error' },
  17: { ru: 'Ошибка создания виртуальной машины', en: 'Virtual machine creation error' },
  18: { ru: 'Предупреждение при создании виртуальной машины', en: 'Virtual machine creation warning' },
  19: { ru: 'Заявка на создание отклонена', en: 'The creation request was declined' },
  20: { ru: 'Ошибка выполнения', en: 'Execution error' },
  21: { ru: 'Виртуальная машина с таким именем хоста уже существует', en: 'A virtual machine with the same hostname exists' },
  22: { ru: 'Имя хоста совпадает с техническим доменом', en: 'The hostname equals the technical domain' },
  23: { ru: 'Не указано доменное имя', en: 'The domain name is not specified' },
  24: { ru: 'Недопустимое доменное имя', en: 'The domain name is invalid' },
  25: { ru: 'Сайт нужно снять с публикации', en: 'The site must be taken off publication' },
};
export const SITE_TASK_ERROR_CODES = Object.keys(SITE_TASK_ERRORS).map(Number);

/** The text of a task error code; an unknown code is shown as it is. */
export const taskErrorText = (code: number, lang: Lang) => SITE_TASK_ERRORS[code]?.[lang] ?? String(code);

/** Task and VM lists (spec 000 §7, §9): page from 0, 25 a page, at most 100. */
export const TASK_PAGE_SIZE = 25;
export const TASK_PAGE_MAX = 100;

const paging = {
  page: integer(0).optional(),
  limit: integer(1, TASK_PAGE_MAX).optional(),
};

/** GET /tasks/active and /tasks/archived: paging and filters; a status outside the list's own statuses finds nothing. */
export const taskListQuery = z.strictObject({
  ...paging,
  'filter[search]': filterText(100).optional(),
  'filter[action]': z.enum(SITE_TASK_ACTIONS).optional(),
  'filter[status]': z.enum(SITE_TASK_STATUSES).optional(),
  'filter[site_id]': id().optional(),
});
export type TaskListQuery = z.output<typeof taskListQuery>;

/** GET /vms/active and /vms/archived. */
export const vmListQuery = z.strictObject({
  ...paging,
  'filter[search]': filterText(100).optional(),
  'filter[status]': z.enum(VM_STATUSES).optional(),
  'filter[site_id]': id().optional(),
});
export type VmListQuery = z.output<typeof vmListQuery>;

/** The task actions take no fields; an empty `{ data: {} }` or no body at all. */
export const taskActionBody = actionBody(z.strictObject({})).nullish();

/** A host name as the platform stores it: lowercase a-z, 0-9, dots and hyphens, a valid domain. */
const hostField = () =>
  safeString()
    .trim()
    .toLowerCase()
    .max(253)
    .refine(isValidHost, { error: encodeMessage('task_host_invalid') });

const ipField = () =>
  safeString()
    .trim()
    .max(45)
    .pipe(z.union([z.ipv4(), z.ipv6()], { error: encodeMessage('task_ip_invalid') }));

/**
 * POST /vms (create_vm): registers a virtual machine made outside the platform's tasks, for a
 * site; CREATED, not auto-loaded.
 */
export const createVmBody = actionBody(
  z.strictObject({
    site_id: id(),
    platform_id: requiredText(100),
    ip: ipField(),
    hostname: hostField(),
    host: hostField().nullable().optional(),
    technical_host: hostField().nullable().optional(),
    domain_code: optionalText(100),
    group: optionalText(100),
  }),
);
export type CreateVm = z.output<typeof createVmBody>['data'];

/** PATCH /vms/{id}/state (update_vm_state): the state the platform reports for a machine. */
export const updateVmStateBody = actionBody(z.strictObject({ status: z.enum(VM_STATUSES) }));

/**
 * Who acted on a task (spec 000 §3 Site task payload): user ids; the transition that made the
 * task may add its own details (a core switch: `core`, `old_core`).
 */
export interface SiteTaskPayloadRecord {
  approved_by?: number;
  declined_by?: number;
  retried_by?: number;
  manual_complete_by?: number;
  [detail: string]: unknown;
}

/**
 * A site task as the lists and the update stream give it (spec 000 §3 Site task), in the
 * camelCase of the specification's VM fields and `totalCount`, plus the site's name, the owning
 * client and the error of a failed run.
 */
export interface SiteTaskRecord {
  id: number;
  siteId: number | null;
  siteName: string | null;
  /** The site's publication status (sites.context: 1 published, 2 draft, 3 publishing): what is left after a creation. */
  siteStatus: number | null;
  clientId: number | null;
  userId: number | null;
  action: SiteTaskAction;
  repeatCount: number;
  status: SiteTaskStatus;
  host: string | null;
  oldHost: string | null;
  vmId: number | null;
  www: boolean;
  domainCode: string | null;
  payload: SiteTaskPayloadRecord;
  errorCode: number | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A virtual machine (spec 000 §3): id, siteId, platformId, taskId, ip, status, hosts, times. */
export interface VirtualMachineRecord {
  id: number;
  siteId: number | null;
  siteName: string | null;
  clientId: number | null;
  platformId: string | null;
  taskId: number | null;
  ip: string | null;
  status: VmStatus;
  host: string | null;
  technicalHost: string | null;
  hostname: string | null;
  domainCode: string | null;
  group: string | null;
  autoLoaded: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The list shapes of the specification: `{ tasks | vms, totalCount }`. */
export interface SiteTaskList {
  tasks: SiteTaskRecord[];
  totalCount: number;
}
export interface VirtualMachineList {
  vms: VirtualMachineRecord[];
  totalCount: number;
}

/** The two update streams (spec 000 §7) below /gateway/sites.controller. */
export const SITE_TASK_STREAMS = {
  tasks: '/api/v1/tasks/updates',
  vms: '/api/v1/vms/updates',
} as const;
export type SiteTaskStream = keyof typeof SITE_TASK_STREAMS;

/** What the streams carry: a task or a VM as the lists give it, after each change. */
export type SiteTaskStreamData = { task: SiteTaskRecord } | { vm: VirtualMachineRecord };

/** The names of the users of tasks the caller sees: GET /tasks/users?ids=1,2 */
export const taskUsersQuery = z.strictObject({
  ids: safeString()
    .max(2200)
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: encodeMessage('invalid_choice') })
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(z.array(z.number().min(1).max(INT4_MAX))),
});
export interface TaskUser {
  id: number;
  name: string;
  last_name: string | null;
}
