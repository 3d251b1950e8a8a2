import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIN_PATTERN } from '@dp/contracts';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { sites, userClients, users } from '../../schema.ts';
import { DEMO_NEW_PER_SITE, DEMO_USED_PER_SITE } from './demo-stock.ts';

/** The demo stock: new and used cars of the demo client sites, with labels, read and sold by a dealer's manager. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());
const API = '/gateway/cars.stock/api/v1';

describe('demo stock', () => {
  it('a manager lists the new and used cars of a site with labels, and marks two as sold', async () => {
    const { access_token: token } = await t.signIn('manager@avtograd-sever.test', PASSWORD);
    const db = t.database.db;
    const [manager] = await db.select().from(users).where(eq(users.email, 'manager@avtograd-sever.test'));
    const [link] = await db.select().from(userClients).where(eq(userClients.user_id, manager!.id)).orderBy(userClients.client_id);
    const clientId = link!.client_id;
    const [site] = await db.select().from(sites).where(and(eq(sites.client_id, clientId), eq(sites.type, 3), isNotNull(sites.host)));
    const list = (query: string) => t.request('GET', `${API}/cars/where_client/${clientId}?filter[site_id]=${site!.id}&${query}`, { token });
    const fresh = (await list('is_new=true')).json();
    const used = (await list('is_new=false')).json();
    expect(fresh.meta.page.total).toBe(DEMO_NEW_PER_SITE);
    expect(used.meta.page.total).toBe(DEMO_USED_PER_SITE);
    const cars = [...fresh.data, ...used.data];
    expect(cars.every((car: any) => VIN_PATTERN.test(car.attributes.vin) && Number.isInteger(car.attributes.price))).toBe(true);
    expect(new Set(cars.map((car: any) => car.attributes.status))).toEqual(new Set(['active', 'sold', 'reserved', 'not_active']));
    expect(cars.some((car: any) => car.attributes.labels.length > 0)).toBe(true);
    const active = fresh.data.filter((car: any) => car.attributes.status === 'active').slice(0, 2).map((car: any) => Number(car.id));
    const sold = await t.request('POST', `${API}/cars/sold/by_ids`, { token, body: { data: { ids: active } } });
    expect(sold.statusCode, sold.body).toBe(200);
  });
});
