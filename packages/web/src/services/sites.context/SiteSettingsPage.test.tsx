import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { clearAuth, setLang, signedIn } from '../../app/session.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../test/server.ts';
import SiteSettingsPage, { changedAttributes, formValues } from './SiteSettingsPage.tsx';
import { clientSpans } from './AllSitesPage.tsx';
import { moved } from './SiteDealersCard.tsx';
import { cleanFilters } from './RenderSitesDialog.tsx';

const SITE = {
  name: 'АвтоГрад Север — Kia',
  host: 'kia-avtograd.ru',
  technical_host: 'kia-avtograd.localhost',
  client_id: 1,
  type: 3,
  version: 2,
  status: 1,
  dealer_id: null,
  dealer_ids: [],
  context: { brand_id: null, color_scheme: 'kia', extra_color_schemes: [] },
  use_http: false,
  admin_email: 'admin@kia-avtograd.ru',
  country: 'ru',
  strict_publishing: false,
  content_version: 1,
  phone_format: '+7 (XXX) XXX-XX-XX',
  locale: 'ru',
  locales: [],
  default_mailer: 'platform',
  basic_auth_login: null,
  depersonalization: { enabled: false, period: null },
  favicons: { icon: null, apple: null },
  logos: { pc: null, mobile: null },
  logo_position: 'left',
  core: 'core',
  origin_site_id: null,
  group_ids: [],
  rendered_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('the pieces of the site screens', () => {
  it('sends only what changed, context and depersonalization whole, the password only when typed', () => {
    const initial = formValues(SITE as never);
    expect(changedAttributes(initial, initial)).toEqual({});
    expect(changedAttributes({ ...initial, phone_format: '8 (XXX) XXX-XX-XX', color_scheme: 'kia-dark', depersonalization_enabled: true, depersonalization_period: 30, basic_auth_password: 'Secret-1' }, initial)).toEqual({
      phone_format: '8 (XXX) XXX-XX-XX',
      context: { color_scheme: 'kia-dark', extra_color_schemes: [], brand_id: null },
      depersonalization: { enabled: true, period: 30 },
      basic_auth_password: 'Secret-1',
    });
    expect(changedAttributes({ ...initial, admin_email: '' }, initial)).toEqual({ admin_email: null });
  });

  it('shows an internationalised host in its own script and sends it only when edited', () => {
    const initial = formValues({ ...SITE, host: 'xn--haval--8of0hhc.xn--p1ai' } as never);
    expect(initial.host).toBe('haval-тест.рф');
    expect(changedAttributes(initial, initial)).toEqual({});
    expect(changedAttributes({ ...initial, host: 'haval-новый.рф' }, initial)).toEqual({ host: 'haval-новый.рф' });
  });

  it('groups rows by client, reorders dealers and drops empty filters', () => {
    const rows = [1, 1, 2, 3, 3, 3].map((client_id) => ({ attributes: { client_id } }));
    expect(clientSpans(rows)).toEqual([2, 0, 1, 3, 0, 0]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(cleanFilters({ client_ids: [], types: [3], color_scheme: '', brand_id: null })).toEqual({ types: [3] });
  });
});

let server: Awaited<ReturnType<typeof startApiServer>>;
let site = { ...SITE };
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/gateway/sites.context/api/v1/sites/5') {
      if (request.method === 'PATCH') {
        const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
        if (attributes.admin_email === 'bad@') {
          return { status: 400, body: { errors: [{ status: '400', code: 'invalid_format', title: 'Неправильный формат email', source: { pointer: '/data/attributes/admin_email' } }] } };
        }
        site = { ...site, ...attributes, updated_at: new Date().toISOString() } as typeof site;
      }
      return { status: 200, body: { data: { id: '5', type: 'sites', attributes: site }, included: [{ id: '1', type: 'clients', attributes: { name: 'АвтоГрад Север' } }] } };
    }
    if (path === '/gateway/sites.context/api/v1/sites/5/unpublish') {
      site = { ...site, status: 2 };
      return { status: 200, body: { data: { id: '5', type: 'sites', attributes: site } } };
    }
    if (path === '/gateway/sites.context/api/v1/site_options') return { status: 200, body: { data: { technical_domain: 'localhost', color_schemes: ['kia'] } } };
    if (path.endsWith('/dealerships') || path.endsWith('/groups')) return { status: 200, body: { data: [], meta: { page: { number: 1, size: 500, total: 0 } } } };
    if (path === '/gateway/clients.storage/api/v1/audit') return { status: 200, body: { data: [], meta: { page: { number: 1, size: 20, total: 0 } } } };
    return NOT_FOUND;
  });
});
afterAll(() => server.close());
afterEach(() => clearAuth());

