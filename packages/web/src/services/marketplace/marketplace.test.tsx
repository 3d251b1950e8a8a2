import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCREEN_ROUTES } from '@dp/contracts';
import '../../app/i18n.ts';
import { clearAuth, selectSite, setLang, signedIn } from '../../app/session.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer, type RecordedRequest } from '../../test/server.ts';
import { renderAt } from '../../test/render-app.tsx';
import { PAUSED_NOTICE_KEY } from './PausedModulesNotice.tsx';

/**
 * The marketplace in the browser: the site's modules gate its menu and pages, a paused module
 * is announced once per site per session, and the site's marketplace installs and uninstalls.
 */
const permissions = {
  ...ALL_MODES,
  'sites.context': ['sites.get_full_list', 'sites.patch'],
  marketplace: ['modules.view', 'modules.install'],
};
const dealer = makeUser({ ...permissions, dealerships: ['dealers.get_list'] }, { internal: false });
const staff = makeUser({ ...permissions, marketplace: ['modules.view', 'modules.install', 'modules.patch'] });

/** What the fake API holds: the site's installations by code (active or paused). */
let installed: Record<string, { active: boolean; reason?: string }> = {};
const MODULES = [
  { code: 'multiple_locales', name: 'Мультиязычность', description: 'Несколько языков сайта', site_category: 'content' },
  { code: 'captcha', name: 'Капча', description: 'Защита форм сайта от роботов', site_category: 'requests' },
  { code: 'calltracking', name: 'Коллтрекинг', description: 'Отслеживание звонков', site_category: 'requests' },
];

function siteModulesAnswer() {
  const data = MODULES.map((module, index) => ({
    id: String(index + 1),
    type: 'modules',
    attributes: { ...module, promo_link: null, url: null, image: null, sort: index, locales: ['ru', 'en'], active: true, billing_integration: false },
    relationships: { installation: { data: installed[module.code] ? { id: String(100 + index), type: 'module_installations' } : null } },
  }));
  const included = MODULES.flatMap((module, index) =>
    installed[module.code]
      ? [
          {
            id: String(100 + index),
            type: 'module_installations',
            attributes: {
              site_id: 7,
              module_id: index + 1,
              module_code: module.code,
              active: installed[module.code]!.active,
              suspended_reason: installed[module.code]!.reason ?? null,
              suspended_at: installed[module.code]!.active ? null : '2025-03-01T10:00:00Z',
              installed_by: 1,
              created_at: '2025-02-01T10:00:00Z',
              updated_at: '2025-02-01T10:00:00Z',
            },
          },
        ]
      : [],
  );
  return { data, included };
}

const installedAnswer = () => ({
  data: { site_id: 7, modules: Object.keys(installed).sort(), paused: Object.keys(installed).filter((code) => !installed[code]!.active) },
});

let server: Awaited<ReturnType<typeof startApiServer>>;
let me = dealer;
beforeAll(async () => {
  server = await startApiServer((request: RecordedRequest) => {
    const path = request.url.split('?')[0]!;
    if (path === '/gateway/clients.storage/api/v1/me/routes') {
      return { status: 200, body: { data: SCREEN_ROUTES.map((route, index) => ({ id: String(index + 1), type: 'routes', attributes: route })) } };
    }
    if (path === '/gateway/clients.storage/api/v1/me') {
      const { id: _id, ...attributes } = me;
      return { status: 200, body: { data: { id: '1', type: 'users', attributes } } };
    }
    if (path === '/gateway/sites.context/api/v1/sites/7') {
      return {
        status: 200,
        body: { data: { id: '7', type: 'sites', attributes: { name: 'Ладога Авто — Škoda', host: 'skoda-ladoga.ru', client_id: 3, type: 3, use_http: false, locale: 'ru', locales: ['ru', 'en'] } } },
      };
    }
    if (path === '/gateway/marketplace/api/v1/sites/7/installed_modules') return { status: 200, body: installedAnswer() };
    // The client has the dealerships module on none of its sites.
    if (path === '/gateway/dealerships/api/v1/departments') {
      const title = 'Модуль «Дилерские центры» не подключён ни к одному сайту клиента';
      return { status: 403, body: { errors: [{ status: '403', code: 'module_not_installed', title }] } };
    }
    if (path === '/gateway/marketplace/api/v1/sites/7/modules') return { status: 200, body: siteModulesAnswer() };
    const action = /^\/gateway\/marketplace\/api\/v1\/sites\/7\/modules\/([a-z_-]+)\/(install|uninstall)$/.exec(path);
    if (action && request.method === 'POST') {
      const [, code, verb] = action;
      if (verb === 'install') installed[code!] = { active: true };
      else delete installed[code!];
      return { status: 200, body: installedAnswer() };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  sessionStorage.clear();
  setLang('ru');
});
afterEach(() => clearAuth());

function signInAs(user: typeof dealer) {
  me = user;
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user });
  selectSite({ id: '7', name: 'Ладога Авто — Škoda', host: 'skoda-ladoga.ru', client: 'Ладога Авто' });
}

const menuTexts = () => within(screen.getByTestId('side-menu')).queryAllByRole('menuitem').map((item) => item.textContent);

describe('module gating in the browser', () => {
  it('shows a module\'s menu entry and page only while the site has the module', async () => {
    installed = { captcha: { active: true } };
    signInAs(dealer);
    const away = renderAt('/mulitlanuge/settings/7');
    await waitFor(() => expect(away.state.location.pathname).toBe('/home-page'));
    away.unmount();

    installed = { multiple_locales: { active: true } };
    const router = renderAt('/mulitlanuge/settings/7');
    expect(await screen.findByRole('heading', { name: 'Языки сайта' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mulitlanuge/settings/7');
    await waitFor(() => expect(menuTexts()).toContain('Языки сайта'));
  });

  it('tells once per site per session that modules are paused, with the way to the marketplace', async () => {
    installed = { calltracking: { active: false, reason: 'Отрицательный баланс' } };
    signInAs(dealer);
    const router = renderAt('/home-page');
    expect(await screen.findByText('Некоторые модули приостановлены')).toBeTruthy();
    expect(screen.getByText('Модуль Коллтрекинг этого сайта приостановлен: требуется оплата.')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(PAUSED_NOTICE_KEY)!)).toEqual(['7']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Открыть маркетплейс' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/marketplace/7'));
    router.unmount();

    // The same session opening the site again: no second notice.
    renderAt('/home-page');
    await screen.findByTestId('side-menu');
    expect(screen.queryByText('Некоторые модули приостановлены')).toBeNull();
  });
});

describe('a module the site lacks or stopped paying for', () => {
  it('shows a dealer the notice in place of the module\'s screen, and staff the stored data under a warning', async () => {
    installed = { multiple_locales: { active: false, reason: 'Отрицательный баланс' } };
    sessionStorage.setItem(PAUSED_NOTICE_KEY, JSON.stringify(['7']));
    signInAs(dealer);
    const router = renderAt('/mulitlanuge/settings/7');
    expect(await screen.findByText('Модуль «Мультиязычность» на этом сайте приостановлен')).toBeTruthy();
    expect(screen.getByText('Чтобы возобновить работу, обратитесь к вашему менеджеру.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Языки сайта' })).toBeNull();
    expect(router.state.location.pathname).toBe('/mulitlanuge/settings/7');
    router.unmount();

    signInAs(staff);
    renderAt('/mulitlanuge/settings/7');
    expect(await screen.findByRole('heading', { name: 'Языки сайта' })).toBeTruthy();
    expect(screen.getByText('Модуль «Мультиязычность» на этом сайте приостановлен')).toBeTruthy();
    expect(screen.getByText(/сотрудник платформы/)).toBeTruthy();
  });

  it('puts the API\'s refusal of a screen\'s data, in the server\'s words, in place of the screen', async () => {
    installed = {};
    signInAs(dealer);
    renderAt('/dealerships/departments');
    expect(await screen.findByText('Модуль «Дилерские центры» не подключён ни к одному сайту клиента')).toBeTruthy();
    expect(screen.getByText('Подключите модуль в маркетплейсе сайта или обратитесь к вашему менеджеру.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Открыть маркетплейс' })).toBeTruthy();
    expect(screen.queryByText('Не удалось загрузить данные')).toBeNull();
  });
});

