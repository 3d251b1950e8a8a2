import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo news: a dealer's manager finds the pinned welcome first on the home page, in its language. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());

describe('demo platform news', () => {
  it("shows a demo manager the pinned welcome first, unread, in the reader's language", async () => {
    const { access_token: token } = await t.signIn('manager@avtograd-sever.test', PASSWORD);
    const feed = async (lang: string) => (await t.request('GET', '/gateway/platform/api/v1/op_news_feed', { token, lang })).json().data as { attributes: { title: string; pinned: boolean; read: boolean } }[];
    const ru = await feed('ru');
    expect(ru.map((item) => item.attributes.title)).toEqual(['Добро пожаловать в панель управления', 'Автомобили в наличии на сайтах']);
    expect(ru[0]!.attributes).toMatchObject({ pinned: true, read: false });
    expect((await feed('en')).map((item) => item.attributes.title)).toEqual(['Welcome to the dealer platform', 'Cars in stock on the sites']);
  });
});
