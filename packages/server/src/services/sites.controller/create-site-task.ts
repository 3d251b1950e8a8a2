import type { SiteTaskAction } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { siteTasks, type SiteTaskPayload } from './site-task.table.ts';
import { publishTask } from './task-streams.ts';

export interface NewSiteTask {
  siteId: number;
  clientId: number;
  action: SiteTaskAction;
  host?: string | null;
  oldHost?: string | null;
  domainCode?: string | null;
  www?: boolean;
  /** The machine a delete_vm task takes down. */
  vmId?: number | null;
  payload?: SiteTaskPayload;
}

/**
 * A site task waiting for approval (status NEW), created in the caller's transaction by the
 * site transitions of sites.context (creation, host change, core switch, unpublishing); the
 * tasks stream announces it when that transaction commits.
 */
export async function createSiteTask(tx: DbOrTx, auth: AuthContext | null, task: NewSiteTask, ip: string | null = null) {
  const [created] = await tx
    .insert(siteTasks)
    .values({
      site_id: task.siteId,
      client_id: task.clientId,
      user_id: auth?.userId ?? null,
      action: task.action,
      host: task.host ?? null,
      old_host: task.oldHost ?? null,
      domain_code: task.domainCode ?? null,
      www: task.www ?? false,
      vm_id: task.vmId ?? null,
      payload: task.payload ?? {},
    })
    .returning();
  await recordAudit(tx, auth, {
    action: 'create',
    service: 'sites.controller',
    resource: 'tasks',
    recordId: created!.id,
    changes: { action: task.action, site_id: task.siteId, host: task.host ?? null },
    clientId: task.clientId,
    ip,
  });
  await publishTask(tx, created!.id);
  return created!;
}
