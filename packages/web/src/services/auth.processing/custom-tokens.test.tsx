import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SCREEN_ROUTES } from '@dp/contracts';
import '../../app/i18n.ts';
import { api } from '../../kit/api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer, type RecordedRequest } from '../../test/server.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { appRoutes } from '../../app/router.tsx';
import { clearAuth, setLang, signedIn } from '../../app/session.ts';
import { grantablePermissions } from './CustomTokenForm.tsx';
// The lazy screen, loaded up front so that a cold start does not eat the waits.
import './CustomTokensPage.tsx';

/** The custom tokens screen against a real HTTP server standing in for the API. */
const manager = makeUser(
  { 'auth.processing': ['settings_mode', 'custom_tokens.view'], 'clients.storage': ['clients.get_full_list'], 'cars.catalog': ['brands.get_list'] },
  { internal: false, email: 'manager@dealer.test', clients: [{ id: 1, name: 'Автодом' }] },
);
const VALUE = 'dpt_Secret-Value-Shown-Once-0123456789abcdefghijkl';
const BASE = '/gateway/auth.processing/api/v1/custom_tokens';

let tokens: { id: string; type: string; attributes: Record<string, unknown> }[] = [];
let server: Awaited<ReturnType<typeof startApiServer>>;
const calls = (method: string): RecordedRequest[] => server.requests.filter((r) => r.method === method && r.url.split('?')[0]!.startsWith(BASE));

beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0]!;
    if (path === '/gateway/clients.storage/api/v1/me/routes')
      return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
    if (path === '/gateway/clients.storage/api/v1/me') {
      const { id: _id, ...attributes } = manager;
      return { status: 200, body: { data: { id: '1', type: 'users', attributes } } };
    }
    if (path === '/gateway/cars.catalog/api/v1/brands')
      return { status: 200, body: { data: [{ id: '3', type: 'brands', attributes: { name: 'Kia' } }, { id: '4', type: 'brands', attributes: { name: 'Haval' } }], meta: { page: { number: 1, size: 500, total: 2 } } } };
    if (path === BASE && request.method === 'GET') return { status: 200, body: { data: tokens, meta: { page: { number: 1, size: 20, total: tokens.length } } } };
    if (path === BASE && request.method === 'POST') {
      const data = (request.body as { data: Record<string, unknown> }).data;
      const attributes = {
        name: data.name,
        token_prefix: VALUE.slice(0, 10),
        client_ids: data.client_ids,
        clients: [{ id: 1, name: 'Автодом' }],
        brand_ids: data.brand_ids,
        permissions: data.permissions,
        client_id: 1,
        created_by: { id: 1, email: 'manager@dealer.test', name: 'Анна Иванова' },
        created_at: '2026-01-02T10:00:00Z',
        last_used_at: null,
      };
      tokens = [{ id: '5', type: 'custom_tokens', attributes }];
      return { status: 201, body: { data: { id: '5', type: 'custom_tokens', attributes: { ...attributes, token: VALUE } } } };
    }
    if (path === `${BASE}/5` && request.method === 'DELETE') {
      tokens = [];
      return { status: 204 };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  clearAuth();
  setLang('ru');
  tokens = [];
  server.requests.length = 0;
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: manager });
});

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('custom tokens screen', () => {
  // A long flow through two dialogs over the whole permission list: more time than the default on a busy machine.
  it('creates a token, shows its value once with a warning, lists it without the value, and revokes it after a confirmation', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    renderAt('/auth.processing/custom_tokens/');
    expect(await screen.findByText('Токенов пока нет')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Создать первый токен' }));
    const drawer = await screen.findByRole('dialog');
    // Only what the user holds is offered, by name, the code beside it.
    expect(within(drawer).getByText('Клиенты: просмотр')).toBeTruthy();
    expect(within(drawer).getByText('clients.get_full_list')).toBeTruthy();
    expect(within(drawer).queryByText('users.get_list')).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Создать' }));
    expect(await within(drawer).findByText('Это поле обязательно для заполнения')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);

    await user.type(within(drawer).getByLabelText('Название'), 'Выгрузка склада');
    await user.click(within(drawer).getByRole('checkbox', { name: /clients\.get_full_list/ }));
    // Brands are chosen by name from the catalogue.
    await user.click(within(drawer).getByRole('combobox', { name: 'Бренды' }));
    await user.click(await screen.findByTitle('Kia'));
    await user.click(within(drawer).getByRole('button', { name: 'Создать' }));

    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]!.body).toEqual({
      data: { name: 'Выгрузка склада', client_ids: [1], brand_ids: [3], permissions: { 'clients.storage': ['clients.get_full_list'] } },
    });
    const shown = await screen.findByRole('dialog', { name: 'Токен «Выгрузка склада» создан' });
    expect((within(shown).getByRole('textbox') as HTMLInputElement).value).toBe(VALUE);
    expect(within(shown).getByText(/он больше не будет показан/)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Я сохранил токен' }));

    const row = (await screen.findByText('Выгрузка склада')).closest('tr')!;
    expect(within(row).getByText('Автодом')).toBeTruthy();
    expect(within(row).getByText(`${VALUE.slice(0, 10)}…`)).toBeTruthy();
    expect(within(row).getByText('1 право')).toBeTruthy();
    expect(within(row).getByText('Kia')).toBeTruthy();
    await waitFor(() => expect(screen.queryByDisplayValue(VALUE)).toBeNull());
    expect(document.body.textContent).not.toContain(VALUE);

    await user.click(within(row).getByRole('button', { name: 'Удалить: Выгрузка склада' }));
    expect(await screen.findByText('Удалить токен?')).toBeTruthy();
    expect(calls('DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(await screen.findByText('Токенов пока нет')).toBeTruthy();
  });
});

describe('what a user may grant', () => {
  it('is what the user holds; everything for an internal holder of root', () => {
    expect(grantablePermissions({ internal: false, permissions: { seo: ['seo_configs.patch'], 'auth.processing': ['root'] } })).toEqual({
      'auth.processing': ['root'],
      seo: ['seo_configs.patch'],
    });
    const root = grantablePermissions({ internal: true, permissions: { 'auth.processing': ['root'] } });
    expect(root['clients.storage']).toContain('users.get_list');
    expect(root['cars.vins']).toContain('vin_data.import');
  });
});
