import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo body colours (with markups) and upholsteries, read by a dealer's manager. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());
const API = '/gateway/cars.catalog/api/v1';

describe('demo colours', () => {
  it('gives each demo brand body colours with markups and upholsteries', async () => {
    const { access_token: token } = await t.signIn('manager@avtograd-sever.test', PASSWORD);
    const brands = (await t.request('GET', `${API}/brands`, { token })).json().data;
    const hyundai = brands.find((brand: any) => brand.attributes.name === 'Hyundai');
    const colors = (await t.request('GET', `${API}/body_colors?filter[brands]=${hyundai.id}&sort=code`, { token })).json().data;
    expect(colors.map((color: any) => color.attributes.code)).toEqual(['PAE', 'PGU', 'PGU-PAE', 'R2T', 'RHM']);
    expect(colors.find((color: any) => color.attributes.code === 'PGU-PAE').attributes.hex).toEqual(['#F4F4F2', '#111111']);
    const markups = (await t.request('GET', `${API}/body_color_markups?filter[brands]=${hyundai.id}`, { token })).json();
    expect(markups.meta.page.total).toBeGreaterThan(0);
    const upholsteries = (await t.request('GET', `${API}/upholsteries?filter[brands]=${hyundai.id}&filter[material]=leather`, { token })).json().data;
    expect(upholsteries).toHaveLength(2);
  });
});
