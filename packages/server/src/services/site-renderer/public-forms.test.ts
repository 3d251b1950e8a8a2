import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { floors } from '../floors.storage/floor.table.ts';
import { customForms } from '../form-constructor/form.table.ts';
import { solveChallenge } from '../request.storage/captcha.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { requests } from '../request.storage/request.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { addPage, publishedSite, unique, visit, type TestSite } from './site-renderer.fixtures.ts';

/**
 * The request forms of public sites, one per request type (the `form` floor's choice): each drawn
 * with its own fields, checked on the server with messages in the site's language (nothing stored
 * on an error), and handed to the intake as its type with the type's attributes; and constructor
 * forms placed on pages as blocks, the site's own only.
 */
let t: TestApp;
let s: TestSite;
let other: TestSite;
let address = 0;
let models: { rio: number; ceed: number; foreign: number };
const db = () => t.database.db;
const nextIp = () => `10.47.${Math.floor(++address / 250)}.${address % 250}`;

/** Pages of `s` with a form floor of each kind (the library floor's values over-written by the placement). */
const PAGES = { test_drive: '/test-drive', service: '/service', buy_model: '/buy', subscription: '/subscribe', credit: '/credit' } as const;

beforeAll(async () => {
  t = await buildTestApp();
  requestStorageOf(t.app).captchaBits = 8;
  const brand = `Kia ${unique()}`;
  const [kia] = await db().insert(carBrands).values({ name: brand }).returning();
  const [otherBrand] = await db().insert(carBrands).values({ name: `Lada ${unique()}` }).returning();
  const [rio, ceed, foreign] = await db()
    .insert(carModels)
    .values([
      { name: 'Rio', name_ru: 'Рио', brand_id: kia!.id },
      { name: 'Ceed', brand_id: kia!.id },
      { name: 'Vesta', brand_id: otherBrand!.id },
    ])
    .returning();
  models = { rio: rio!.id, ceed: ceed!.id, foreign: foreign!.id };
  s = await publishedSite(t, { site: { context: { brand_id: kia!.id, color_scheme: 'kia', extra_color_schemes: [] } } });
  other = await publishedSite(t);
  for (const [kind, uri] of Object.entries(PAGES)) {
    await addPage(db(), s, uri, { caption: uri, floors: [{ floor_id: s.floors.form, values: { form: kind, title: null } }] }, { parent_id: s.pages.home.id });
  }
  // A site without a brand: its test drive form asks for the model in words.
  await addPage(db(), other, '/test-drive', { caption: 'Тест-драйв', floors: [{ floor_id: other.floors.form, values: { form: 'test_drive' } }] }, { parent_id: other.pages.home.id });
});
afterAll(() => t?.close());

async function post(site: TestSite, uri: string, fields: Record<string, string>, options: { captcha?: boolean } = {}) {
  const ip = nextIp();
  const extra: Record<string, string> = {};
  if (options.captcha !== false) {
    const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: site.host }, remoteAddress: ip })).json().data.challenge as string;
    Object.assign(extra, { captcha_challenge: challenge, captcha_nonce: solveChallenge(challenge) });
  }
  return t.app.inject({
    method: 'POST',
    url: uri,
    headers: { host: site.host, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
    payload: new URLSearchParams({ _form: 'main-0', consent: 'on', ...fields, ...extra }).toString(),
  });
}
const storedBy = async (site: TestSite, name: string) => db().select().from(requests).where(and(eq(requests.site_id, site.id), eq(requests.name, name)));
const byEmail = async (site: TestSite, email: string) => db().select().from(requests).where(and(eq(requests.site_id, site.id), eq(requests.email, email)));

