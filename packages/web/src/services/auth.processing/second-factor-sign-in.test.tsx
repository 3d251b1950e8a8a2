import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCREEN_ROUTES } from '@dp/contracts';
import '../../app/i18n.ts';
import { clearAuth, getSession, setLang } from '../../app/session.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../test/server.ts';
import { renderAt } from '../../test/render-app.tsx';

const user = makeUser(ALL_MODES, { clients: [{ id: 1, name: 'Автодом' }] });
const session = { access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user };

/** The API's stand-in: the password asks for a code; '123456' is right, anything else wrong. */
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0];
    const data = (request.body as { data?: Record<string, string> } | undefined)?.data;
    if (path === '/gateway/auth.processing/api/v1/auth') return { status: 200, body: { data: { second_factor: 'totp', challenge: 'ch-1', expires_in: 300 } } };
    if (path === '/gateway/auth.processing/api/v1/auth/second_factor') {
      if (data?.challenge !== 'ch-1') return { status: 401, body: { errors: [{ status: '401', code: 'second_factor_challenge_expired', title: 'Время входа истекло: введите логин и пароль снова' }] } };
      if (data.code?.replace(/\s/g, '') !== '123456') return { status: 401, body: { errors: [{ status: '401', code: 'second_factor_code_invalid', title: 'Неверный или уже использованный код' }] } };
      return { status: 200, body: { data: session } };
    }
    if (path === '/gateway/clients.storage/api/v1/me/routes') return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
    if (path === '/gateway/clients.storage/api/v1/me') {
      const { id: _id, ...attributes } = user;
      return { status: 200, body: { data: { id: '1', type: 'users', attributes } } };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());

describe('sign-in with a second factor', () => {
  it('asks for the code after the password, shows a wrong code\'s message, and signs in with the right one', async () => {
    clearAuth();
    setLang('ru');
    const router = renderAt('/');
    const typist = userEvent.setup();
    await typist.type(await screen.findByLabelText('E-mail'), 'admin@platform.test');
    await typist.type(screen.getByLabelText('Пароль'), 'Secret-1!');
    await typist.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Подтверждение входа')).toBeTruthy();
    expect(getSession().user).toBeNull();

    await typist.type(await screen.findByLabelText('Код'), '000000');
    await typist.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Неверный или уже использованный код');

    await typist.type(screen.getByLabelText('Код'), '123 456');
    // The loading icon of the previous submit may still be fading out beside the text.
    await typist.click(screen.getByRole('button', { name: /Войти$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home-page'));
    expect(getSession().user?.email).toBe('admin@platform.test');
    const steps = server.requests.filter((request) => request.url.endsWith('/auth/second_factor')).map((request) => (request.body as { data: unknown }).data);
    expect(steps).toEqual([
      { challenge: 'ch-1', code: '000000' },
      { challenge: 'ch-1', code: '123 456' },
    ]);
    clearAuth();
  });

  it('goes back to the password when asked', async () => {
    clearAuth();
    setLang('en');
    renderAt('/');
    const typist = userEvent.setup();
    await typist.type(await screen.findByLabelText('E-mail'), 'admin@platform.test');
    await typist.type(screen.getByLabelText('Password'), 'Secret-1!');
    await typist.click(screen.getByRole('button', { name: 'Sign in' }));
    await typist.click(await screen.findByRole('button', { name: 'Enter login and password again' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    setLang('ru');
  });
});
