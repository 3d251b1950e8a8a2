import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { isValidHost } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { ProvisioningError, type SiteHosts } from './provisioning/driver.ts';
import { virtualMachines } from './site-task.table.ts';

/**
 * The hosts a task provisions: the site's host and technical host as they are now (a later host
 * change wins over the one the task was made for); without a technical host, `<domain code>.<TECHNICAL_DOMAIN>`.
 * Refused with the codes of spec 000 §8: 23 no name at all, 24 a name that is no domain, 22 a host
 * equal to the technical host or to the technical domain itself.
 */
export function resolveSiteHosts(
  site: { host: string | null; technical_host: string | null },
  task: { domain_code: string | null },
  technicalDomain: string,
): SiteHosts {
  const host = site.host || null;
  const technicalHost = site.technical_host || (task.domain_code ? `${task.domain_code}.${technicalDomain}` : null);
  if (!host && !technicalHost) throw new ProvisioningError(23, 'the site has neither a host nor a technical host');
  for (const name of [host, technicalHost]) {
    if (name && !isValidHost(name)) throw new ProvisioningError(24, `"${name}" is not a valid domain name`);
    if (name === technicalDomain) throw new ProvisioningError(22, `"${name}" is the technical domain itself`);
  }
  if (host && host === technicalHost) throw new ProvisioningError(22, `the host "${host}" equals the technical host`);
  const domainCode = technicalHost?.endsWith(`.${technicalDomain}`) ? technicalHost.slice(0, -(technicalDomain.length + 1)) : task.domain_code;
  return { host, technicalHost, hostname: (technicalHost ?? host)!, domainCode };
}

/** Code 21: another site's running machine already answers to one of these names. */
export async function assertHostsFree(db: DbOrTx, hosts: SiteHosts, siteId: number) {
  const names = [hosts.host, hosts.technicalHost, hosts.hostname].filter((name): name is string => !!name);
  const [taken] = await db
    .select({ id: virtualMachines.id })
    .from(virtualMachines)
    .where(
      and(
        eq(virtualMachines.status, 'CREATED'),
        ne(virtualMachines.site_id, siteId),
        or(inArray(virtualMachines.host, names), inArray(virtualMachines.technical_host, names), inArray(virtualMachines.hostname, names)),
      ),
    )
    .limit(1);
  // The machine may be another client's: the message names only the site's own host names.
  if (taken) throw new ProvisioningError(21, `another site's running machine already answers to ${names.join(', ')}`);
}
