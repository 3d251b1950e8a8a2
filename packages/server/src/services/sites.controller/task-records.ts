import { and, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SiteTaskRecord, SiteTaskStatus, VirtualMachineRecord, VmStatus } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { escapeLike } from '../../kit/crud-routes.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteTasks, virtualMachines } from './site-task.table.ts';

export type SiteTaskRow = typeof siteTasks.$inferSelect;
export type VirtualMachineRow = typeof virtualMachines.$inferSelect;

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** A task as the lists and the update stream give it (spec 000 §3 Site task). */
export function toTaskRecord(row: SiteTaskRow & { site_name: string | null; site_status: number | null }): SiteTaskRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    siteName: row.site_name,
    siteStatus: row.site_status,
    clientId: row.client_id,
    userId: row.user_id,
    action: row.action as SiteTaskRecord['action'],
    repeatCount: row.repeat_count,
    status: row.status as SiteTaskStatus,
    host: row.host,
    oldHost: row.old_host,
    vmId: row.vm_id,
    www: row.www,
    domainCode: row.domain_code,
    payload: row.payload,
    errorCode: row.error_code,
    error: row.error,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A virtual machine as the lists and the update stream give it (spec 000 §3). */
export function toVmRecord(row: VirtualMachineRow & { site_name: string | null }): VirtualMachineRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    siteName: row.site_name,
    clientId: row.client_id,
    platformId: row.platform_id,
    taskId: row.task_id,
    ip: row.ip,
    status: row.status as VmStatus,
    host: row.host,
    technicalHost: row.technical_host,
    hostname: row.hostname,
    domainCode: row.domain_code,
    group: row.group,
    autoLoaded: row.auto_loaded,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Records of the caller's clients only; staff see all (a record without a client is staff's). */
function scoped(column: typeof siteTasks.client_id | typeof virtualMachines.client_id, auth: AuthContext): SQL | undefined {
  if (auth.scope === 'all') return undefined;
  return auth.scope.length ? inArray(column, auth.scope) : sql`false`;
}

export interface ListParams {
  statuses: string[];
  page: number;
  limit: number;
  search?: string;
  status?: string;
  action?: string;
  siteId?: number;
}

const siteName = sql<string | null>`${sites.name}`.as('site_name');
const siteStatus = sql<number | null>`${sites.status}`.as('site_status');
const total = sql<number>`count(*) over()`.mapWith(Number).as('total');

/** The conditions of a task list: the caller's clients, the list's statuses, the filters. */
function taskConditions(auth: AuthContext, params: ListParams) {
  const term = params.search ? `%${escapeLike(params.search)}%` : null;
  return and(
    scoped(siteTasks.client_id, auth),
    inArray(siteTasks.status, params.statuses),
    params.status ? eq(siteTasks.status, params.status) : undefined,
    params.action ? eq(siteTasks.action, params.action) : undefined,
    params.siteId ? eq(siteTasks.site_id, params.siteId) : undefined,
    term ? or(ilike(siteTasks.host, term), ilike(siteTasks.old_host, term), ilike(sites.name, term)) : undefined,
  );
}

function vmConditions(auth: AuthContext, params: ListParams) {
  const term = params.search ? `%${escapeLike(params.search)}%` : null;
  const columns = [virtualMachines.host, virtualMachines.technical_host, virtualMachines.hostname, virtualMachines.ip, sites.name];
  return and(
    scoped(virtualMachines.client_id, auth),
    inArray(virtualMachines.status, params.statuses),
    params.status ? eq(virtualMachines.status, params.status) : undefined,
    params.siteId ? eq(virtualMachines.site_id, params.siteId) : undefined,
    term ? or(...columns.map((column) => ilike(column, term))) : undefined,
  );
}

/**
 * One page and the total: the total rides on the rows as a window count; a page past the end
 * has no row to carry it and counts on its own.
 */
async function pageWithTotal<T>(rows: (T & { total: number })[], params: ListParams, count: () => Promise<{ n: number }[]>) {
  const totalCount = rows[0]?.total ?? (params.page === 0 ? 0 : ((await count())[0]?.n ?? 0));
  return { rows, totalCount };
}

const counted = sql<number>`count(*)`.mapWith(Number).as('n');

/** One page of tasks, newest first, with the total: `{ tasks, totalCount }` (spec 000 §7). */
export async function listTasks(db: DbOrTx, auth: AuthContext, params: ListParams) {
  const where = taskConditions(auth, params);
  const rows = await db
    .select({ ...getTableColumns(siteTasks), site_name: siteName, site_status: siteStatus, total })
    .from(siteTasks)
    .leftJoin(sites, eq(sites.id, siteTasks.site_id))
    .where(where)
    .orderBy(desc(siteTasks.id))
    .limit(params.limit)
    .offset(params.page * params.limit);
  const page = await pageWithTotal(rows, params, () => db.select({ n: counted }).from(siteTasks).leftJoin(sites, eq(sites.id, siteTasks.site_id)).where(where));
  return { tasks: page.rows.map(toTaskRecord), totalCount: page.totalCount };
}

/** One page of virtual machines, newest first, with the total: `{ vms, totalCount }`. */
export async function listVms(db: DbOrTx, auth: AuthContext, params: ListParams) {
  const where = vmConditions(auth, params);
  const rows = await db
    .select({ ...getTableColumns(virtualMachines), site_name: siteName, total })
    .from(virtualMachines)
    .leftJoin(sites, eq(sites.id, virtualMachines.site_id))
    .where(where)
    .orderBy(desc(virtualMachines.id))
    .limit(params.limit)
    .offset(params.page * params.limit);
  const page = await pageWithTotal(rows, params, () =>
    db.select({ n: counted }).from(virtualMachines).leftJoin(sites, eq(sites.id, virtualMachines.site_id)).where(where),
  );
  return { vms: page.rows.map(toVmRecord), totalCount: page.totalCount };
}

/** One task as a record (for the update stream and the answers of the actions). */
export async function loadTaskRecord(db: DbOrTx, id: number): Promise<SiteTaskRecord | null> {
  const [row] = await db
    .select({ ...getTableColumns(siteTasks), site_name: siteName, site_status: siteStatus })
    .from(siteTasks)
    .leftJoin(sites, eq(sites.id, siteTasks.site_id))
    .where(eq(siteTasks.id, id));
  return row ? toTaskRecord(row) : null;
}

export async function loadVmRecord(db: DbOrTx, id: number): Promise<VirtualMachineRecord | null> {
  const [row] = await db
    .select({ ...getTableColumns(virtualMachines), site_name: siteName })
    .from(virtualMachines)
    .leftJoin(sites, eq(sites.id, virtualMachines.site_id))
    .where(eq(virtualMachines.id, id));
  return row ? toVmRecord(row) : null;
}

/** A task of the caller's clients, locked for the change (404 otherwise: no leak). */
export async function findTaskForUpdate(tx: DbOrTx, auth: AuthContext, id: number): Promise<SiteTaskRow | null> {
  const [row] = await tx
    .select()
    .from(siteTasks)
    .where(and(eq(siteTasks.id, id), scoped(siteTasks.client_id, auth)))
    .for('update');
  return row ?? null;
}

export async function findVmForUpdate(tx: DbOrTx, auth: AuthContext, id: number): Promise<VirtualMachineRow | null> {
  const [row] = await tx
    .select()
    .from(virtualMachines)
    .where(and(eq(virtualMachines.id, id), scoped(virtualMachines.client_id, auth)))
    .for('update');
  return row ?? null;
}
