import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { centralProxyActionResource, clientResource, importProfileResource, type AnyResource } from '@dp/contracts';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang, signedIn } from '../app/session.ts';
import { api } from './api.ts';
import { createDefaults, ResourceForm } from './ResourceForm.tsx';
import { startApiServer, type RecordedRequest } from '../test/server.ts';
import { makeUser } from '../test/fixtures.ts';

const resource = clientResource as unknown as AnyResource;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer((request: RecordedRequest) => {
    if (request.method === 'GET' && request.url.startsWith('/gateway/clients.storage/api/v1/groups')) {
      return {
        status: 200,
        body: { data: [{ id: '3', type: 'groups', attributes: { name: 'Премиум' } }], meta: { page: { number: 1, size: 500, total: 1 } } },
      };
    }
    if (request.method === 'POST' && request.url === '/gateway/clients.storage/api/v1/clients') {
      const lang = request.headers['accept-language'];
      return {
        status: 409,
        body: {
          errors: [
            {
              status: '409',
              code: 'conflict_unique',
              title: lang === 'en' ? 'A record with this "code" already exists' : 'Запись с таким значением «code» уже существует',
              source: { pointer: '/data/attributes/code' },
            },
          ],
        },
      };
    }
    if (request.method === 'PATCH' && request.url === '/gateway/clients.storage/api/v1/clients/7') {
      const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
      return { status: 200, body: { data: { ...CLIENT, attributes: { ...CLIENT.attributes, ...attributes } } } };
    }
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'not found' }] } };
  });
});

const CLIENT = {
  id: '7',
  type: 'clients',
  attributes: { name: 'Автодом', code: 'autodom', group_ids: [3], holding: null, billing_id: null, media_elements: [], created_at: '2026-01-02T10:00:00Z', updated_at: '2026-01-02T10:00:00Z' },
};

afterAll(() => server.close());

function signIn() {
  signedIn({
    access_token: 'token',
    refresh_token: 'refresh',
    token_type: 'Bearer',
    expires_in: 900,
    user: makeUser({ 'auth.processing': ['settings_mode'], 'clients.storage': ['clients.get_full_list', 'clients.create', 'groups.list'] }),
  });
}

function renderForm(record?: typeof CLIENT) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <ResourceForm resource={resource} record={record} />
    </Providers>,
  );
}

const patches = () => server.requests.filter((request) => request.method === 'PATCH');

const fieldItem = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('ResourceForm', () => {
  it('says a write-only token is set and kept by an empty field, only when the record has one', async () => {
    signIn();
    setLang('en');
    const central = centralProxyActionResource as unknown as AnyResource;
    const record = (has_token: boolean) => ({ id: '4', type: 'central_proxy_actions', attributes: { title: 'CRM', url: 'https://crm.example/leads', has_token, is_required: false, created_at: '2026-01-02T10:00:00Z', updated_at: '2026-01-02T10:00:00Z' } });
    const view = render(
      <Providers queryClient={createQueryClient()}>
        <ResourceForm resource={central} record={record(true)} />
      </Providers>,
    );
    expect(await screen.findByText('A value is set and not shown; leave the field empty to keep it')).toBeTruthy();
    expect(screen.getByLabelText('Token').getAttribute('placeholder')).toBe('Set');
    view.unmount();
    render(
      <Providers queryClient={createQueryClient()}>
        <ResourceForm resource={central} record={record(false)} />
      </Providers>,
    );
    await screen.findByLabelText('Token');
    expect(screen.queryByText('A value is set and not shown; leave the field empty to keep it')).toBeNull();
    setLang('ru');
  });

  it("starts a new record from the server's defaults: a switch on by default shows on", async () => {
    signIn();
    setLang('ru');
    const profiles = importProfileResource as unknown as AnyResource;
    expect(createDefaults(profiles)).toMatchObject({ use_alias: true, is_asp: false, client_ids: [], column_mapping: {} });
    render(
      <Providers queryClient={createQueryClient()}>
        <ResourceForm resource={profiles} />
      </Providers>,
    );
    expect((await screen.findByRole('switch', { name: 'Алиасы' })).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'АСП' }).getAttribute('aria-checked')).toBe('false');
  });

  it('shows the required message on an empty submit, without calling the server', async () => {
    signIn();
    setLang('ru');
    const user = userEvent.setup();
    renderForm();
    const before = server.requests.filter((request) => request.method === 'POST').length;
    await user.click(screen.getByRole('button', { name: /Создать/ }));
    await waitFor(() => expect(within(fieldItem('Название')).getByText('Это поле обязательно для заполнения')).toBeTruthy());
    expect(await within(fieldItem('Код')).findByText('Это поле обязательно для заполнения')).toBeTruthy();
    expect(within(fieldItem('Холдинг')).queryByText('Это поле обязательно для заполнения')).toBeNull();
    expect(server.requests.filter((request) => request.method === 'POST').length).toBe(before);
  });

  it('checks the field rules of the contracts as the user types (code format), in English too', async () => {
    signIn();
    setLang('en');
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Code'), 'код');
    await waitFor(() => expect(within(fieldItem('Code')).getByText('Only Latin letters, digits, "-" and "_" are allowed')).toBeTruthy());
    setLang('ru');
  });

  it('puts a server field error on its field and keeps what the user typed', async () => {
    signIn();
    setLang('ru');
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Название'), '  Автодом ');
    await user.type(screen.getByLabelText('Код'), 'autodom');
    await user.click(screen.getByRole('button', { name: /Создать/ }));

    // The duplicate value names the field's label, not its code.
    await waitFor(() => expect(within(fieldItem('Код')).getByText('Запись с таким значением «Код» уже существует')).toBeTruthy());
    const post = server.requests.find((request) => request.method === 'POST')!;
    expect(post.headers.authorization).toBe('Bearer token');
    expect(post.headers['accept-language']).toBe('ru');
    expect(post.body).toEqual({ data: { type: 'clients', attributes: { name: 'Автодом', code: 'autodom', group_ids: [], media_elements: [] } } });
    expect((screen.getByLabelText('Код') as HTMLInputElement).value).toBe('autodom');
    expect((screen.getByLabelText('Название') as HTMLInputElement).value).toBe('  Автодом ');
    expect(within(fieldItem('Название')).queryByText(/уже существует/)).toBeNull();
  });

  it('saving an unchanged record sends nothing and does not say it was saved', async () => {
    signIn();
    setLang('ru');
    const user = userEvent.setup();
    renderForm(CLIENT);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменений нет — сохранять нечего')).toBeTruthy();
    expect(screen.queryByText('Изменения сохранены')).toBeNull();
    expect(patches()).toEqual([]);
  });

  it('saving a change sends only the changed field', async () => {
    signIn();
    setLang('ru');
    const user = userEvent.setup();
    renderForm(CLIENT);
    await user.type(screen.getByLabelText('Холдинг'), 'Автодом Групп');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены')).toBeTruthy();
    expect(patches().map((request) => request.body)).toEqual([{ data: { type: 'clients', id: '7', attributes: { holding: 'Автодом Групп' } } }]);
  });
});
