import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SCREEN_ROUTES, type MeUser } from '@dp/contracts';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { appRoutes } from '../../app/router.tsx';
import { CHOSEN_CLIENTS_KEY, clearAuth, getSession, selectSite, setLang, signedIn } from '../../app/session.ts';
import { api } from '../../kit/api.ts';
import { localAuthStore, writeJson } from '../../kit/storage.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../test/server.ts';
import { switchOptions } from './ClientSwitch.tsx';

const NORTH = { id: 1, name: 'АвтоГрад Север' };
const KAZAN = { id: 2, name: 'Мотор Сити Казань' };
const manager = (client = NORTH): MeUser =>
  makeUser(ALL_MODES, { id: 5, email: 'manager@avtograd-sever.test', name: 'Ирина', internal: false, clients: [NORTH, KAZAN], default_client: NORTH, client });

/** The server: tokens say which client the session acts as ("T<n>:<clientId>"). */
let server: Awaited<ReturnType<typeof startApiServer>>;
let issued = 0;
let refuse: number | null = null;
/** When set, the switch's answer waits until the test has seen the loader: no guess of a time. */
let switchGate: Promise<void> | null = null;
const holdSwitch = () => {
  let release = () => {};
  switchGate = new Promise<void>((resolve) => (release = resolve));
  return release;
};
const session = (clientId: number) => {
  const client = [NORTH, KAZAN].find((c) => c.id === clientId)!;
  return { access_token: `T${++issued}:${clientId}`, refresh_token: `R${issued}`, token_type: 'Bearer' as const, expires_in: 900, user: manager(client) };
};
beforeAll(async () => {
  server = await startApiServer(async (request) => {
    const path = request.url.split('?')[0];
    const token = String(request.headers.authorization ?? '').replace('Bearer ', '');
    const clientId = Number(token.split(':')[1] ?? 1);
    if (path === '/gateway/auth.processing/api/v1/auth') return { status: 200, body: { data: session(1) } };
    if (path === '/gateway/auth.processing/api/v1/auth_with_client') {
      const wanted = (request.body as { data: { client_id: number } }).data.client_id;
      await switchGate;
      if (wanted === refuse) return { status: 400, body: { errors: [{ status: '400', code: 'client_not_available', title: 'Этот клиент вам недоступен', source: { pointer: '/data/client_id' } }] } };
      return { status: 200, body: { data: session(wanted) } };
    }
    if (path === '/gateway/clients.storage/api/v1/me/routes') {
      return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
    }
    if (path === '/gateway/clients.storage/api/v1/me') {
      const { id: _id, ...attributes } = manager(clientId === 2 ? KAZAN : NORTH);
      return { status: 200, body: { data: { id: '5', type: 'users', attributes } } };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  setLang('ru');
  refuse = null;
  switchGate = null;
  document.cookie = 'satisfaction=voted; path=/'; // no survey in these tests
});
afterEach(() => clearAuth());

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </Providers>,
  );
  return Object.assign(router, { unmount: view.unmount });
}

const switchCalls = () => server.requests.filter((r) => r.url.endsWith('/auth_with_client'));

describe('choosing a client after sign-in', () => {
  it('asks a user with two clients, re-authenticates as the chosen one and goes on to where the user was going', async () => {
    const router = renderAt('/clients.storage/groups/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'manager@avtograd-sever.test');
    await user.type(screen.getByLabelText('Пароль'), 'Secret-1!');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByRole('heading', { name: 'Выбор клиента' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth.processing/auth/');

    const before = switchCalls().length;
    await user.click(await screen.findByRole('button', { name: 'Мотор Сити Казань' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients.storage/groups/'));
    expect(switchCalls().slice(before).map((r) => r.body)).toEqual([{ data: { client_id: 2 } }]);
    expect(getSession().user?.client).toEqual(KAZAN);
    expect(getSession().choosingClient).toBe(false);
    expect(await screen.findByTestId('current-client')).toHaveProperty('textContent', expect.stringContaining('Мотор Сити Казань'));

    // The choice is no longer reachable once made.
    await router.navigate('/auth.processing/auth/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home-page'));
    router.unmount();
  });

  it('opens nothing but the choice until a client is chosen', async () => {
    signedIn(session(1));
    const router = renderAt('/home-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth.processing/auth/'));
    expect(await screen.findByRole('button', { name: 'АвтоГрад Север' })).toBeTruthy();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    router.unmount();
  });

  it('takes the client chosen last time without asking', async () => {
    writeJson(CHOSEN_CLIENTS_KEY, { '5': 2 });
    signedIn(session(1));
    expect(getSession().choosingClient).toBe(true);
    const router = renderAt('/home-page');
    await waitFor(() => expect(getSession().user?.client).toEqual(KAZAN));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home-page'));
    expect(getSession().choosingClient).toBe(false);
    router.unmount();
    // The session already acts as the remembered client: no choice at all.
    clearAuth();
    signedIn(session(2));
    expect(getSession().choosingClient).toBe(false);
  });
});

describe('the client switch in the top bar', () => {
  it('switches: loader, site filter reset, new session used for every later call', async () => {
    writeJson(CHOSEN_CLIENTS_KEY, { '5': 1 });
    signedIn(session(1));
    selectSite({ id: '10', name: 'АвтоГрад Север — Kia', host: 'kia-avtograd.ru', client: NORTH.name });
    const router = renderAt('/home-page');
    const user = userEvent.setup();
    const current = await screen.findByTestId('current-client');
    expect(current.textContent).toContain('АвтоГрад Север');

    const release = holdSwitch();
    await user.click(current);
    await user.click(await screen.findByRole('menuitem', { name: 'Мотор Сити Казань' }));
    await waitFor(() => expect(document.querySelector('.ant-spin-fullscreen.ant-spin-spinning')).not.toBeNull());
    release();
    await waitFor(() => expect(screen.getByTestId('current-client').textContent).toContain('Мотор Сити Казань'));
    expect(await screen.findByText('Вы работаете от имени клиента «Мотор Сити Казань»')).toBeTruthy();
    expect(getSession().siteId).toBeNull();
    const token = localAuthStore.get()!.access_token;
    expect(token).toMatch(/:2$/);
    // Everything is fetched again with the new session.
    await waitFor(() => expect(server.requests.some((r) => r.url.endsWith('/me') && r.headers.authorization === `Bearer ${token}`)).toBe(true));
    await waitFor(() => expect(document.querySelector('.ant-spin-fullscreen.ant-spin-spinning')).toBeNull());
    router.unmount();
  });

  it('shows the error and hides the loader when the switch fails, and keeps the client', async () => {
    writeJson(CHOSEN_CLIENTS_KEY, { '5': 1 });
    signedIn(session(1));
    refuse = 2;
    const router = renderAt('/home-page');
    const user = userEvent.setup();
    const release = holdSwitch();
    await user.click(await screen.findByTestId('current-client'));
    await user.click(await screen.findByRole('menuitem', { name: 'Мотор Сити Казань' }));
    await waitFor(() => expect(document.querySelector('.ant-spin-fullscreen.ant-spin-spinning')).not.toBeNull());
    release();
    expect(await screen.findByText('Не удалось сменить клиента')).toBeTruthy();
    expect(screen.getByText('Этот клиент вам недоступен')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-spin-fullscreen.ant-spin-spinning')).toBeNull());
    expect(getSession().user?.client).toEqual(NORTH);
    router.unmount();
  });
});

describe('switchOptions', () => {
  it('offers a switch only when more than one client is available, or a way back, or root', () => {
    const one = makeUser({}, { internal: false, clients: [NORTH], client: NORTH });
    expect(switchOptions(one).switchable).toBe(false);
    expect(switchOptions(manager()).switchable).toBe(true);
    const root = { 'auth.processing': ['root'] };
    const staff = makeUser(root, { internal: true, clients: [], client: null, default_client: null });
    expect(switchOptions(staff)).toMatchObject({ canJoin: true, switchable: true, back: undefined });
    const joined = makeUser(root, { internal: true, clients: [], client: KAZAN, joined_client: KAZAN, joined_client_id: 2, default_client: null });
    expect(switchOptions(joined)).toMatchObject({ back: null, switchable: true });
    const noRoot = makeUser({}, { internal: true, clients: [], client: null, default_client: null });
    expect(switchOptions(noRoot).switchable).toBe(false);
  });
});
