import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Readable, Transform } from 'node:stream';

/**
 * The one client for every user-given URL (feeds, import hooks, later CRM webhooks; DESIGN.md §9
 * and §10 "outgoing HTTP"). A URL is refused unless it is http(s) to a public address:
 * - the host is resolved and EVERY address it resolves to must be public (loopback, private,
 *   link-local, CGNAT, multicast, unspecified, reserved, documentation, and IPv6 forms that carry
 *   such an IPv4 address: mapped, compatible, 6to4, NAT64, Teredo are refused);
 * - a host written as a non-canonical number (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`) is
 *   refused whatever it points at: nobody writes a feed address that way but an attacker;
 * - the socket connects to the address that was checked (our `lookup` hands it back), so a DNS
 *   answer that changes between check and connect (rebinding) cannot slip in;
 * - redirects are followed by hand, each hop checked the same way, at most `maxRedirects`;
 * - a deadline covers the whole exchange, and the body is counted as it streams (`maxBytes`).
 * Tests reach their local servers only through an explicit allowance (`allowHosts` or the
 * OUTBOUND_ALLOW_HOSTS variable, comma-separated host names or addresses); nothing is allowed by default.
 */

export type SafeFetchErrorCode = 'url_scheme' | 'url_invalid' | 'address_refused' | 'numeric_host' | 'dns_failed' | 'too_many_redirects' | 'timeout' | 'too_large' | 'network' | 'http_status';

/** A refused or failed outbound call; `code` says why (the import report and hook log show it). */
export class SafeFetchError extends Error {
  constructor(
    public code: SafeFetchErrorCode,
    message: string,
    public status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
  /** Worth another try (hooks): the network or the far side failed, not our rules. */
  get transient() {
    return this.code === 'timeout' || this.code === 'network' || this.code === 'dns_failed' || (this.code === 'http_status' && (this.status ?? 0) >= 500);
  }
}

export interface SafeFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, redirects included (default 30 s). */
  timeoutMs?: number;
  /** The body is cut off with `too_large` past this many bytes (default 50 MB). */
  maxBytes?: number;
  maxRedirects?: number;
  /** Host names or addresses exempt from the address check (tests); defaults to OUTBOUND_ALLOW_HOSTS. */
  allowHosts?: string[];
  /** Further tries after a transient failure (hooks), with a back-off doubling from `retryDelayMs`. */
  retries?: number;
  retryDelayMs?: number;
  /** Non-2xx answers raise `http_status` (default true). */
  requireOk?: boolean;
  /** Ends the call at once when aborted (a long poll whose owner stops): it fails as `timeout`. */
  signal?: AbortSignal;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The final URL after redirects. */
  url: string;
}

const DEFAULTS = { timeoutMs: 30_000, maxBytes: 50 * 1024 * 1024, maxRedirects: 5 };

// ---------------------------------------------------------------------------------------------
// Addresses

type Range = [prefix: number[], bits: number];
const v4 = (text: string, bits: number): Range => [text.split('.').map(Number), bits];

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const BLOCKED_V4: Range[] = [
  v4('0.0.0.0', 8), // "this network", unspecified
  v4('10.0.0.0', 8),
  v4('100.64.0.0', 10), // CGNAT
  v4('127.0.0.0', 8),
  v4('169.254.0.0', 16), // link-local, cloud metadata
  v4('172.16.0.0', 12),
  v4('192.0.0.0', 24),
  v4('192.0.2.0', 24),
  v4('192.88.99.0', 24), // 6to4 relay anycast
  v4('192.168.0.0', 16),
  v4('198.18.0.0', 15),
  v4('198.51.100.0', 24),
  v4('203.0.113.0', 24),
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, broadcast
];

