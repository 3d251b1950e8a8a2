import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { NO_CHOICES } from '@dp/contracts';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { setLang, signedIn } from '../../app/session.ts';
import { makeUser } from '../../test/fixtures.ts';
import { UnsavedChangesGuard } from '../../kit/unsaved.tsx';
import { NOT_FOUND, startApiServer, type RecordedRequest } from '../../test/server.ts';
import FormEditPage from './FormEditPage.tsx';

/** The builder's page: the spec's checks before sending, the save, and a question before unsaved work is left. */
const SITE = { id: '7', type: 'sites', attributes: { name: 'АвтоГрад', host: 'avtograd.ru', technical_host: 'avtograd.localhost', use_http: false, locale: 'ru', context: { color_scheme: 'kia', brand_id: null, extra_color_schemes: [] }, client_id: 3 } };
let saved: RecordedRequest | null = null;
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0]!;
    if (path === '/gateway/sites.context/api/v1/sites/7') return { status: 200, body: { data: SITE } };
    if (path === '/gateway/form-constructor/api/v1/custom_forms/choices/7') return { status: 200, body: { data: NO_CHOICES } };
    if (request.method === 'POST' && path === '/gateway/form-constructor/api/v1/custom_forms') {
      saved = request;
      const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
      return { status: 201, body: { data: { id: '55', type: 'custom_forms', attributes: { ...attributes, client_id: 3, created_by: 1, updated_by: 1, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z' } } } };
    }
    if (path === '/gateway/form-constructor/api/v1/custom_forms/55') {
      const attributes = (saved!.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
      return { status: 200, body: { data: { id: '55', type: 'custom_forms', attributes: { ...attributes, client_id: 3, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z' } } } };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());

function renderPage() {
  signedIn({ access_token: 'token', refresh_token: 'refresh', token_type: 'Bearer', expires_in: 900, user: makeUser({ 'form-constructor': ['form_constructor.get_list', 'form_constructor.create', 'form_constructor.edit'] }, { internal: false }) });
  setLang('ru');
  const router = createMemoryRouter(
    [
      {
        // The app's root mounts the question about unsaved changes the same way.
        element: (
          <>
            <UnsavedChangesGuard />
            <Outlet />
          </>
        ),
        children: [
          { path: '/form-constructor/:siteId', element: <h1>Список форм</h1> },
          { path: '/form-constructor/:siteId/create', element: <FormEditPage /> },
          { path: '/form-constructor/:siteId/edit/:formId', element: <FormEditPage /> },
        ],
      },
    ],
    { initialEntries: ['/form-constructor/7/create'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('the form page', () => {
  it('checks the form before sending, saves it, and asks before unsaved work is left', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await screen.findByRole('heading', { name: 'Новая форма' });
    // Nothing in it yet: the spec's messages at the title and the fields, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Это поле обязательно для заполнения', { selector: '#form-title-error' })).toBeTruthy();
    expect(saved).toBeNull();

    await user.type(screen.getByLabelText('Название формы'), 'Тест-драйв');
    await user.click(screen.getByRole('button', { name: 'Добавить поле в строку 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Текст' }));
    const settings = screen.getByTestId('field-settings');
    await user.clear(within(settings).getByLabelText('Идентификатор'));
    // An id breaking the spec's rules is said at once and never taken (the rows name fields by it).
    expect(await within(settings).findByText('Это поле обязательно для заполнения')).toBeTruthy();
    await user.type(within(settings).getByLabelText('Идентификатор'), 'имя');
    expect(await within(settings).findByText('Кириллица в идентификаторе поля недопустима')).toBeTruthy();
    await user.clear(within(settings).getByLabelText('Идентификатор'));
    await user.type(within(settings).getByLabelText('Идентификатор'), 'name');

    // Leaving now asks first; staying keeps the work.
    await user.click(screen.getByRole('button', { name: 'К списку форм' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Внесённые изменения не сохранены и пропадут.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    expect(router.state.location.pathname).toBe('/form-constructor/7/create');

    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form-constructor/7/edit/55'));
    expect((saved!.body as { data: { attributes: unknown } }).data.attributes).toEqual({ site_id: 7, title: 'Тест-драйв', fields: [{ id: 'name', label: 'Текст', type: 'text', required: false }], grid: [{ title: null, fields: ['name'] }] });
    // Saved: leaving asks nothing.
    await screen.findByRole('heading', { name: 'Форма «Тест-драйв»' });
    await user.click(screen.getByRole('button', { name: 'К списку форм' }));
    expect(await screen.findByRole('heading', { name: 'Список форм' })).toBeTruthy();
  });
});
