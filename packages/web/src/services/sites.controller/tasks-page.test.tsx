import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { SCREEN_ROUTES, type SiteTaskRecord } from '@dp/contracts';
import '../../app/i18n.ts';
import { makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../test/server.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { appRoutes } from '../../app/router.tsx';
import { clearAuth, setLang, signedIn } from '../../app/session.ts';
// The lazy screen, loaded up front so that a cold start does not eat the waits.
import './TasksPage.tsx';

/**
 * The tasks screen against a real HTTP server standing in for the API: the lists from page 0 by
 * 25 with the total, names of the acting users (their ids when the names cannot be loaded), the
 * error code texts, and the actions with confirmation for platform staff only.
 */
const BASE = '/gateway/sites.controller/api/v1';
const PERMISSIONS = { 'auth.processing': ['settings_mode'], 'sites.controller': ['tasks'] };
const staff = makeUser(PERMISSIONS, { internal: true });
const dealer = makeUser(PERMISSIONS, { internal: false, email: 'manager@dealer.test' });

const task = (extra: Partial<SiteTaskRecord>): SiteTaskRecord => ({
  id: 1,
  siteId: 10,
  siteName: 'Kia Север',
  siteStatus: 2,
  clientId: 1,
  userId: 7,
  action: 'create_site',
  repeatCount: 0,
  status: 'NEW',
  host: 'kia-sever.ru',
  oldHost: null,
  vmId: null,
  www: false,
  domainCode: 'kia-sever',
  payload: {},
  errorCode: null,
  error: null,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  ...extra,
});

let user = staff;
let active: SiteTaskRecord[] = [];
let namesFail = false;
let server: Awaited<ReturnType<typeof startApiServer>>;
/** The update streams of this origin: a WebSocket server speaking the protocol of kit/realtime.ts. */
let streams: WebSocketServer;
let subscribers: { path: string; socket: ServerSocket }[] = [];
const requests = (path: string) => server.requests.filter((r) => r.url.split('?')[0] === `${BASE}/${path}`);

beforeAll(async () => {
  server = await startApiServer((request) => {
    const [path, search = ''] = request.url.split('?') as [string, string?];
    const query = new URLSearchParams(search);
    if (path === '/gateway/clients.storage/api/v1/me/routes')
      return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
    if (path === '/gateway/clients.storage/api/v1/me') {
      const { id: _id, ...attributes } = user;
      return { status: 200, body: { data: { id: '1', type: 'users', attributes } } };
    }
    if (path === `${BASE}/tasks/active`) {
      const page = Number(query.get('page'));
      return { status: 200, body: { tasks: active.slice(page * 25, page * 25 + 25), totalCount: active.length } };
    }
    if (path === `${BASE}/tasks/archived`) return { status: 200, body: { tasks: [], totalCount: 0 } };
    if (path === `${BASE}/tasks/users`) {
      if (namesFail) return { status: 503, body: { errors: [{ status: '503', code: 'service_unavailable', title: 'Сервис временно недоступен' }] } };
      return { status: 200, body: { data: [{ id: '7', type: 'users', attributes: { name: 'Дмитрий', last_name: 'Волков' } }] } };
    }
    const action = /^\/gateway\/sites\.controller\/api\/v1\/tasks\/(\d+)\/(\w+)$/.exec(path);
    if (action && request.method === 'POST') {
      const found = active.find((x) => x.id === Number(action[1]))!;
      found.status = 'APPROVED';
      found.payload = { approved_by: 1 };
      return { status: 200, body: { data: found } };
    }
    return NOT_FOUND;
  });
});
beforeAll(async () => {
  streams = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => streams.once('listening', resolve));
  streams.on('connection', (socket, request) => {
    socket.once('message', () => {
      subscribers.push({ path: request.url ?? '', socket });
      socket.send(JSON.stringify({ type: 'ready', stream: request.url }));
    });
  });
  // The page's streams live on its own origin.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${(streams.address() as AddressInfo).port}/`);
});
afterAll(async () => {
  await server.close();
  for (const { socket } of subscribers) socket.terminate();
  await new Promise((resolve) => streams.close(resolve));
});
beforeEach(() => {
  clearAuth();
  setLang('ru');
  namesFail = false;
  user = staff;
  server.requests.length = 0;
  subscribers = [];
});

