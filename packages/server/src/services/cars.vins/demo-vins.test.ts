import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo VIN data: a few hundred records of the demo brands, read by the manager of the allowed client only. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());
const API = '/gateway/cars.vins/api/v1';

describe('demo VIN data', () => {
  it('has a few hundred records with marketing complectation codes; the allowed client\'s manager reads them, another does not', async () => {
    const { access_token: token } = await t.signIn('manager@avtograd-sever.test', PASSWORD);
    const list = await t.request('GET', `${API}/vin_data?page[size]=5`, { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.page.total).toBeGreaterThanOrEqual(200);
    expect(list.json().data[0].attributes.marketing_complectation_code).toBeTruthy();
    const profiles = (await t.request('GET', `${API}/profile_data`, { token: (await t.signIn('admin@platform.test', PASSWORD)).access_token })).json();
    expect(profiles.data.length).toBeGreaterThanOrEqual(2);
    const other = (await t.signIn('manager@ladoga-auto.test', PASSWORD)).access_token;
    expect((await t.request('GET', `${API}/vin_data`, { token: other })).statusCode).toBe(403);
    // The manager reads, staff write: an edit is refused.
    const id = list.json().data[0].id;
    expect((await t.request('PATCH', `${API}/vin_data/${id}`, { token, body: { data: { attributes: { images_id: null } } } })).statusCode).toBe(403);
  });
});
