import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../app/i18n.ts';
import { clearAuth, setLang } from '../../app/session.ts';
import { NOT_FOUND, startApiServer } from '../../test/server.ts';
import { renderAt } from '../../test/render-app.tsx';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer(() => NOT_FOUND);
});
afterAll(() => server.close());

describe('sign-in', () => {
  it('checks the e-mail format in the browser before calling the server', async () => {
    clearAuth();
    setLang('ru');
    renderAt('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'anna@dealer');
    await user.type(screen.getByLabelText('Пароль'), 'Secret-1!');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const item = screen.getByLabelText('E-mail').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(item).getByText('Неправильный формат email')).toBeTruthy());
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
    expect(document.title).toBe('Вход в систему — Dealer Platform');
  });
});
