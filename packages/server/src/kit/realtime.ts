import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import {
  hasPermission,
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  type ServiceName,
} from '@dp/contracts';
import type { Database, DbOrTx } from './db.ts';
import { AppError } from './errors.ts';
import { assertRouteAllowed, bearerToken, type RouteTable } from './gateway.ts';
import type { AuthContext } from './request-context.ts';

/**
 * Update streams over WebSocket (DESIGN.md §10 realtime). A service declares a stream at a
 * gateway path; a change is published with `publishUpdate` in the transaction that makes it, as
 * a PostgreSQL NOTIFY, so it goes out at commit (never for a rollback) and reaches the sockets of
 * every app process that LISTENs, whichever process (app or worker) made it. On PGlite the same
 * NOTIFY reaches this process only, which is the only one.
 *
 * A socket authenticates like a gateway call (the token, the route table's codes and
 * restrictions, plus the stream's own permission), with its first message since browsers cannot
 * set headers on a WebSocket; the session is checked again before each batch of updates and
 * every `recheckMs`, so a logout, a deactivation or a lost permission closes the socket.
 */
export const REALTIME_CHANNEL = 'dp_realtime';
/** NOTIFY payloads must stay under 8000 bytes; a larger update travels as a `resync`. */
const MAX_NOTIFY_BYTES = 7900;
const MAX_TOKEN_LENGTH = 4096;

export interface StreamDef {
  service: ServiceName;
  /** Below /gateway/<service>, as in the route table: /api/v1/tasks/updates. */
  path: string;
  /** Unique across services; the `stream` of every message. */
  name: string;
  /** The permission code of `service` a subscriber must hold, whatever the route table says. */
  permission: string;
  summary: string;
}

/** What travels through NOTIFY: the update and the client that owns the record ('all': everyone). */
interface Published {
  stream: string;
  clientId: number | null | 'all';
  /** Absent: a resync (the update was too large, or updates were missed). */
  data?: unknown;
}

/** Publishes an update of a client's record, in the caller's transaction (sent at commit). */
export async function publishUpdate(tx: DbOrTx, stream: string, clientId: number | null, data: unknown) {
  let payload = JSON.stringify({ stream, clientId, data } satisfies Published);
  if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) payload = JSON.stringify({ stream, clientId } satisfies Published);
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

interface Subscriber {
  socket: WebSocket;
  stream: StreamDef;
  token: string | null;
  auth: AuthContext | null;
  pending: Published[];
  flushing: boolean;
  alive: boolean;
}

export interface RealtimeOptions {
  database: Database;
  routeTable: RouteTable;
  authenticate: (token: string, request: FastifyRequest | null) => Promise<AuthContext | null>;
  log: FastifyBaseLogger;
  /** How often idle sockets are checked (session, permission) and pinged; default 30 s. */
  recheckMs?: number;
  /** Sockets one user may hold in one process (tabs × streams); default 50. */
  maxSocketsPerUser?: number;
}

const isOpen = (socket: WebSocket) => socket.readyState === socket.OPEN;

