import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo marketing complectations: the demo brands' offers with engines, specifications, options and prices, read by a dealer's manager. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());
const API = '/gateway/cars.catalog/api/v1';

describe('demo marketing complectations', () => {
  it('a manager finds a model’s marketing complectations with engines, specifications, options and a price range', async () => {
    const { access_token: token } = await t.signIn('manager@avtograd-sever.test', PASSWORD);
    const get = async (path: string) => {
      const response = await t.request('GET', `${API}/${path}`, { token, lang: 'en' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const kia = (await get('brands')).data.find((brand: any) => brand.attributes.name === 'Kia');
    const sportage = (await get(`models?filter[brands]=${kia.id}`)).data.find((model: any) => model.attributes.name === 'Sportage');
    const offers = await get(`marketing_complectations?filter[models]=${sportage.id}`);
    expect(offers.meta.page.total).toBeGreaterThanOrEqual(8);
    const top = offers.data.find((offer: any) => offer.attributes.engine.name === '1.6 T-GDI');
    expect(top.attributes).toMatchObject({ published: true, currency: 'RUB', engine: { power: { value: 180, unit: 'horse_power' } } });
    expect((await get(`marketing_complectations/${top.id}/specifications`)).data.map((category: any) => category.attributes.title)).toEqual(['Двигатель', 'Кузов']);
    const options = await get(`marketing_complectations/${top.id}/options`);
    expect(options.data.length).toBeGreaterThan(2);
    expect(options.included.map((category: any) => category.attributes.name_en)).toContain('Safety');
    const info = (await get(`custom_filter/info?brand_id=${kia.id}&model_id=${sportage.id}`)).data.attributes;
    expect(info.engines).toEqual(['1.6 T-GDI', '2.0 MPI']);
    expect(info.transmissions.map((entry: any) => entry.name).sort()).toEqual(['Automatic', 'Dual-clutch']);
    expect(info.price.min).toBeLessThan(info.price.max);
    expect((await get(`engine_names?filter[brands]=${kia.id}`)).data.length).toBeGreaterThanOrEqual(4);
    expect((await get('dealer_options')).data.map((option: any) => option.attributes.name_en)).toContain('Floor mats');
    // Reading only: the manager changes nothing.
    expect((await t.request('DELETE', `${API}/options/${options.data[0].id}`, { token })).statusCode).toBe(403);
  });
});
