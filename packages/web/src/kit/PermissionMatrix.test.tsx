import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang, signedIn } from '../app/session.ts';
import { makeUser } from '../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../test/server.ts';
import { PermissionMatrix } from './PermissionMatrix.tsx';
import { buildMatrix, type PermissionRecord } from './usePermissions.ts';

/** Permissions as the seed stores them: Russian names, some renamed, one nobody named. */
const RECORDS: PermissionRecord[] = [
  { id: 1, service: 'auth.processing', code: 'site_mode', name: 'Режим «Сайт»', description: null },
  { id: 2, service: 'auth.processing', code: 'root', name: 'Администратор платформы (root)', description: null },
  { id: 10, service: 'clients.storage', code: 'users.get_list', name: 'Пользователи: просмотр', description: null },
  { id: 11, service: 'clients.storage', code: 'users.create', name: 'Пользователи: создание', description: null },
  { id: 12, service: 'clients.storage', code: 'users.patch', name: 'Пользователи: изменение', description: null },
  { id: 13, service: 'clients.storage', code: 'users.delete', name: 'Пользователи: удаление', description: null },
  { id: 14, service: 'clients.storage', code: 'routes.get_list', name: 'routes.get_list', description: null },
  { id: 15, service: 'clients.storage', code: 'satisfaction.report', name: 'Отчёт для директора', description: null },
  { id: 20, service: 'gateway.processing', code: 'routes.get_list', name: 'Маршруты шлюза: просмотр', description: null },
];
const services = (service: string) => ({ 'auth.processing': 'Авторизация', 'clients.storage': 'Клиенты и доступ', 'gateway.processing': 'Шлюз API' })[service] ?? service;

describe('buildMatrix', () => {
  it('groups codes by service, entity and column, in the reader language', () => {
    const matrix = buildMatrix(RECORDS, 'en', services, 'General');
    expect(matrix.map((block) => block.service)).toEqual(['auth.processing', 'clients.storage', 'gateway.processing']);
    const clients = matrix.find((block) => block.service === 'clients.storage')!;
    const users = clients.rows.find((row) => row.entity === 'users')!;
    expect(users.title).toBe('Users');
    expect(Object.fromEntries(Object.entries(users.cells).map(([column, cells]) => [column, cells!.map((cell) => cell.name)]))).toEqual({
      read: ['Users: view'],
      create: ['Users: create'],
      change: ['Users: change'],
      delete: ['Users: delete'],
    });
    // A renamed permission keeps its own name; an unnamed one gets its texts.
    expect(clients.rows.find((row) => row.entity === 'satisfaction')!.special[0]!.name).toBe('Отчёт для директора');
    expect(clients.rows.find((row) => row.entity === 'routes')!.cells.read![0]!.name).toBe('Screen routes: view');
  });

  it('tells the two routes.get_list apart by their service', () => {
    const matrix = buildMatrix(RECORDS, 'ru', services, 'Общие');
    const screen = matrix.find((block) => block.service === 'clients.storage')!.rows.find((row) => row.entity === 'routes')!;
    const gateway = matrix.find((block) => block.service === 'gateway.processing')!.rows.find((row) => row.entity === 'routes')!;
    expect([screen.title, gateway.title]).toEqual(['Маршруты экранов', 'Маршруты шлюза']);
    expect([screen.cells.read![0]!.id, gateway.cells.read![0]!.id]).toEqual([14, 20]);
  });

  it('shows the publishing rule beside a publishing code, in the reader language', () => {
    const records: PermissionRecord[] = [
      { id: 30, service: 'sites.context', code: 'pages.patch', name: 'Страницы: изменение', description: null },
      { id: 31, service: 'sites.context', code: 'pages.publish', name: 'Страницы: публикация', description: null },
    ];
    const pages = buildMatrix(records, 'en', services, 'General')[0]!.rows.find((row) => row.entity === 'pages')!;
    expect(pages.special[0]).toMatchObject({ name: 'Pages: publish', note: 'Only holders publish, unpublish and schedule, on every site; with strict publishing, after submission' });
    expect(pages.cells.change![0]!.note).toBeNull();
    expect(buildMatrix(records, 'ru', services, 'Общие')[0]!.rows[0]!.special[0]!.note).toMatch(/^Только с этим правом можно публиковать/);
  });

  it('keeps what a search finds: a whole service, a whole row, or single codes', () => {
    expect(buildMatrix(RECORDS, 'ru', services, 'Общие', 'шлюз').map((block) => block.service)).toEqual(['gateway.processing']);
    const byRow = buildMatrix(RECORDS, 'ru', services, 'Общие', 'пользователи');
    expect(byRow.flatMap((block) => block.ids)).toEqual([10, 11, 12, 13]);
    expect(buildMatrix(RECORDS, 'en', services, 'General', 'site_mode').flatMap((block) => block.ids)).toEqual([1]);
  });
});

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    if (request.url.split('?')[0] === '/gateway/clients.storage/api/v1/permissions') {
      return {
        status: 200,
        body: { data: RECORDS.map(({ id, ...attributes }) => ({ id: String(id), type: 'permissions', attributes })), meta: { page: { number: 1, size: 1000, total: RECORDS.length } } },
      };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());