function open() {
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/sites.controller/tasks_page/'] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('the tasks screen', () => {
  // The first render loads the lazy screen and antd: on a busy machine it takes a while.
  it('pages the active tasks from 0 by 25 with the total', { timeout: 60_000 }, async () => {
    active = Array.from({ length: 27 }, (_, i) => task({ id: 100 - i, siteName: `Сайт ${100 - i}` }));
    open();
    expect(await screen.findByText('Сайт 100', {}, { timeout: 30_000 })).toBeTruthy();
    expect(requests('tasks/active')[0]!.url).toContain('page=0&limit=25');
    expect(screen.getByText('1–25 из 27 записей')).toBeTruthy();
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Сайт 74')).toBeTruthy();
    expect(requests('tasks/active').at(-1)!.url).toContain('page=1&limit=25');
  });

  it('names the acting users, shows error codes in words, and shows the raw id when names fail', async () => {
    active = [task({ id: 5, status: 'FAILED', errorCode: 21, error: 'the virtual machine 3 already serves kia-sever.ru', payload: { approved_by: 7 } })];
    open();
    const table = await screen.findByTestId('tasks-active');
    expect(await within(table).findAllByText('Волков Дмитрий')).toHaveLength(2);
    expect(within(table).getByText('21: Виртуальная машина с таким именем хоста уже существует')).toBeTruthy();
    expect(within(table).getByTestId('task-status').textContent).toBe('Ошибка');
    cleanup();
    namesFail = true;
    open();
    const failed = await screen.findByTestId('tasks-active');
    await waitFor(() => expect(requests('tasks/users').length).toBeGreaterThan(0));
    expect(await within(failed).findAllByText('#7')).toHaveLength(2);
  });

  it('says what is left after a creation: a site still a draft is to be published', async () => {
    active = [task({ id: 8, status: 'COMPLETE', siteStatus: 2 }), task({ id: 9, status: 'COMPLETE', siteStatus: 1, siteName: 'Kia Юг' })];
    open();
    const table = await screen.findByTestId('tasks-active');
    const left = await within(table).findAllByTestId('task-left');
    expect(left).toHaveLength(1);
    expect(left[0]!.textContent).toContain('Осталось опубликовать сайт');
    expect(within(left[0]!).getByRole('link', { name: 'Настройки сайта' }).getAttribute('href')).toBe('/sites.context/sites/10/settings');
  });

  it('lets staff approve after a confirmation', async () => {
    active = [task({ id: 9 })];
    open();
    const table = await screen.findByTestId('tasks-active');
    await userEvent.click(await within(table).findByRole('button', { name: /Одобрить/ }));
    expect(await screen.findByText('Одобрить задачу № 9?')).toBeTruthy();
    expect(requests('tasks/9/approve')).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Одобрить' }).at(-1)!;
    await userEvent.click(confirm);
    await waitFor(() => expect(requests('tasks/9/approve')).toHaveLength(1));
    expect(await screen.findByText('Задача № 9 одобрена и поставлена в очередь')).toBeTruthy();
  });

  it('shows a change pushed on the tasks stream without a reload', async () => {
    active = [task({ id: 12, siteName: 'Живой сайт' })];
    open();
    const table = await screen.findByTestId('tasks-active');
    expect(await within(table).findByText('Новая')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('tasks-live').textContent).toBe('Обновляется автоматически'));
    active = [task({ id: 12, siteName: 'Живой сайт', status: 'IN_PROGRESS' })];
    const stream = subscribers.find((s) => s.path.endsWith('/tasks/updates'))!;
    stream.socket.send(JSON.stringify({ type: 'update', stream: 'sites.controller.tasks', data: { task: active[0] } }));
    expect(await within(table).findByText('Выполняется')).toBeTruthy();
  });

  it('shows a dealer the tasks without the actions', async () => {
    user = dealer;
    active = [task({ id: 11, siteName: 'Дилерский сайт' })];
    open();
    const table = await screen.findByTestId('tasks-active');
    expect(await within(table).findByText('Дилерский сайт')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Одобрить/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Добавить ВМ/ })).toBeNull();
  });
});
