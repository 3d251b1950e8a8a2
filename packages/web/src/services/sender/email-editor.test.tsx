import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCREEN_ROUTES } from '@dp/contracts';
import '../../app/i18n.ts';
import { clearAuth, selectSite, setLang, signedIn } from '../../app/session.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer, type RecordedRequest } from '../../test/server.ts';
import { renderAt } from '../../test/render-app.tsx';
import { emailsProblem, normalEmails } from './sender-api.ts';

/**
 * The e-mail template editor in the browser: a new template's recipients are
 * checked with the spec's message, placeholders go into the text, the preview shows the server's
 * rendering on a sample request (HTML in a sandboxed frame), and the save sends what was typed.
 */
const dealer = makeUser(
  {
    ...ALL_MODES,
    'sites.context': ['sites.get_full_list'],
    sender: ['email_actions.get_list', 'email_actions.create', 'email_actions.patch', 'email_actions.delete', 'smtp_settings.get_list'],
  },
  { internal: false },
);
const SENDER = '/gateway/sender/api/v1';
let templates: { id: string; type: string; attributes: Record<string, unknown> }[] = [];

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request: RecordedRequest) => {
    const path = request.url.split('?')[0]!;
    if (path === '/gateway/clients.storage/api/v1/me/routes') return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
    if (path === '/gateway/clients.storage/api/v1/me') {
      const { id: _id, ...attributes } = dealer;
      return { status: 200, body: { data: { id: '1', type: 'users', attributes } } };
    }
    if (path === '/gateway/sites.context/api/v1/sites/7') return { status: 200, body: { data: { id: '7', type: 'sites', attributes: { name: 'АвтоГрад Север — Kia', host: 'kia-avtograd.ru', client_id: 3, type: 3, use_http: false } } } };
    if (path === '/gateway/marketplace/api/v1/sites/7/installed_modules') return { status: 200, body: { data: { site_id: 7, modules: ['requests'], paused: [] } } };
    if (path === `${SENDER}/smtp_settings`) return { status: 200, body: { data: [], meta: { page: { number: 1, size: 100, total: 0 } } } };
    if (path === `${SENDER}/email_actions` && request.method === 'GET') return { status: 200, body: { data: templates, meta: { page: { number: 1, size: 20, total: templates.length } } } };
    if (path === `${SENDER}/email_actions/preview`) {
      // The server's rendering of the sample request: its values, escaped in HTML.
      const { subject, body, content_type } = (request.body as { data: { subject: string; body: string; content_type: string } }).data;
      const fill = (text: string, html: boolean) => text.replaceAll('{{name}}', html ? 'Анна &lt;Иванова&gt;' : 'Анна <Иванова>').replace(/\{\{\w+\}\}/g, '');
      const unknown = [...`${subject} ${body}`.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).filter((name) => name !== 'name');
      return { status: 200, body: { data: { subject: fill(subject, false), body: fill(body, content_type === 'html'), content_type, unknown_placeholders: unknown } } };
    }
    if (path === `${SENDER}/email_actions` && request.method === 'POST') {
      const record = { id: '41', type: 'email_actions', attributes: { ...(request.body as { data: { attributes: Record<string, unknown> } }).data.attributes, updated_at: '2026-11-02T10:00:00Z' } };
      templates = [record];
      return { status: 201, body: { data: record } };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  templates = [];
  setLang('ru');
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: dealer });
  selectSite({ id: '7', name: 'АвтоГрад Север — Kia', host: 'kia-avtograd.ru', client: 'АвтоГрад Север' });
});
afterEach(() => clearAuth());

/** Pastes addresses into a tags input (each closed by a comma, as a list copied from a mail). */
async function typeAddresses(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, addresses: string[]) {
  await user.click(input);
  for (const address of addresses) await user.paste(`${address},`);
}

