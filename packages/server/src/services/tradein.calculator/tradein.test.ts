import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { requests } from '../request.storage/request.table.ts';
import { solveChallenge } from '../request.storage/captcha.ts';
import { addPage, publishedSite, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';

/**
 * Trade-in (spec 002 §2 /tradein.calculator/settings/{siteId}, §3, §9): a site's settings made with
 * the defaults on first read (evaluation type tradein), kept and checked with messages in ru and
 * en, out of another dealer's reach; the site's trade-in requests through request.storage's
 * intake stored with the car's data and the evaluation type, a car of a brand not taken, too old
 * or with too much mileage refused with the reason in the visitor's language, and none taken
 * where the trade-in module is not installed.
 */
let t: TestApp;
let s: TestSite;
let bare: TestSite;
let dealer: string;
let other: string;
let hash: string;
let address = 0;
const API = '/gateway/tradein.calculator/api/v1';
const CODES = { 'tradein.calculator': ['settings.get_list', 'settings.patch'], 'request.storage': ['callback_requests.get_list'] };
const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });
const db = () => t.database.db;
const thisYear = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
  requestStorageOf(t.app).captchaBits = 8;
  s = await publishedSite(t);
  bare = await publishedSite(t, { clientId: s.clientId });
  // The second site never had the trade-in module.
  const [module] = await db().select({ id: modules.id }).from(modules).where(eq(modules.code, 'tradein'));
  await db().delete(moduleInstallations).where(and(eq(moduleInstallations.site_id, bare.id), inArray(moduleInstallations.module_id, [module!.id])));
  const otherClient = await t.createClient('Чужой дилер');
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [s.clientId], internal: false })).email)).access_token;
  other = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [otherClient], internal: false })).email)).access_token;
  const consent = await t.request('POST', '/gateway/request.storage/api/v1/agreement_hash', { token: (await t.signIn((await t.createUser({ grants: { 'request.storage': ['requests_settings.create', 'callback_requests.get_list'] }, clientIds: [s.clientId] })).email)).access_token, body: body({ site_id: s.id, text: 'Согласен на обработку персональных данных' }) });
  expect(consent.statusCode, consent.body).toBe(201);
  hash = consent.json().data.attributes.hash;
  // A page with the trade-in form (the form floor's trade-in choice).
  await addPage(db(), s, '/trade-in', { caption: 'Трейд-ин', floors: [{ floor_id: s.floors.form, values: { form: 'trade_in', title: null } }] }, { parent_id: s.pages.home.id });
});
afterAll(() => t?.close());

const settingsOf = async (token = dealer, siteId = s.id) => t.request('GET', `${API}/settings/for_site_id/${siteId}`, { token });
/** Sends a trade-in request from the site's public intake, its captcha solved. */
async function send(site: TestSite, car: Record<string, unknown>, lang = 'ru') {
  const ip = `10.9.0.${++address}`;
  const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: site.host }, remoteAddress: ip })).json().data.challenge as string;
  const attributes = { name: 'Ирина', phone: '+7 (900) 765-43-21', processing_of_personal_data: true, agreement_hash: hash, ...car };
  return t.app.inject({ method: 'POST', url: '/_api/requests/tradein_requests', headers: { host: site.host, 'content-type': 'application/json', 'accept-language': lang }, remoteAddress: ip, payload: JSON.stringify({ data: { attributes, captcha: { challenge, nonce: solveChallenge(challenge) } } }) });
}

