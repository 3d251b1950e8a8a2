import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SCREEN_ROUTES } from '@dp/contracts';
import '../../app/i18n.ts';
import { api } from '../../kit/api.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer, type RecordedRequest } from '../../test/server.ts';
import { renderAt } from '../../test/render-app.tsx';
import { clearAuth, getSession, setLang, signedIn } from '../../app/session.ts';
import { startExternal } from './oidc.ts';
// The lazy screens these tests open, loaded up front so that a cold start does not eat the waits.
import '../clients.storage/PersonalPage.tsx';
import './OidcCallbackPage.tsx';

/**
 * The web side of external sign-in against a real HTTP server standing in for the API: the
 * sign-in buttons, the callback finishing a sign-in or a binding this tab started, and the
 * refusals (a callback this tab did not start, the provider's error, the server's message).
 */
const user = makeUser({ ...ALL_MODES }, { internal: false, email: 'editor@dealer.test', clients: [{ id: 1, name: 'Автодом' }] });
const PROVIDER = { name: 'idp', title: 'Test ID' };

let providers = [PROVIDER];
let signInAnswer: { status: number; body?: unknown } = { status: 200 };
let bindings: unknown[] = [];
let server: Awaited<ReturnType<typeof startApiServer>>;

const calls = (method: string, path: string): RecordedRequest[] =>
  server.requests.filter((r) => r.method === method && r.url.split('?')[0] === `/gateway/auth.processing/api/v1/${path}`);

beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0]!.replace('/gateway/auth.processing/api/v1/', 'auth:').replace('/gateway/clients.storage/api/v1/', 'clients:');
    const { id: _id, ...attributes } = user;
    switch (`${request.method} ${path}`) {
      case 'GET clients:me/routes':
        return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
      case 'GET clients:me':
        return { status: 200, body: { data: { id: '1', type: 'users', attributes } } };
      case 'GET auth:auth/providers':
        return { status: 200, body: { data: providers } };
      case 'POST auth:auth/oidc/start': {
        const { purpose } = (request.body as { data: { purpose: string } }).data;
        return { status: 200, body: { data: { authorization_url: `https://idp.test/authorize?client_id=dp&state=${purpose}-state-1&nonce=n` } } };
      }
      case 'POST auth:auth':
        if (signInAnswer.status !== 200) return signInAnswer;
        return { status: 200, body: { data: { access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user } } };
      case 'GET auth:auth_data':
        return { status: 200, body: { data: bindings, meta: { page: { number: 1, size: bindings.length, total: bindings.length } } } };
      case 'POST auth:auth_data': {
        const record = { id: '7', type: 'auth_data', attributes: { provider: 'idp', provider_title: 'Test ID', email: 'alice@idp.test', created_at: '2026-01-02T10:00:00Z' } };
        bindings = [record];
        return { status: 201, body: { data: record } };
      }
      case 'GET auth:me/auth_history':
        return { status: 200, body: { data: [], meta: { page: { number: 1, size: 10, total: 0 } } } };
      default:
        return NOT_FOUND;
    }
  });
});
afterAll(() => server.close());
beforeEach(() => {
  clearAuth();
  setLang('ru');
  sessionStorage.clear();
  server.requests.length = 0;
  providers = [PROVIDER];
  signInAnswer = { status: 200 };
  bindings = [];
});

/** Starts a flow as the buttons do; the browser's trip to the provider is recorded instead of made. */
async function started(purpose: 'sign_in' | 'bind') {
  let went = '';
  await startExternal(PROVIDER, purpose, (url) => (went = url));
  expect(went).toMatch(/^https:\/\/idp\.test\/authorize\?/);
  return new URL(went).searchParams.get('state')!;
}

describe('external sign-in in the web', () => {
  it('offers "Войти через <title>" on the sign-in page, and nothing when no provider is configured', async () => {
    const view = renderAt('/');
    expect(await screen.findByRole('button', { name: 'Войти через Test ID' })).toBeTruthy();
    view.unmount();
    providers = [];
    renderAt('/');
    await screen.findByRole('button', { name: 'Войти' });
    await waitFor(() => expect(calls('GET', 'auth/providers').length).toBeGreaterThan(1));
    expect(screen.queryByText(/Войти через/)).toBeNull();
    expect(screen.queryByText('или')).toBeNull();
  });

  it('finishes a sign-in this tab started: method "oidc" with the state and the code, then the admin opens', async () => {
    const state = await started('sign_in');
    const router = renderAt(`/auth.processing/oidc/callback?code=the-code&state=${state}&iss=https%3A%2F%2Fidp.test`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home-page'));
    expect(calls('POST', 'auth')).toHaveLength(1);
    expect(calls('POST', 'auth')[0]!.body).toEqual({ data: { method: 'oidc', identity: state, secret: 'the-code' } });
    expect(calls('POST', 'auth')[0]!.headers.authorization).toBeUndefined();
    expect(getSession().user?.email).toBe('editor@dealer.test');
  });

  it('shows the server\'s refusal (an identity bound to nobody) and a way back to the sign-in page', async () => {
    signInAnswer = {
      status: 401,
      body: { errors: [{ status: '401', code: 'oidc_not_bound', title: 'Этот внешний аккаунт не привязан ни к одному пользователю' }] },
    };
    const state = await started('sign_in');
    renderAt(`/auth.processing/oidc/callback?code=c&state=${state}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Этот внешний аккаунт не привязан ни к одному пользователю');
    expect(screen.getByText('Не удалось войти через внешний сервис')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Перейти ко входу' })).toBeTruthy();
    expect(getSession().user).toBeNull();
  });

  it('refuses a callback this tab did not start, and the provider\'s own error, without calling the API', async () => {
    const view = renderAt('/auth.processing/oidc/callback?code=c&state=forged');
    expect((await screen.findByRole('alert')).textContent).toContain('не был начат в этом окне браузера');
    view.unmount();
    const state = await started('sign_in');
    renderAt(`/auth.processing/oidc/callback?error=access_denied&error_description=End-User%20aborted&state=${state}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Внешний сервис отклонил вход: End-User aborted');
    expect(calls('POST', 'auth')).toHaveLength(0);
  });

  it('finishes a binding from the personal area and shows it there with an unbind button', async () => {
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user });
    const state = await started('bind');
    expect(calls('POST', 'auth/oidc/start')[0]!.headers.authorization).toBe('Bearer A');
    const router = renderAt(`/auth.processing/oidc/callback?code=bind-code&state=${state}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal/'));
    expect(calls('POST', 'auth_data')[0]!.body).toEqual({ data: { provider: 'idp', code: 'bind-code', state } });
    expect(await screen.findByText('alice@idp.test', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отвязать: Test ID alice@idp.test' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Привязать Test ID' })).toBeTruthy();
  });

  it('shows no external sign-in section in the personal area when no provider is configured', async () => {
    providers = [];
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user });
    renderAt('/personal/');
    await screen.findByText('Личный кабинет');
    await waitFor(() => expect(calls('GET', 'auth_data').length).toBeGreaterThan(0));
    await waitFor(() => expect(calls('GET', 'auth/providers').length).toBeGreaterThan(0));
    expect(screen.queryByText('Вход через внешние сервисы')).toBeNull();
    expect(screen.queryByText(/Привязать/)).toBeNull();
  });
});
