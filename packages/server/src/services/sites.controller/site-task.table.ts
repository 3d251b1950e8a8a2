import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';

/** Who acted on a task (spec 000 §3 Site task payload). */
export interface SiteTaskPayload {
  approved_by?: number;
  declined_by?: number;
  retried_by?: number;
  manual_complete_by?: number;
  [key: string]: unknown;
}

/**
 * A site task (spec 000 §3): created by site creation, host change, core switch and unpublishing,
 * run by a provisioning driver once approved. DECLINED and COMPLETE are archived.
 */
export const siteTasks = pgTable(
  'site_tasks',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id'),
    user_id: integer('user_id'),
    client_id: integer('client_id'),
    action: text('action').notNull(),
    repeat_count: integer('repeat_count').notNull().default(0),
    status: text('status').notNull().default('NEW'),
    host: text('host'),
    old_host: text('old_host'),
    vm_id: integer('vm_id'),
    www: boolean('www').notNull().default(false),
    domain_code: text('domain_code'),
    payload: jsonb('payload').$type<SiteTaskPayload>().notNull().default({}),
    /** Spec 000 §8 task error codes 0–25. */
    error_code: integer('error_code'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('site_tasks_status_idx').on(t.status, t.id), index('site_tasks_site_idx').on(t.site_id)],
);

/** A virtual machine serving sites (spec 000 §3). CREATED is active, other statuses archived. */
export const virtualMachines = pgTable(
  'virtual_machines',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id'),
    client_id: integer('client_id'),
    platform_id: text('platform_id'),
    task_id: integer('task_id'),
    ip: text('ip'),
    status: text('status').notNull().default('CREATED'),
    host: text('host'),
    technical_host: text('technical_host'),
    hostname: text('hostname'),
    domain_code: text('domain_code'),
    group: text('group'),
    auto_loaded: boolean('auto_loaded').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('virtual_machines_status_idx').on(t.status, t.id), index('virtual_machines_site_idx').on(t.site_id)],
);
