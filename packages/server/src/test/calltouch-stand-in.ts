import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of Calltouch's call diary API (a real HTTP server): answers
 * GET /calls-service/RestAPI/{siteId}/calls-diary/calls with the calls it holds for the token it
 * knows (401 for another), or, as a test sets it, fails (500), never answers (a timeout) or
 * redirects. Every request is recorded.
 */
export type CalltouchMode = 'answer' | 'fail' | 'hang' | 'redirect';

export interface CalltouchStandIn {
  url: string;
  mode: CalltouchMode;
  /** The records answered, by Calltouch site id. */
  records: Map<string, Record<string, unknown>[]>;
  token: string;
  requests: URL[];
  close(): Promise<void>;
}

export async function startCalltouchStandIn(token: string, host = '127.0.0.1'): Promise<CalltouchStandIn> {
  const hanging = new Set<http.ServerResponse>();
  const standIn: CalltouchStandIn = {
    url: '',
    mode: 'answer',
    records: new Map(),
    token,
    requests: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    standIn.requests.push(url);
    if (standIn.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (standIn.mode === 'fail') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
    if (standIn.mode === 'redirect') return void res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end();
    const match = /^\/calls-service\/RestAPI\/([^/]+)\/calls-diary\/calls$/.exec(url.pathname);
    if (!match) return void res.writeHead(404).end();
    if (url.searchParams.get('clientApiId') !== standIn.token) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
    const records = standIn.records.get(decodeURIComponent(match[1]!)) ?? [];
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    const page = Number(url.searchParams.get('page') ?? 1);
    const body = { page, pageTotal: Math.max(1, Math.ceil(records.length / limit)), pageSize: limit, recordsTotal: records.length, records: records.slice((page - 1) * limit, page * limit) };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  standIn.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return standIn;
}
