import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { publishedSite, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { exportEvents } from './request-export.ts';

/**
 * A reader who goes away stops an export (a client disconnect cancels the query;
 * docs/decisions/requests.md, "How are requests listed, exported and erased?"): over a real HTTP
 * connection, the XLSX export of many requests is dropped after its first bytes, and the export's
 * reading ends without reading the rest (and, on PostgreSQL, no query of it is left running).
 */
let t: TestApp;
let site: TestSite;
let token: string;
let base: string;
const ROWS = 40_000;
const BATCH = 5000;

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
  site = await publishedSite(t);
  token = (await t.signIn((await t.createUser({ grants: { 'request.storage': ['callback_requests.get_list'] }, clientIds: [site.clientId] })).email)).access_token;
  await t.database.db.execute(sql`insert into requests (site_id, client_id, type, name, phone, fields, analytics)
    select ${site.id}, ${site.clientId}, 1, 'Анна ' || i, '+7 (900) 000-00-00', '{"subject":"Кредит"}'::jsonb, '{"utm":{"source":"yandex"}}'::jsonb from generate_series(1, ${ROWS}) i`);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

describe('the export of requests', () => {
  it('stops reading the requests when the reader disconnects after the first bytes', async () => {
    const ended = once(exportEvents, 'end') as Promise<[{ batches: number; aborted: boolean }]>;
    const request = http.get(`${base}/gateway/request.storage/api/v1/requests/where_site/${site.id}/format_xlsx`, { headers: { authorization: `Bearer ${token}` } });
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    expect(response.statusCode).toBe(200);
    await once(response, 'data');
    request.destroy();
    const [{ batches, aborted }] = await ended;
    expect(aborted).toBe(true);
    // A whole export reads every page and one empty page after them.
    expect(batches).toBeLessThan(ROWS / BATCH + 1);
    if (t.database.kind === 'postgres') {
      const running = await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid() and query like '%from "requests"%'`);
      expect((running as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    }
  });

  it('reads every page for a reader who stays', async () => {
    const ended = once(exportEvents, 'end') as Promise<[{ batches: number; aborted: boolean }]>;
    const response = await fetch(`${base}/gateway/request.storage/api/v1/requests/where_site/${site.id}/format_xlsx`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 2).toString()).toBe('PK');
    expect((await ended)[0]).toEqual({ batches: ROWS / BATCH + 1, aborted: false });
  });
});