function Harness({ initial, onChange }: { initial: number[]; onChange: (ids: number[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionMatrix
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

function renderMatrix(lang: 'ru' | 'en', initial: number[], onChange: (ids: number[]) => void = () => undefined) {
  signedIn({ access_token: 'token', refresh_token: 'refresh', token_type: 'Bearer', expires_in: 900, user: makeUser({ 'clients.storage': ['permissions.get_list'] }) });
  setLang(lang);
  return render(
    <Providers queryClient={createQueryClient()}>
      <Harness initial={initial} onChange={onChange} />
    </Providers>,
  );
}

describe('PermissionMatrix', () => {
  it('shows a count per service, opens the services with a choice, and names codes in words', async () => {
    renderMatrix('ru', [10, 14]);
    expect((await screen.findByTestId('permission-count-clients.storage')).textContent).toBe('2 из 6');
    expect(screen.getByTestId('permission-count-auth.processing').textContent).toBe('0 из 2');
    expect(screen.getByText('Выбрано 2 права')).toBeTruthy();
    // The clients.storage block is open: its rows and columns in words, the choice checked.
    expect(screen.getByRole('checkbox', { name: 'Пользователи: просмотр' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Пользователи: удаление' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Маршруты экранов: просмотр' })).toHaveProperty('checked', true);
    expect(screen.queryByText('users.get_list')).toBeNull();
  });

  it('selects and clears a whole service, and single codes', async () => {
    const changes: number[][] = [];
    renderMatrix('en', [10], (ids) => changes.push(ids));
    const user = userEvent.setup();
    const header = (await screen.findByTestId('permission-count-clients.storage')).closest('.ant-collapse-item') as HTMLElement;
    await user.click(within(header).getByRole('checkbox', { name: 'All in service' }));
    expect(changes.at(-1)).toEqual([10, 11, 12, 13, 14, 15]);
    await waitFor(() => expect(screen.getByTestId('permission-count-clients.storage').textContent).toBe('6 of 6'));
    await user.click(within(header).getByRole('checkbox', { name: 'All in service' }));
    expect(changes.at(-1)).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Users: delete' }));
    expect(changes.at(-1)).toEqual([13]);
    setLang('ru');
  });

  it('finds permissions by name, description or code and opens what it found', async () => {
    renderMatrix('en', []);
    const user = userEvent.setup();
    await screen.findByTestId('permission-count-gateway.processing');
    await user.type(screen.getByRole('searchbox', { name: 'Search permissions' }), 'gateway');
    await waitFor(() => expect(screen.queryByTestId('permission-count-clients.storage')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Gateway routes: view' })).toBeTruthy();
    setLang('ru');
  });
});
