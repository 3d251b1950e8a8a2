import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { NotifiedCache } from '../../kit/notified-cache.ts';

/**
 * The channel of changes of public sites. Triggers (migration 0011_site_render_notify) send on it
 * in the transaction of the change, so it goes out at commit and never for a rollback, whatever
 * code made the change: the site's id when what one site shows changed (its settings, pages,
 * published states, layouts, stages, SEO, constants, redirects, modules), '*' when many may have
 * (floors, dealerships), 'hosts' when the machines serving host names changed.
 */
export const SITE_RENDER_CHANNEL = 'dp_site_render';

/**
 * Drops what every process keeps of these sites (snapshots and rendered answers), as a change of
 * them does: one notification per site, sent at the commit of `db`'s transaction (none on a
 * rollback). For a refresh asked without a change of the site's records.
 */
export async function dropSiteCaches(db: DbOrTx, siteIds: number[]): Promise<void> {
  const ids = [...new Set(siteIds)];
  if (!ids.length) return;
  await db.execute(sql`select pg_notify(${SITE_RENDER_CHANNEL}, v.id) from (values ${sql.join(ids.map((id) => sql`(${String(id)}::text)`), sql`, `)}) as v(id)`);
}

/**
 * A finished answer of the renderer, kept and sent again as it is. Its body is bytes, outside the
 * JavaScript heap: the kept answers (up to MAX_BYTES) do not count against the process's heap limit
 * (`npm run serve`), and they are sent without being encoded again.
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What is kept per site: its snapshot (the loader's value) and answers by key. */
export interface SiteEntry<S> {
  siteId: number;
  value: S;
  /** Sites whose changes drop this entry (the site, the official master it shows content of). */
  dependsOn: number[];
  responses: Map<string, CachedResponse>;
  /** Keys of answers that read the database asked once and not kept (responseOf: such an answer is kept from its second request on). */
  askedOnce: Set<string>;
  /** Answers being rendered (responseOf): requests arriving together share one. */
  pending: Map<string, Promise<CachedResponse>>;
  /** Values the answers read, loaded once while the entry lives (derivedOf): a stock list's index. */
  derived: Map<string, Promise<{ bytes: number }>>;
  /** Bytes of the kept answers' bodies and derived values (the cache's memory budget counts them). */
  bytes: number;
  /** Those of them in the JavaScript heap (what list pages read, kept for the next: `grew`). */
  heapBytes: number;
}

export const MAX_SITES = 1000;
export const MAX_RESPONSES_PER_SITE = 500;
export const MAX_HOSTS = 10_000;
/** The most keys a site remembers as asked once; it forgets them all when full. */
export const MAX_ASKED_ONCE = 2 * MAX_RESPONSES_PER_SITE;
/** The most the kept answers of all sites may weigh; the sites kept longest go first. */
export const MAX_BYTES = 128 * 1024 * 1024;
/** The most of it that may be in the JavaScript heap (`npm run serve` gives the heap 160 MB). */
export const MAX_HEAP_BYTES = 32 * 1024 * 1024;

/**
 * What the public sites' renderer keeps per process: the site of each host name, and per site its
 * snapshot and rendered answers. Publishing anything NOTIFYs SITE_RENDER_CHANNEL; every process
 * hears it and drops that site at once (no delay of minutes, spec 000 §9 notwithstanding). A load
 * that overlaps a notification is answered but not kept (its reads may predate the change). While
 * the LISTEN connection is down nothing is kept and every request reads the database.
 */
export class SiteCache<S> extends NotifiedCache {
  private hosts = new Map<string, number | null>();
  private sites = new Map<number, SiteEntry<S>>();
  private bytes = 0;
  private heapBytes = 0;

  constructor(private readonly limits: { maxBytes: number; maxHeapBytes: number } = { maxBytes: MAX_BYTES, maxHeapBytes: MAX_HEAP_BYTES }) {
    super(SITE_RENDER_CHANNEL);
  }

  get size(): { sites: number; hosts: number; bytes: number; heapBytes: number } {
    return { sites: this.sites.size, hosts: this.hosts.size, bytes: this.bytes, heapBytes: this.heapBytes };
  }

  /** The site a host name reaches (null: none), from the cache or from `load`. */
  async siteOfHost(host: string, load: () => Promise<number | null>): Promise<number | null> {
    if (this.live && this.hosts.has(host)) return this.hosts.get(host)!;
    return this.shared(`host:${host}`, async () => {
      const generation = this.generation;
      const siteId = await load();
      if (this.live && generation === this.generation) {
        if (this.hosts.size >= MAX_HOSTS) this.hosts.delete(this.hosts.keys().next().value!);
        this.hosts.set(host, siteId);
      }
      return siteId;
    });
  }


  /**
   * The entry of a site, from the cache or from `load` (which reads the database; null: no such
   * site). Requests arriving together for a site not in the cache share one load.
   */
  async site(siteId: number, load: () => Promise<{ value: S; dependsOn: number[] } | null>): Promise<SiteEntry<S> | null> {
    const hit = this.live ? this.sites.get(siteId) : undefined;
    if (hit) return hit;
    return this.shared(`site:${siteId}`, async () => {
      const generation = this.generation;
      const loaded = await load();
      if (!loaded) return null;
      const entry: SiteEntry<S> = { siteId, ...loaded, responses: new Map(), askedOnce: new Set(), pending: new Map(), derived: new Map(), bytes: 0, heapBytes: 0 };
      if (this.live && generation === this.generation) {
        if (this.sites.size >= MAX_SITES) this.drop(this.sites.keys().next().value!);
        this.sites.set(siteId, entry);
      }
      return entry;
    });
  }


