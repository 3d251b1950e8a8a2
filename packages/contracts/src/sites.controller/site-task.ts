/** Site task actions (spec 000 §3 Site task): what creates a task. */
export const SITE_TASK_ACTIONS = ['create_site', 'change_host', 'switch_core', 'unpublish', 'delete_vm'] as const;
export type SiteTaskAction = (typeof SITE_TASK_ACTIONS)[number];

/** Task statuses; DECLINED and COMPLETE are archived, every other one is active (spec 000 §4). */
export const SITE_TASK_STATUSES = ['NEW', 'APPROVED', 'IN_PROGRESS', 'FAILED', 'DECLINED', 'COMPLETE'] as const;
export type SiteTaskStatus = (typeof SITE_TASK_STATUSES)[number];
export const ARCHIVED_TASK_STATUSES: SiteTaskStatus[] = ['DECLINED', 'COMPLETE'];

/** Virtual machine statuses; CREATED is active, the others archived. */
export const VM_STATUSES = ['CREATED', 'DELETED', 'FAILED'] as const;
export type VmStatus = (typeof VM_STATUSES)[number];
