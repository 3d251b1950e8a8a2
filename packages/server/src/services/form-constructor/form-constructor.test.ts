import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, moduleInstallations, modules } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { publishedSite, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { siteRendererOf } from '../site-renderer/serve-site.ts';
import { solveChallenge } from '../request.storage/captcha.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { requests } from '../request.storage/request.table.ts';
import { formConstructorOf } from './form.routes.ts';
import { captchaSettings, customFormFiles, smartCaptchaKeys } from './form.table.ts';
import { sweepFormFiles } from './sweep-files.ts';

/**
 * The form constructor (spec 002 §3, §5, §7): forms per site with the spec's checks in ru and en,
 * list with search and authors' names, copy, tenant isolation; a form live on its site (its page,
 * the embeddable script, CORS of the intake), its submissions checked against the form and stored
 * as custom form requests, file fields within their limits; captcha settings, smart captcha keys
 * (one per colour scheme, secret never answered) and the smart captcha's check against a local
 * stand-in of its service.
 */
let t: TestApp;
let a: TestSite;
let b: TestSite;
let managerA: string;
let managerB: string;
let address = 0;
const API = '/gateway/form-constructor/api/v1';
const REQUESTS = '/gateway/request.storage/api/v1';
const CODES = { 'form-constructor': ['form_constructor.get_list', 'form_constructor.create', 'form_constructor.edit'], 'request.storage': ['callback_requests.get_list'] };
const nextIp = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;
const db = () => t.database.db;
/** A small PDF as file-type recognises it. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const FORM = {
  title: 'Запись на оценку',
  fields: [
    { id: 'name', label: 'Имя', type: 'text', required: true, placeholder: 'Иван' },
    { id: 'phone', label: 'Телефон', type: 'phone', required: true, phone_codes: ['ru', 'by'], default_phone_code: 'ru' },
    { id: 'vin', label: 'VIN', type: 'text', validation_type: 'vin' },
    { id: 'body', label: 'Кузов', type: 'select', options: ['Седан', 'Универсал'] },
    { id: 'agree_calls', label: 'Можно звонить', type: 'checkbox' },
    { id: 'photos', label: 'Фото', type: 'file', max_files: 2, max_size: 1, accept: ['pdf', 'jpg'] },
  ],
  grid: [
    { title: 'Контакты', fields: ['name', 'phone'] },
    { title: 'Автомобиль', fields: ['vin', 'body', 'photos', 'agree_calls'] },
  ],
};

beforeAll(async () => {
  t = await buildTestApp();
  requestStorageOf(t.app).captchaBits = 8;
  a = await publishedSite(t);
  b = await publishedSite(t);
  // The list of a site's forms is the requests module's (spec 002 §2: its screens come with it).
  const [requestsModule] = await db().select().from(modules).where(eq(modules.code, 'requests'));
  await db().insert(moduleInstallations).values([a, b].map((site) => ({ site_id: site.id, module_id: requestsModule!.id }))).onConflictDoNothing();
  const userA = await t.createUser({ grants: CODES, clientIds: [a.clientId] });
  await db().execute(sql`update users set name = 'Ирина', last_name = 'Соколова' where id = ${userA.id}`);
  managerA = (await t.signIn(userA.email)).access_token;
  managerB = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [b.clientId] })).email)).access_token;
});
afterAll(() => t?.close());

const create = (token: string, attributes: Record<string, unknown>, lang = 'ru') => t.request('POST', `${API}/custom_forms`, { token, lang, body: { data: { attributes } } });
async function makeForm(site: TestSite = a, form: Record<string, unknown> = FORM) {
  const response = await create(site === a ? managerA : managerB, { site_id: site.id, ...form });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, unknown> };
}
const siteCall = (site: TestSite, method: 'GET' | 'POST' | 'OPTIONS', url: string, options: { headers?: Record<string, string>; payload?: string | Buffer; ip?: string } = {}) =>
  t.app.inject({ method, url, headers: { host: site.host, ...options.headers }, remoteAddress: options.ip ?? nextIp(), ...(options.payload !== undefined ? { payload: options.payload } : {}) });

async function powAnswer(site: TestSite) {
  const response = await siteCall(site, 'GET', '/_api/requests/captcha');
  const challenge = response.json().data.challenge as string;
  return { challenge, nonce: solveChallenge(challenge) };
}
/** The consent hash the form's script sends (the site's consent text, recorded when the form is served). */
async function consentHash(site: TestSite, formId: string) {
  const response = await siteCall(site, 'GET', `/_api/forms/${formId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.attributes.agreement_hash as string;
}
async function submit(site: TestSite, formId: string, content: Record<string, unknown>, options: { lang?: string; captcha?: unknown; origin?: string } = {}) {
  const captcha = options.captcha ?? (await powAnswer(site));
  return siteCall(site, 'POST', '/_api/requests/custom_form_requests', {
    headers: { 'content-type': 'application/json', 'accept-language': options.lang ?? 'ru', ...(options.origin ? { origin: options.origin } : {}) },
    payload: JSON.stringify({ data: { attributes: { custom_form_id: Number(formId), content, processing_of_personal_data: true, agreement_hash: await consentHash(site, formId) }, captcha } }),
  });
}
const upload = (site: TestSite, formId: string, field: string, bytes: Buffer, name: string, lang = 'ru') =>
  siteCall(site, 'POST', `/_api/forms/${formId}/files/${field}`, { headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name), 'accept-language': lang }, payload: bytes });

describe('forms of a site', () => {
  it('creates a form, lists it with search and its authors, reads, changes, copies and deletes it', async () => {
    const form = await makeForm();
    expect(form.attributes).toMatchObject({ site_id: a.id, client_id: a.clientId, title: FORM.title });
    const list = await t.request('GET', `${API}/custom_forms/list/${a.id}?search=${encodeURIComponent('оценк')}`, { token: managerA });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: any) => row.id)).toContain(form.id);
    expect(list.json().data[0].attributes).toMatchObject({ created_by_name: 'Ирина Соколова', updated_by_name: 'Ирина Соколова' });
    const none = await t.request('GET', `${API}/custom_forms/list/${a.id}?search=${encodeURIComponent('нет-такой')}`, { token: managerA });
    expect(none.json()).toMatchObject({ data: [], meta: { page: { total: 0 } } });

    // A field's settings its type does not have are dropped.
    const changed = await t.request('PATCH', `${API}/custom_forms/${form.id}`, {
      token: managerA,
      body: { data: { attributes: { title: 'Оценка авто', fields: [{ ...FORM.fields[0], options: ['лишнее'], max_files: 3 }, ...FORM.fields.slice(1)], grid: FORM.grid } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes.title).toBe('Оценка авто');
    expect(changed.json().data.attributes.fields[0]).toEqual(FORM.fields[0]);

    const copy = await t.request('POST', `${API}/custom_forms/copy/from/${form.id}`, { token: managerA, lang: 'ru' });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data.attributes).toMatchObject({ title: 'Оценка авто (копия)', site_id: a.id, fields: changed.json().data.attributes.fields });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.resource, 'custom_forms'), eq(auditLog.record_id, copy.json().data.id)));
    expect(audit).toMatchObject({ action: 'create', service: 'form-constructor', client_id: a.clientId });

    expect((await t.request('DELETE', `${API}/custom_forms/${copy.json().data.id}`, { token: managerA })).statusCode).toBe(204);
    expect((await t.request('GET', `${API}/custom_forms/${copy.json().data.id}`, { token: managerA })).statusCode).toBe(404);
  });

  it('refuses a form breaking the spec rules, pointing at the field, in ru and en', async () => {
    const field = (extra: Record<string, unknown>) => ({ id: 'name', label: 'Имя', type: 'text', ...extra });
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ fields: [field({}), field({ label: 'Ещё' })], grid: [{ fields: ['name'] }] }, '/data/attributes/fields/1/id', 'Поле с идентификатором «name» уже есть в форме', 'The form already has a field with the id "name"'],
      [{ fields: [field({ id: 'имя' })], grid: [{ fields: ['имя'] }] }, '/data/attributes/fields/0/id', 'Кириллица в идентификаторе поля недопустима', 'Cyrillic letters are not allowed in a field id'],
      [{ fields: [field({ label: '' })], grid: [{ fields: ['name'] }] }, '/data/attributes/fields/0/label', 'Это поле обязательно для заполнения', 'This field is required'],
      [{ fields: [field({ type: undefined })], grid: [{ fields: ['name'] }] }, '/data/attributes/fields/0/type', 'Это поле обязательно для заполнения', 'This field is required'],
      [
        { fields: [{ id: 'tel', label: 'Телефон', type: 'phone', phone_codes: ['ru', 'kz'], default_phone_code: 'by' }], grid: [{ fields: ['tel'] }] },
        '/data/attributes/fields/0/default_phone_code',
        'Код по умолчанию должен быть среди предложенных кодов',
        'The default code must be one of the offered codes',
      ],
      [{ fields: [{ id: 'tel', label: 'Телефон', type: 'phone', phone_codes: ['us'] }], grid: [{ fields: ['tel'] }] }, '/data/attributes/fields/0/phone_codes/0', 'Недопустимое значение', 'Invalid value'],
      [{ fields: [{ id: 'doc', label: 'Документ', type: 'file', max_files: 2, max_size: 5 }], grid: [{ fields: ['doc'] }] }, '/data/attributes/fields/0/accept', 'Выберите хотя бы один допустимый формат', 'Choose at least one accepted format'],
      [{ fields: [{ id: 'doc', label: 'Документ', type: 'file', max_files: 11, max_size: 5, accept: ['pdf'] }], grid: [{ fields: ['doc'] }] }, '/data/attributes/fields/0/max_files', 'Значение должно быть не больше 10', 'The value must be at most 10'],
      [{ fields: [field({})], grid: [{ fields: ['name', 'ghost'] }] }, '/data/attributes/grid/0/fields/1', 'Компонент «ghost» не найден', 'Component "ghost" not found'],
      [{ fields: [field({}), field({ id: 'other' })], grid: [{ fields: ['name'] }] }, '/data/attributes/fields/1/id', 'Поле «other» не стоит ни в одной строке', 'The field "other" is in no row'],
      [{ fields: [{ id: 'kind', label: 'Вид', type: 'select' }], grid: [{ fields: ['kind'] }] }, '/data/attributes/fields/0/options', 'Добавьте хотя бы один вариант', 'Add at least one option'],
    ];
    for (const [body, pointer, ru, en] of cases) {
      for (const [lang, title] of [['ru', ru], ['en', en]] as const) {
        const response = await create(managerA, { site_id: a.id, title: 'Форма', ...body }, lang);
        expect(response.statusCode, `${pointer} ${response.body}`).toBe(400);
        expect(response.json().errors).toContainEqual(expect.objectContaining({ title, source: { pointer } }));
      }
    }
    // Fields and grid change together.
    const form = await makeForm();
    const alone = await t.request('PATCH', `${API}/custom_forms/${form.id}`, { token: managerA, body: { data: { attributes: { fields: FORM.fields } } } });
    expect(alone.json().errors[0]).toMatchObject({ source: { pointer: '/data/attributes/grid' } });
  });

  it("keeps client B's dealer away from client A's forms and captcha (404)", async () => {
    const form = await makeForm();
    for (const [method, url, body] of [
      ['GET', `${API}/custom_forms/${form.id}`],
      ['PATCH', `${API}/custom_forms/${form.id}`, { data: { attributes: { title: 'Чужая' } } }],
      ['DELETE', `${API}/custom_forms/${form.id}`],
      ['POST', `${API}/custom_forms/copy/from/${form.id}`],
      ['GET', `${API}/custom_forms/list/${a.id}`],
      ['GET', `${API}/custom_forms/choices/${a.id}`],
      ['GET', `${API}/captcha_settings/where_site_id/${a.id}`],
      ['GET', `${API}/smart_captcha_keys/where_site_id/${a.id}`],
    ] as [string, string, unknown?][]) {
      expect((await t.request(method, url, { token: managerB, body })).statusCode, `${method} ${url}`).toBe(404);
    }
    const foreign = await create(managerB, { site_id: a.id, ...FORM });
    expect(foreign.json().errors[0].source.pointer).toBe('/data/attributes/site_id');
    const settings = await t.request('POST', `${API}/captcha_settings`, { token: managerA, body: { data: { attributes: { site_id: a.id, kind: 'proof_of_work' } } } });
    expect(settings.statusCode, settings.body).toBe(201);
    expect((await t.request('PATCH', `${API}/captcha_settings/${settings.json().data.id}`, { token: managerB, body: { data: { attributes: { kind: 'smart_captcha' } } } })).statusCode).toBe(404);
    expect((await t.request('POST', `${API}/captcha_settings`, { token: managerB, body: { data: { attributes: { site_id: a.id, kind: 'smart_captcha' } } } })).statusCode).toBe(400);
    expect((await t.request('GET', `${API}/custom_forms/${form.id}`, { token: managerA })).json().data.attributes.title).toBe(FORM.title);
    expect((await db().select().from(captchaSettings).where(eq(captchaSettings.site_id, a.id)))[0]!.kind).toBe('proof_of_work');
  });
});

describe('a form on its site', () => {
  it('serves its page and its embeddable script, with CORS for other pages', async () => {
    const form = await makeForm();
    const page = await visit(t, a.host, `/_forms/${form.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(`<h1>${FORM.title}</h1>`);
    expect(page.body).toContain(`src="/_api/forms/${form.id}/embed.js"`);
    // Not another site's form, nor on another site.
    expect((await visit(t, b.host, `/_forms/${form.id}`)).statusCode).toBe(404);

    const script = await siteCall(a, 'GET', `/_api/forms/${form.id}/embed.js`, { headers: { origin: 'https://partner.example' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['access-control-allow-credentials']).toBeUndefined();
    // Other pages load it with a script tag (no CORS): the resource policy lets them.
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The form's markup (as the builder previews it) inside, escaped for a script.
    expect(script.body).toContain('data-field=\\"phone\\"');
    expect(script.body).toContain('/_api/requests/custom_form_requests');
    // The request's source (the visit's UTM kept for the tab, the counters' ids) and the phone mask.
    expect(script.body).toContain('dp_utm');
    expect(script.body).toContain('_ym_uid');
    expect(script.body).toContain('dpPhoneMask');
    expect(script.body).not.toContain('</script');

    const preflight = await siteCall(a, 'OPTIONS', '/_api/requests/custom_form_requests', { headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS' });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('content-type');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const challenge = await siteCall(a, 'GET', '/_api/requests/captcha', { headers: { origin: 'https://partner.example' } });
    expect(challenge.headers['access-control-allow-origin']).toBe('*');
  });

  it('stores a submission as a custom form request with its values, found in the custom form list', async () => {
    const form = await makeForm();
    const response = await submit(a, form.id, { name: 'Пётр', phone: '+375 29 123-45-67', vin: 'xw8ab000000000001', body: 'Седан', agree_calls: true, photos: [] }, { origin: 'https://partner.example' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const [row] = await db().select().from(requests).where(eq(requests.id, Number(response.json().data.id)));
    expect(row).toMatchObject({ type: 9, site_id: a.id, client_id: a.clientId, name: 'Пётр', phone: '+375 29 123-45-67' });
    expect(row!.fields).toEqual({ custom_form_id: Number(form.id), content: { name: 'Пётр', phone: '+375 29 123-45-67', vin: 'xw8ab000000000001', body: 'Седан', agree_calls: true, photos: null } });
    const list = await t.request('GET', `${REQUESTS}/custom_form_request/where_site/${a.id}?custom_form_id=${form.id}`, { token: managerA });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((one: any) => one.id)).toEqual([response.json().data.id]);
    expect((await t.request('GET', `${REQUESTS}/custom_form_request/where_site/${a.id}?custom_form_id=${form.id}`, { token: managerB })).statusCode).toBe(404);
  });

  it("refuses values that break the form's validation, pointing at the field, in ru and en", async () => {
    const form = await makeForm();
    const before = (await db().select().from(requests).where(eq(requests.type, 9))).length;
    const good = { name: 'Пётр', phone: '+7 916 555-12-34' };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ phone: good.phone }, 'name', 'Это поле обязательно для заполнения', 'This field is required'],
      [{ ...good, phone: '+380 44 123 45 67' }, 'phone', 'Телефон не подходит ни к одному из предложенных кодов стран', 'The phone fits none of the offered country codes'],
      [{ ...good, vin: 'SHORT' }, 'vin', 'VIN должен состоять из 17 латинских букв (кроме I, O, Q) и цифр', 'The VIN must be 17 Latin letters (but I, O, Q) and digits'],
      [{ ...good, body: 'Кабриолет' }, 'body', 'Недопустимое значение', 'Invalid value'],
      [{ ...good, agree_calls: 'да' }, 'agree_calls', 'Неверный тип значения', 'Invalid value type'],
      [{ ...good, colour: 'красный' }, 'colour', 'Поле «colour» не поддерживается', 'The field "colour" is not accepted'],
      [{ ...good, photos: ['0'.repeat(32)] }, 'photos', 'Файл не найден: загрузите его ещё раз', 'The file was not found: upload it again'],
    ];
    for (const [content, field, ru, en] of cases) {
      for (const [lang, title] of [['ru', ru], ['en', en]] as const) {
        const response = await submit(a, form.id, content, { lang });
        expect(response.statusCode, `${field} ${response.body}`).toBe(400);
        expect(response.json().errors).toContainEqual(expect.objectContaining({ title, source: { pointer: `/data/attributes/content/${field}` } }));
      }
    }
    // Another site's form is not this site's.
    const other = await makeForm(b);
    const foreign = await siteCall(a, 'POST', '/_api/requests/custom_form_requests', {
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ data: { attributes: { custom_form_id: Number(other.id), content: good, processing_of_personal_data: true, agreement_hash: await consentHash(a, form.id) }, captcha: await powAnswer(a) } }),
    });
    expect(foreign.json().errors[0]).toMatchObject({ title: 'The form was not found on this site', source: { pointer: '/data/attributes/custom_form_id' } });
    expect((await db().select().from(requests).where(eq(requests.type, 9))).length).toBe(before);
  });

  it('takes files within the field limits into the media storage, and gives them to the readers of requests', async () => {
    const form = await makeForm();
    const tooLarge = await upload(a, form.id, 'photos', Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]), 'big.pdf', 'en');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors[0]).toMatchObject({ title: 'The file is larger than 1 MB', source: { pointer: '/data/attributes/content/photos' } });
    const wrongType = await upload(a, form.id, 'photos', Buffer.from('<html><script>alert(1)</script></html>'), 'fake.pdf');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].title).toBe('Формат файла не подходит: pdf, jpg');
    expect((await upload(a, form.id, 'name', PDF, 'x.pdf')).statusCode).toBe(404);

    const first = await upload(a, form.id, 'photos', PDF, 'Паспорт ТС.pdf');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const { token, name } = first.json().data;
    expect(name).toBe('Паспорт ТС.pdf');
    const second = (await upload(a, form.id, 'photos', PDF, 'two.pdf')).json().data.token;
    const third = (await upload(a, form.id, 'photos', PDF, 'three.pdf')).json().data.token;
    const tooMany = await submit(a, form.id, { name: 'Пётр', phone: '+7 916 555-12-34', photos: [token, second, third] });
    expect(tooMany.json().errors[0]).toMatchObject({ title: 'Не больше 2 файлов', source: { pointer: '/data/attributes/content/photos' } });
    // Another form's upload is not this form's.
    const otherForm = await makeForm();
    const elsewhere = (await upload(a, otherForm.id, 'photos', PDF, 'x.pdf')).json().data.token;
    expect((await submit(a, form.id, { name: 'Пётр', phone: '+7 916 555-12-34', photos: [elsewhere] })).statusCode).toBe(400);

    const sent = await submit(a, form.id, { name: 'Пётр', phone: '+7 916 555-12-34', photos: [token] });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await db().select().from(requests).where(eq(requests.id, Number(sent.json().data.id)));
    // A Russian phone is stored in the one normalised form, in the form's values and the request's column.
    expect(row!.phone).toBe('+79165551234');
    expect((row!.fields.content as Record<string, unknown>).phone).toBe('+79165551234');
    const files = (row!.fields.content as Record<string, unknown>).photos as { file_id: number; name: string; mime: string }[];
    expect(files).toEqual([expect.objectContaining({ name: 'Паспорт ТС.pdf', mime: 'application/pdf', size: PDF.length })]);
    const download = await t.request('GET', `${REQUESTS}/custom_form_files/${files[0]!.file_id}`, { token: managerA });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.request('GET', `${REQUESTS}/custom_form_files/${files[0]!.file_id}`, { token: managerB })).statusCode).toBe(404);
    // The same client's form builder who may not read requests may not read their files either.
    const builderOnly = (await t.signIn((await t.createUser({ grants: { 'form-constructor': CODES['form-constructor'] }, clientIds: [a.clientId] })).email)).access_token;
    expect((await t.request('GET', `${REQUESTS}/custom_form_files/${files[0]!.file_id}`, { token: builderOnly })).statusCode).toBe(403);
    expect((await t.request('GET', `${REQUESTS}/custom_form_files/${files[0]!.file_id}`)).statusCode).toBe(401);
    // Private: never at /files/ on the site.
    const [stored] = await db().select().from(customFormFiles).where(eq(customFormFiles.id, files[0]!.file_id));
    expect((await visit(t, a.host, `/files/${stored!.key}.pdf`)).statusCode).toBe(404);

    // A day later, files no request names go; the sent one stays.
    await db().execute(sql`update custom_form_files set created_at = now() - interval '2 days' where form_id in (${Number(form.id)}, ${Number(otherForm.id)})`);
    expect(await sweepFormFiles(t.ctx)).toBe(3);
    const left = await db().select({ id: customFormFiles.id }).from(customFormFiles).where(eq(customFormFiles.form_id, Number(form.id)));
    expect(left.map((one) => one.id)).toEqual([files[0]!.file_id]);
  });
});