  /** An answer of the site by key, rendered once while the entry lives. */
  response(entry: SiteEntry<S>, key: string, render: () => CachedResponse): CachedResponse {
    const hit = entry.responses.get(key);
    if (hit) return hit;
    return this.keep(entry, key, render());
  }

  /**
   * An answer that reads the database (a stock list page, a car page), kept from its second
   * request on while the entry lives; requests for it arriving together share one rendering. An
   * address asked once (another filter combination, another car) is rendered and not kept: it
   * neither pushes the addresses asked again out of the cache nor leaves garbage in the heap's old
   * space, whose collections are the renderer's slowest answers. An answer whose entry a
   * notification dropped meanwhile is sent but not kept.
   */
  async responseOf(entry: SiteEntry<S>, key: string, render: () => Promise<CachedResponse>): Promise<CachedResponse> {
    const hit = entry.responses.get(key);
    if (hit) return hit;
    const pending = entry.pending.get(key);
    if (pending) return pending;
    const made = render()
      .then((answer) => (this.askedBefore(entry, key) ? this.keep(entry, key, answer) : answer))
      .finally(() => entry.pending.delete(key));
    entry.pending.set(key, made);
    return made;
  }

  /**
   * A value the site's answers read (a stock list's index), loaded once while the entry lives;
   * requests arriving together share the load, and a failed load is tried again by the next. A
   * value whose entry a notification dropped meanwhile serves the requests that asked for it and
   * goes with the entry. Its bytes count against the cache's budget.
   */
  derivedOf<V extends { bytes: number }>(entry: SiteEntry<S>, key: string, load: () => Promise<V>): Promise<V> {
    const kept = entry.derived.get(key);
    if (kept) return kept as Promise<V>;
    const made: Promise<V> = load().then(
      (value) => {
        if (this.isCurrent(entry) && entry.derived.get(key) === made) this.count(entry, value.bytes);
        return value;
      },
      (error: unknown) => {
        if (entry.derived.get(key) === made) entry.derived.delete(key);
        throw error;
      },
    );
    entry.derived.set(key, made);
    return made;
  }

  /** A derived value of the entry grew in the heap (what a list page read, kept for the next): its bytes count against both budgets. */
  grew(entry: SiteEntry<S>, bytes: number): void {
    if (this.isCurrent(entry)) this.count(entry, bytes, bytes);
  }

  /** Whether the key was asked before (and is forgotten as such now); if not, it is remembered. */
  private askedBefore(entry: SiteEntry<S>, key: string): boolean {
    if (entry.askedOnce.delete(key)) return true;
    if (entry.askedOnce.size >= MAX_ASKED_ONCE) entry.askedOnce.clear();
    entry.askedOnce.add(key);
    return false;
  }

  private isCurrent(entry: SiteEntry<S>): boolean {
    return this.live && this.sites.get(entry.siteId) === entry;
  }

  private keep(entry: SiteEntry<S>, key: string, made: CachedResponse): CachedResponse {
    if (this.isCurrent(entry)) {
      if (entry.responses.size >= MAX_RESPONSES_PER_SITE) {
        const [oldest, answer] = entry.responses.entries().next().value!;
        entry.responses.delete(oldest);
        entry.bytes -= answer.body.length;
        this.bytes -= answer.body.length;
      }
      entry.responses.set(key, made);
      this.count(entry, made.body.length);
    }
    return made;
  }

  /** Adds bytes kept for an entry (`heap` of them in the heap), and forgets the sites kept longest while over a budget. */
  private count(entry: SiteEntry<S>, bytes: number, heap = 0) {
    entry.bytes += bytes;
    this.bytes += bytes;
    entry.heapBytes += heap;
    this.heapBytes += heap;
    for (const [id] of this.sites) {
      if (this.bytes <= this.limits.maxBytes && this.heapBytes <= this.limits.maxHeapBytes) break;
      if (id !== entry.siteId) this.drop(id);
    }
  }

  /** Forgets one site's entry and the bytes of its answers. */
  private drop(siteId: number) {
    const entry = this.sites.get(siteId);
    if (!entry) return;
    this.sites.delete(siteId);
    this.bytes -= entry.bytes;
    this.heapBytes -= entry.heapBytes;
  }

  /** A notification: one site (and the sites showing its content), every site, or the host names. */
  protected dropFor(payload: string): void {
    if (payload === 'hosts') return this.hosts.clear();
    if (!/^\d+$/.test(payload)) return this.clear();
    const siteId = Number(payload);
    for (const [id, entry] of this.sites) if (id === siteId || entry.dependsOn.includes(siteId)) this.drop(id);
  }

  clear(): void {
    this.generation++;
    this.hosts.clear();
    this.sites.clear();
    this.bytes = 0;
    this.heapBytes = 0;
  }
}
