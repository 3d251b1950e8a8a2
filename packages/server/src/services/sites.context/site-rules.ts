import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { isUnderDomain, OFFICIAL_SITE_TYPES } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { sites } from './site.table.ts';

/** Where a field of a body is: `/data/attributes/<field>` for the resource, `/data/<field>` for actions. */
export type Pointer = (field: string) => string;
export const attributePointer: Pointer = (field) => `/data/attributes/${field}`;
export const actionPointer: Pointer = (field) => `/data/${field}`;

export const isOfficialType = (type: unknown) => (OFFICIAL_SITE_TYPES as readonly unknown[]).includes(type);

/** Official sites (types 1 and 2) are the platform's: only staff create them, change them or make one. */
export function assertOfficialAllowed(auth: AuthContext, type: unknown, existingType?: unknown) {
  if (auth.scope === 'all') return;
  if (isOfficialType(type) || isOfficialType(existingType)) throw new AppError(403, 'official_sites_staff_only', undefined, attributePointer('type'));
}

/**
 * The domain rules of spec 000 §5 (values already normalised by the contract): the host differs
 * from the technical domain and lies outside it; the technical host is `<subdomain>.<domain>`;
 * neither is used by another site as its host or technical host.
 */
export async function assertHostsAllowed(
  db: DbOrTx,
  technicalDomain: string,
  hosts: { host?: string | null; technical_host?: string | null },
  options: { exceptSiteId?: number; pointer?: Pointer } = {},
) {
  const pointer = options.pointer ?? attributePointer;
  const { host, technical_host: technicalHost } = hosts;
  if (host && isUnderDomain(host, technicalDomain)) throw badRequest('host_is_technical_domain', pointer('host'), { domain: technicalDomain });
  if (technicalHost) {
    const sub = technicalHost.slice(0, -(technicalDomain.length + 1));
    if (!technicalHost.endsWith(`.${technicalDomain}`) || !sub || sub.includes('.'))
      throw badRequest('technical_host_outside_domain', pointer('technical_host'), { domain: technicalDomain });
  }
  for (const [field, value] of [['host', host], ['technical_host', technicalHost]] as const) {
    if (!value) continue;
    const [taken] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(or(eq(sites.host, value), eq(sites.technical_host, value)), options.exceptSiteId ? ne(sites.id, options.exceptSiteId) : undefined))
      .limit(1);
    if (taken) throw new AppError(409, 'host_in_use', { host: value }, pointer(field));
  }
}

/** The subdomain of a technical host (`kia.localhost` → `kia`): the task's domain code. */
export function domainCodeOf(technicalHost: string | null | undefined, technicalDomain: string): string | null {
  if (!technicalHost || !technicalHost.endsWith(`.${technicalDomain}`)) return null;
  return technicalHost.slice(0, -(technicalDomain.length + 1));
}
