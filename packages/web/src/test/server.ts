import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from '../kit/api.ts';
import { localAuthStore } from '../kit/storage.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Handler = (request: RecordedRequest) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** A tiny real HTTP server for tests (no fetch mocks); it answers CORS so a browser-like fetch may call it. */
export async function startServer(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PATCH,PUT,DELETE,OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: text ? JSON.parse(text) : undefined };
    requests.push(recorded);
    const answer = await handler(recorded);
    if (answer.body === undefined) {
      res.writeHead(answer.status).end();
      return;
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The API's answer to an unknown path. */
export const NOT_FOUND = { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Запись не найдена' }] } };

/** A real server the app's API client talks to for the file's tests; close() points the client back. */
export async function startApiServer(handler: Handler) {
  const server = await startServer(handler);
  api.configure({ baseUrl: server.url, store: localAuthStore });
  return {
    ...server,
    async close() {
      api.configure({ baseUrl: '' });
      await server.close();
    },
  };
}
