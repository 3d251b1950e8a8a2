// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { MeUser } from '@dp/contracts';
import { ApiError, AUTHORIZATION_EXPIRED, createApiClient, gatewayPath } from './api.ts';
import { memoryAuthStore, type StoredAuth } from './storage.ts';
import { startServer } from '../test/server.ts';

const user = { id: 1, email: 'a@b.c', name: 'A', locale: 'ru', permissions: {} } as unknown as MeUser;
const auth = (access: string, refresh: string): StoredAuth => ({ access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: 900, user });

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

describe('API client (spec 000 §7)', () => {
  it('sends bearer and language, unwraps data and throws the first error title', async () => {
    const server = await startServer((request) => {
      if (request.url.startsWith('/gateway/clients.storage/api/v1/me')) return { status: 200, body: { data: { id: '1', type: 'users', attributes: { name: 'A' } } } };
      return { status: 400, body: { errors: [{ status: '400', code: 'required', title: 'Это поле обязательно для заполнения', source: { pointer: '/data/attributes/name' } }] } };
    });
    stop = server.close;
    const api = createApiClient({ baseUrl: server.url, store: memoryAuthStore(auth('A1', 'R1')), getLang: () => 'en', events: new EventTarget() });

    const me = await api.get<{ id: string }>(gatewayPath('clients.storage', 'me'));
    expect(me.id).toBe('1');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer A1');
    expect(server.requests[0]!.headers['accept-language']).toBe('en');

    const error = await api.post(gatewayPath('clients.storage', 'clients'), { attributes: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).title).toBe('Это поле обязательно для заполнения');
    expect((error as ApiError).fieldErrors()).toEqual({ name: ['Это поле обязательно для заполнения'] });
    expect(server.requests[1]!.body).toEqual({ data: { attributes: {} } });
  });

  it('refreshes once for concurrent 401s and repeats each call with the new token', async () => {
    let refreshes = 0;
    const server = await startServer(async (request) => {
      if (request.url.endsWith('/refresh')) {
        refreshes++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        const body = request.body as { data: { refresh_token: string } };
        if (body.data.refresh_token !== 'R1') return { status: 401, body: { errors: [{ status: '401', code: 'invalid_refresh_token', title: 'Invalid refresh token' }] } };
        return { status: 200, body: { data: { access_token: 'A2', refresh_token: 'R2', token_type: 'Bearer', expires_in: 900, user } } };
      }
      if (request.headers.authorization !== 'Bearer A2') return { status: 401, body: { errors: [{ status: '401', code: 'unauthorized', title: 'Unauthorized' }] } };
      return { status: 200, body: { data: { ok: request.url } } };
    });
    stop = server.close;
    const store = memoryAuthStore(auth('A1', 'R1'));
    const api = createApiClient({ baseUrl: server.url, store, events: new EventTarget() });

    const results = await Promise.all([1, 2, 3].map((n) => api.get<{ ok: string }>(`/gateway/x/api/v1/item/${n}`)));
    expect(results.map((result) => result.ok)).toEqual(['/gateway/x/api/v1/item/1', '/gateway/x/api/v1/item/2', '/gateway/x/api/v1/item/3']);
    expect(refreshes).toBe(1);
    expect(store.get()?.access_token).toBe('A2');
    expect(store.get()?.refresh_token).toBe('R2');
    const refreshCall = server.requests.find((request) => request.url.endsWith('/refresh'))!;
    expect(refreshCall.url).toBe('/gateway/auth.processing/api/v1/refresh');
    expect(refreshCall.headers.authorization).toBeUndefined();
  });

  it('clears the stored auth and raises authorization-expired when the refresh fails', async () => {
    const server = await startServer((request) => {
      if (request.url.endsWith('/refresh')) return { status: 401, body: { errors: [{ status: '401', code: 'invalid_refresh_token', title: 'Invalid refresh token' }] } };
      return { status: 401, body: { errors: [{ status: '401', code: 'unauthorized', title: 'Unauthorized' }] } };
    });
    stop = server.close;
    const store = memoryAuthStore(auth('A1', 'stale'));
    const events = new EventTarget();
    let expired = 0;
    events.addEventListener(AUTHORIZATION_EXPIRED, () => expired++);
    const api = createApiClient({ baseUrl: server.url, store, events });

    const error = await api.get('/gateway/x/api/v1/thing').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(store.get()).toBeNull();
    expect(expired).toBe(1);
    expect(server.requests.filter((request) => request.url.endsWith('/refresh'))).toHaveLength(1);
  });

  it('never refreshes for anonymous calls (sign-in with a wrong password)', async () => {
    const server = await startServer(() => ({ status: 401, body: { errors: [{ status: '401', code: 'invalid_credentials', title: 'Неверный логин или пароль' }] } }));
    stop = server.close;
    const api = createApiClient({ baseUrl: server.url, store: memoryAuthStore(auth('A1', 'R1')), events: new EventTarget() });
    const error = await api.post(gatewayPath('auth.processing', 'auth'), { method: 'password' }, { anonymous: true }).catch((e: unknown) => e);
    expect((error as ApiError).title).toBe('Неверный логин или пароль');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('fetchAll pages through a list and stops after the page limit', async () => {
    const total = 7;
    const server = await startServer((request) => {
      const url = new URL(request.url, 'http://x');
      const number = Number(url.searchParams.get('page[number]'));
      const size = Number(url.searchParams.get('page[size]'));
      const ids = Array.from({ length: total }, (_, i) => i + 1).slice((number - 1) * size, number * size);
      return {
        status: 200,
        body: {
          data: ids.map((id) => ({ id: String(id), type: 'sites', attributes: { client_id: 1 } })),
          meta: { page: { number, size, total } },
          included: [{ id: '1', type: 'clients', attributes: { name: 'C' } }],
        },
      };
    });
    stop = server.close;
    const api = createApiClient({ baseUrl: server.url, store: memoryAuthStore(auth('A', 'R')), events: new EventTarget() });

    const all = await api.fetchAll('/gateway/sites.context/api/v1/sites', { 'filter[search]': 'a b' }, 3);
    expect(all.data.map((record) => record.id)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(all.included).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0]!.url).toBe('/gateway/sites.context/api/v1/sites?filter[search]=a%20b&page[number]=1&page[size]=3');

    server.requests.length = 0;
    const capped = await api.fetchAll('/gateway/sites.context/api/v1/sites', {}, 1, 2);
    expect(capped.data).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });
});
