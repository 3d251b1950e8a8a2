import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './playwright.config.ts';
import { ADMIN, openMode, signIn, signInAgain, signOut, useLanguage, visit, fitsWidth } from './kit.ts';

const API = '/gateway/clients.storage/api/v1';

/** The notice of a save, in the top right corner below the top bar. */
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

test('the administrator (platform staff, no client) saves its own record unchanged and changed', async ({ page }) => {
  await signInAgain(page, ADMIN);
  await useLanguage(page, 'RU');
  await visit(page, '/clients.storage/users/');
  await page.getByRole('link', { name: 'Администраторова' }).click();
  await expect(page.getByRole('heading', { name: 'Пользователь «Анна Администраторова»' })).toBeVisible();
  await expect(page).toHaveTitle('Анна Администраторова — Dealer Platform');

  // Unchanged: nothing is sent, nothing is said to be saved, and no "at least one client".
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(notice(page, 'Изменений нет — сохранять нечего')).toBeVisible();
  await expect(page.getByText('Необходимо выбрать хотя бы одного клиента')).toHaveCount(0);
  await expect(notice(page, 'Изменения сохранены')).toHaveCount(0);

  // Changed: the phone is saved, the record has no client, and the history says so.
  const digits = String(Date.now()).slice(-4);
  const number = `+7 (912) 345-${digits.slice(0, 2)}-${digits.slice(2)}`;
  await page.getByLabel('Телефон').fill(number);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(notice(page, 'Изменения сохранены')).toBeVisible();
  await expect(page.getByText('Необходимо выбрать хотя бы одного клиента')).toHaveCount(0);
  // The notice sits below the top bar, never over the profile menu.
  const bar = await page.locator('.shell-header').boundingBox();
  const box = await notice(page, 'Изменения сохранены').boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  await expect(page.locator('.audit-history').getByText('Изменение').first()).toBeVisible();
  // Stored in the one normalised form every phone takes.
  const stored = `+7912345${digits}`;
  await expect(page.locator('.audit-history').getByText(stored).first()).toBeVisible();

  await page.getByLabel('Телефон').fill('');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByLabel('Телефон')).toHaveValue('');
  // The newest entry: the phone, from the number back to nothing.
  const newest = page.locator('.audit-history .audit-entry').first();
  await expect(newest.getByText('Изменение')).toBeVisible();
  await expect(newest.getByRole('row', { name: new RegExp(`Телефон.*\\${stored}.*—`) })).toBeVisible();
});

test('a role is made with the permission matrix: search, a whole service, a count per service, names instead of codes', async ({ page }) => {
  const run = Date.now().toString(36);
  await signInAgain(page, ADMIN);
  await useLanguage(page, 'RU');
  await visit(page, '/clients.storage/roles/');
  await page.getByRole('button', { name: /^Создать/ }).first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Название').fill(`Аудитор ${run}`);
  await drawer.getByLabel('Код').fill(`auditor-${run}`);

  const matrix = drawer.locator('.permission-matrix');
  await expect(matrix.getByTestId('permission-count-gateway.processing')).toHaveText(/^0 из \d+$/);
  // Every code of the gateway at once.
  await matrix.locator('.ant-collapse-item', { has: page.getByTestId('permission-count-gateway.processing') }).getByRole('checkbox', { name: 'Все в сервисе' }).click();
  await expect(matrix.getByTestId('permission-count-gateway.processing')).toHaveText(/^(\d+) из \1$/);
  // One code found by its words: the two "routes.get_list" are told apart by their service.
  await matrix.getByRole('searchbox', { name: 'Поиск по правам' }).fill('журнал аудита');
  await matrix.getByRole('checkbox', { name: 'Журнал аудита: просмотр' }).click();
  await expect(matrix.getByRole('checkbox', { name: 'Журнал аудита: просмотр' })).toBeChecked();
  await expect(matrix.getByTestId('permission-count-clients.storage')).toHaveText(/^1 из \d+$/);
  await matrix.getByRole('searchbox', { name: 'Поиск по правам' }).fill('маршруты');
  await expect(matrix.getByRole('checkbox', { name: 'Маршруты экранов: просмотр' })).not.toBeChecked();
  await expect(matrix.getByRole('checkbox', { name: 'Маршруты шлюза: просмотр' })).toBeChecked();
  await expect(matrix.getByText('routes.get_list')).toHaveCount(0);

  // Create stays in view in the drawer's footer.
  await page.locator('.drawer-actions').getByRole('button', { name: 'Создать' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`Аудитор ${run}`) });
  await expect(row.getByText(/^\d+ прав/)).toBeVisible();

  await row.getByRole('link', { name: `Аудитор ${run}` }).click();
  await expect(page.getByRole('heading', { name: `Роль «Аудитор ${run}»` })).toBeVisible();
  await expect(page.getByTestId('permission-count-clients.storage')).toHaveText(/^1 из \d+$/);
  await expect(page.getByRole('checkbox', { name: 'Журнал аудита: просмотр' })).toBeChecked();
  await page.screenshot({ path: 'test-results/screens/role-matrix-ru.png', fullPage: true });

  // In English the same matrix reads in English.
  await useLanguage(page, 'EN');
  await expect(page.getByRole('checkbox', { name: 'Audit trail: view' })).toBeChecked();
  await expect(page.getByTestId('permission-count-clients.storage')).toHaveText(/^1 of \d+$/);
  await useLanguage(page, 'RU');
});

