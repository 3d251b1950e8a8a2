import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../kit/api.ts';
import { localAuthStore } from '../kit/storage.ts';
import { makeUser } from '../test/fixtures.ts';
import { startServer } from '../test/server.ts';
import { chooseLanguage, clearAuth, getSession, leaveSite, selectSite, setLang, signedIn, switchLanguage } from './session.ts';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer((request) => {
    if (request.method === 'PATCH' && request.url === '/gateway/clients.storage/api/v1/me') {
      const attributes = (request.body as { data: { attributes: { locale: string } } }).data.attributes;
      const { id: _id, ...rest } = makeUser({}, { locale: attributes.locale as 'en' });
      return { status: 200, body: { data: { id: '1', type: 'users', attributes: rest } } };
    }
    return { status: 204 };
  });
  api.configure({ baseUrl: server.url, store: localAuthStore });
});
afterAll(async () => {
  api.configure({ baseUrl: '' });
  await server.close();
});

const result = () => ({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer' as const, expires_in: 900, user: makeUser({}) });

describe('session', () => {
  it('takes the language from the cookie before sign-in, Russian by default', () => {
    document.cookie = 'locale=; max-age=0; path=/';
    clearAuth();
    expect(getSession().lang).toBe('ru');
    setLang('en');
    expect(document.cookie).toContain('locale=en');
    expect(getSession().lang).toBe('en');
    setLang('ru');
  });

  it('stores the auth under "auth" and the language follows the stored user', () => {
    setLang('en');
    signedIn(result()); // the user's locale is ru
    expect(JSON.parse(localStorage.getItem('auth')!).access_token).toBe('A');
    expect(getSession().lang).toBe('ru');
    expect(document.cookie).toContain('locale=ru');
    clearAuth();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(getSession().user).toBeNull();
  });

  it('switching language while signed in PATCHes /me {locale} and keeps the answer', async () => {
    signedIn(result());
    await switchLanguage('en');
    const patch = server.requests.find((request) => request.method === 'PATCH')!;
    expect(patch.body).toEqual({ data: { type: 'users', attributes: { locale: 'en' } } });
    expect(patch.headers.authorization).toBe('Bearer A');
    expect(getSession().user?.locale).toBe('en');
    expect(JSON.parse(localStorage.getItem('auth')!).user.locale).toBe('en');
    expect(getSession().lang).toBe('en');
    clearAuth();
    setLang('ru');
  });

  it('a language picked on the sign-in page is saved to the account after sign-in', async () => {
    clearAuth();
    server.requests.length = 0;
    await chooseLanguage('en');
    expect(server.requests).toHaveLength(0); // not signed in: nothing to PATCH
    signedIn(result()); // the account says ru
    expect(getSession().lang).toBe('en');
    // The PATCH runs in the background: wait for it to arrive, not for a time.
    const patch = await vi.waitUntil(() => server.requests.find((request) => request.method === 'PATCH'), { timeout: 10_000 });
    expect(patch.body).toEqual({ data: { type: 'users', attributes: { locale: 'en' } } });
    expect(getSession().user?.locale).toBe('en');
    clearAuth();
    setLang('ru');
  });

  it('keeps the current site and the last five edited sites, most recent first', () => {
    for (let n = 1; n <= 7; n++) selectSite({ id: String(n), name: `Site ${n}`, host: null, client: null });
    selectSite({ id: '5', name: 'Site 5', host: null, client: null });
    expect(getSession().siteId).toBe('5');
    expect(JSON.parse(localStorage.getItem('site')!)).toBe('5');
    expect(getSession().editHistory.map((entry) => entry.id)).toEqual(['5', '7', '6', '4', '3']);
    expect(JSON.parse(localStorage.getItem('edit_history')!)).toHaveLength(5);
    leaveSite();
    expect(getSession().siteId).toBeNull();
    expect(getSession().editHistory).toHaveLength(5);
  });
});
