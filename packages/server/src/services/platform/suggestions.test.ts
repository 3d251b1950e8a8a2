import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The suggestions board (spec 000 §2 /platform/suggestions, §7): any signed-in user proposes; staff
 * activate, answer and mark done; only active and done ones are seen by everybody (the author sees
 * their own); one like per user, counted once even when sent together; sort, filter and search.
 */
let t: TestApp;
let staff: string;
let author: string;
let other: string;

const BASE = '/gateway/platform/api/v1/suggestions';
let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${counter++}`;

beforeAll(async () => {
  t = await buildTestApp();
  const clientA = await t.createClient('Предложения А');
  const clientB = await t.createClient('Предложения Б');
  staff = (await t.signIn((await t.createUser({ email: `ideas-staff-${Date.now()}@platform.test` })).email)).access_token;
  author = (await t.signIn((await t.createUser({ clientIds: [clientA] })).email)).access_token;
  other = (await t.signIn((await t.createUser({ clientIds: [clientB] })).email)).access_token;
});
afterAll(() => t?.close());

type Suggestion = { id: string; attributes: { title: string; state: string; likes: number; liked: boolean; mine: boolean; responses: number; author_name: string | null } };
const propose = async (token: string, title = unique('Идея')) => {
  const response = await t.request('POST', BASE, { token, body: { data: { title, text: 'Сделать фильтр по цвету' } } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Suggestion;
};
const act = (token: string, id: string, action: string, method = 'POST') => t.request(method, `${BASE}/${id}/${action}`, { token });
const listed = async (token: string, query = '') => {
  const response = await t.request('GET', `${BASE}${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Suggestion[];
};
const get = async (token: string, id: string) => t.request('GET', `${BASE}/${id}`, { token });

describe('proposing and activating', () => {
  it('shows a new suggestion to its author and staff only, and to everybody once staff activate it', async () => {
    const idea = await propose(author);
    expect(idea.attributes).toMatchObject({ state: 'new', likes: 0, mine: true, author_name: 'Test User' });
    expect((await listed(author)).map((row) => row.id)).toContain(idea.id);
    expect((await listed(staff)).map((row) => row.id)).toContain(idea.id);
    expect((await listed(other)).map((row) => row.id)).not.toContain(idea.id);
    expect((await get(other, idea.id)).statusCode).toBe(404);

    expect((await act(author, idea.id, 'activate')).statusCode).toBe(403);
    const activated = await act(staff, idea.id, 'activate');
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().data.attributes.state).toBe('active');
    expect((await listed(other)).map((row) => row.id)).toContain(idea.id);
  });

  it('refuses an empty title or text in both languages and stores nothing', async () => {
    const en = await t.request('POST', BASE, { token: author, lang: 'en', body: { data: { title: ' ', text: '' } } });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'This field is required', source: { pointer: '/data/title' } })]));
    const ru = await t.request('POST', BASE, { token: author, lang: 'ru', body: { data: { title: 'x', text: ' ' } } });
    expect(ru.json().errors[0].title).toBe('Это поле обязательно для заполнения');
  });

  it('lets the author change or remove it while new, staff at any time, nobody else', async () => {
    const idea = await propose(author);
    expect((await t.request('PATCH', `${BASE}/${idea.id}`, { token: other, body: { data: { title: 'Чужая' } } })).statusCode).toBe(404);
    const changed = await t.request('PATCH', `${BASE}/${idea.id}`, { token: author, body: { data: { title: 'Уточнённая идея' } } });
    expect(changed.json().data.attributes.title).toBe('Уточнённая идея');
    await act(staff, idea.id, 'activate');
    const late = await t.request('PATCH', `${BASE}/${idea.id}`, { token: author, lang: 'en', body: { data: { title: 'Поздно' } } });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].title).toBe('The suggestion is already under review: only staff may change or delete it');
    expect((await t.request('DELETE', `${BASE}/${idea.id}`, { token: author })).statusCode).toBe(409);
    expect((await t.request('DELETE', `${BASE}/${idea.id}`, { token: other })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${BASE}/${idea.id}`, { token: staff })).statusCode).toBe(204);
    expect((await get(staff, idea.id)).statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('counts one like per user, however many are sent together, and takes a like back', async () => {
    const idea = await propose(author);
    expect((await act(other, idea.id, 'like')).statusCode).toBe(404);
    expect((await act(author, idea.id, 'like')).statusCode).toBe(409);
    await act(staff, idea.id, 'activate');
    const together = await Promise.all(Array.from({ length: 5 }, () => act(other, idea.id, 'like')));
    for (const response of together) expect(response.statusCode, response.body).toBe(200);
    await act(author, idea.id, 'like');
    const seen = (await get(other, idea.id)).json().data as Suggestion;
    expect(seen.attributes).toMatchObject({ likes: 2, liked: true });
    expect((await get(staff, idea.id)).json().data.attributes).toMatchObject({ likes: 2, liked: false });
    const back = await act(other, idea.id, 'like', 'DELETE');
    expect(back.json().data.attributes).toMatchObject({ likes: 1, liked: false });
    expect((await act(other, idea.id, 'like', 'DELETE')).json().data.attributes.likes).toBe(1);
  });
});

describe('answers and done', () => {
  it('lets staff answer (seen by all) and mark an active suggestion done; others are refused', async () => {
    const idea = await propose(author);
    expect((await act(staff, idea.id, 'done')).statusCode).toBe(409);
    await act(staff, idea.id, 'activate');
    const refused = await t.request('POST', `${BASE}/${idea.id}/responses`, { token: author, body: { data: { text: 'Сам себе отвечу' } } });
    expect(refused.statusCode).toBe(403);
    const answer = await t.request('POST', `${BASE}/${idea.id}/responses`, { token: staff, body: { data: { text: 'Сделаем в декабре' } } });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await act(author, idea.id, 'done')).statusCode).toBe(403);
    const done = await act(staff, idea.id, 'done');
    expect(done.json().data.attributes).toMatchObject({ state: 'done', responses: 1 });
    const thread = await t.request('GET', `${BASE}/${idea.id}/responses`, { token: other });
    expect(thread.json().data.map((entry: { attributes: { text: string } }) => entry.attributes.text)).toEqual(['Сделаем в декабре']);
    expect((await act(other, idea.id, 'like')).statusCode).toBe(409);
  });
});

describe('the list', () => {
  it('sorts by likes or date, filters by state, searches, and refuses an unknown sort', async () => {
    const word = unique('Редкоеслово').replace(/\s/g, '');
    const popular = await propose(author, `${word} популярная`);
    const fresh = await propose(author, `${word} свежая`);
    for (const idea of [popular, fresh]) await act(staff, idea.id, 'activate');
    await act(other, popular.id, 'like');
    const byLikes = (await listed(other, `?filter[search]=${encodeURIComponent(word)}&sort=-likes`)).map((row) => row.id);
    expect(byLikes).toEqual([popular.id, fresh.id]);
    const byDate = (await listed(other, `?filter[search]=${encodeURIComponent(word)}&sort=-created_at`)).map((row) => row.id);
    expect(byDate).toEqual([fresh.id, popular.id]);
    await act(staff, fresh.id, 'done');
    expect((await listed(other, `?filter[search]=${encodeURIComponent(word)}&filter[state]=done`)).map((row) => row.id)).toEqual([fresh.id]);
    expect((await t.request('GET', `${BASE}?sort=title`, { token: other })).statusCode).toBe(400);
    expect((await t.request('GET', BASE)).statusCode).toBe(401);
  });
});
