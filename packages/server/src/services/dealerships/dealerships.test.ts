import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { sites } from '../../schema.ts';

/**
 * The dealerships service (spec 001 §3 Dealerships, §5): dealerships with phone parts, work
 * schedules in minutes, coordinates, ratings and the status default; departments, employees
 * (department required with its own message) and services (the five form types); children take
 * their client from their parent; a dealer user never sees or changes another client's records.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let dealerA: string;
let dealerB: string;
let reader: string;
let staff: string;

const API = '/gateway/dealerships/api/v1';
const CODES = ['dealers.get_list', 'dealers.create', 'dealers.patch', 'dealers.delete', ...['departments', 'employees', 'services'].flatMap((e) => [`${e}.create`, `${e}.patch`, `${e}.delete`])];
const WEEK = {
  mon: { from: 540, to: 1080 },
  tue: { from: 540, to: 1080 },
  wed: { from: 540, to: 1080 },
  thu: { from: 540, to: 1080 },
  fri: { from: 540, to: 1200 },
  sat: { from: 600, to: 960 },
  sun: { weekend: true },
};

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient();
  clientB = await t.createClient();
  // Each client has a site with the dealerships module (test/module-gating.test.ts walks clients without it).
  siteA = await t.createSite(clientA);
  await t.createSite(clientB);
  const grants = { dealerships: CODES };
  dealerA = (await t.signIn((await t.createUser({ grants, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants, clientIds: [clientB] })).email)).access_token;
  reader = (await t.signIn((await t.createUser({ grants: { dealerships: ['dealers.get_list'] }, clientIds: [clientA] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants })).email)).access_token;
});
afterAll(() => t?.close());

type Response = Awaited<ReturnType<TestApp['request']>>;
const errorsOf = (response: Response) => response.json().errors as { code: string; title: string; source?: { pointer?: string } }[];
const post = (token: string, name: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/${name}`, { token, lang, body: { data: { attributes } } });
const patch = (token: string, name: string, id: string, attributes: Record<string, unknown>, lang = 'en') =>
  t.request('PATCH', `${API}/${name}/${id}`, { token, lang, body: { data: { attributes } } });
async function made(token: string, name: string, attributes: Record<string, unknown>) {
  const response = await post(token, name, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
const dealership = (token: string, clientId: number, extra: Record<string, unknown> = {}) => made(token, 'dealerships', { client_id: clientId, title: `АвтоГрад ${Math.random().toString(36).slice(2, 7)}`, ...extra });

describe('dealerships', () => {
  it('creates a dealership with every field, the defaults of the spec and the schedule in minutes', async () => {
    const record = await made(dealerA, 'dealerships', {
      client_id: clientA,
      title: 'АвтоГрад Север',
      short_title: 'АГ Север',
      importer_code: 'HMC-0042',
      main_email: 'Info@AvtoGrad.test',
      site_url: 'https://avtograd.test',
      sort: -5,
      ext_codes: ['A1', 'B2'],
      rating: { service: 4.5, sales: 5 },
      search_aliases: ['автоград', 'avtograd'],
      registration: 'ОГРН 1021600000000',
      legal_name: 'ООО «АвтоГрад»',
      phone: { country: 7, city: '843', subscriber: 2000000 },
      address: 'Казань, пр. Победы, 1',
      latitude: 55.79,
      longitude: 49.12,
      working_time: WEEK,
    });
    expect(record.attributes).toMatchObject({
      main_email: 'info@avtograd.test',
      sort: 0,
      status: 2,
      map_scale: 1,
      code: null,
      city: null,
      phone: { country: '7', city: '843', subscriber: '2000000', internal: '0' },
      rating: { service: 4.5, sales: 5 },
      working_time: { fri: { from: 540, to: 1200, weekend: false }, sun: { from: null, to: null, weekend: true } },
    });
    // A change of one field keeps the others (no defaults on PATCH).
    const changed = await patch(dealerA, 'dealerships', record.id, { status: 3 });
    expect(changed.json().data.attributes).toMatchObject({ status: 3, map_scale: 1, rating: { service: 4.5 }, working_time: { fri: { to: 1200 } } });
  });

  it('defaults the schedule to the working week and the phone to zeros', async () => {
    const record = await dealership(dealerA, clientA);
    expect(record.attributes.phone).toEqual({ country: '0', city: '0', subscriber: '0', internal: '0' });
    expect(record.attributes.working_time.mon).toEqual({ from: 540, to: 1080, weekend: false });
    expect(record.attributes.working_time.sun).toEqual({ from: null, to: null, weekend: true });
  });

  it('refuses bad schedules, coordinates, ratings, phone parts and status in the caller language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ working_time: { ...WEEK, mon: { from: 600 } } }, '/data/attributes/working_time/mon/to', 'Give the time or mark the day off'],
      [{ working_time: { ...WEEK, tue: { from: 1080, to: 540 } } }, '/data/attributes/working_time/tue/to', 'The closing time must be after the opening time'],
      [{ working_time: { ...WEEK, wed: { from: 540, to: 1500 } } }, '/data/attributes/working_time/wed/to', 'A time as hh:mm, from 00:00 to 24:00'],
      [{ latitude: 91 }, '/data/attributes/latitude', 'The latitude is a number from -90 to 90'],
      [{ longitude: -181 }, '/data/attributes/longitude', 'The longitude is a number from -180 to 180'],
      [{ rating: { service: 6 } }, '/data/attributes/rating/service', 'A rating is a number from 0 to 5'],
      [{ phone: { city: '84-3' } }, '/data/attributes/phone/city', 'A phone part holds digits only'],
      [{ status: 7 }, '/data/attributes/status', 'Invalid value'],
      [{ main_email: 'not-an-email' }, '/data/attributes/main_email', 'Invalid email format'],
      [{ site_url: 'avtograd' }, '/data/attributes/site_url', 'Invalid URL format'],
    ];
    for (const [extra, pointer, title] of cases) {
      const response = await post(dealerA, 'dealerships', { client_id: clientA, title: 'Плохой', ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorsOf(response), JSON.stringify(extra)).toContainEqual(expect.objectContaining({ title, source: { pointer } }));
    }
    const ru = await post(dealerA, 'dealerships', { client_id: clientA, title: 'Плохой', latitude: 100 }, 'ru');
    expect(errorsOf(ru)[0]!.title).toBe('Широта — число от -90 до 90');
    const list = (await t.request('GET', `${API}/dealerships?filter[search]=Плохой`, { token: dealerA })).json();
    expect(list.data).toEqual([]);
  });

  it('is the dealer the sites name: a code of its own, kept while a site names it', async () => {
    const stamp = Date.now().toString(36);
    const named = await dealership(dealerA, clientA, { code: `north-${stamp}`, city: 'Казань' });
    const shown = await dealership(dealerA, clientA);
    expect(named.attributes).toMatchObject({ code: `north-${stamp}`, city: 'Казань' });
    const taken = await post(dealerB, 'dealerships', { client_id: clientB, title: 'Другой', code: `north-${stamp}` });
    expect(taken.statusCode).toBe(409);
    const search = (await t.request('GET', `${API}/dealerships?filter[search]=north-${stamp}`, { token: dealerA })).json();
    expect(search.data.map((row: { id: string }) => row.id)).toEqual([named.id]);
    await t.database.db.update(sites).set({ dealer_id: Number(named.id), dealer_ids: [Number(named.id), Number(shown.id)] }).where(eq(sites.id, siteA));
    // The dealer a site belongs to is kept, and stays with its client; one it only shows lets go of the site.
    expect((await t.request('DELETE', `${API}/dealerships/${named.id}`, { token: dealerA })).statusCode).toBe(409);
    expect((await patch(staff, 'dealerships', named.id, { client_id: clientB })).statusCode).toBe(409);
    expect((await t.request('DELETE', `${API}/dealerships/${shown.id}`, { token: dealerA })).statusCode).toBe(204);
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, siteA));
    expect(site).toMatchObject({ dealer_id: Number(named.id), dealer_ids: [Number(named.id)] });
    const kept = (await t.request('GET', `${API}/dealerships/${named.id}`, { token: dealerA })).json().data;
    expect(kept.attributes.client_id).toBe(clientA);
  });

  it('refuses to delete a dealership that still has departments', async () => {
    const parent = await dealership(dealerA, clientA);
    await made(dealerA, 'departments', { dealership_id: Number(parent.id), name_ru: 'Продажи' });
    expect((await t.request('DELETE', `${API}/dealerships/${parent.id}`, { token: dealerA })).statusCode).toBe(409);
  });
});

describe('departments, employees and services', () => {
  it('takes the client from the dealership and the dealership from the department', async () => {
    const parent = await dealership(staff, clientB);
    const department = await made(staff, 'departments', { dealership_id: Number(parent.id), name_ru: 'Сервис', name_en: 'Service', order: -1, work_schedule: WEEK });
    expect(department.attributes).toMatchObject({ client_id: clientB, order: 0, work_schedule: { sat: { from: 600, to: 960 } } });
    const employee = await made(staff, 'employees', { first_name_ru: 'Анна', last_name_ru: 'Иванова', position_ru: 'Мастер-приёмщик', position_en: 'Service adviser', department_id: Number(department.id) });
    expect(employee.attributes).toMatchObject({ client_id: clientB, dealership_id: Number(parent.id), phone: { country: '0', city: '0', subscriber: '0', internal: '0' } });
    const service = await made(staff, 'services', { name: 'Запись на ТО', code: 'to', dealership_id: Number(parent.id), form_type: 'service_request', icon_code: 'wrench' });
    expect(service.attributes).toMatchObject({ client_id: clientB, form_type: 'service_request', sort: 0 });
    // The client is never taken from the body.
    expect((await post(staff, 'departments', { dealership_id: Number(parent.id), name_ru: 'Отдел', client_id: clientA })).statusCode).toBe(400);
  });

  it('requires the department of an employee with its own message', async () => {
    const response = await post(dealerA, 'employees', { first_name_ru: 'Олег', last_name_ru: 'Смирнов' });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toContainEqual(expect.objectContaining({ title: "Choose the employee's department", source: { pointer: '/data/attributes/department_id' } }));
    const ru = await post(dealerA, 'employees', { first_name_ru: 'Олег', last_name_ru: 'Смирнов', department_id: null }, 'ru');
    expect(errorsOf(ru)[0]).toMatchObject({ title: 'Выберите отдел сотрудника' });
  });

  it('offers only the five form types and keeps service codes unique within a dealership', async () => {
    const parent = await dealership(dealerA, clientA);
    const bad = await post(dealerA, 'services', { name: 'Кредит', code: 'credit', dealership_id: Number(parent.id), form_type: 'credit_request' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]!.source!.pointer).toBe('/data/attributes/form_type');
    await made(dealerA, 'services', { name: 'Тест-драйв', code: 'td', dealership_id: Number(parent.id), form_type: 'test_drive_request' });
    const twice = await post(dealerA, 'services', { name: 'Тест-драйв 2', code: 'td', dealership_id: Number(parent.id), form_type: 'test_drive_request' });
    expect(twice.statusCode).toBe(400);
    expect(errorsOf(twice)[0]!.source!.pointer).toBe('/data/attributes/code');
    const other = await dealership(dealerA, clientA);
    await made(dealerA, 'services', { name: 'Тест-драйв', code: 'td', dealership_id: Number(other.id), form_type: 'test_drive_request' });
  });

  it('moves employees with their department to another dealership', async () => {
    const first = await dealership(dealerA, clientA);
    const second = await dealership(dealerA, clientA);
    const department = await made(dealerA, 'departments', { dealership_id: Number(first.id), name_ru: 'Trade-in' });
    const employee = await made(dealerA, 'employees', { first_name_ru: 'Пётр', last_name_ru: 'Козлов', department_id: Number(department.id) });
    expect((await patch(dealerA, 'departments', department.id, { dealership_id: Number(second.id) })).statusCode).toBe(200);
    const moved = (await t.request('GET', `${API}/employees/${employee.id}`, { token: dealerA })).json().data;
    expect(moved.attributes.dealership_id).toBe(Number(second.id));
    const filtered = (await t.request('GET', `${API}/employees?filter[dealership_id]=${second.id}`, { token: dealerA })).json();
    expect(filtered.data.map((r: { id: string }) => r.id)).toEqual([employee.id]);
  });
});

describe('tenant isolation', () => {
  it('a dealer user never sees or changes another client dealerships, departments, employees or services', async () => {
    const theirs = await dealership(dealerB, clientB);
    const theirDepartment = await made(dealerB, 'departments', { dealership_id: Number(theirs.id), name_ru: 'Продажи B' });
    const theirEmployee = await made(dealerB, 'employees', { first_name_ru: 'Б', last_name_ru: 'Чужой', department_id: Number(theirDepartment.id) });
    const theirService = await made(dealerB, 'services', { name: 'Чужая услуга', code: 'b', dealership_id: Number(theirs.id), form_type: 'callback_request' });
    const ours = await dealership(dealerA, clientA);
    const ourDepartment = await made(dealerA, 'departments', { dealership_id: Number(ours.id), name_ru: 'Продажи A' });
    const ourEmployee = await made(dealerA, 'employees', { first_name_ru: 'А', last_name_ru: 'Свой', department_id: Number(ourDepartment.id) });

    for (const [name, record] of [['dealerships', theirs], ['departments', theirDepartment], ['employees', theirEmployee], ['services', theirService]] as const) {
      const list = (await t.request('GET', `${API}/${name}?page[size]=1000`, { token: dealerA })).json();
      expect(list.data.map((r: { id: string }) => r.id), name).not.toContain(record.id);
      expect((await t.request('GET', `${API}/${name}/${record.id}`, { token: dealerA })).statusCode, name).toBe(404);
      expect((await patch(dealerA, name, record.id, {})).statusCode, name).toBe(404);
      expect((await t.request('DELETE', `${API}/${name}/${record.id}`, { token: dealerA })).statusCode, name).toBe(404);
    }
    // Nothing is attached to another client's parents, and nothing of ours moves under them.
    const cases: [string, Record<string, unknown>, string][] = [
      ['departments', { dealership_id: Number(theirs.id), name_ru: 'Захват' }, 'dealership_id'],
      ['services', { name: 'Захват', code: 'x', dealership_id: Number(theirs.id), form_type: 'callback_request' }, 'dealership_id'],
      ['employees', { first_name_ru: 'Х', last_name_ru: 'Захват', department_id: Number(theirDepartment.id) }, 'department_id'],
      ['dealerships', { client_id: clientB, title: 'Захват' }, 'client_id'],
    ];
    for (const [name, attributes, field] of cases) {
      const response = await post(dealerA, name, attributes);
      expect(response.statusCode, name).toBe(400);
      expect(errorsOf(response)[0]!.source!.pointer, name).toBe(`/data/attributes/${field}`);
    }
    expect((await patch(dealerA, 'employees', ourEmployee.id, { department_id: Number(theirDepartment.id) })).statusCode).toBe(400);
    expect((await patch(dealerA, 'departments', ourDepartment.id, { dealership_id: Number(theirs.id) })).statusCode).toBe(400);
    expect((await patch(dealerA, 'dealerships', ours.id, { client_id: clientB })).statusCode).toBe(400);
    // The other client's records are untouched.
    const still = (await t.request('GET', `${API}/employees/${theirEmployee.id}`, { token: dealerB })).json().data;
    expect(still.attributes.last_name_ru).toBe('Чужой');
  });

  it('lets a reader read but not write', async () => {
    expect((await t.request('GET', `${API}/dealerships`, { token: reader })).statusCode).toBe(200);
    expect((await post(reader, 'dealerships', { client_id: clientA, title: 'Нельзя' })).statusCode).toBe(403);
    expect((await post(reader, 'departments', { dealership_id: 1, name_ru: 'Нельзя' })).statusCode).toBe(403);
  });
});
