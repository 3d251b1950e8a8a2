import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo catalogue: the demo sites' brands down to complectations, read by a dealer's manager. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());
const API = '/gateway/cars.catalog/api/v1';

describe('demo catalogue', () => {
  it('a manager reads brands, filters models by brand and finds complectations of a model, but cannot write', async () => {
    const { access_token: token } = await t.signIn('manager@avtograd-sever.test', PASSWORD);
    const brands = (await t.request('GET', `${API}/brands`, { token })).json().data;
    // The order of 'Škoda' depends on the database's collation.
    expect(brands.map((brand: any) => brand.attributes.name).sort()).toEqual(['Hyundai', 'Kia', 'Lada', 'Toyota', 'Škoda'].sort());
    const kia = brands.find((brand: any) => brand.attributes.name === 'Kia');
    const models = (await t.request('GET', `${API}/models?filter[brands]=${kia.id}`, { token })).json().data;
    expect(models.map((model: any) => [model.attributes.name, model.attributes.name_ru])).toEqual([['K5', 'К5'], ['Rio', 'Рио'], ['Sportage', 'Спортейдж']]);
    const sportage = models.find((model: any) => model.attributes.name === 'Sportage');
    const complectations = (await t.request('GET', `${API}/complectations?filter[models]=${sportage.id}`, { token })).json();
    expect(complectations.meta.page.total).toBe(8);
    expect(complectations.included.map((record: any) => record.attributes.name)).toContain('Kia');
    const fuels = (await t.request('GET', `${API}/fuels`, { token })).json().data;
    expect(fuels.map((fuel: any) => fuel.attributes.name_en)).toContain('Petrol');
    expect((await t.request('POST', `${API}/brands`, { token, body: { data: { attributes: { name: 'Haval' } } } })).statusCode).toBe(403);
  });
});
