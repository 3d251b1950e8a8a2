// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeUser } from '@dp/contracts';
import { ApiError, createApiClient } from './api.ts';
import { memoryAuthStore } from './storage.ts';

const user = { id: 1, email: 'a@b.c', name: 'A', locale: 'ru', permissions: {} } as unknown as MeUser;
const seen: string[] = [];
let url = '';
const server = createServer((req, res) => {
  seen.push(`${req.url} ${req.headers.authorization}`);
  if (req.headers.authorization === 'Bearer old') return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"errors":[]}');
  if (req.url === '/gateway/auth.processing/api/v1/refresh') {
    return void res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ data: { access_token: 'new', refresh_token: 'R2', token_type: 'Bearer', expires_in: 900, user } }));
  }
  if (req.url?.startsWith('/report.csv')) {
    return void res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="satisfaction-2026-11.csv"' }).end('\uFEFFa;b\r\n');
  }
  res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ status: '403', code: 'forbidden', title: 'Недостаточно прав для этого действия' }] }));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api.download', () => {
  it('returns the file and its name, refreshing an expired token once', async () => {
    const store = memoryAuthStore({ access_token: 'old', refresh_token: 'R1', token_type: 'Bearer', expires_in: 900, user });
    const api = createApiClient({ baseUrl: url, store, events: new EventTarget() });
    const { blob, fileName } = await api.download('/report.csv', { month: 11, year: 2026 });
    expect(fileName).toBe('satisfaction-2026-11.csv');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(await blob.text()).toContain('a;b');
    expect(seen.slice(-1)[0]).toBe('/report.csv?month=11&year=2026 Bearer new');
  });

  it('throws the server\'s error title', async () => {
    const api = createApiClient({ baseUrl: url, store: memoryAuthStore({ access_token: 'x', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user }), events: new EventTarget() });
    const error = await api.download('/other').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).title).toBe('Недостаточно прав для этого действия');
  });
});
