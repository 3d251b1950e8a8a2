import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import WebSocket, { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { REALTIME_CLOSE, type RealtimeServerMessage } from '@dp/contracts';
import { RealtimeClient, type RealtimeStatus } from './realtime.ts';

/**
 * The client behaviour of spec 000 §7 against a real WebSocket server: connect only with a
 * token (retrying), authenticate first, queue until open, recycle, reconnect after a close and
 * log it, renew the token after a 4401. Short intervals stand in for 1 s and 480000 ms; the
 * tests wait for what the server sees.
 */
interface Connection {
  socket: ServerSocket;
  received: unknown[];
}

let server: WebSocketServer;
let url: string;
let connections: Connection[];
let client: RealtimeClient | null;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(async () => {
  connections = [];
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
  // The server of kit/realtime.ts in miniature: `ready` once the first message authenticates.
  server.on('connection', (socket) => {
    const connection: Connection = { socket, received: [] };
    connections.push(connection);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      connection.received.push(message);
      if (message.type === 'auth' && connection.received.length === 1) socket.send(JSON.stringify({ type: 'ready', stream: 'test' }));
    });
  });
  log.info.mockClear();
  log.warn.mockClear();
  log.error.mockClear();
});

afterEach(async () => {
  client?.stop();
  client = null;
  for (const { socket } of connections) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
});

function start(options: { token: () => string | null; renewToken?: () => Promise<boolean>; recycleMs?: number; onMessage?: (m: RealtimeServerMessage) => void; onStatus?: (s: RealtimeStatus) => void }) {
  client = new RealtimeClient({
    url,
    getToken: options.token,
    renewToken: options.renewToken,
    onMessage: options.onMessage ?? (() => undefined),
    onStatus: options.onStatus,
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    retryMs: 20,
    recycleMs: options.recycleMs ?? 60_000,
    log,
  });
  client.start();
  return client;
}

describe('RealtimeClient', () => {
  it('connects only once there is a token, authenticating with the first message', async () => {
    let token: string | null = null;
    let asked = 0;
    start({
      token: () => {
        asked++;
        return token;
      },
    });
    // It keeps looking for a token (every retry interval) without opening anything.
    await waitFor(() => expect(asked).toBeGreaterThanOrEqual(3));
    expect(connections).toHaveLength(0);
    token = 'access-1';
    await waitFor(() => expect(connections[0]?.received).toEqual([{ type: 'auth', token: 'access-1' }]));
  });

  it('queues messages until the stream is open and sends them after the authentication', async () => {
    const statuses: RealtimeStatus[] = [];
    const realtime = start({ token: () => 'access-1', onStatus: (status) => statuses.push(status) });
    realtime.send({ type: 'ping' });
    realtime.send({ type: 'ping' });
    await waitFor(() => expect(connections[0]?.received).toEqual([{ type: 'auth', token: 'access-1' }, { type: 'ping' }, { type: 'ping' }]));
    expect(statuses).toEqual(['connecting', 'open']);
    realtime.send({ type: 'ping' });
    await waitFor(() => expect(connections[0]!.received).toHaveLength(4));
  });

  it('hands every message over', async () => {
    const messages: RealtimeServerMessage[] = [];
    start({ token: () => 'access-1', onMessage: (message) => messages.push(message) });
    await waitFor(() => expect(messages).toEqual([{ type: 'ready', stream: 'test' }]));
    connections[0]!.socket.send(JSON.stringify({ type: 'update', stream: 'test', data: { task: { id: 7 } } }));
    await waitFor(() => expect(messages.at(-1)).toEqual({ type: 'update', stream: 'test', data: { task: { id: 7 } } }));
  });

  it('recycles the connection', async () => {
    start({ token: () => 'access-1', recycleMs: 150 });
    await waitFor(() => expect(connections.length).toBeGreaterThanOrEqual(2));
    const closed = await new Promise<{ code: number; reason: string }>((resolve) => {
      const first = connections[0]!.socket;
      if (first.readyState === first.CLOSED) resolve({ code: 1000, reason: 'recycle' });
      else first.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
    expect(closed).toEqual({ code: 1000, reason: 'recycle' });
    await waitFor(() => expect(connections[1]!.received[0]).toEqual({ type: 'auth', token: 'access-1' }));
  });

  it('logs a close and reconnects; after 4401 it renews the token first', async () => {
    let token = 'access-1';
    const renewToken = vi.fn(async () => {
      token = 'access-2';
      return true;
    });
    start({ token: () => token, renewToken });
    await waitFor(() => expect(connections).toHaveLength(1));
    connections[0]!.socket.close(1011, 'server restart');
    await waitFor(() => expect(connections).toHaveLength(2));
    expect(log.info).toHaveBeenCalledWith('realtime: closed 1011 (server restart)', url);
    expect(renewToken).not.toHaveBeenCalled();
    await waitFor(() => expect(connections[1]!.received).toHaveLength(1));
    connections[1]!.socket.close(REALTIME_CLOSE.unauthorized, 'unauthorized');
    await waitFor(() => expect(connections[2]?.received).toEqual([{ type: 'auth', token: 'access-2' }]));
    expect(renewToken).toHaveBeenCalledTimes(1);
  });

  it('stops for good', async () => {
    let asked = 0;
    const realtime = start({
      token: () => {
        asked++;
        return 'access-1';
      },
    });
    await waitFor(() => expect(connections[0]?.received).toHaveLength(1));
    const closed = new Promise<number>((resolve) => connections[0]!.socket.once('close', resolve));
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      realtime.stop();
      expect(await closed).toBe(1000);
      // The client has seen its socket close (it logs every close): nothing was scheduled after it.
      await waitFor(() => expect(log.info).toHaveBeenCalledWith('realtime: closed 1000 (stopped)', url));
      expect(timers.mock.calls.filter(([, delay]) => delay === 20)).toEqual([]);
    } finally {
      timers.mockRestore();
    }
    expect(asked).toBe(1);
    expect(connections).toHaveLength(1);
  });
});
