import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { SCREEN_PATHS } from '../../app/screens.ts';
import { ScreenPathsContext } from '../../app/useShell.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { setLang, signedIn } from '../../app/session.ts';
import { makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../test/server.ts';
import AuditPage from './AuditPage.tsx';

const ENTRIES = [
  {
    id: '9',
    type: 'audit',
    attributes: {
      action: 'update',
      service: 'clients.storage',
      resource: 'users',
      record_id: '4',
      record_label: 'Ирина Соколова',
      changes: { name: ['Ира', 'Ирина'], role_ids: [[1], [1, 2]], password: ['[hidden]', '[hidden]'], active: [true, false] },
      actor_user_id: 1,
      actor_token_id: null,
      acting_client_id: null,
      client_id: 3,
      ip: '10.0.0.7',
      created_at: '2026-03-04T10:00:00Z',
    },
  },
  {
    id: '8',
    type: 'audit',
    attributes: {
      action: 'sign_in',
      service: 'auth.processing',
      resource: 'users',
      record_id: '1',
      record_label: 'Анна Иванова',
      changes: { method: 'password' },
      actor_user_id: 1,
      actor_token_id: null,
      acting_client_id: null,
      client_id: null,
      ip: '10.0.0.7',
      created_at: '2026-03-04T09:00:00Z',
    },
  },
];

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0];
    const list = (data: unknown[], included: unknown[] = []) => ({ status: 200, body: { data, included, meta: { page: { number: 1, size: 50, total: data.length } } } });
    if (path === '/gateway/clients.storage/api/v1/audit') return list(ENTRIES, [{ id: '1', type: 'users', attributes: { email: 'admin@platform.test' } }]);
    if (path === '/gateway/clients.storage/api/v1/roles')
      return list([
        { id: '1', type: 'roles', attributes: { name: 'Редактор сайта' } },
        { id: '2', type: 'roles', attributes: { name: 'Менеджер дилера' } },
      ]);
    if (path === '/gateway/clients.storage/api/v1/users' || path === '/gateway/clients.storage/api/v1/clients') return list([]);
    return NOT_FOUND;
  });
});
afterAll(() => server.close());

function renderAudit(lang: 'ru' | 'en') {
  signedIn({
    access_token: 'token',
    refresh_token: 'refresh',
    token_type: 'Bearer',
    expires_in: 900,
    user: makeUser({ 'clients.storage': ['audit.get_list', 'users.get_list', 'roles.get_list', 'clients.get_full_list'] }),
  });
  setLang(lang);
  const router = createMemoryRouter([{ path: '*', element: <AuditPage /> }], { initialEntries: ['/clients.storage/audit/'] });
  return render(
    <Providers queryClient={createQueryClient()}>
      <ScreenPathsContext.Provider value={SCREEN_PATHS}>
        <RouterProvider router={router} />
      </ScreenPathsContext.Provider>
    </Providers>,
  );
}

describe('the audit trail', () => {
  it('offers the actions, services and objects in its filters, in words', async () => {
    renderAudit('ru');
    const user = userEvent.setup();
    await screen.findByText('Ирина Соколова');
    for (const [label, options] of [
      ['Действие', ['Создание', 'Изменение', 'Вход', 'Удаление учётной записи']],
      ['Сервис', ['Авторизация', 'Клиенты и доступ', 'Шлюз API']],
      ['Объект', ['Пользователи', 'Роли', 'Сеансы']],
    ] as const) {
      const combobox = screen.getByRole('combobox', { name: label });
      await user.click(combobox);
      // This select's own dropdown: the one opened last (each select adds its own on first opening).
      const dropdown = () => [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].at(-1) ?? null;
      await waitFor(() => expect(dropdown()?.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(2));
      for (const option of options) expect(within(dropdown()!).getByText(option)).toBeTruthy();
      await user.keyboard('{Escape}');
    }
  });

  it('shows actions, objects and records in words, and a change as a before → after table with field labels', async () => {
    renderAudit('ru');
    const user = userEvent.setup();
    const row = (await screen.findByText('Ирина Соколова')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Изменение')).toBeTruthy();
    expect(within(row).getByText('Пользователи')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Ирина Соколова' }).getAttribute('href')).toBe('/clients.storage/users/4');
    expect(within(screen.getByText('Анна Иванова').closest('tr') as HTMLElement).getByText('Вход')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: /развернуть|expand/i }));
    const changes = (await screen.findByText('Было')).closest('table') as HTMLElement;
    const line = (label: string) => within(changes).getByText(label).closest('tr') as HTMLElement;
    expect(within(line('Имя')).getByText('Ира')).toBeTruthy();
    expect(within(line('Имя')).getByText('Ирина')).toBeTruthy();
    expect(await within(line('Роли')).findByText('Менеджер дилера')).toBeTruthy();
    expect(within(line('Пароль')).getAllByText('скрыто')).toHaveLength(2);
    expect(within(line('Активен')).getByText('Да')).toBeTruthy();
    expect(within(line('Активен')).getByText('Нет')).toBeTruthy();
    expect(screen.getByText(/Сервис: Клиенты и доступ · IP-адрес: 10\.0\.0\.7/)).toBeTruthy();
  });

  it('reads in English too', async () => {
    renderAudit('en');
    const row = (await screen.findByText('Анна Иванова')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Signed in')).toBeTruthy();
    expect(within(row).getByText('Users')).toBeTruthy();
    setLang('ru');
  });
});
