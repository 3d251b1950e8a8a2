import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCREEN_ROUTES } from '@dp/contracts';
import '../../app/i18n.ts';
import { clearAuth, selectSite, setLang, signedIn } from '../../app/session.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer, type RecordedRequest } from '../../test/server.ts';
import { renderAt } from '../../test/render-app.tsx';

/**
 * The test mail of the SMTP settings screen: the user's own address is offered, the mail is asked
 * of the server for the saved settings, changes not yet saved are saved first when the user
 * agrees (the save before the test), and the server's refusal is shown in its words.
 */
const manager = makeUser({ ...ALL_MODES, 'sites.context': ['sites.get_full_list'], sender: ['smtp_settings.get_list', 'smtp_settings.patch'] }, { internal: false, email: 'manager@kia-avtograd.ru' });
const SENDER = '/gateway/sender/api/v1';
const REFUSED = 'Тестовое письмо не отправлено: сервер smtp.kia-avtograd.ru:2525 отказал в соединении. Проверьте адрес и порт';
let settings = { id: '5', type: 'smtp_settings', attributes: { site_id: 7, client_id: 3, hostname: 'smtp.kia-avtograd.ru', port: 587, login: null, has_password: false, created_at: '2026-11-02T10:00:00Z', updated_at: '2026-11-02T10:00:00Z' } };

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request: RecordedRequest) => {
    const path = request.url.split('?')[0]!;
    if (path === '/gateway/clients.storage/api/v1/me/routes') return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
    if (path === '/gateway/clients.storage/api/v1/me') {
      const { id: _id, ...attributes } = manager;
      return { status: 200, body: { data: { id: '1', type: 'users', attributes } } };
    }
    if (path === '/gateway/sites.context/api/v1/sites/7') return { status: 200, body: { data: { id: '7', type: 'sites', attributes: { name: 'АвтоГрад Север — Kia', host: 'kia-avtograd.ru', client_id: 3, type: 3, use_http: false } } } };
    if (path === '/gateway/marketplace/api/v1/sites/7/installed_modules') return { status: 200, body: { data: { site_id: 7, modules: ['requests'], paused: [] } } };
    if (path === `${SENDER}/smtp_settings`) return { status: 200, body: { data: [settings], meta: { page: { number: 1, size: 100, total: 1 } } } };
    if (path === `${SENDER}/smtp_settings/5` && request.method === 'PATCH') {
      const { attributes } = (request.body as { data: { attributes: Record<string, unknown> } }).data;
      settings = { ...settings, attributes: { ...settings.attributes, ...attributes, updated_at: '2026-11-03T10:00:00Z' } };
      return { status: 200, body: { data: settings } };
    }
    if (path === `${SENDER}/smtp_settings/5/test`) {
      // The saved settings decide: port 2525 is a server that refuses the connection.
      if (settings.attributes.port === 2525) return { status: 422, body: { errors: [{ status: '422', code: 'sender_smtp_test_refused', title: REFUSED }] } };
      return { status: 200, body: { data: { sent: true } } };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  setLang('ru');
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: manager });
  selectSite({ id: '7', name: 'АвтоГрад Север — Kia', host: 'kia-avtograd.ru', client: 'АвтоГрад Север' });
});
afterEach(() => clearAuth());

describe('the SMTP test mail', () => {
  it('goes to the user’s own address through the saved settings; unsaved changes are saved first on the user’s word', async () => {
    const user = userEvent.setup();
    renderAt('/sender/smtp_settings/7');
    expect(await screen.findByRole('heading', { name: 'Настройки SMTP' })).toBeTruthy();
    const to = await screen.findByRole('textbox', { name: 'Адрес для тестового письма' });
    expect((to as HTMLInputElement).value).toBe('manager@kia-avtograd.ru');
    const tests = () => server.requests.filter((request) => request.url === `${SENDER}/smtp_settings/5/test`);

    await user.click(screen.getByRole('button', { name: 'Отправить тестовое письмо' }));
    expect(await screen.findByText('Тестовое письмо отправлено на manager@kia-avtograd.ru')).toBeTruthy();
    expect(tests().map((request) => request.body)).toEqual([{ data: { to: 'manager@kia-avtograd.ru' } }]);

    // A change not saved: the test waits for the user's word, then the save goes before it.
    fireEvent.change(screen.getByLabelText('Порт'), { target: { value: '2525' } });
    await user.click(screen.getByRole('button', { name: 'Отправить тестовое письмо' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Сначала сохранить изменения?').length).toBeGreaterThan(0);
    expect(tests()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить и отправить' }));
    expect(await screen.findByText(REFUSED)).toBeTruthy();
    const patch = server.requests.findIndex((request) => request.method === 'PATCH');
    expect(server.requests[patch]!.body).toMatchObject({ data: { attributes: { port: 2525 } } });
    expect(server.requests.indexOf(tests().at(-1)!)).toBeGreaterThan(patch);
  });
});
