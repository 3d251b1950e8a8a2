import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo dealerships: one per demo client, seen by its manager with departments, employees and services. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());
const API = '/gateway/dealerships/api/v1';

describe('demo dealerships', () => {
  it("a manager sees the client's dealership, two departments, employees and services, and no other client's", async () => {
    const { access_token: token } = await t.signIn('manager@motorcity-kzn.test', PASSWORD);
    const list = (await t.request('GET', `${API}/dealerships`, { token })).json();
    expect(list.data.map((r: any) => r.attributes.title)).toEqual(['Мотор Сити Toyota Казань']);
    const dealership = list.data[0];
    expect(dealership.attributes).toMatchObject({ status: 2, code: 'motor-city-kzn-1', city: 'Казань', phone: { country: '7', city: '843' } });
    // It is the dealer the client's sites name.
    const sites = (await t.request('GET', '/gateway/sites.context/api/v1/sites', { token })).json().data;
    expect(sites.length).toBeGreaterThan(0);
    for (const site of sites) expect(site.attributes).toMatchObject({ dealer_id: Number(dealership.id), dealer_ids: [Number(dealership.id)] });
    const departments = (await t.request('GET', `${API}/departments?filter[dealership_id]=${dealership.id}`, { token })).json();
    expect(departments.data).toHaveLength(2);
    const employees = (await t.request('GET', `${API}/employees?filter[dealership_id]=${dealership.id}`, { token })).json();
    expect(employees.data.length).toBeGreaterThanOrEqual(3);
    const services = (await t.request('GET', `${API}/services?filter[dealership_id]=${dealership.id}`, { token })).json();
    expect(services.data.length).toBeGreaterThanOrEqual(3);
    // The manager of another client (who also works for a second one) never sees this dealership.
    const other = (await t.signIn('manager@ladoga-auto.test', PASSWORD)).access_token;
    const theirs = (await t.request('GET', `${API}/dealerships`, { token: other })).json();
    expect(theirs.data.map((r: any) => r.id)).not.toContain(dealership.id);
  });
});
