import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { dealershipDepartments, dealershipServices, dealerships } from '../../schema.ts';

/**
 * The {siteId} variants of the dealerships screens list the records of the site's client: the
 * lists take filter[client_id] (departments, employees and services too), within the caller's reach.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());
const API = '/gateway/dealerships/api/v1';

describe('dealerships lists of one client', () => {
  it('narrow departments and services to filter[client_id]; a dealer never reaches another client by it', async () => {
    const db = t.database.db;
    const [a, b] = [await t.createClient(), await t.createClient()];
    const ids: Record<number, { department: string; service: string }> = {};
    for (const client of [a, b]) {
      const [dealership] = await db.insert(dealerships).values({ client_id: client, title: `ДЦ ${client}`, working_time: {} as never }).returning();
      const [department] = await db.insert(dealershipDepartments).values({ client_id: client, dealership_id: dealership!.id, name_ru: 'Продажи' }).returning();
      const [service] = await db.insert(dealershipServices).values({ client_id: client, dealership_id: dealership!.id, name: 'ТО', code: `to-${randomBytes(2).toString('hex')}`, form_type: 'service_request' }).returning();
      ids[client] = { department: String(department!.id), service: String(service!.id) };
    }
    const staff = (await t.signIn((await t.createUser({ email: `st-${randomBytes(3).toString('hex')}@platform.test`, grants: { dealerships: ['dealers.get_list'] } })).email)).access_token;
    const listed = (path: string, token: string) => t.request('GET', `${API}/${path}`, { token }).then((response) => response.json().data.map((row: { id: string }) => row.id));
    expect(await listed(`departments?filter[client_id]=${a}`, staff)).toEqual([ids[a]!.department]);
    expect(await listed(`services?filter[client_id]=${b}`, staff)).toEqual([ids[b]!.service]);
    expect(await listed(`employees?filter[client_id]=${a}`, staff)).toEqual([]);
    const dealer = (await t.signIn((await t.createUser({ grants: { dealerships: ['dealers.get_list'] }, clientIds: [a] })).email)).access_token;
    expect(await listed(`departments?filter[client_id]=${b}`, dealer)).toEqual([]);
    expect((await t.request('GET', `${API}/departments?filter[client_id]=x`, { token: dealer })).statusCode).toBe(400);
  });
});
