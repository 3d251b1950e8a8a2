import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { SITE_STATUS } from '../sites.context/site-provisioned.ts';
import { LOCAL_IP } from './provisioning/local-driver.ts';
import { siteTasks, virtualMachines } from './site-task.table.ts';

const domainCodeOf = (technicalHost: string | null) => technicalHost?.replace(/\.localhost$/, '') ?? null;

/**
 * The demo's history of site tasks: every published demo site was provisioned on this server
 * (a completed creation task approved by the administrator and its running `local` machine, so
 * the public renderer serves it), and every draft client site waits with a new creation task
 * for approval on the tasks screen.
 */
export async function seedDemoSiteTasks(db: Db, approverId: number) {
  const rows = await db.select().from(sites).where(and(eq(sites.type, 3), isNotNull(sites.technical_host)));
  for (const site of rows) {
    const domainCode = domainCodeOf(site.technical_host);
    const published = site.status === SITE_STATUS.published;
    const [task] = await db
      .insert(siteTasks)
      .values({
        site_id: site.id,
        client_id: site.client_id,
        action: 'create_site',
        status: published ? 'COMPLETE' : 'NEW',
        host: site.host ?? site.technical_host,
        domain_code: domainCode,
        payload: published ? { approved_by: approverId } : {},
      })
      .returning();
    if (!published) continue;
    const [vm] = await db
      .insert(virtualMachines)
      .values({
        site_id: site.id,
        client_id: site.client_id,
        platform_id: 'local',
        task_id: task!.id,
        ip: LOCAL_IP,
        status: 'CREATED',
        host: site.host,
        technical_host: site.technical_host,
        hostname: site.technical_host,
        domain_code: domainCode,
        auto_loaded: true,
      })
      .returning();
    await db.update(siteTasks).set({ vm_id: vm!.id }).where(eq(siteTasks.id, task!.id));
  }
}
