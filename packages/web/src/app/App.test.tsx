import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCREEN_ROUTES } from '@dp/contracts';
import './i18n.ts';
import { api } from '../kit/api.ts';
import { ALL_MODES, makeUser } from '../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../test/server.ts';
import { renderAt } from '../test/render-app.tsx';
import { clearAuth, setLang, signedIn } from './session.ts';

const admin = makeUser({
  ...ALL_MODES,
  'clients.storage': ['clients.get_full_list', 'groups.list', 'groups.create'],
  'sites.context': ['sites.get_full_list'],
});

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0];
    if (path === '/gateway/clients.storage/api/v1/me/routes') {
      return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
    }
    if (path === '/gateway/clients.storage/api/v1/me') {
      const { id: _id, ...attributes } = admin;
      return { status: 200, body: { data: { id: '1', type: 'users', attributes } } };
    }
    if (path === '/gateway/clients.storage/api/v1/groups') {
      return {
        status: 200,
        body: { data: [{ id: '1', type: 'groups', attributes: { name: 'Северо-Запад', created_at: '2025-01-02T10:00:00Z' } }], meta: { page: { number: 1, size: 20, total: 1 } } },
      };
    }
    if (path === '/gateway/auth.processing/api/v1/auth') {
      return { status: 200, body: { data: { access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: admin } } };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());

describe('the app shell', () => {
  it('shows the sign-in page to anyone not signed in, whatever the path, and signs in to /home-page', async () => {
    clearAuth();
    setLang('ru');
    const router = renderAt('/clients.storage/groups/');
    const email = await screen.findByLabelText('E-mail');
    expect(router.state.location.pathname).toBe('/');
    const user = userEvent.setup();
    await user.type(email, 'admin@platform.test');
    await user.type(screen.getByLabelText('Пароль'), 'Secret-1!');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    // Back where the user wanted to go before signing in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients.storage/groups/'));
    expect(await screen.findByText('Северо-Запад')).toBeTruthy();
    clearAuth();
  });

  it('sends a signed-in user from / to /home-page and builds the side menu of the mode from the registry', async () => {
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: admin });
    const router = renderAt('/');
    expect(await screen.findByText(/, Анна!$/)).toBeTruthy(); // the greeting depends on the hour
    expect(router.state.location.pathname).toBe('/home-page');

    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('mode-switch')).getByText('Справочники'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients.storage/groups/'));
    const menu = screen.getByTestId('side-menu');
    await waitFor(() => expect(within(menu).getByText('Группы клиентов')).toBeTruthy());
    expect(within(menu).getByText('Все сайты')).toBeTruthy();
    expect(within(menu).queryByText('Этажи')).toBeNull(); // no screen for floors yet
    expect(within(menu).queryByText('Выбор сайта')).toBeNull(); // another mode
    expect(await screen.findByRole('heading', { name: 'Группы клиентов' })).toBeTruthy();
    clearAuth();
  });

  it('sends a missing permission to the home page', async () => {
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: admin });
    for (const path of ['/clients.storage/users/']) {
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/home-page'));
      router.unmount();
    }
    clearAuth();
  });

  it('shows "page not found" in the shell for an unknown path, with the way home', async () => {
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: admin });
    setLang('ru');
    const router = renderAt('/clients.storage/no-such-page');
    expect(await screen.findByText('Страница не найдена')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/clients.storage/no-such-page');
    expect(screen.getByTestId('profile-menu')).toBeTruthy();
    expect(document.title).toBe('Страница не найдена — Dealer Platform');
    await userEvent.setup().click(screen.getByRole('button', { name: 'На главную' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home-page'));
    clearAuth();
  });
});
