import type { FastifyInstance } from 'fastify';
import { NotifiedCache } from '../../kit/notified-cache.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { mayHaveWritten } from '../../kit/gateway.ts';

/**
 * The channel of access changes. Triggers (migration 0006_access_notify) send on it, in the
 * transaction of the change, so it goes out at commit and never for a rollback: a user id when
 * one user's access changed (a session ended or switched, the user changed, its roles, extra
 * permissions, clients or groups), '*' when many users' may have (a role's permissions, role or
 * client names, clients moved between groups, sites created or moved), 'routes' when the gateway
 * route table or its restrictions changed.
 */
export const ACCESS_CHANNEL = 'dp_access';

/** What authenticating a token found, and until when it may be reused without asking again. */
export interface LoadedAccess {
  auth: AuthContext;
  /** Epoch ms: the token's expiry and the session's, whichever comes first. */
  validUntil: number;
}

interface Entry {
  auth: AuthContext;
  validUntil: number;
}

/** A safety net only: changes reach the cache through NOTIFY at once. */
export const ACCESS_CACHE_MAX_AGE_MS = 60_000;
/** Bounds memory: the oldest entries go first. */
export const ACCESS_CACHE_MAX_ENTRIES = 10_000;

const freeze = (auth: AuthContext): AuthContext => {
  for (const codes of Object.values(auth.permissions)) Object.freeze(codes);
  Object.freeze(auth.permissions);
  if (Array.isArray(auth.scope)) Object.freeze(auth.scope);
  if (auth.roleIds) Object.freeze(auth.roleIds);
  if (auth.brandIds) Object.freeze(auth.brandIds);
  return Object.freeze(auth);
};

/**
 * Who a bearer token is, kept per process so that an authenticated call costs neither a token
 * verification nor SQL while nothing changed; and values derived from it (the /me answer).
 *
 * The guarantee of docs/decisions/access.md ("When does a logout or a lost permission take
 * effect?") is kept: every change that ends or narrows access fires a trigger that NOTIFYs
 * ACCESS_CHANNEL, and every process drops the entries concerned when it hears it. A load that
 * overlaps a notification is not kept (its read may predate the change). While the LISTEN
 * connection is down the cache is empty and unused: every call asks the database, as without a
 * cache, until the connection is back.
 */
export class AccessCache extends NotifiedCache {
  private entries = new Map<string, Entry>();
  /** Values derived from a cached caller (the /me answer), dropped with it. */
  private derived = new WeakMap<AuthContext, Map<string, unknown>>();
  /** The kept callers, each with a number of its own (the key of its derived values' shared loads). */
  private cached = new WeakMap<AuthContext, number>();
  private lastCached = 0;

  constructor(private readonly options: { onRoutesChanged?: () => void; now?: () => number } = {}) {
    super(ACCESS_CHANNEL);
  }

  get size(): number {
    return this.entries.size;
  }

  private now() {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** The caller of `token`, from the cache or from `load` (which asks the database). */
  async authenticate(token: string, load: () => Promise<LoadedAccess | null>): Promise<AuthContext | null> {
    if (!this.live) return (await load())?.auth ?? null;
    const now = this.now();
    const hit = this.entries.get(token);
    if (hit && hit.validUntil > now) return hit.auth;
    if (hit) this.entries.delete(token);
    return this.shared(`token:${token}`, () => this.loadAndKeep(token, load, now));
  }

  private async loadAndKeep(token: string, load: () => Promise<LoadedAccess | null>, now: number): Promise<AuthContext | null> {
    const generation = this.generation;
    const loaded = await load();
    if (!loaded) return null;
    // A notification heard during the load means its read may predate a change: answer, keep nothing.
    if (!this.live || generation !== this.generation) return loaded.auth;
    const auth = freeze(loaded.auth);
    const validUntil = Math.min(loaded.validUntil, now + ACCESS_CACHE_MAX_AGE_MS);
    if (validUntil <= now) return auth;
    if (this.entries.size >= ACCESS_CACHE_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { auth, validUntil });
    this.cached.set(auth, ++this.lastCached);
    return auth;
  }

  /**
   * A value derived from the caller (`key` names it: 'me'), computed once per cached caller and
   * dropped with it. For a caller that is not cached it is computed every time.
   */
  async derive<T>(auth: AuthContext, key: string, compute: () => Promise<T>): Promise<T> {
    const known = this.derived.get(auth);
    if (known?.has(key)) return known.get(key) as T;
    const caller = this.cached.get(auth);
    if (caller === undefined) return compute();
    return this.shared(`derived:${caller}:${key}`, async () => {
      const generation = this.generation;
      const value = await compute();
      if (this.live && generation === this.generation && this.cached.has(auth)) {
        const values = this.derived.get(auth) ?? new Map<string, unknown>();
        values.set(key, value);
        this.derived.set(auth, values);
      }
      return value;
    });
  }

  /** Every successful write through the gateway waits for its notifications (sync) before it answers. */
  syncAfterWrites(app: FastifyInstance): void {
    app.addHook('onSend', async (request, reply, payload) => {
      const write = mayHaveWritten(request);
      if (write && reply.statusCode < 400 && request.url.startsWith('/gateway/')) await this.sync();
      return payload;
    });
  }

  /** A notification: one user's entries, or all of them, or the route table. */
  protected dropFor(payload: string): void {
    if (payload === 'routes') return void this.options.onRoutesChanged?.();
    if (payload === '*' || !/^\d+$/.test(payload)) return this.clear();
    const userId = Number(payload);
    for (const [token, entry] of this.entries) {
      if (entry.auth.userId === userId) this.forget(token, entry);
    }
  }

  clear(): void {
    this.generation++;
    for (const [token, entry] of this.entries) this.forget(token, entry);
  }

  private forget(token: string, entry: Entry) {
    this.entries.delete(token);
    this.cached.delete(entry.auth);
    this.derived.delete(entry.auth);
  }
}