describe('the site marketplace', () => {
  it('lists available, installed and deactivated modules, installs one and uninstalls it with a reason', async () => {
    installed = { captcha: { active: true }, calltracking: { active: false, reason: 'Отрицательный баланс' } };
    sessionStorage.setItem(PAUSED_NOTICE_KEY, JSON.stringify(['7']));
    signInAs(dealer);
    renderAt('/marketplace/marketplace/7');
    expect(await screen.findByRole('heading', { name: 'Модули сайта' })).toBeTruthy();
    // A paused module still counts as available; the dealer is told to contact the manager.
    expect(await screen.findByRole('tab', { name: 'Доступные (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Подключённые (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Отключённые (1)' })).toBeTruthy();
    expect(screen.getAllByText(/Обратитесь|обратитесь/).length).toBeGreaterThan(0);
    // No staff actions for a dealer.
    expect(screen.queryByRole('button', { name: /Приостановить|Возобновить|Массовое/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Подключить Мультиязычность' }));
    expect(await screen.findByText('«Мультиязычность» подключён')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Подключённые (2)' })).toBeTruthy());
    const posted = server.requests.filter((r) => r.method === 'POST');
    expect(posted.at(-1)!.url).toBe('/gateway/marketplace/api/v1/sites/7/modules/multiple_locales/install');
    // The menu follows at once.
    await waitFor(() => expect(menuTexts()).toContain('Языки сайта'));

    await user.click(screen.getByRole('tab', { name: 'Подключённые (2)' }));
    await user.click(await screen.findByRole('button', { name: 'Отключить Мультиязычность' }));
    // The dialog of this question: another one (a notice) may still be closing.
    const dialog = (await screen.findByText('Отключить «Мультиязычность»?')).closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(dialog).getByRole('button', { name: 'Отключить' }));
    expect(await within(dialog).findByText('Это поле обязательно для заполнения')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Причина'), 'Сайт только на русском');
    await user.click(within(dialog).getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByText('«Мультиязычность» отключён')).toBeTruthy();
    const last = server.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(last.url).toBe('/gateway/marketplace/api/v1/sites/7/modules/multiple_locales/uninstall');
    expect(last.body).toEqual({ data: { reason: 'Сайт только на русском' } });
    await waitFor(() => expect(menuTexts()).not.toContain('Языки сайта'));
  });

  it('offers platform staff suspend, resume and mass changes', async () => {
    installed = { captcha: { active: true }, calltracking: { active: false, reason: 'Отрицательный баланс' } };
    sessionStorage.setItem(PAUSED_NOTICE_KEY, JSON.stringify(['7']));
    signInAs(staff);
    renderAt('/marketplace/marketplace/7');
    expect(await screen.findByRole('button', { name: 'Массовое подключение и отключение' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Подключённые (1)' }));
    expect(await screen.findByRole('button', { name: 'Приостановить Капча' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Отключённые (1)' }));
    expect(await screen.findByRole('button', { name: 'Возобновить Коллтрекинг' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отключить Коллтрекинг' })).toBeTruthy();
  });
});