describe('the form of each request type', () => {
  it('draws its own fields, checked in the browser by their attributes', async () => {
    const testDrive = (await visit(t, s.host, '/test-drive')).body;
    expect(testDrive).toContain('<form class="form form--test-drive"');
    // The models of the site's brand only, in the site's language.
    expect(testDrive).toMatch(new RegExp(`<select id="main-0-model" name="model" required[^>]*><option value="">Выберите модель</option><option value="${models.ceed}">Ceed</option><option value="${models.rio}">Рио</option></select>`));
    expect(testDrive).not.toContain(`value="${models.foreign}"`);
    expect(testDrive).toMatch(/<input id="main-0-time" name="time" required[^>]* type="datetime-local"/);
    expect(testDrive).toContain('<label for="main-0-time">Удобные дата и время</label>');
    // Every form carries the analytics block the site's script fills, and the masked phone.
    for (const uri of Object.values(PAGES)) expect((await visit(t, s.host, uri)).body, uri).toContain('<input type="hidden" name="analytics" value="">');

    const service = (await visit(t, s.host, '/service')).body;
    expect(service).toMatch(/name="works" required[^>]* maxlength="255"/);
    expect(service).toMatch(/<input id="main-0-vin" name="vin" type="text" maxlength="17"[^>]* minlength="17"[^>]* pattern="\[A-HJ-NPR-Za-hj-npr-z0-9\]\{17\}"/);
    expect(service).toMatch(/<input id="main-0-mileage" name="mileage" type="number" min="1" max="10000000" step="1"/);
    expect(service).toContain('VIN автомобиля <span class="field__optional">(необязательно)</span>');
    expect(service).toMatch(/name="phone" required[^>]* type="tel"/);

    const subscribe = (await visit(t, s.host, '/subscribe')).body;
    expect(subscribe).toMatch(/<input id="main-0-email" name="email" required[^>]* type="email"/);
    expect(subscribe).not.toContain('name="phone"');
    // Credit asks for a call back, as before.
    expect((await visit(t, s.host, '/credit')).body).toContain('<form class="form form--callback"');
    // Without a brand the model is typed in words.
    expect((await visit(t, other.host, '/test-drive')).body).toMatch(/<input id="main-0-model" name="model" required[^>]* type="text" maxlength="100"/);
  });

  it('refuses wrong values with messages in the site\'s language, shows them back cut to their limits, and stores nothing', async () => {
    const before = await db().select().from(requests).where(eq(requests.site_id, s.id));
    const drive = await post(s, '/test-drive', { name: 'Ошибка', phone: '12345', model: String(models.foreign), time: '2026-02-30T11:00' });
    expect(drive.statusCode).toBe(400);
    expect(drive.body).toContain('Проверьте поля формы');
    expect(drive.body).toMatch(/id="main-0-phone-error">Введите телефон в формате/);
    expect(drive.body).toMatch(/id="main-0-model-error">Выберите модель из списка/);
    expect(drive.body).toMatch(/id="main-0-time-error">Укажите дату и время/);

    const service = await post(s, '/service', { name: 'Ошибка', phone: '+7 900 111-22-33', works: 'x'.repeat(300), vin: 'XW8AB00000000000I', mileage: '-5' });
    expect(service.statusCode).toBe(400);
    expect(service.body).toMatch(/id="main-0-works-error">Поле должно состоять из 255 знаков или меньше/);
    expect(service.body).toContain(`value="${'x'.repeat(255)}"`);
    expect(service.body).not.toContain('x'.repeat(256));
    expect(service.body).toMatch(/id="main-0-vin-error">VIN — это 17 латинских букв и цифр без I, O и Q/);
    expect(service.body).toMatch(/id="main-0-mileage-error">Укажите пробег целым числом от 1 до 10\u00a0000\u00a0000/);

    const mileage = await post(s, '/service', { name: 'Ошибка', phone: '+7 900 111-22-33', works: 'ТО', mileage: '12.5' });
    expect(mileage.body).toMatch(/id="main-0-mileage-error">/);

    const subscription = await post(s, '/subscribe', { email: 'не почта', consent: '' });
    expect(subscription.statusCode).toBe(400);
    expect(subscription.body).toMatch(/id="main-0-email-error">Введите e-mail в формате/);
    expect(subscription.body).toMatch(/id="main-0-consent-error">Это поле обязательно/);

    const buy = await post(s, '/buy', { name: '', phone: '+7 900 111-22-33', model: '' });
    expect(buy.body).toMatch(/id="main-0-name-error">Это поле обязательно/);
    expect(buy.body).toMatch(/id="main-0-model-error">Это поле обязательно/);

    expect(await db().select().from(requests).where(eq(requests.site_id, s.id))).toHaveLength(before.length);
  });

  it('speaks English on an English site', async () => {
    const en = await publishedSite(t, { clientId: s.clientId, site: { locale: 'en' } });
    await addPage(db(), en, '/service', { caption: 'Service', floors: [{ floor_id: en.floors.form, values: { form: 'service' } }] }, { parent_id: en.pages.home.id });
    expect((await visit(t, en.host, '/service')).body).toContain('<label for="main-0-works">Works needed</label>');
    const bad = await post(en, '/service', { name: 'Ann', phone: '+7 900 111-22-33', works: 'Oil', vin: 'short' });
    expect(bad.body).toContain('A VIN is 17 Latin letters and digits without I, O and Q');
  });

  it('hands each type to the intake with its attributes', async () => {
    const drive = await post(s, '/test-drive', { name: 'Тест Драйв', phone: '9161112233', model: String(models.rio), time: '2026-12-05T11:30', analytics: JSON.stringify({ utm: { source: 'yandex' } }) });
    expect(drive.statusCode, drive.body.slice(0, 500)).toBe(200);
    expect(drive.body).toContain('Заявка отправлена');
    const [testDrive] = await storedBy(s, 'Тест Драйв');
    expect(testDrive).toMatchObject({ type: 3, phone: '+79161112233', fields: { model_id: models.rio, subject: 'Рио', time: '2026-12-05 11:30' } });
    expect(testDrive!.analytics).toMatchObject({ utm: { source: 'yandex' }, page: { page_id: expect.any(Number) } });

    expect((await post(s, '/service', { name: 'Сервис Один', phone: '8 916 111 22 33', works: 'Замена масла', vin: 'xw8ab000000000001', mileage: '45000', time: '2026-12-06T09:00' })).statusCode).toBe(200);
    const [service] = await storedBy(s, 'Сервис Один');
    expect(service).toMatchObject({ type: 2, fields: { works: ['Замена масла'], vin: 'XW8AB000000000001', mileage: 45000, time: '2026-12-06 09:00' } });
    // Optional fields left empty are no values.
    expect((await post(s, '/service', { name: 'Сервис Два', phone: '8 916 111 22 33', works: 'Диагностика' })).statusCode).toBe(200);
    expect((await storedBy(s, 'Сервис Два'))[0]!.fields).toEqual({ works: ['Диагностика'], vin: null, mileage: null, time: null });

    expect((await post(s, '/buy', { name: 'Покупатель', phone: '+7 900 222-33-44', model: String(models.ceed), comment: 'В кредит' })).statusCode).toBe(200);
    expect((await storedBy(s, 'Покупатель'))[0]).toMatchObject({ type: 4, text: 'В кредит', fields: { model_id: models.ceed } });

    const subscribed = await post(s, '/subscribe', { email: 'Reader@Example.ru' });
    expect(subscribed.body).toContain('Вы подписаны на новости');
    expect((await byEmail(s, 'reader@example.ru'))[0]).toMatchObject({ type: 6, name: null, fields: { subscription: true } });

    // Without a catalogue model a test drive can only be a callback naming it (a test drive request needs the model's id).
    expect((await post(other, '/test-drive', { name: 'Без марки', phone: '+7 900 333-44-55', model: 'Лада Нива', time: '2026-12-07T10:00' })).statusCode).toBe(200);
    expect((await storedBy(other, 'Без марки'))[0]).toMatchObject({ type: 1, fields: { subject: 'Запись на тест-драйв: Лада Нива, 2026-12-07 10:00' } });
  });
});

