import { and, desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { virtualMachines } from './site-task.table.ts';

/**
 * The site served at a host name (a request's Host header, lowercase, without port): the site
 * of the running machine registered for it, as host or technical host. The public site renderer
 * serves only what this finds, so a site is reachable exactly while its VM is CREATED.
 */
export async function siteIdForHost(db: DbOrTx, host: string): Promise<number | null> {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  const [row] = await db
    .select({ siteId: virtualMachines.site_id })
    .from(virtualMachines)
    .where(and(eq(virtualMachines.status, 'CREATED'), or(eq(virtualMachines.host, name), eq(virtualMachines.technical_host, name))))
    .orderBy(desc(virtualMachines.id))
    .limit(1);
  return row?.siteId ?? null;
}
