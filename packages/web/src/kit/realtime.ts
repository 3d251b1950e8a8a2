import { useEffect, useRef, useState } from 'react';
import {
  REALTIME_CLOSE,
  REALTIME_RECYCLE_MS,
  REALTIME_RETRY_MS,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@dp/contracts';
import { api, AUTH_REFRESHED, authEvents, gatewayPath } from './api.ts';

/**
 * An update stream of the server (server kit/realtime.ts) with the client behaviour of spec
 * 000 §7: it connects only while there is an access token (otherwise it tries again every
 * second), authenticates with its first message, queues what is sent before the socket is open
 * and sends it then, recycles the connection every 480000 ms, and logs every error and close and
 * reconnects. A close for an expired session (4401) renews the token first.
 */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** WebSocket.OPEN, also for implementations without the static (tests use the `ws` package). */
const OPEN = 1;

export interface RealtimeClientOptions {
  /** ws:// or wss:// address of the stream. */
  url: string;
  getToken(): string | null;
  /** Renews the access token; true when a new one is stored. */
  renewToken?(): Promise<boolean>;
  onMessage(message: RealtimeServerMessage): void;
  onStatus?(status: RealtimeStatus): void;
  WebSocketImpl?: typeof WebSocket;
  retryMs?: number;
  recycleMs?: number;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private queue: RealtimeClientMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private recycleTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private ready = false;
  private readonly onRefreshed = () => this.reauthenticate();

  constructor(private options: RealtimeClientOptions) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    authEvents.addEventListener(AUTH_REFRESHED, this.onRefreshed);
    this.connect();
  }

  stop() {
    this.stopped = true;
    authEvents.removeEventListener(AUTH_REFRESHED, this.onRefreshed);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    socket?.close(1000, 'stopped');
    this.status('closed');
  }

  /** Sends now when the stream is ready, else when it is. */
  send(message: RealtimeClientMessage) {
    if (this.ready && this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
    else this.queue.push(message);
  }

  private get log() {
    return this.options.log ?? console;
  }

  private status(status: RealtimeStatus) {
    this.options.onStatus?.(status);
  }

  private clearTimers() {
    if (this.timer) clearTimeout(this.timer);
    if (this.recycleTimer) clearTimeout(this.recycleTimer);
    this.timer = this.recycleTimer = null;
  }

  private later(run: () => void) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(run, this.options.retryMs ?? REALTIME_RETRY_MS);
  }

  private connect() {
    if (this.stopped) return;
    const token = this.options.getToken();
    // No authorization yet (or any more): look again in a second.
    if (!token) return this.later(() => this.connect());
    this.status('connecting');
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    const socket = new Impl(this.options.url);
    this.socket = socket;
    this.ready = false;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'auth', token } satisfies RealtimeClientMessage));
      this.recycleTimer = setTimeout(() => this.recycle(socket), this.options.recycleMs ?? REALTIME_RECYCLE_MS);
    };
    socket.onmessage = (event) => {
      let message: RealtimeServerMessage;
      try {
        message = JSON.parse(String(event.data)) as RealtimeServerMessage;
      } catch {
        this.log.warn('realtime: a message that is not JSON', event.data);
        return;
      }
      if (message.type === 'ready') {
        this.ready = true;
        this.status('open');
        for (const queued of this.queue.splice(0)) socket.send(JSON.stringify(queued));
      }
      this.options.onMessage(message);
    };
    socket.onerror = (event) => this.log.error('realtime: socket error', this.options.url, event);
    socket.onclose = (event) => {
      this.log.info(`realtime: closed ${event.code}${event.reason ? ` (${event.reason})` : ''}`, this.options.url);
      // A recycled or stopped socket: nothing follows from its close.
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      this.clearTimers();
      if (this.stopped) return;
      this.status('connecting');
      if (event.code === REALTIME_CLOSE.unauthorized && this.options.renewToken) {
        void this.options
          .renewToken()
          .catch(() => false)
          .finally(() => this.later(() => this.connect()));
        return;
      }
      this.later(() => this.connect());
    };
  }

  /** A fresh connection every recycleMs: the old one closes once the new one is asked for. */
  private recycle(socket: WebSocket) {
    if (this.socket !== socket || this.stopped) return;
    this.socket = null;
    this.ready = false;
    socket.close(1000, 'recycle');
    this.connect();
  }

  /** A renewed access token goes to the open socket, so the server's checks keep passing. */
  private reauthenticate() {
    const token = this.options.getToken();
    if (token && this.ready && this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ type: 'auth', token } satisfies RealtimeClientMessage));
  }
}

/** The ws:// (or wss://) address of a gateway stream on this origin. */
export function streamUrl(service: string, path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${gatewayPath(service, path.replace(/^\/api\/v1\//, ''))}`;
}

/**
 * Subscribes a screen to a stream while it is shown; `onMessage` sees every update and resync.
 * The app's tokens and their renewal are used; the status tells whether updates arrive live.
 */
export function useRealtime(service: string, path: string, onMessage: (message: RealtimeServerMessage) => void): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    const client = new RealtimeClient({
      url: streamUrl(service, path),
      getToken: () => api.store.get()?.access_token ?? null,
      renewToken: () => api.refresh(),
      onMessage: (message) => handler.current(message),
      onStatus: setStatus,
    });
    client.start();
    return () => client.stop();
  }, [service, path]);
  return status;
}
