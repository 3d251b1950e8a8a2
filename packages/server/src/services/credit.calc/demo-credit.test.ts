import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo credit calculator: a demo manager's site calculates with the system-wide programmes of its client's pack. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());
const API = '/gateway/credit.calc/api/v1';

describe('demo credit calculator', () => {
  it("offers the platform's programmes on a demo site, in the reader's language for the exclusions", async () => {
    const { access_token: token } = await t.signIn('manager@avtograd-sever.test', PASSWORD);
    const [site] = (await t.request('GET', '/gateway/sites.context/api/v1/sites?page[size]=1', { token })).json().data;
    const settings = (await t.request('GET', `${API}/settings?filter[site_id]=${site.id}`, { token })).json().data;
    expect(settings[0].attributes).toMatchObject({ default_period: 36, max_period: 84, fee_percent: 20 });
    const response = await t.request('POST', `${API}/calculations`, { token, lang: 'en', body: { data: { price: 2_000_000, car_type: 'new', site_id: Number(site.id) } } });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result.offers.map((offer: { name: string }) => offer.name)).toEqual(['Новый автомобиль']);
    expect(result.excluded).toEqual([expect.objectContaining({ name: 'Автомобиль с пробегом', reasons: ['car_type'] })]);
    expect(result.reason_titles).toEqual({ car_type: 'The programme is not for this car type' });
    // The platform's bank is read, not changed, by a dealer.
    const banks = (await t.request('GET', `${API}/banks`, { token })).json().data;
    const shared = banks.find((bank: { attributes: { client_id: number | null } }) => bank.attributes.client_id === null);
    expect((await t.request('PATCH', `${API}/banks/${shared.id}`, { token, body: { data: { attributes: { name: 'Мой' } } } })).statusCode).toBe(403);
  });

  it('lowers the price of a new demo car by the demo dealer benefit of its complectation', async () => {
    const { access_token: token } = await t.signIn('manager@avtograd-sever.test', PASSWORD);
    const [site] = (await t.request('GET', '/gateway/sites.context/api/v1/sites?page[size]=1', { token })).json().data;
    const [car] = (await t.request('GET', `/gateway/cars.stock/api/v1/cars?filter[site_id]=${site.id}&filter[is_new]=true&page[size]=1`, { token })).json().data;
    const { price, marketing_complectation_id: marketing } = car.attributes;
    const response = await t.request('POST', `${API}/calculations`, { token, body: { data: { price, car_type: 'new', site_id: Number(site.id), marketing_complectation_id: marketing } } });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result.benefits).toHaveLength(1);
    const [benefit] = result.benefits;
    expect(benefit).toMatchObject({ program_name: 'Выгода дилера' });
    expect(benefit.sum).toBeGreaterThanOrEqual(5_000_000);
    // The demo programme combines with the platform's credit programmes: the offer is on the lower price (kopecks).
    expect(result.offers[0]).toMatchObject({ name: 'Новый автомобиль', price: price * 100 - benefit.sum });
    // The benefit is for new cars: a car of the same complectation after an owner does not get it.
    const used = await t.request('POST', `${API}/calculations`, { token, body: { data: { price, car_type: 'used', car_age: 2, owners: 1, site_id: Number(site.id), marketing_complectation_id: marketing } } });
    expect(used.json().data.benefits).toEqual([]);
  });
});
