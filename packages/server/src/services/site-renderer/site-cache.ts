import { randomUUID } from 'node:crypto';
import type { Database } from '../../kit/db.ts';

/**
 * The channel of changes of public sites. Triggers (migration 0011_site_render_notify) send on it
 * in the transaction of the change, so it goes out at commit and never for a rollback, whatever
 * code made the change: the site's id when what one site shows changed (its settings, pages,
 * published states, layouts, stages, SEO, constants, redirects, modules), '*' when many may have
 * (floors, dealer centres), 'hosts' when the machines serving host names changed.
 */
export const SITE_RENDER_CHANNEL = 'dp_site_render';

/** A finished answer of the renderer, kept and sent again as it is. */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What is kept per site: its snapshot (the loader's value), answers by key, basic-auth headers that passed. */
export interface SiteEntry<S> {
  siteId: number;
  value: S;
  /** Sites whose changes drop this entry (the site, the official master it shows content of). */
  dependsOn: number[];
  responses: Map<string, CachedResponse>;
  /** Bytes of the kept answers' bodies (the cache's memory budget counts them). */
  bytes: number;
  authorized: Set<string>;
}

export const MAX_SITES = 1000;
export const MAX_RESPONSES_PER_SITE = 500;
export const MAX_HOSTS = 10_000;
/** The most the kept answers of all sites may weigh; the sites kept longest go first. */
export const MAX_BYTES = 128 * 1024 * 1024;
/** How long a write waits for its own notifications before it gives up and empties the cache. */
const SYNC_LIMIT_MS = 2_000;

/**
 * What the public sites' renderer keeps per process: the site of each host name, and per site its
 * snapshot and rendered answers. Publishing anything NOTIFYs SITE_RENDER_CHANNEL; every process
 * hears it and drops that site at once (no delay of minutes, spec 000 §9 notwithstanding). A load
 * that overlaps a notification is answered but not kept (its reads may predate the change). While
 * the LISTEN connection is down nothing is kept and every request reads the database.
 */
export class SiteCache<S> {
  private hosts = new Map<string, number | null>();
  private sites = new Map<number, SiteEntry<S>>();
  private loading = new Map<number, { generation: number; promise: Promise<SiteEntry<S> | null> }>();
  private generation = 0;
  private bytes = 0;
  private live = false;
  private unlisten: (() => Promise<void>) | null = null;
  private database: Pick<Database, 'listen' | 'executeSql'> | null = null;
  private waiting = new Map<string, () => void>();

  constructor(private readonly limits: { maxBytes: number } = { maxBytes: MAX_BYTES }) {}

  async start(database: Pick<Database, 'listen' | 'executeSql'>): Promise<void> {
    this.database = database;
    this.unlisten = await database.listen(SITE_RENDER_CHANNEL, {
      onPayload: (payload) => this.changed(payload),
      onReconnect: () => {
        this.clear();
        this.live = true;
      },
      onLost: () => {
        this.live = false;
        this.clear();
      },
    });
    this.live = true;
  }

  async stop(): Promise<void> {
    this.live = false;
    this.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }

  get enabled(): boolean {
    return this.live;
  }

  get size(): { sites: number; hosts: number; bytes: number } {
    return { sites: this.sites.size, hosts: this.hosts.size, bytes: this.bytes };
  }

  /** The site a host name reaches (null: none), from the cache or from `load`. */
  async siteOfHost(host: string, load: () => Promise<number | null>): Promise<number | null> {
    if (this.live && this.hosts.has(host)) return this.hosts.get(host)!;
    const generation = this.generation;
    const siteId = await load();
    if (this.live && generation === this.generation) {
      if (this.hosts.size >= MAX_HOSTS) this.hosts.delete(this.hosts.keys().next().value!);
      this.hosts.set(host, siteId);
    }
    return siteId;
  }

  /**
   * The entry of a site, from the cache or from `load` (which reads the database; null: no such
   * site). Requests arriving together for a site not in the cache share one load.
   */
  async site(siteId: number, load: () => Promise<{ value: S; dependsOn: number[] } | null>): Promise<SiteEntry<S> | null> {
    if (this.live) {
      const hit = this.sites.get(siteId);
      if (hit) return hit;
      const pending = this.loading.get(siteId);
      if (pending && pending.generation === this.generation) return pending.promise;
    }
    const generation = this.generation;
    const promise = load().then((loaded) => {
      if (!loaded) return null;
      const entry: SiteEntry<S> = { siteId, ...loaded, responses: new Map(), bytes: 0, authorized: new Set() };
      if (this.live && generation === this.generation) {
        if (this.sites.size >= MAX_SITES) this.drop(this.sites.keys().next().value!);
        this.sites.set(siteId, entry);
      }
      return entry;
    });
    if (this.live) this.loading.set(siteId, { generation, promise });
    try {
      return await promise;
    } finally {
      if (this.loading.get(siteId)?.promise === promise) this.loading.delete(siteId);
    }
  }

  /** An answer of the site by key, rendered once while the entry lives. */
  response(entry: SiteEntry<S>, key: string, render: () => CachedResponse): CachedResponse {
    const hit = entry.responses.get(key);
    if (hit) return hit;
    const made = render();
    if (this.live && this.sites.get(entry.siteId) === entry) {
      if (entry.responses.size >= MAX_RESPONSES_PER_SITE) {
        const [oldest, answer] = entry.responses.entries().next().value!;
        entry.responses.delete(oldest);
        entry.bytes -= answer.body.length;
        this.bytes -= answer.body.length;
      }
      entry.responses.set(key, made);
      entry.bytes += made.body.length;
      this.bytes += made.body.length;
      for (const [id] of this.sites) {
        if (this.bytes <= this.limits.maxBytes) break;
        if (id !== entry.siteId) this.drop(id);
      }
    }
    return made;
  }

  /** Forgets one site's entry and the bytes of its answers. */
  private drop(siteId: number) {
    const entry = this.sites.get(siteId);
    if (!entry) return;
    this.sites.delete(siteId);
    this.bytes -= entry.bytes;
  }

  /**
   * Waits until this process has heard every notification committed before now (a marker sent
   * through the channel comes back after them), so that an editor's next look at the site, on
   * this process or another, shows what was just published.
   */
  async sync(): Promise<void> {
    if (!this.live || !this.database) return;
    const marker = `sync:${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.waiting.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), SYNC_LIMIT_MS);
    });
    try {
      await this.database.executeSql(`select pg_notify('${SITE_RENDER_CHANNEL}', $1)`, [marker]);
      if (!(await heard)) this.clear();
    } finally {
      clearTimeout(timer);
      this.waiting.delete(marker);
    }
  }

  /** A notification: one site (and the sites showing its content), every site, or the host names. */
  changed(payload: string): void {
    if (payload.startsWith('sync:')) return void this.waiting.get(payload)?.();
    this.generation++;
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
    this.loading.clear();
  }
}
