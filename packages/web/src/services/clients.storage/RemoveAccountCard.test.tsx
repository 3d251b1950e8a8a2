import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { getSession, setLang, signedIn } from '../../app/session.ts';
import { makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../test/server.ts';
import { RemoveAccountCard } from './RemoveAccountCard.tsx';

let refuse = false;
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    if (request.method === 'DELETE' && request.url === '/gateway/clients.storage/api/v1/me') {
      if (refuse) return { status: 409, body: { errors: [{ status: '409', code: 'last_client_user', title: 'Нельзя удалить основного или единственного пользователя клиента «Автодом»' }] } };
      return { status: 204 };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());

function renderCard() {
  signedIn({ access_token: 'token', refresh_token: 'refresh', token_type: 'Bearer', expires_in: 900, user: makeUser({}, { email: 'anna@dealer.test', internal: false }) });
  setLang('ru');
  const router = createMemoryRouter([{ path: '/personal/', element: <RemoveAccountCard /> }, { path: '/', element: <p>Страница входа</p> }], { initialEntries: ['/personal/'] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const removals = () => server.requests.filter((request) => request.method === 'DELETE');

describe('account removal in the personal area', () => {
  it('asks for the account e-mail, then deactivates the account and signs out', async () => {
    refuse = false;
    const router = renderCard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Удалить учётную запись/ }));
    const confirm = await screen.findByRole('button', { name: 'Удалить' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('E-mail учётной записи'), 'anna@other.test');
    expect(screen.getByText('Введённый e-mail не совпадает с адресом учётной записи')).toBeTruthy();
    expect(confirm).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('E-mail учётной записи'));
    await user.type(screen.getByLabelText('E-mail учётной записи'), ' Anna@Dealer.test ');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(removals().at(-1)!.body).toEqual({ data: { email: 'Anna@Dealer.test' } });
    expect(getSession().user).toBeNull();
    expect(await screen.findByText('Учётная запись удалена')).toBeTruthy();
  });

  it('shows the server refusal (the last user of a client) and keeps the session', async () => {
    refuse = true;
    renderCard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Удалить учётную запись/ }));
    await user.type(await screen.findByLabelText('E-mail учётной записи'), 'anna@dealer.test');
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('единственного пользователя клиента «Автодом»'));
    expect(getSession().user).not.toBeNull();
  });
});
