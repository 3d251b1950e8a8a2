import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Platform news (spec 000 §2 /platform/news, §6 op_news codes, §7 op_news CRUD): staff write it,
 * every signed-in user reads on the home page what is meant for them, in their language, pinned
 * first and newest first, with their own read marks.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let staff: string;
let staffReader: string;
let dealerA: string;
let dealerB: string;
let dealerWithCodes: string;

const NEWS = '/gateway/platform/api/v1/op_news';
const FEED = '/gateway/platform/api/v1/op_news_feed';
const CODES = { platform: ['op_news.create', 'op_news.patch'] };
let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${counter++}`;

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient('Новости А');
  clientB = await t.createClient('Новости Б');
  staff = (await t.signIn((await t.createUser({ email: `news-staff-${Date.now()}@platform.test`, grants: CODES })).email)).access_token;
  staffReader = (await t.signIn((await t.createUser({ email: `news-reader-${Date.now()}@platform.test` })).email)).access_token;
  dealerA = (await t.signIn((await t.createUser({ clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ clientIds: [clientB] })).email)).access_token;
  dealerWithCodes = (await t.signIn((await t.createUser({ clientIds: [clientA], grants: CODES })).email)).access_token;
});
afterAll(() => t?.close());

const create = (token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', NEWS, { token, lang, body: { data: { attributes } } });
const created = async (attributes: Record<string, unknown>) => {
  const response = await create(staff, { text_ru: 'Текст новости', ...attributes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
};
const feed = async (token: string, lang = 'ru') => {
  const response = await t.request('GET', FEED, { token, lang });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: { id: string; attributes: { title: string; text: string; pinned: boolean; read: boolean; published_at: string } }[]; meta: { unread: number } };
};
const titles = async (token: string, lang = 'ru') => (await feed(token, lang)).data.map((item) => item.attributes.title);
const errorsOf = (response: { json(): any }) => response.json().errors as { title: string; source?: { pointer?: string } }[];

describe('writing news', () => {
  it('stores title, text, activation, period, audience and pin with who created and changed it', async () => {
    const item = await created({ title_ru: 'Обновление', title_en: 'Update', text_en: 'News text', publish_from: '2026-01-01T00:00:00Z', pinned: true });
    expect(item.attributes).toMatchObject({ title_ru: 'Обновление', title_en: 'Update', active: true, audience: 'all', client_ids: [], pinned: true, publish_from: '2026-01-01T00:00:00.000Z', publish_to: null });
    const read = await t.request('GET', `${NEWS}/${item.id}`, { token: staff });
    expect(read.json().data.attributes).toMatchObject({ created_by_name: 'Test User', updated_by_name: 'Test User' });
    const patched = await t.request('PATCH', `${NEWS}/${item.id}`, { token: staff, body: { data: { attributes: { active: false } } } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.attributes).toMatchObject({ active: false, title_ru: 'Обновление' });
    const list = await t.request('GET', `${NEWS}?filter[search]=Обновление`, { token: staff });
    expect(list.json().data.map((row: { id: string }) => row.id)).toContain(item.id);
    expect((await t.request('DELETE', `${NEWS}/${item.id}`, { token: staff })).statusCode).toBe(204);
    expect((await t.request('GET', `${NEWS}/${item.id}`, { token: staff })).statusCode).toBe(404);
  });

  it('refuses a missing title and text, an end before the start and chosen clients without clients, in both languages', async () => {
    const empty = await create(staff, { title_ru: ' ', text_ru: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)).toEqual(expect.arrayContaining([
      expect.objectContaining({ title: 'This field is required', source: { pointer: '/data/attributes/title_ru' } }),
      expect.objectContaining({ title: 'This field is required', source: { pointer: '/data/attributes/text_ru' } }),
    ]));
    const ru = await create(staff, { title_ru: ' ', text_ru: 'x' }, 'ru');
    expect(errorsOf(ru)[0]!.title).toBe('Это поле обязательно для заполнения');
    const period = await create(staff, { title_ru: 'x', text_ru: 'x', publish_from: '2026-05-02T00:00:00Z', publish_to: '2026-05-01T00:00:00Z' });
    expect(errorsOf(period)).toEqual([expect.objectContaining({ title: 'The publication must end after it starts', source: { pointer: '/data/attributes/publish_to' } })]);
    const noClients = await create(staff, { title_ru: 'x', text_ru: 'x', audience: 'clients' }, 'ru');
    expect(errorsOf(noClients)).toEqual([expect.objectContaining({ title: 'Необходимо выбрать хотя бы одного клиента', source: { pointer: '/data/attributes/client_ids' } })]);
    const html = await create(staff, { title_ru: 'x', text_ru: '<script>alert(1)</script>' });
    expect(html.statusCode).toBe(400);
  });

  it('takes images of the media library in the text, on lines of their own, and refuses any other image address', async () => {
    const text = 'Открылся новый салон\n\n![Фасад](/files/salon-front.webp)\n\nЖдём вас';
    const saved = await create(staff, { title_ru: 'Салон', text_ru: text, text_en: '![Front](https://cdn.example/front.jpg)' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.attributes.text_ru).toBe(text);
    const unsafe = await create(staff, { title_ru: 'x', text_ru: '![x](javascript:alert)' }, 'ru');
    expect(unsafe.statusCode).toBe(400);
    expect(errorsOf(unsafe)).toEqual([expect.objectContaining({ title: 'Изображение «javascript:alert» недопустимо: только файл медиатеки или адрес https://', source: { pointer: '/data/attributes/text_ru' } })]);
    expect(errorsOf(await create(staff, { title_ru: 'x', text_ru: 'x', text_en: '![x](http://plain.example/a.png)' }))[0]!.title).toBe('The image "http://plain.example/a.png" is not allowed: only a media library file or an https:// address');
  });

  it('checks a change against what is stored: a new end before the stored start is refused and nothing changes', async () => {
    const item = await created({ title_ru: unique('Период'), publish_from: '2026-05-02T00:00:00Z' });
    const bad = await t.request('PATCH', `${NEWS}/${item.id}`, { token: staff, body: { data: { attributes: { publish_to: '2026-05-01T00:00:00Z' } } } });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]!.source).toEqual({ pointer: '/data/attributes/publish_to' });
    const toClients = await t.request('PATCH', `${NEWS}/${item.id}`, { token: staff, body: { data: { attributes: { audience: 'clients' } } } });
    expect(toClients.statusCode).toBe(400);
    const stored = await t.request('GET', `${NEWS}/${item.id}`, { token: staff });
    expect(stored.json().data.attributes).toMatchObject({ publish_to: null, audience: 'all' });
  });

  it('is staff work: a dealer is refused even holding the codes, a staff member without them too', async () => {
    for (const token of [dealerA, dealerWithCodes, staffReader]) {
      expect((await create(token, { title_ru: 'Чужая', text_ru: 'x' })).statusCode).toBe(403);
      expect((await t.request('GET', NEWS, { token })).statusCode).toBe(403);
    }
    const item = await created({ title_ru: unique('Только персонал') });
    expect((await t.request('PATCH', `${NEWS}/${item.id}`, { token: dealerWithCodes, body: { data: { attributes: { pinned: true } } } })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${NEWS}/${item.id}`, { token: dealerWithCodes })).statusCode).toBe(403);
    expect((await t.request('GET', `${NEWS}/${item.id}`, { token: staff })).json().data.attributes.pinned).toBe(false);
  });
});

