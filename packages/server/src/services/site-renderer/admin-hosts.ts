import net from 'node:net';
import type { Config } from '../../kit/config.ts';

/**
 * Which requests are the admin's. The admin answers at its own host names only: PUBLIC_URL's
 * host, localhost, IP addresses (health checks, a load balancer, a machine reached by address:
 * no site is ever at an address) and ADMIN_HOSTS. Every other host is a public site's or the
 * neutral page, never the admin — a dealer's domain pointed at the servers must not show it.
 */
export function adminHostMatcher(config: Pick<Config, 'publicUrl' | 'adminHosts'>): (host: string) => boolean {
  const names = new Set(['localhost', ...config.adminHosts.map(normalizeHost)]);
  if (URL.canParse(config.publicUrl)) names.add(normalizeHost(new URL(config.publicUrl).hostname));
  return (host) => names.has(host) || net.isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}

/** A host name as compared: lowercase, without a port or a trailing dot. */
export function normalizeHost(value: string): string {
  const host = value.trim().toLowerCase();
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return bare.replace(/\.$/, '');
}