describe('captcha settings and the smart captcha', () => {
  let standIn: http.Server;
  let url: string;
  const seen: { secret: string | null; token: string | null }[] = [];
  beforeAll(async () => {
    standIn = http.createServer((request, response) => {
      // The widget's script, as SMART_CAPTCHA_SCRIPT_URL names it (a stand-in of Yandex's captcha.js).
      if (request.method === 'GET' && request.url === '/captcha.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end('window.smartCaptcha = { standIn: true };');
        return;
      }
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const params = new URLSearchParams(body);
        seen.push({ secret: params.get('secret'), token: params.get('token') });
        if (params.get('token') === 'outage') {
          response.writeHead(503).end();
          return;
        }
        const ok = params.get('secret') === 'secret-of-a' && params.get('token') === 'good-token';
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { status: 'ok', message: '' } : { status: 'failed', message: 'Token invalid or expired.' }));
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/validate`;
    Object.assign(formConstructorOf(t.app).smartCaptcha, { url, allowHosts: ['127.0.0.1'] });
    scriptUrl = url.replace('/validate', '/captcha.js');
    t.config.smartCaptchaScriptUrl = scriptUrl;
  });
  let scriptUrl: string;
  afterAll(() => new Promise<void>((resolve) => standIn?.close(() => resolve())));

  it('keeps one smart captcha key per colour scheme and never answers its secret', async () => {
    const key = { site_id: b.id, color_scheme: 'kia', client_token: 'client-of-b', secret_token: 'secret-of-b' };
    const created = await t.request('POST', `${API}/smart_captcha_keys`, { token: managerB, body: { data: { attributes: key } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ color_scheme: 'kia', client_token: 'client-of-b', has_secret: true });
    for (const lang of ['ru', 'en']) {
      const twice = await t.request('POST', `${API}/smart_captcha_keys`, { token: managerB, lang, body: { data: { attributes: key } } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().errors[0]).toMatchObject({ title: lang === 'ru' ? 'Ключ для выбранной цветовой схемы уже существует' : 'The key for the selected colour scheme already exists', source: { pointer: '/data/attributes/color_scheme' } });
    }
    const long = await t.request('POST', `${API}/smart_captcha_keys`, { token: managerB, lang: 'en', body: { data: { attributes: { ...key, color_scheme: 'dark', secret_token: 'x'.repeat(201) } } } });
    expect(long.json().errors[0]).toMatchObject({ title: 'The field must be 200 characters or fewer', source: { pointer: '/data/attributes/secret_token' } });
    const answers = [
      created.body,
      (await t.request('GET', `${API}/smart_captcha_keys/${created.json().data.id}`, { token: managerB })).body,
      (await t.request('GET', `${API}/smart_captcha_keys/where_site_id/${b.id}`, { token: managerB })).body,
      (await t.request('GET', `${API}/smart_captcha_keys?filter[site_id]=${b.id}`, { token: managerB })).body,
      (await t.request('PATCH', `${API}/smart_captcha_keys/${created.json().data.id}`, { token: managerB, body: { data: { attributes: { secret_token: 'secret-of-b2' } } } })).body,
    ];
    for (const answer of answers) expect(answer).not.toMatch(/secret-of-b|secret_token/);
    const [row] = await db().select().from(smartCaptchaKeys).where(eq(smartCaptchaKeys.id, Number(created.json().data.id)));
    expect(row!.secret_token).not.toContain('secret-of-b');
  });

  it("checks a smart captcha site's tokens with the service: accepts one, refuses another", async () => {
    const form = await makeForm();
    const key = await t.request('POST', `${API}/smart_captcha_keys`, { token: managerA, body: { data: { attributes: { site_id: a.id, color_scheme: 'kia', client_token: 'client-of-a', secret_token: 'secret-of-a' } } } });
    expect(key.statusCode, key.body).toBe(201);
    // Still the proof of work until the settings say otherwise.
    expect((await submit(a, form.id, { name: 'Анна', phone: '+7 916 555-12-34' })).statusCode).toBe(201);
    const [settings] = await db().select().from(captchaSettings).where(eq(captchaSettings.site_id, a.id));
    const changed = settings
      ? await t.request('PATCH', `${API}/captcha_settings/${settings.id}`, { token: managerA, body: { data: { attributes: { kind: 'smart_captcha' } } } })
      : await t.request('POST', `${API}/captcha_settings`, { token: managerA, body: { data: { attributes: { site_id: a.id, kind: 'smart_captcha' } } } });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const now = await t.request('GET', `${API}/captcha_settings/where_site_id/${a.id}`, { token: managerA });
    expect(now.json()).toMatchObject({ data: { attributes: { kind: 'smart_captcha' } }, meta: { in_use: 'smart_captcha', color_scheme: 'kia' } });
    // The form's script shows the widget with the client token.
    expect((await siteCall(a, 'GET', `/_api/forms/${form.id}`)).json().data.attributes.captcha).toEqual({ kind: 'smart_captcha', sitekey: 'client-of-a', script: scriptUrl });

    const good = await submit(a, form.id, { name: 'Анна', phone: '+7 916 555-12-34' }, { captcha: { token: 'good-token' } });
    expect(good.statusCode, good.body).toBe(201);
    expect(seen.at(-1)).toEqual({ secret: 'secret-of-a', token: 'good-token' });
    const bad = await submit(a, form.id, { name: 'Анна', phone: '+7 916 555-12-34' }, { captcha: { token: 'forged-token' }, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'captcha_invalid', title: 'The robot check failed, please try again' });
    // A proof of work is no answer on a smart captcha site; during the service's outage the lead is kept, its captcha not verified.
    expect((await submit(a, form.id, { name: 'Анна', phone: '+7 916 555-12-34' })).json().errors[0].code).toBe('captcha_invalid');
    const kept = await submit(a, form.id, { name: 'Анна', phone: '+7 916 555-12-34' }, { captcha: { token: 'outage' } });
    expect(kept.statusCode).toBe(201);
    const [row] = await db().select().from(requests).where(eq(requests.id, Number(kept.json().data.id)));
    expect(row!.captcha_check).toBe('unverified');
  });

  it("draws the smart captcha's widget in the renderer's forms and takes its token", async () => {
    // Site a uses the smart captcha since the test above (a change of its settings drops its cached pages).
    await siteRendererOf(t.app).cache.sync();
    const page = await visit(t, a.host, '/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="field smart-captcha" data-sitekey="client-of-a" data-hl="ru"');
    expect(page.body).toContain(`<script src="${scriptUrl}" defer></script>`);
    const origin = new URL(scriptUrl).origin;
    expect(page.headers['content-security-policy']).toMatch(new RegExp(`script-src 'self' ${origin.replace(/[.]/g, '\\.')}(;| )`));
    expect(page.headers['content-security-policy']).toContain(`frame-src`);
    expect(String(page.headers['content-security-policy']).split('; ').find((part) => part.startsWith('frame-src'))).toContain(origin);
    // The stand-in serves the script the page names.
    expect(await (await fetch(scriptUrl)).text()).toContain('smartCaptcha');
    // A page without a form loads no captcha script.
    const about = await visit(t, a.host, '/about');
    expect(about.body).not.toContain(scriptUrl);
    expect(about.headers['content-security-policy']).not.toContain(origin);

    const post = (fields: Record<string, string>) => visit(t, a.host, '/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const fields = { _form: 'main-1', name: 'Смарт Капчин', phone: '+7 (900) 765-43-21', consent: 'on' };
    const forged = await post({ ...fields, 'smart-token': 'forged-token' });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Проверка «не робот» не пройдена');
    expect(seen.at(-1)).toEqual({ secret: 'secret-of-a', token: 'forged-token' });
    const missing = await post(fields);
    expect(missing.statusCode).toBe(400);
    expect((await db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.name, 'Смарт Капчин')))).length).toBe(0);
    const sent = await post({ ...fields, 'smart-token': 'good-token' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.body).toContain('Заявка отправлена');
    expect(seen.at(-1)).toEqual({ secret: 'secret-of-a', token: 'good-token' });
    const [row] = await db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.name, 'Смарт Капчин')));
    expect(row).toMatchObject({ type: 1, phone: '+79007654321' });

    // Back to the proof of work: the widget leaves the cached page at once.
    const [settings] = await db().select().from(captchaSettings).where(eq(captchaSettings.site_id, a.id));
    expect((await t.request('PATCH', `${API}/captcha_settings/${settings!.id}`, { token: managerA, body: { data: { attributes: { kind: 'proof_of_work' } } } })).statusCode).toBe(200);
    const plain = await visit(t, a.host, '/');
    expect(plain.body).not.toContain('smart-captcha');
    expect(plain.headers['content-security-policy']).not.toContain(origin);
  });
});
