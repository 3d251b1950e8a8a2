import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelApplies, type LabelCondition, type LabelSubject } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sites } from '../../schema.ts';

/**
 * Labels of a site's cars (spec 001 §3 label, §5, §7): the fields and their checks, conditions by
 * field and operator, which cars they fit, tenancy, and the central labels of an official master
 * that its forks show and may only hide or order for themselves.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let master: number;
let fork: number;
let dealerA: string;
let dealerB: string;
let staff: string;

const API = '/gateway/cars.catalog/api/v1';
const CODES = ['labels.get_list', 'labels.create', 'labels.patch', 'labels.delete'];
let counter = 0;
const newSite = async (clientId: number, type = 3, origin: number | null = null) =>
  (await t.database.db.insert(sites).values({ name: `Сайт ${Date.now().toString(36)}${counter++}`, client_id: clientId, type, origin_site_id: origin }).returning())[0]!.id;

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = await newSite(clientA);
  siteB = await newSite(clientB);
  master = await newSite(clientA, 2);
  fork = await newSite(clientB, 3, master);
  const grants = { 'cars.catalog': CODES };
  dealerA = (await t.signIn((await t.createUser({ grants, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants, clientIds: [clientB] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `labels-staff-${Date.now()}@platform.test`, grants })).email)).access_token;
});
afterAll(() => t?.close());

type Response = Awaited<ReturnType<TestApp['request']>>;
const errorsOf = (response: Response) => response.json().errors as { title: string; source?: { pointer?: string } }[];
const create = (token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/labels`, { token, lang, body: { data: { type: 'labels', attributes } } });
async function created(token: string, attributes: Record<string, unknown>) {
  const response = await create(token, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}

describe('labels', () => {
  it('keep the background with a leading hash, type tag by default, and conditions as their fields keep them', async () => {
    const label = await created(dealerA, {
      site_id: siteA,
      name: 'Хит продаж',
      name_en: 'Best seller',
      background: 'ff5500',
      conditions: [
        { field: 'year', operator: 'more_or_equal', operands: ['2024'] },
        { field: 'certified', operator: 'equal', operands: ['true'] },
        { field: 'logistic_status', operator: 'equal', operands: ['in_stock', 'on_the_way'] },
      ],
    });
    expect(label.attributes).toMatchObject({
      site_id: siteA,
      client_id: clientA,
      background: '#FF5500',
      type: 'tag',
      hide: false,
      conditions: [
        { field: 'year', operator: 'more_or_equal', operands: [2024] },
        { field: 'certified', operator: 'equal', operands: [true] },
        { field: 'logistic_status', operator: 'equal', operands: ['in_stock', 'on_the_way'] },
      ],
    });
  });

  it('refuse a condition whose operator, values or number of values do not fit its field, naming the place, in the caller\'s language', async () => {
    const cases: [LabelCondition | Record<string, unknown>, string, string][] = [
      [{ field: 'dealer_code', operator: 'more', operands: ['A1'] }, '/data/attributes/conditions/0/operator', 'This operator does not apply to the chosen field'],
      [{ field: 'pts', operator: 'equal', operands: ['copy'] }, '/data/attributes/conditions/0/operands/0', 'The value does not fit the chosen field'],
      [{ field: 'mileage', operator: 'less', operands: [10, 20] }, '/data/attributes/conditions/0/operands', 'Give exactly one value'],
      [{ field: 'brand', operator: 'equal', operands: [] }, '/data/attributes/conditions/0/operands', 'Give at least one value'],
      [{ field: 'colour', operator: 'equal', operands: ['red'] }, '/data/attributes/conditions/0/field', "Choose the condition's field from the list"],
    ];
    for (const [condition, pointer, title] of cases) {
      const response = await create(dealerA, { site_id: siteA, name: 'Метка', conditions: [condition] });
      expect(response.statusCode, JSON.stringify(condition)).toBe(400);
      expect(errorsOf(response)).toContainEqual(expect.objectContaining({ title, source: { pointer } }));
    }
    const russian = await create(dealerA, { site_id: siteA, name: 'Метка', background: 'red' }, 'ru');
    expect(errorsOf(russian)).toContainEqual(expect.objectContaining({ title: 'Цвет в формате #RRGGBB, например #1A2B3C', source: { pointer: '/data/attributes/background' } }));
    const list = await t.request('GET', `${API}/labels?filter[site_id]=${siteA}&filter[search]=${encodeURIComponent('Метка')}`, { token: dealerA });
    expect(list.json().data).toEqual([]);
  });

  it('belong to a site the caller reaches: another client\'s site is not found, its labels not listed', async () => {
    const response = await create(dealerB, { site_id: siteA, name: 'Чужая' });
    expect([400, 404]).toContain(response.statusCode);
    await created(dealerB, { site_id: siteB, name: 'Своя B' });
    const list = await t.request('GET', `${API}/labels?filter[site_id]=${siteB}`, { token: dealerA });
    expect(list.json().data).toEqual([]);
    expect((await t.request('GET', `${API}/labels/by/site_id/${siteB}`, { token: dealerA })).statusCode).toBe(404);
  });
});

describe('central labels', () => {
  it('of an official master are staff\'s to change; its forks show them and only hide or order them for themselves', async () => {
    const refused = await create(dealerA, { site_id: master, name: 'Центральная' });
    expect(refused.statusCode).toBe(403);
    const central = await created(staff, { site_id: master, name: 'Новинка', sort: 5, type: 'badge' });
    const own = await created(dealerB, { site_id: fork, name: 'Своя', sort: 10 });

    const shown = await t.request('GET', `${API}/labels/by/site_id/${fork}`, { token: dealerB });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.map((r: any) => [r.id, r.attributes.central, r.attributes.hide])).toEqual([[central.id, true, false], [own.id, false, false]]);

    // The fork cannot change the label itself (it is not its site's), only its own view of it.
    expect((await t.request('PATCH', `${API}/labels/${central.id}`, { token: dealerB, body: { data: { type: 'labels', id: central.id, attributes: { name: 'Взлом' } } } })).statusCode).toBe(404);
    const hidden = await t.request('PATCH', `${API}/labels/${central.id}/sites/${fork}`, { token: dealerB, body: { data: { attributes: { hide: true, sort: 20 } } } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data.attributes).toMatchObject({ central: true, hide: true, sort: 20, name: 'Новинка' });
    const after = (await t.request('GET', `${API}/labels/by/site_id/${fork}`, { token: dealerB })).json().data;
    expect(after.map((r: any) => r.id)).toEqual([own.id, central.id]);
    // The master itself is untouched; the visible badges of the fork leave the hidden one out.
    expect((await t.request('GET', `${API}/labels/by/site_id/${master}`, { token: staff })).json().data[0].attributes).toMatchObject({ hide: false, sort: 5 });
    expect((await t.request('GET', `${API}/labels/by/type?site_id=${fork}&type=badge`, { token: dealerB })).json().data).toEqual([]);
    expect((await t.request('GET', `${API}/labels/by/type?site_id=${master}&type=badge`, { token: staff })).json().data.map((r: any) => r.id)).toEqual([central.id]);

    // An own label is changed as itself (409), and another client's fork is not reachable.
    const notCentral = await t.request('PATCH', `${API}/labels/${own.id}/sites/${fork}`, { token: dealerB, lang: 'ru', body: { data: { attributes: { hide: true } } } });
    expect(notCentral.statusCode).toBe(409);
    expect(errorsOf(notCentral)[0]!.title).toBe('Эта метка не общая для сайта: меняйте её саму');
    expect((await t.request('PATCH', `${API}/labels/${central.id}/sites/${fork}`, { token: dealerA, body: { data: { attributes: { hide: false } } } })).statusCode).toBe(404);
  });
});

describe('which cars a label fits', () => {
  const car: LabelSubject = {
    pts: 'original', year: 2024, final_price: 2_500_000, has_discount_price: true, dealer_code: 'KZN-01', certified: false,
    mileage: 0, owners_count: null, marketing_complectation_code: 'GL-2024-AT', logistic_status: 'in_stock', brand: 3, restyling: 17,
  };
  const fits = (...conditions: LabelCondition[]) => labelApplies(conditions, car);

  it('needs every condition to hold', () => {
    expect(fits({ field: 'year', operator: 'more_or_equal', operands: [2024] }, { field: 'final_price', operator: 'less', operands: [3_000_000] })).toBe(true);
    expect(fits({ field: 'year', operator: 'more', operands: [2024] })).toBe(false);
    expect(fits({ field: 'year', operator: 'more_or_equal', operands: [2024] }, { field: 'certified', operator: 'equal', operands: [true] })).toBe(false);
  });

  it('reads equal as any of, not equal as none of, contains as a part of the text, without regard to case', () => {
    expect(fits({ field: 'brand', operator: 'equal', operands: [1, 3] })).toBe(true);
    expect(fits({ field: 'restyling', operator: 'not_equal', operands: [17, 18] })).toBe(false);
    expect(fits({ field: 'dealer_code', operator: 'contains', operands: ['kzn'] })).toBe(true);
    expect(fits({ field: 'marketing_complectation_code', operator: 'equal', operands: ['gl-2024-at'] })).toBe(true);
    expect(fits({ field: 'has_discount_price', operator: 'not_equal', operands: [true] })).toBe(false);
  });

  it('fits no car when a compared value is unknown, except by not equal; a label without conditions fits none', () => {
    expect(fits({ field: 'owners_count', operator: 'less', operands: [2] })).toBe(false);
    expect(fits({ field: 'owners_count', operator: 'not_equal', operands: [5] })).toBe(true);
    expect(labelApplies([], car)).toBe(false);
  });
});