describe('the e-mail template editor', () => {
  // The whole app with the list, the drawer and a long typed template: over the default on a busy machine.
  it('checks recipients, inserts placeholders, previews on a sample request and saves what was typed', async () => {
    const user = userEvent.setup();
    renderAt('/sender/email_actions/7');
    expect(await screen.findByRole('heading', { name: 'Шаблоны писем' })).toBeTruthy();
    expect(await screen.findByText('Шаблонов писем пока нет')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: /Новый шаблон/ })[0]!);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Новый шаблон письма')).toBeTruthy();

    fireEvent.change(within(drawer).getByLabelText('Название'), { target: { value: 'Заявка на звонок' } });
    fireEvent.change(within(drawer).getByLabelText('Отправитель'), { target: { value: 'sales@kia-avtograd.ru' } });
    await typeAddresses(user, within(drawer).getByLabelText('Получатели'), ['Manager@Kia-Avtograd.ru']);
    await typeAddresses(user, within(drawer).getByLabelText('Копия'), ['not-an-address']);
    fireEvent.change(within(drawer).getByLabelText('Тема'), { target: { value: 'Звонок от {{name}}' } });
    await user.click(within(drawer).getByText('HTML'));
    fireEvent.change(within(drawer).getByLabelText('Текст письма'), { target: { value: '<p>Клиент: ' } });
    // A placeholder goes into the text where the cursor would end.
    await user.click(within(drawer).getByRole('button', { name: '{{name}}' }));
    expect((within(drawer).getByLabelText('Текст письма') as HTMLTextAreaElement).value).toBe('<p>Клиент: {{name}}');

    await user.click(within(drawer).getByRole('button', { name: /Предпросмотр/ }));
    const preview = await within(drawer).findByTestId('email-preview');
    expect(within(preview).getByText('Звонок от Анна <Иванова>')).toBeTruthy();
    const frame = preview.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Клиент: Анна &lt;Иванова&gt;');
    expect(within(preview).queryByRole('alert')).toBeNull();
    // A placeholder no request fills is named above the preview (it stays empty in the mail).
    fireEvent.change(within(drawer).getByLabelText('Тема'), { target: { value: 'Звонок от {{nmae}} {{constructor}}' } });
    await user.click(within(drawer).getByRole('button', { name: /Предпросмотр/ }));
    expect(await within(drawer).findByText('Неизвестные подстановки: {{nmae}}, {{constructor}}. Их не заполняет ни одна заявка: в письме они останутся пустыми.')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Тема'), { target: { value: 'Звонок от {{name}}' } });
    expect(server.requests.find((request) => request.url === `${SENDER}/email_actions/preview`)!.body).toEqual({
      data: { site_id: 7, subject: 'Звонок от {{name}}', body: '<p>Клиент: {{name}}', content_type: 'html' },
    });

    // A wrong copy address: the spec's message naming it, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await within(drawer).findByText('Email указан неверно: not-an-address')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'POST' && request.url === `${SENDER}/email_actions`)).toBe(false);
    const copy = within(drawer).getByText('not-an-address').closest('.ant-tag')!;
    await user.click(copy.querySelector('.ant-tag-close-icon')!);

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Запись создана')).toBeTruthy();
    const saved = server.requests.find((request) => request.method === 'POST' && request.url === `${SENDER}/email_actions`)!;
    expect(saved.body).toEqual({
      data: {
        type: 'email_actions',
        attributes: {
          site_id: 7,
          title: 'Заявка на звонок',
          from: 'sales@kia-avtograd.ru',
          to: ['manager@kia-avtograd.ru'],
          cc: [],
          bcc: [],
          dealer_recipients: [],
          subject: 'Звонок от {{name}}',
          content_type: 'html',
          body: '<p>Клиент: {{name}}',
          is_required: false,
          is_smtp: false,
        },
      },
    });
    expect(await screen.findByText('Заявка на звонок')).toBeTruthy();
  }, 60_000);
});

describe('address lists', () => {
  it('are trimmed, lower-cased and without repeats, and name the first wrong address in the spec words', () => {
    expect(normalEmails([' A@B.test ', 'a@b.test', '', 'c@d.test'])).toEqual(['a@b.test', 'c@d.test']);
    expect(emailsProblem(['a@b.test', 'nope'], 'ru')).toBe('Email указан неверно: nope');
    expect(emailsProblem(['nope'], 'en')).toBe('Email is incorrect: nope');
    expect(emailsProblem([], 'en', { required: true })).toBe('This field is required');
    expect(emailsProblem(Array.from({ length: 21 }, (_, i) => `m${i}@b.test`), 'en')).toBe('At most 20 items');
    expect(emailsProblem(['a@b.test'], 'ru')).toBeNull();
  });
});
