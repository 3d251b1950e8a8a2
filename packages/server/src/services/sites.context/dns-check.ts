import { Resolver } from 'node:dns/promises';
import type { DnsCheckCode } from '@dp/contracts';

/**
 * The DNS check of a site's hosts (spec 000 §5), with node:dns against the configured servers
 * (DNS_SERVERS; the system's when empty). Codes: 0 A records of host and technical host unequal,
 * 1 host has no A, 2 technical host has no A, 3 host has several A, 4 technical host has several A,
 * 5 host has other records (AAAA or CNAME), 6 www's A records differ from the host's, 7 the
 * records could not be read. No code: all is well.
 */
export interface DnsCheck {
  codes: DnsCheckCode[];
  records: { host: string[]; technical_host: string[]; www: string[] };
}

const FAILED = 'failed' as const;
/** "No such name" and "no such record" are answers; anything else (timeout, refusal, SERVFAIL) is a failure. */
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND']);

async function lookup<T>(query: () => Promise<T[]>): Promise<T[] | typeof FAILED> {
  try {
    return await query();
  } catch (error) {
    return NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '') ? [] : FAILED;
  }
}

const sameSet = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

export function createResolver(servers: string[], timeoutMs = 3000) {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return resolver;
}

export async function checkSiteDns(resolver: Resolver, site: { host: string | null; technical_host: string | null }): Promise<DnsCheck> {
  const codes = new Set<DnsCheckCode>();
  const records: DnsCheck['records'] = { host: [], technical_host: [], www: [] };
  const a = (name: string | null) => (name ? lookup(() => resolver.resolve4(name)) : Promise.resolve([] as string[]));
  const [hostA, technicalA, wwwA, hostAaaa, hostCname] = await Promise.all([
    a(site.host),
    a(site.technical_host),
    a(site.host ? `www.${site.host}` : null),
    site.host ? lookup(() => resolver.resolve6(site.host!)) : Promise.resolve([]),
    site.host ? lookup(() => resolver.resolveCname(site.host!)) : Promise.resolve([]),
  ]);
  if ([hostA, technicalA, wwwA, hostAaaa, hostCname].includes(FAILED)) codes.add(7);
  if (hostA !== FAILED) {
    records.host = hostA;
    if (hostA.length === 0) codes.add(1);
    if (hostA.length > 1) codes.add(3);
  }
  if (technicalA !== FAILED) {
    records.technical_host = technicalA;
    if (technicalA.length === 0) codes.add(2);
    if (technicalA.length > 1) codes.add(4);
  }
  if (hostA !== FAILED && technicalA !== FAILED && hostA.length && technicalA.length && !sameSet(hostA, technicalA)) codes.add(0);
  if ((hostAaaa !== FAILED && hostAaaa.length) || (hostCname !== FAILED && hostCname.length)) codes.add(5);
  // A www name is optional; when it has A records they must be the host's.
  if (wwwA !== FAILED) {
    records.www = wwwA;
    if (hostA !== FAILED && wwwA.length && !sameSet(wwwA, hostA)) codes.add(6);
  }
  return { codes: [...codes].sort((x, y) => x - y), records };
}