describe('settings', () => {
  it('are made with the defaults on first read, once', async () => {
    const first = await settingsOf();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.attributes).toMatchObject({ site_id: s.id, evaluation_type: 'tradein', brands: [], max_age_years: null, max_mileage: null, form_fields: [] });
    expect((await settingsOf()).json().data.id).toBe(first.json().data.id);
  });

  it('keep the brands, limits and form fields; an empty limit is none', async () => {
    const { id } = (await settingsOf()).json().data;
    const changed = await t.request('PATCH', `${API}/settings/${id}`, { token: dealer, body: body({ evaluation_type: 'buyout', brands: ['Kia', 'Hyundai'], max_age_years: 10, max_mileage: 200000, form_fields: ['email', 'comment'] }) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes).toMatchObject({ evaluation_type: 'buyout', brands: ['Kia', 'Hyundai'], max_age_years: 10, max_mileage: 200000, form_fields: ['email', 'comment'] });
    const cleared = await t.request('PATCH', `${API}/settings/${id}`, { token: dealer, body: body({ max_mileage: '' }) });
    expect(cleared.json().data.attributes.max_mileage).toBeNull();
    await t.request('PATCH', `${API}/settings/${id}`, { token: dealer, body: body({ evaluation_type: 'tradein', max_mileage: 150000 }) });
  });

  it('refuse wrong values with clear messages in ru and en', async () => {
    const { id } = (await settingsOf()).json().data;
    const refused = async (attributes: Record<string, unknown>, lang: 'ru' | 'en') => {
      const answer = await t.request('PATCH', `${API}/settings/${id}`, { token: dealer, lang, body: body(attributes) });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors[0];
    };
    expect((await refused({ brands: ['Kia', ' kia '] }, 'ru')).title).toBe('Марка указана дважды');
    expect((await refused({ brands: ['Kia', 'KIA'] }, 'en')).title).toBe('A brand is listed twice');
    expect((await refused({ max_age_years: 0 }, 'en')).source).toMatchObject({ pointer: '/data/attributes/max_age_years' });
    expect((await refused({ evaluation_type: 'lease' }, 'en')).source).toMatchObject({ pointer: '/data/attributes/evaluation_type' });
    expect((await refused({ form_fields: ['passport'] }, 'ru')).source.pointer).toMatch(/^\/data\/attributes\/form_fields/);
    expect((await settingsOf()).json().data.attributes.brands).toEqual(['Kia', 'Hyundai']);
  });

  it("are out of another dealer's reach", async () => {
    const { id } = (await settingsOf()).json().data;
    expect((await settingsOf(other)).statusCode).toBe(404);
    expect((await t.request('PATCH', `${API}/settings/${id}`, { token: other, body: body({ brands: [] }) })).statusCode).toBe(404);
  });
});