function inRange(bytes: number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted IPv4 part); null when it is not one. */
export function parseIpv6(text: string): number[] | null {
  let address = text.replace(/^\[|\]$/g, '').split('%')[0]!;
  if (isIP(address) !== 6) return null;
  const tail: number[] = [];
  const dotted = address.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    tail.push(...dotted[1]!.split('.').map(Number));
    address = address.slice(0, -dotted[1]!.length) + '0:0';
  }
  const [head, rest] = address.split('::') as [string, string | undefined];
  const words = (part: string) => (part ? part.split(':').filter((w) => w !== '').map((w) => parseInt(w, 16)) : []);
  const left = words(head);
  const right = rest === undefined ? [] : words(rest);
  const fill = rest === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  const all = [...left, ...fill, ...right];
  const bytes = all.flatMap((word) => [word >> 8, word & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

const v6 = (bytes: number[], bits: number): Range => [bytes, bits];
const hex = (text: string) => parseIpv6(text)!;
/** IPv6 ranges refused outright (no IPv4 inside to judge). */
const BLOCKED_V6: Range[] = [
  v6(hex('fc00::'), 7), // unique local
  v6(hex('fe80::'), 10), // link-local
  v6(hex('fec0::'), 10), // site-local (deprecated)
  v6(hex('ff00::'), 8), // multicast
  v6(hex('100::'), 64), // discard
  v6(hex('2001:db8::'), 32), // documentation
  v6(hex('2001::'), 32), // Teredo: the IPv4 inside is obfuscated; no feed lives there
  v6(hex('2001:10::'), 28), // ORCHID
  v6(hex('64:ff9b:1::'), 48), // local-use NAT64
];

/**
 * Why an address may not be called (a short reason), or null when it is public. IPv6 forms that
 * carry an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, 6to4 2002:AABB:CCDD::,
 * NAT64 64:ff9b::a.b.c.d) are judged by that IPv4 address.
 */
export function blockedAddressReason(address: string): string | null {
  const family = isIP(address.replace(/^\[|\]$/g, '').split('%')[0]!);
  if (family === 4) {
    const bytes = address.split('.').map(Number);
    return BLOCKED_V4.some((range) => inRange(bytes, range)) ? 'non-public IPv4 address' : null;
  }
  const bytes = family === 6 ? parseIpv6(address) : null;
  if (!bytes) return 'not an IP address';
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const embedded = (v4bytes: number[]) => (BLOCKED_V4.some((range) => inRange(v4bytes, range)) ? 'IPv6 form of a non-public IPv4 address' : null);
  if (zeros(0, 16)) return 'unspecified address';
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback address';
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(bytes.slice(12)); // mapped
  if (zeros(0, 12)) return 'IPv4-compatible IPv6 address'; // deprecated form: refused whatever it carries
  if (inRange(bytes, v6(hex('::ffff:0:0:0'), 96))) return 'IPv4-translated IPv6 address';
  if (inRange(bytes, v6(hex('64:ff9b::'), 96))) return embedded(bytes.slice(12)); // NAT64
  if (inRange(bytes, v6(hex('2002::'), 16))) return embedded(bytes.slice(2, 6)); // 6to4
  return BLOCKED_V6.some((range) => inRange(bytes, range)) ? 'non-public IPv6 address' : null;
}

/**
 * The host as written in the URL text, before the WHATWG parser turns `2130706433` or `0x7f.1`
 * into `127.0.0.1`: a host made only of digits, dots and hex letters that is not the canonical
 * dotted quad is a numeric trick.
 */
function isNumericTrick(rawUrl: string): boolean {
  const match = rawUrl.trim().match(/^[a-z][a-z0-9+.-]*:\/*(?:[^@/?#\\]*@)?([^:/?#\\[]*)/i);
  const host = match?.[1]?.replace(/\.$/, '') ?? '';
  if (!host || !/^(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+))*$/i.test(host)) return false;
  const parts = host.split('.');
  const canonical = parts.length === 4 && parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255);
  return !canonical;
}

function allowedHosts(options: SafeFetchOptions): Set<string> {
  const list = options.allowHosts ?? (process.env.OUTBOUND_ALLOW_HOSTS ?? '').split(',');
  return new Set(list.map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean));
}

/** `localhost` and the names below it are this machine whatever DNS answers (RFC 6761). */
const isLocalhostName = (host: string) => {
  const name = host.replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

/**
 * The part of the check that needs no DNS: the scheme, a host written as a number, `localhost`
 * names. Answers the URL, its host, and whether the host is exempt (allowed by name).
 */
function screenUrl(rawUrl: string, allow: Set<string>): { url: URL; host: string; exempt: boolean } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SafeFetchError('url_invalid', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('url_scheme', 'only http and https are allowed');
  if (isNumericTrick(rawUrl)) throw new SafeFetchError('numeric_host', 'a host written as a number is not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const exempt = allow.has(host);
  if (!exempt && isLocalhostName(host)) throw new SafeFetchError('address_refused', `${host} is this machine`);
  return { url, host, exempt };
}

/** Every address must pass: a host answering one public and one private address is refused. */
function assertPublic(host: string, addresses: { address: string }[], allow: Set<string>) {
  for (const { address } of addresses) {
    if (allow.has(address.toLowerCase())) continue;
    const reason = blockedAddressReason(address);
    if (reason) throw new SafeFetchError('address_refused', `${host} resolves to a ${reason}`);
  }
}

/** The addresses a host name resolves to (every one, as the system resolver answers). */
async function resolveHost(host: string): Promise<{ address: string; family: number }[]> {
  let addresses: { address: string; family: number }[];
  try {
    addresses = await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw new SafeFetchError('dns_failed', `the host ${host} does not resolve`);
  }
  if (!addresses.length) throw new SafeFetchError('dns_failed', `the host ${host} does not resolve`);
  return addresses;
}

/** The addresses of a name, or none when it does not resolve within `timeoutMs`. */
async function resolveWithin(host: string, timeoutMs: number): Promise<{ address: string }[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), timeoutMs)));
  const resolved = resolveHost(host).catch(() => []);
  return Promise.race([resolved, late]).finally(() => clearTimeout(timer));
}

/** Checks a URL and resolves its host: the address to connect to, or a SafeFetchError. */
export async function checkUrl(rawUrl: string, options: SafeFetchOptions = {}): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  const allow = allowedHosts(options);
  const { url, host, exempt } = screenUrl(rawUrl, allow);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveHost(host);
  if (!exempt) assertPublic(host, addresses, allow);
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/**
 * The same rules when an address is saved, so that a manager learns at once (the call is still
 * checked by checkUrl). Literal addresses and `localhost` names are judged without DNS; a name is
 * resolved and every address must be public. A name that does not resolve (now, or within
 * `dnsTimeoutMs`) passes: its record may be made after the setting, a DNS outage must not stop a
 * save, and the call-time check refuses it for as long as it stays unresolved.
 */
export async function checkSavedUrl(rawUrl: string, options: SafeFetchOptions & { dnsTimeoutMs?: number } = {}): Promise<SafeFetchError | null> {
  try {
    const allow = allowedHosts(options);
    const { host, exempt } = screenUrl(rawUrl, allow);
    if (exempt) return null;
    const addresses = isIP(host) ? [{ address: host }] : await resolveWithin(host, options.dnsTimeoutMs ?? 3000);
    assertPublic(host, addresses, allow);
    return null;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

/** A `lookup` that answers only the checked address: the socket cannot resolve the host again. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

function requestOnce(target: { url: URL; address: string; family: 4 | 6 }, options: SafeFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const { url, address, family } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { 'user-agent': 'dealer-platform/1.0', ...options.headers },
        lookup: pinnedLookup(address, family),
        agent: false,
        signal,
      },
      resolve,
    );
    request.on('error', (error) => reject(signal.aborted ? new SafeFetchError('timeout', 'the call took too long') : new SafeFetchError('network', error.message)));
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** Counts the bytes of a body and fails it with `too_large` past the limit. */
function limitBytes(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new SafeFetchError('too_large', `the answer is larger than ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
const withoutCredentials = (headers: Record<string, string> | undefined) =>
  headers && Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())));

/** One call with manual redirects; the body comes as a size-limited stream (feeds). */
export async function safeFetchStream(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeResponse & { body: Readable }> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  timer.unref?.();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let current = rawUrl;
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = options.headers;
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkUrl(current, options);
      const response = await requestOnce(target, { ...options, method, body, headers }, controller.signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.resume();
        if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', `more than ${maxRedirects} redirects`);
        // The next hop is checked from its own text: a relative Location keeps the checked host.
        const location = response.headers.location;
        current = /^[a-z][a-z0-9+.-]*:/i.test(location) ? location : new URL(location, target.url).toString();
        // Credentials (a proxy action's token) stay with the origin they were given for, as fetch does.
        if (!URL.canParse(current) || new URL(current).origin !== target.url.origin) headers = withoutCredentials(headers);
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      if (options.requireOk !== false && (status < 200 || status > 299)) {
        response.resume();
        throw new SafeFetchError('http_status', `the server answered ${status}`, status);
      }
      const limited = limitBytes(options.maxBytes ?? DEFAULTS.maxBytes);
      response.on('error', (error) => limited.destroy(controller.signal.aborted ? new SafeFetchError('timeout', 'the call took too long') : error));
      controller.signal.addEventListener('abort', () => limited.destroy(new SafeFetchError('timeout', 'the call took too long')), { once: true });
      limited.on('close', () => clearTimeout(timer));
      response.pipe(limited);
      return { status, headers: response.headers, url: target.url.toString(), body: limited };
    }
  } catch (error) {
    clearTimeout(timer);
    throw error;
  }
}

/** One call read whole (hooks, small documents), with retries and back-off for transient failures. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeResponse & { body: Buffer; attempts: number }> {
  const retries = options.retries ?? 0;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await safeFetchStream(rawUrl, options);
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) chunks.push(chunk as Buffer);
      return { ...response, body: Buffer.concat(chunks), attempts: attempt + 1 };
    } catch (error) {
      const failure = error instanceof SafeFetchError ? error : new SafeFetchError('network', (error as Error).message);
      if (attempt >= retries || !failure.transient) throw failure;
      await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 500) * 2 ** attempt));
    }
  }
}

/** Reads a whole body stream (already size-limited) into a buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