test('the audit trail filters by action, service and object, all in words', async ({ page }) => {
  await signInAgain(page, ADMIN);
  await useLanguage(page, 'RU');
  await openMode(page, /^Настройки$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Журнал аудита' }).click();
  await expect(page).toHaveTitle('Журнал аудита — Dealer Platform');

  const choose = async (label: string, option: string) => {
    await page.getByLabel(label, { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  };
  await choose('Действие', 'Вход');
  await choose('Сервис', 'Авторизация');
  await choose('Объект', 'Пользователи');
  await expect(page).toHaveURL(/action=sign_in/);
  await expect(page).toHaveURL(/service=auth\.processing/);
  await expect(page).toHaveURL(/resource=users/);
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows.first()).toBeVisible();
  for (const row of (await rows.all()).slice(0, 5)) {
    await expect(row.getByText('Вход', { exact: true })).toBeVisible();
    await expect(row.getByText('Пользователи', { exact: true })).toBeVisible();
  }
  await expect(rows.filter({ hasText: 'Анна Администраторова' }).first()).toBeVisible();
  await expect(page.locator('.shell-content').getByText('sign_in')).toHaveCount(0);

  // An entry opened: its service, address and details in words.
  await rows.first().getByRole('button', { name: /Развернуть|Expand/ }).click();
  await expect(page.getByText(/Сервис: Авторизация · IP-адрес:/)).toBeVisible();
  await expect(page.locator('.audit-fields').getByText('Способ входа').first()).toBeVisible();
});

test('on a phone the menu is a drawer from the top bar, which keeps the language switch', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAgain(page, ADMIN);
  await useLanguage(page, 'RU');
  await visit(page, '/clients.storage/clients/');
  await expect(page.getByRole('heading', { name: 'Клиенты' })).toBeVisible();
  await expect(page.locator('.shell-sider')).toHaveCount(0);
  await expect(page.getByTestId('locale-switch')).toBeInViewport();

  await page.getByTestId('menu-toggle').click();
  const drawer = page.locator('.shell-drawer');
  await expect(drawer.getByTestId('mode-switch')).toBeVisible();
  await drawer.getByRole('link', { name: 'Пользователи' }).click();
  await expect(page).toHaveURL(/\/clients\.storage\/users\/$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
  // Every part of the screen is within the phone's width (the table scrolls inside its card).
  await fitsWidth(page, 390);

  await useLanguage(page, 'EN');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByTestId('menu-toggle').click();
  await expect(page.locator('.shell-drawer').getByRole('link', { name: 'Audit trail' })).toBeVisible();
  await page.keyboard.press('Escape');
  await useLanguage(page, 'RU');

  // The site being edited stays in sight under the top bar, with the way back to the choice.
  await visit(page, '/sites.context/select');
  await page.getByText('АвтоГрад Север — Kia').first().click();
  await expect(page.getByTestId('current-site')).toBeInViewport();
  await expect(page.getByTestId('current-site')).toHaveText('АвтоГрад Север — Kia');
  await fitsWidth(page, 390);
});

test('a screen whose code cannot load shows its error inside the shell, in Russian', async ({ page }) => {
  await signInAgain(page, ADMIN);
  await useLanguage(page, 'RU');
  await page.route(/\/assets\/AuditPage-[^/]+\.js$/, (route) => route.abort());
  await openMode(page, /^Настройки$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Журнал аудита' }).click();
  await expect(page.locator('.route-error--in-shell').getByText('Не удалось загрузить часть приложения')).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByText(/Failed to fetch|dynamically imported/)).toHaveCount(0);
  await page.unroute(/\/assets\/AuditPage-[^/]+\.js$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Пользователи' }).click();
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
});

test('an unknown page inside the shell says so and leads home', async ({ page }) => {
  await signInAgain(page, ADMIN);
  await useLanguage(page, 'RU');
  await page.goto('/clients.storage/nothing-here');
  await expect(page.getByText('Страница не найдена')).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await page.getByRole('button', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/home-page$/);
});

test('a dealer user removes its own account from the personal area; the audit trail records it', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const email = `leaver-${run}@avtograd-sever.test`;
  const password = 'Leaver-Pass1!';
  // Set up through the API as the administrator: a second user of a client that keeps its others.
  const auth = await request.post('/gateway/auth.processing/api/v1/auth', { data: { data: { method: 'password', identity: ADMIN, secret: DEMO_PASSWORD } } });
  const token = (await auth.json()).data.access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const clients = await (await request.get(`${API}/clients?filter[code]=avtograd-sever`, { headers })).json();
  const created = await request.post(`${API}/users`, {
    headers,
    data: { data: { attributes: { email, name: 'Олег', last_name: 'Уходящий', password, client_ids: [Number(clients.data[0].id)] } } },
  });
  expect(created.status()).toBe(201);

  await signIn(page, email, password);
  await page.goto('/personal/');
  await page.getByRole('button', { name: 'Удалить учётную запись' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Удалить' })).toBeDisabled();
  await dialog.getByLabel('E-mail учётной записи').fill(email);
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page.getByText('Учётная запись удалена')).toBeVisible();

  // The account no longer signs in.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Учётная запись отключена').first()).toBeVisible();

  await signInAgain(page, ADMIN);
  await page.goto('/clients.storage/audit/?action=account_removed');
  await expect(page.getByRole('row', { name: /Удаление учётной записи.*Олег Уходящий/ })).toBeVisible();
  await signOut(page);
});