describe('trade-in requests', () => {
  it('arrive through the intake with the car and the evaluation type', async () => {
    const sent = await send(s, { brand: 'kia', model: 'Rio', year: thisYear - 3, mileage: 60000, email: 'irina@example.ru' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await db().select().from(requests).where(eq(requests.id, Number(sent.json().data.id)));
    expect(row).toMatchObject({ site_id: s.id, type: 11, name: 'Ирина', email: 'irina@example.ru' });
    expect(row!.fields).toMatchObject({ brand: 'kia', model: 'Rio', year: thisYear - 3, mileage: 60000, evaluation_type: 'tradein' });
    const listed = await t.request('GET', `/gateway/request.storage/api/v1/tradein_requests/where_site/${s.id}`, { token: dealer });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((one: { id: string }) => one.id)).toContain(sent.json().data.id);
  });

  it('refuse a car of a brand not taken, too old or with too much mileage, saying why in ru and en', async () => {
    const brand = await send(s, { brand: 'Lada', model: 'Vesta', year: thisYear - 1, mileage: 1000 }, 'en');
    expect(brand.statusCode).toBe(400);
    expect(brand.json().errors[0]).toMatchObject({ title: 'We do not take Lada cars in trade-in', source: { pointer: '/data/attributes/brand' } });
    const old = await send(s, { brand: 'Hyundai', model: 'Solaris', year: thisYear - 11, mileage: 90000 }, 'ru');
    expect(old.statusCode).toBe(400);
    expect(old.json().errors[0]).toMatchObject({ title: `Мы принимаем автомобили не старше 10 лет: ${thisYear - 10} год выпуска или новее`, source: { pointer: '/data/attributes/year' } });
    const far = await send(s, { brand: 'Hyundai', model: 'Solaris', year: thisYear - 2, mileage: 150001 }, 'en');
    expect(far.json().errors[0]).toMatchObject({ title: 'We take cars with at most 150 000 km', source: { pointer: '/data/attributes/mileage' } });
    // Every reason at once.
    const all = await send(s, { brand: 'Lada', model: 'Niva', year: 1990, mileage: 900000 }, 'ru');
    expect(all.json().errors.map((error: { source: { pointer: string } }) => error.source.pointer)).toEqual(['/data/attributes/brand', '/data/attributes/year', '/data/attributes/mileage']);
    expect(all.json().errors[0].title).toBe('Автомобили марки Lada мы в трейд-ин не принимаем');
    // None of them was stored.
    expect(await db().select().from(requests).where(and(eq(requests.site_id, s.id), eq(requests.type, 11)))).toHaveLength(1);
  });

  it('are not taken on a site without the trade-in module', async () => {
    const sent = await send(bare, { brand: 'Kia', model: 'Rio', year: thisYear - 1, mileage: 100 }, 'en');
    expect(sent.statusCode).toBe(403);
    expect(sent.json().errors[0].title).toBe('The site does not take trade-in requests now. Please call us');
  });
});

describe('the trade-in form of the public site', () => {
  /** Posts the page's trade-in form, its captcha solved, as a browser without the site's script would. */
  async function postForm(fields: Record<string, string>) {
    const ip = `10.9.1.${++address}`;
    const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: s.host }, remoteAddress: ip })).json().data.challenge as string;
    return t.app.inject({
      method: 'POST',
      url: '/trade-in',
      headers: { host: s.host, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: ip,
      payload: new URLSearchParams({ _form: 'main-0', consent: 'on', captcha_challenge: challenge, captcha_nonce: solveChallenge(challenge), ...fields }).toString(),
    });
  }

  it('asks for the car and the contact, and its request arrives with the car', async () => {
    const page = (await visit(t, s.host, '/trade-in')).body;
    expect(page).toContain('<form class="form form--trade-in"');
    for (const field of ['name', 'phone', 'brand', 'car_model', 'year', 'mileage']) expect(page).toMatch(new RegExp(`name="${field}" required`));
    const sent = await postForm({ name: 'Олег', phone: '+7 (901) 111-22-33', brand: 'Hyundai', car_model: 'Solaris', year: String(thisYear - 4), mileage: '85000' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.body).toContain('Спасибо! Заявка отправлена');
    const [row] = await db().select().from(requests).where(and(eq(requests.site_id, s.id), eq(requests.name, 'Олег')));
    expect(row).toMatchObject({ type: 11, phone: '+79011112233' });
    expect(row!.fields).toMatchObject({ brand: 'Hyundai', model: 'Solaris', year: thisYear - 4, mileage: 85000, evaluation_type: 'tradein' });
  });

  it("asks for the optional fields the site's settings choose, as soon as they are saved", async () => {
    const { id } = (await settingsOf()).json().data;
    const set = async (fields: string[]) => expect((await t.request('PATCH', `${API}/settings/${id}`, { token: dealer, body: body({ form_fields: fields }) })).statusCode).toBe(200);
    await set([]);
    const plain = (await visit(t, s.host, '/trade-in')).body;
    for (const field of ['vin', 'email', 'comment']) expect(plain).not.toContain(`name="${field}"`);
    await set(['vin', 'comment']);
    const page = (await visit(t, s.host, '/trade-in')).body;
    expect(page).toContain('name="vin"');
    expect(page).toContain('name="comment"');
    expect(page).not.toContain('name="email"');
    const sent = await postForm({ name: 'Вера', phone: '+7 (901) 111-22-55', brand: 'Kia', car_model: 'Ceed', year: String(thisYear - 3), mileage: '40000', vin: 'xwekn81bdf0123456', comment: 'Один владелец' });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await db().select().from(requests).where(and(eq(requests.site_id, s.id), eq(requests.name, 'Вера')));
    expect(row).toMatchObject({ type: 11, text: 'Один владелец' });
    expect(row!.fields).toMatchObject({ brand: 'Kia', model: 'Ceed', vin: 'XWEKN81BDF0123456' });
  });

  it('shows why a car is refused and keeps what was typed', async () => {
    const refused = await postForm({ name: 'Пётр', phone: '+7 (901) 111-22-44', brand: 'Lada', car_model: 'Granta', year: String(thisYear - 1), mileage: '300000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Автомобили марки Lada мы в трейд-ин не принимаем Мы принимаем автомобили с пробегом не больше 150');
    expect(refused.body).toContain('value="Granta"');
    const year = await postForm({ name: 'Пётр', phone: '+7 (901) 111-22-44', brand: 'Kia', car_model: 'Rio', year: '1800', mileage: '1000' });
    expect(year.statusCode).toBe(400);
    expect(year.body).toContain(`Укажите год выпуска от 1900 до ${thisYear + 1}`);
    expect(await db().select().from(requests).where(and(eq(requests.site_id, s.id), eq(requests.name, 'Пётр')))).toHaveLength(0);
  });
});
