/**
 * The protocol of the update streams (DESIGN.md §10 realtime; server kit/realtime.ts, web
 * kit/realtime.ts). A stream is a WebSocket at a gateway path. Browsers cannot set headers on a
 * WebSocket, so the first message authenticates it; a socket that does not within
 * REALTIME_AUTH_TIMEOUT_MS is closed. Every later message of the server is one update.
 */

/** Client → server: the access token (or a custom token), first and whenever it was renewed. */
export interface RealtimeAuthMessage {
  type: 'auth';
  token: string;
}
/** Client → server: a keep-alive; answered with `pong`. */
export interface RealtimePingMessage {
  type: 'ping';
}
export type RealtimeClientMessage = RealtimeAuthMessage | RealtimePingMessage;

/**
 * Server → client: `ready` once authenticated; `update` for each change the caller may see;
 * `resync` when updates may have been missed (the server's database listener reconnected, or an
 * update was too large to travel): the client reloads what it shows.
 */
export type RealtimeServerMessage<T = unknown> =
  | { type: 'ready'; stream: string }
  | { type: 'update'; stream: string; data: T }
  | { type: 'resync'; stream: string }
  | { type: 'pong' };

/** Close codes (4000–4999 are the application's): the client acts on them. */
export const REALTIME_CLOSE = {
  /** No or a refused token, or the session ended: renew the token, then reconnect. */
  unauthorized: 4401,
  /** Signed in, but without the stream's permission. */
  forbidden: 4403,
  /** A message the server does not understand. */
  badMessage: 4400,
  /** Too many sockets of one user. */
  tooMany: 4429,
} as const;

/** The client behaviour of spec 000 §7: retry every second without a token, recycle every 480000 ms. */
export const REALTIME_RETRY_MS = 1000;
export const REALTIME_RECYCLE_MS = 480_000;
/** The server closes a socket that has not authenticated within this time. */
export const REALTIME_AUTH_TIMEOUT_MS = 5000;
