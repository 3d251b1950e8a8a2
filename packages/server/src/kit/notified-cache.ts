import { randomUUID } from 'node:crypto';
import type { Database } from './db.ts';

/** How long a write waits for its own marker before it gives the cache up instead. */
const SYNC_LIMIT_MS = 2_000;

/**
 * A per-process cache kept true by PostgreSQL LISTEN/NOTIFY on one channel (the access cache, the
 * public sites' cache): a notification drops what it concerns (`changed`); a load that overlaps
 * one is answered but not kept (compare `generation` before and after); while the LISTEN
 * connection is down nothing is kept (`live`), and after it comes back everything is dropped,
 * since notifications may have been missed.
 */
export abstract class NotifiedCache {
  /** Bumped by every notification and every clear: a load that started before one is not kept. */
  protected generation = 0;
  protected live = false;
  private unlisten: (() => Promise<void>) | null = null;
  private database: Pick<Database, 'listen' | 'executeSql'> | null = null;
  /** Writes waiting for their marker to come back (sync). */
  private waiting = new Map<string, () => void>();
  /** Loads running, by key, with the generation they started in. */
  private loading = new Map<string, { generation: number; promise: Promise<unknown> }>();

  constructor(private readonly channel: string) {}

  /** What a notification of the channel drops (the sync markers are handled here). */
  protected abstract dropFor(payload: string): void;
  /** Forgets everything (and bumps the generation). */
  abstract clear(): void;

  /** LISTENs on the channel; the cache is used only from here on. */
  async start(database: Pick<Database, 'listen' | 'executeSql'>): Promise<void> {
    this.database = database;
    this.unlisten = await database.listen(this.channel, {
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

  /**
   * `load()`, shared by the calls that ask for the same `key` while it runs and no notification
   * came since it started: a burst of requests after a start makes one load of a cold entry, not
   * one each. A call after a notification starts its own (the running one may predate the change).
   */
  protected shared<V>(key: string, load: () => Promise<V>): Promise<V> {
    const running = this.live ? this.loading.get(key) : undefined;
    if (running && running.generation === this.generation) return running.promise as Promise<V>;
    const promise = load();
    if (!this.live) return promise;
    this.loading.set(key, { generation: this.generation, promise });
    const done = () => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Whether entries are kept (the LISTEN connection is up). */
  get enabled(): boolean {
    return this.live;
  }

  /** A notification of the channel. */
  changed(payload: string): void {
    if (payload.startsWith('sync:')) return void this.waiting.get(payload)?.();
    this.generation++;
    this.dropFor(payload);
  }

  /**
   * Waits until this process has heard every notification committed before now: a marker sent
   * through the channel comes back after them (PostgreSQL delivers in commit order). A write
   * answers only then, so that its caller's next request to this process finds the change; other
   * processes hear the same notification as PostgreSQL delivers it, milliseconds later.
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
      await this.database.executeSql(`select pg_notify('${this.channel}', $1)`, [marker]);
      // Not heard in time: something is wrong with the connection; forget everything instead.
      if (!(await heard)) this.clear();
    } finally {
      clearTimeout(timer);
      this.waiting.delete(marker);
    }
  }
}