function renderSettings(permissions: Record<string, string[]>) {
  setLang('ru');
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: makeUser({ ...ALL_MODES, ...permissions }) });
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/sites.context/sites/5/settings']}>
        <Routes>
          <Route path="/sites.context/sites/:siteId/settings" element={<SiteSettingsPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('site settings', () => {
  it('saves a change, shows a field error of the server on its field, and unpublishes with the host typed', { timeout: 60_000 }, async () => {
    renderSettings({ 'sites.context': ['sites.get_full_list', 'sites.patch'] });
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Формат телефона');
    expect(phone).toHaveProperty('value', '+7 (XXX) XXX-XX-XX');

    await user.clear(phone);
    await user.type(phone, '8 (XXX) XXX-XX-XX');
    await user.click(screen.getByRole('button', { name: /Сохранить/ }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = server.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.body).toEqual({ data: { type: 'sites', id: '5', attributes: { phone_format: '8 (XXX) XXX-XX-XX' } } });
    expect(await screen.findByText('Изменения сохранены')).toBeTruthy();
    // The form comes back with the saved record.
    await waitFor(() => expect(screen.getByLabelText('E-mail администратора').hasAttribute('disabled')).toBe(false));

    const email = await screen.findByLabelText('E-mail администратора');
    await user.clear(email);
    await user.type(email, 'bad@');
    await user.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(await screen.findByText('Неправильный формат email')).toBeTruthy();
    // An IP address or a port is refused on the field, never sent.
    const patches = server.requests.filter((r) => r.method === 'PATCH').length;
    const host = screen.getByLabelText('Домен');
    await user.clear(host);
    await user.type(host, '127.0.0.1');
    await user.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(await screen.findByText('Домен не может быть IP-адресом: укажите доменное имя сайта')).toBeTruthy();
    await user.clear(host);
    await user.type(host, 'kia-avtograd.ru:8080');
    expect(await screen.findByText('Домен указывается без порта: сайты открываются на стандартных портах 80 и 443')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PATCH').length).toBe(patches);

    await user.click(screen.getByRole('button', { name: /Снять с публикации/ }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: /Снять с публикации/ });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Подтверждение'), 'kia-avtograd.r');
    expect(within(dialog).getByText('Не совпадает')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Подтверждение'), 'u');
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    await waitFor(() => expect(server.requests.find((r) => r.url.endsWith('/unpublish'))?.body).toEqual({ data: { host: 'kia-avtograd.ru' } }));
  });

  it('asks for an internationalised host in Unicode, takes its punycode too, and sends the stored host', { timeout: 60_000 }, async () => {
    site = { ...SITE, host: 'xn--haval--8of0hhc.xn--p1ai' };
    renderSettings({ 'sites.context': ['sites.get_full_list', 'sites.patch'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Снять с публикации/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('haval-тест.рф')).toBeTruthy();
    expect(within(dialog).queryByText(/xn--/)).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: /Снять с публикации/ });
    const input = within(dialog).getByLabelText('Подтверждение');
    await user.type(input, 'xn--haval--8of0hhc.xn--p1ai');
    expect(confirm).toHaveProperty('disabled', false);
    await user.clear(input);
    await user.type(input, 'haval-тест.рф');
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    await waitFor(() => expect(server.requests.filter((r) => r.url.endsWith('/unpublish')).at(-1)?.body).toEqual({ data: { host: 'xn--haval--8of0hhc.xn--p1ai' } }));
  });

  it('is read-only without sites.patch', async () => {
    site = { ...SITE };
    renderSettings({ 'sites.context': ['sites.get_full_list'] });
    // The refusal names the right by its name, never by its code.
    expect(await screen.findByText('Только просмотр: изменять настройки сайта могут пользователи с правом «Сайты: изменение»')).toBeTruthy();
    expect(screen.queryByText(/sites\.patch/)).toBeNull();
    // The strict-publishing switch says the rule.
    expect(screen.getByText(/Строгая публикация добавляет проверку/)).toBeTruthy();
    expect((await screen.findByLabelText('Формат телефона')).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /Сохранить/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Снять с публикации/ })).toBeNull();
  });
});