describe('constructor forms as page blocks', () => {
  it("draws the site's own form by its script, with its stylesheet in the page's CSP; another's form draws nothing", async () => {
    const [form] = await db()
      .insert(customForms)
      .values({ site_id: s.id, client_id: s.clientId, title: 'Оценка', fields: [{ id: 'name', label: 'Имя', type: 'text', required: true }], grid: [{ title: 'Вы', fields: ['name'] }] })
      .returning();
    const [foreign] = await db().insert(customForms).values({ site_id: other.id, client_id: other.clientId, title: 'Чужая', fields: [], grid: [] }).returning();
    // A library floor of the client: the `custom_form` component, its form chosen where it is placed.
    const [floor] = await db().insert(floors).values({ client_id: s.clientId, code: `cf-${unique()}`, title: 'Форма', component: 'custom_form', values: {} }).returning();
    await addPage(db(), s, '/estimate', { caption: 'Оценка', floors: [{ floor_id: floor!.id, values: { form_id: form!.id } }, { floor_id: floor!.id, values: { form_id: foreign!.id } }] }, { parent_id: s.pages.home.id });
    const page = await visit(t, s.host, '/estimate');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<div id="main-0-form" class="custom-form" data-dpf-styled><noscript><p>Чтобы отправить форму, включите JavaScript.</p></noscript></div><script src="/_api/forms/${form!.id}/embed.js" data-target="main-0-form" defer></script>`);
    expect(page.body).not.toContain(`/_api/forms/${foreign!.id}/`);
    expect(page.body).not.toContain('id="main-1"');
    // The page's one stylesheet holds the form's rules, allowed by its hash.
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1]!;
    expect(css).toContain('.dpf');
    expect(page.headers['content-security-policy']).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    // The script the block loads is the site's own, and another site's form is not there.
    const script = await visit(t, s.host, `/_api/forms/${form!.id}/embed.js`);
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("hasAttribute('data-dpf-styled')");
    expect((await visit(t, s.host, `/_api/forms/${foreign!.id}/embed.js`)).statusCode).toBe(404);
    // A deleted form drops the block at once.
    await db().delete(customForms).where(eq(customForms.id, form!.id));
    expect((await visit(t, s.host, '/estimate')).body).not.toContain('custom-form');
  });

  it('sends what the visitor fills in as that form\'s custom form request', async () => {
    const [form] = await db()
      .insert(customForms)
      .values({ site_id: s.id, client_id: s.clientId, title: 'Заявка', fields: [{ id: 'name', label: 'Имя', type: 'text', required: true }], grid: [{ title: 'Вы', fields: ['name'] }] })
      .returning();
    const payload = (await visit(t, s.host, `/_api/forms/${form!.id}`)).json().data.attributes;
    const ip = nextIp();
    const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: s.host }, remoteAddress: ip })).json().data.challenge as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/_api/requests/custom_form_requests',
      headers: { host: s.host, 'content-type': 'application/json' },
      remoteAddress: ip,
      payload: JSON.stringify({ data: { attributes: { custom_form_id: form!.id, content: { name: 'Блок' }, processing_of_personal_data: true, agreement_hash: payload.agreement_hash, analytics: {} }, captcha: { challenge, nonce: solveChallenge(challenge) } } }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await storedBy(s, 'Блок'))[0]).toMatchObject({ type: 9, fields: { custom_form_id: form!.id, content: { name: 'Блок' } } });
  });
});

describe('the site brand', () => {
  it('follows a change of the site: another brand offers its models', async () => {
    const [brand] = await db().select({ brand_id: carModels.brand_id }).from(carModels).where(eq(carModels.id, models.foreign));
    await db().update(sites).set({ context: { brand_id: brand!.brand_id, color_scheme: 'kia', extra_color_schemes: [] } }).where(eq(sites.id, s.id));
    // Its brand's only model is the select's one choice, chosen.
    expect((await visit(t, s.host, '/test-drive')).body).toContain(`<option value="${models.foreign}" selected>Vesta</option>`);
  });
});