describe('the home page news', () => {
  it('shows each reader what is meant for them: a dealer never sees another client\'s items nor staff items', async () => {
    const everybody = unique('Всем');
    const staffOnly = unique('Персоналу');
    const forA = unique('Клиенту А');
    const forB = unique('Клиенту Б');
    await created({ title_ru: everybody });
    await created({ title_ru: staffOnly, audience: 'staff' });
    await created({ title_ru: forA, audience: 'clients', client_ids: [clientA] });
    await created({ title_ru: forB, audience: 'clients', client_ids: [clientB] });

    const a = await titles(dealerA);
    expect(a).toEqual(expect.arrayContaining([everybody, forA]));
    expect(a).not.toContain(staffOnly);
    expect(a).not.toContain(forB);
    const b = await titles(dealerB);
    expect(b).toEqual(expect.arrayContaining([everybody, forB]));
    expect(b).not.toContain(forA);
    const s = await titles(staffReader);
    expect(s).toEqual(expect.arrayContaining([everybody, staffOnly]));
  });

  it('shows only active items inside their period', async () => {
    const off = unique('Выключена');
    const future = unique('Будущая');
    const past = unique('Прошедшая');
    const current = unique('Текущая');
    await created({ title_ru: off, active: false });
    await created({ title_ru: future, publish_from: new Date(Date.now() + 3_600_000).toISOString() });
    await created({ title_ru: past, publish_from: '2020-01-01T00:00:00Z', publish_to: '2020-02-01T00:00:00Z' });
    await created({ title_ru: current, publish_from: '2020-01-01T00:00:00Z', publish_to: new Date(Date.now() + 3_600_000).toISOString() });
    const shown = await titles(dealerA);
    expect(shown).toContain(current);
    for (const hidden of [off, future, past]) expect(shown).not.toContain(hidden);
  });

  it('is in the reader\'s language (Russian where no English is written), pinned first, newest first', async () => {
    const older = await created({ title_ru: unique('Старая'), title_en: 'Older', text_en: 'Older text' });
    const newer = await created({ title_ru: unique('Новая') });
    const pinned = await created({ title_ru: unique('Закреплённая'), title_en: 'Pinned', text_en: 'Pinned text', pinned: true, publish_from: '2020-01-01T00:00:00Z' });
    const en = (await feed(dealerA, 'en')).data;
    const ids = en.map((item) => item.id);
    const pins = en.map((item) => item.attributes.pinned);
    expect(pins).toEqual([...pins].sort((x, y) => Number(y) - Number(x)));
    expect(ids.indexOf(pinned.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(en.find((item) => item.id === older.id)!.attributes).toMatchObject({ title: 'Older', text: 'Older text' });
    expect(en.find((item) => item.id === newer.id)!.attributes.title).toBe(newer.attributes.title_ru);
    const ru = (await feed(dealerA, 'ru')).data;
    expect(ru.find((item) => item.id === older.id)!.attributes.title).toBe(older.attributes.title_ru);
  });

  it('keeps read marks per user, and marks only what the reader may see', async () => {
    const item = await created({ title_ru: unique('Прочитать') });
    const hidden = await created({ title_ru: unique('Чужая'), audience: 'clients', client_ids: [clientB] });
    const before = await feed(dealerA);
    expect(before.data.find((entry) => entry.id === item.id)!.attributes.read).toBe(false);
    const read = await t.request('POST', `${FEED}/read`, { token: dealerA, body: { data: { ids: [Number(item.id), Number(hidden.id)] } } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.marked).toBe(1);
    // Twice is the same as once.
    expect((await t.request('POST', `${FEED}/read`, { token: dealerA, body: { data: { ids: [Number(item.id)] } } })).statusCode).toBe(200);
    const after = await feed(dealerA);
    expect(after.data.find((entry) => entry.id === item.id)!.attributes.read).toBe(true);
    expect(after.meta.unread).toBe(before.meta.unread - 1);
    // Another reader's mark is their own.
    expect((await feed(dealerWithCodes)).data.find((entry) => entry.id === item.id)!.attributes.read).toBe(false);
    expect((await feed(dealerB)).data.find((entry) => entry.id === hidden.id)!.attributes.read).toBe(false);
    const empty = await t.request('POST', `${FEED}/read`, { token: dealerA, body: { data: { ids: [] } } });
    expect(empty.statusCode).toBe(400);
  });

  it('needs a signed-in reader', async () => {
    expect((await t.request('GET', FEED)).statusCode).toBe(401);
  });
});