export class Realtime {
  private streams = new Map<string, { def: StreamDef; subscribers: Set<Subscriber> }>();
  private stopListening: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private options: RealtimeOptions) {}

  /** The WebSocket server (before any stream is declared) and the database listener. */
  async register(app: FastifyInstance) {
    // Clients send only small control messages.
    await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
    this.stopListening = await this.options.database.listen(REALTIME_CHANNEL, {
      onPayload: (payload) => this.dispatch(payload),
      // Notifications sent while the listener was down are lost: every client reloads.
      onReconnect: () => this.resyncAll(),
      onError: (error) => this.options.log.warn({ err: error }, 'realtime listener lost its database connection'),
    });
    this.timer = setInterval(() => this.checkAll(), this.options.recheckMs ?? 30_000);
    this.timer.unref();
  }

  /** Declares a stream: a GET route answering 426 to plain HTTP and accepting WebSocket upgrades. */
  stream(app: FastifyInstance, def: StreamDef) {
    this.streams.set(def.name, { def, subscribers: new Set() });
    app.route({
      method: 'GET',
      url: `/gateway/${def.service}${def.path}`,
      config: { realtime: true },
      schema: { tags: [def.service], summary: `${def.summary} (WebSocket; the first message is {"type":"auth","token":"…"})` },
      handler: async (_request, reply) => {
        reply.header('upgrade', 'websocket');
        throw new AppError(426, 'websocket_required');
      },
      wsHandler: (socket, request) => this.accept(def, socket, request),
    });
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    await this.stopListening?.();
    for (const { subscribers } of this.streams.values()) for (const subscriber of subscribers) subscriber.socket.terminate();
  }

  /** Subscribers of a stream in this process (tests wait on it). */
  count(name: string): number {
    return [...(this.streams.get(name)?.subscribers ?? [])].filter((s) => s.auth).length;
  }

  private accept(def: StreamDef, socket: WebSocket, request: FastifyRequest) {
    const subscriber: Subscriber = { socket, stream: def, token: null, auth: null, pending: [], flushing: false, alive: true };
    const timeout = setTimeout(() => this.drop(subscriber, REALTIME_CLOSE.unauthorized, 'authentication expected'), REALTIME_AUTH_TIMEOUT_MS);
    socket.on('pong', () => (subscriber.alive = true));
    socket.on('close', () => {
      clearTimeout(timeout);
      this.streams.get(def.name)?.subscribers.delete(subscriber);
    });
    socket.on('message', (raw, binary) => {
      const message = parseMessage(raw, binary);
      if (!message) return this.drop(subscriber, REALTIME_CLOSE.badMessage, 'bad message');
      if (message.type === 'ping') return this.send(subscriber, { type: 'pong' });
      clearTimeout(timeout);
      void this.authenticate(subscriber, message.token, null);
    });
    // A non-browser client may have sent the token as a header: the gateway checked it already.
    const token = bearerToken(request.headers.authorization);
    if (request.auth && token) {
      clearTimeout(timeout);
      void this.authenticate(subscriber, token, request);
    }
  }

  /** The first and every renewed token: the gateway's checks, then the stream joins. */
  private async authenticate(subscriber: Subscriber, token: string, request: FastifyRequest | null) {
    subscriber.token = token;
    if (!(await this.check(subscriber, request))) return;
    const { subscribers } = this.streams.get(subscriber.stream.name)!;
    if (subscribers.has(subscriber)) return;
    const max = this.options.maxSocketsPerUser ?? 50;
    const own = [...subscribers].filter((other) => other.auth?.userId === subscriber.auth!.userId).length;
    if (own >= max) return this.drop(subscriber, REALTIME_CLOSE.tooMany, 'too many sockets');
    subscribers.add(subscriber);
    this.send(subscriber, { type: 'ready', stream: subscriber.stream.name });
  }

  /** Whether the socket's token still opens the stream; closes it otherwise. */
  private async check(subscriber: Subscriber, request: FastifyRequest | null): Promise<boolean> {
    const { token, stream } = subscriber;
    const auth = token ? await this.options.authenticate(token, request).catch(() => null) : null;
    if (!auth) {
      this.drop(subscriber, REALTIME_CLOSE.unauthorized, 'unauthorized');
      return false;
    }
    const route = this.options.routeTable.match(stream.service, 'GET', stream.path);
    try {
      if (!route) throw new AppError(404, 'route_not_found');
      assertRouteAllowed(this.options.routeTable, route, 'GET', auth);
      if (!hasPermission(auth.permissions, stream.service, stream.permission)) throw new AppError(403, 'forbidden');
    } catch {
      this.drop(subscriber, REALTIME_CLOSE.forbidden, 'forbidden');
      return false;
    }
    subscriber.auth = auth;
    return true;
  }

  private dispatch(payload: string) {
    let message: Published;
    try {
      message = JSON.parse(payload) as Published;
    } catch {
      return;
    }
    const stream = this.streams.get(message.stream);
    if (!stream) return;
    for (const subscriber of stream.subscribers) this.enqueue(subscriber, message);
  }

  private resyncAll() {
    for (const [name, { subscribers }] of this.streams) for (const subscriber of subscribers) this.enqueue(subscriber, { stream: name, clientId: 'all' });
  }

  private enqueue(subscriber: Subscriber, message: Published) {
    subscriber.pending.push(message);
    void this.flush(subscriber);
  }

  /** Sends what is pending, after one check of the session per batch. */
  private async flush(subscriber: Subscriber) {
    if (subscriber.flushing) return;
    subscriber.flushing = true;
    try {
      while (subscriber.pending.length && isOpen(subscriber.socket)) {
        const batch = subscriber.pending.splice(0);
        if (!(await this.check(subscriber, null))) return;
        for (const message of batch) {
          if (!visible(subscriber.auth!, message.clientId)) continue;
          const stream = message.stream;
          this.send(subscriber, 'data' in message ? { type: 'update', stream, data: message.data } : { type: 'resync', stream });
        }
      }
    } finally {
      subscriber.flushing = false;
    }
  }

  /** Idle sockets: the session is checked again, and a socket that missed the last ping is dropped. */
  private checkAll() {
    for (const { subscribers } of this.streams.values()) {
      for (const subscriber of subscribers) {
        if (!subscriber.alive) {
          subscriber.socket.terminate();
          continue;
        }
        subscriber.alive = false;
        subscriber.socket.ping();
        if (!subscriber.flushing) void this.check(subscriber, null);
      }
    }
  }

  private send(subscriber: Subscriber, message: RealtimeServerMessage) {
    if (isOpen(subscriber.socket)) subscriber.socket.send(JSON.stringify(message));
  }

  private drop(subscriber: Subscriber, code: number, reason: string) {
    this.streams.get(subscriber.stream.name)?.subscribers.delete(subscriber);
    subscriber.pending = [];
    if (isOpen(subscriber.socket)) subscriber.socket.close(code, reason);
  }
}

/** A subscriber sees the updates of its clients' records; staff (scope 'all') see every one. */
function visible(auth: AuthContext, clientId: Published['clientId']): boolean {
  if (clientId === 'all' || auth.scope === 'all') return true;
  return clientId !== null && auth.scope.includes(clientId);
}

/** A client's message: JSON text of a known type, or null. */
function parseMessage(raw: unknown, binary: boolean): RealtimeClientMessage | null {
  if (binary) return null;
  let value: unknown;
  try {
    value = JSON.parse(String(raw));
  } catch {
    return null;
  }
  const message = value as Partial<RealtimeClientMessage> | null;
  if (message?.type === 'ping') return { type: 'ping' };
  if (message?.type === 'auth' && typeof message.token === 'string' && message.token.length > 0 && message.token.length <= MAX_TOKEN_LENGTH)
    return { type: 'auth', token: message.token };
  return null;
}
