import { expect, test, type Page } from '@playwright/test';
import { ADMIN, closeNotices, expectMenu, menuItems, SHOTS, signIn, useLanguage, visit, fitsWidth } from './kit.ts';
import { DEMO_PASSWORD } from './playwright.config.ts';

/**
 * The marketplace: a dealer manager uninstalls a module and its menu entry and page
 * go, installs it again and they come back; the server refuses the module's API meanwhile. Staff
 * suspend a module and the site's users are told once, with the way to the marketplace.
 */
const MANAGER = 'manager@ladoga-auto.test';
const SITE = 'Ладога Авто — Škoda';
const M = '/gateway/marketplace/api/v1';

async function openSite(page: Page) {
  await visit(page, '/sites.context/select');
  await page.getByText(SITE, { exact: true }).first().click();
  await expect(page.getByTestId('current-site')).toHaveText(SITE);
  return page.evaluate(() => String(JSON.parse(localStorage.getItem('site') ?? 'null')));
}

const accessToken = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').access_token as string);

async function adminToken(page: Page) {
  const answer = await page.request.post('/gateway/auth.processing/api/v1/auth', { data: { data: { method: 'password', identity: ADMIN, secret: DEMO_PASSWORD } } });
  return (await answer.json()).data.access_token as string;
}

test('a manager uninstalls a module, its menu entry and page go; installing it brings them back', async ({ page }) => {
  // The marketplace's screens and dialogs run under the strict CSP too.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page, MANAGER);
  const siteId = await openSite(page);
  // The demo sites have every module: the multilanguage settings are in the site menu.
  await expectMenu(page, ['Языки сайта', 'Модули сайта']);

  await page.getByTestId('side-menu').getByRole('link', { name: 'Модули сайта' }).click();
  await expect(page.getByRole('heading', { name: 'Модули сайта' })).toBeVisible();
  await page.getByRole('tab', { name: /^Подключённые/ }).click();
  await page.getByRole('button', { name: 'Отключить Мультиязычность' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Отключить «Мультиязычность»?')).toBeVisible();
  // The reason is required.
  await dialog.getByRole('button', { name: 'Отключить' }).click();
  await expect(dialog.getByText('Это поле обязательно для заполнения')).toBeVisible();
  await dialog.getByLabel('Причина').fill('Сайт работает только на русском');
  await page.screenshot({ path: `${SHOTS}/marketplace-uninstall-ru.png` });
  await dialog.getByRole('button', { name: 'Отключить' }).click();
  await expect(page.getByText('«Мультиязычность» отключён')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The menu entry is gone, its page sends the user home, and the server refuses the module's API.
  await expectMenu(page, ['Модули сайта'], ['Языки сайта']);
  expect(await menuItems(page)).not.toContain('Языки сайта');
  await page.goto(`/mulitlanuge/settings/${siteId}`);
  await expect(page).toHaveURL(/\/home-page$/);
  const refused = await page.request.patch(`/gateway/sites.context/api/v1/sites/${siteId}/locales`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { data: { locales: ['ru', 'en'] } },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors[0].title).toBe('Модуль «Мультиязычность» не подключён к этому сайту');

  // Installed again: the entry and its page are back.
  await page.goto(`/marketplace/marketplace/${siteId}`);
  await page.getByRole('tab', { name: /^Доступные/ }).click();
  await page.getByRole('button', { name: 'Подключить Мультиязычность' }).click();
  await expect(page.getByText('«Мультиязычность» подключён')).toBeVisible();
  await expectMenu(page, ['Языки сайта', 'Модули сайта']);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Языки сайта' }).click();
  await expect(page).toHaveURL(new RegExp(`/mulitlanuge/settings/${siteId}$`));
  await expect(page.getByRole('heading', { name: 'Языки сайта' })).toBeVisible();
  expect(violations).toEqual([]);
});

/** The manager on the site, whose module staff have just suspended; `call` is staff's action on the module. */
async function suspendAsStaff(page: Page, code: string) {
  await signIn(page, MANAGER);
  const siteId = await openSite(page);
  const admin = await adminToken(page);
  const call = (action: string, data?: unknown) =>
    page.request.post(`${M}/sites/${siteId}/modules/${code}/${action}`, { headers: { authorization: `Bearer ${admin}` }, data: data ? { data } : undefined });
  expect((await call('suspend', { reason: 'Отрицательный баланс' })).status()).toBe(200);
  return { siteId, call };
}

test('a suspended module is announced once per site and session, with the way to the marketplace', async ({ page }) => {
  const { siteId, call } = await suspendAsStaff(page, 'calltracking');
  try {
    await page.goto('/home-page');
    const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Некоторые модули приостановлены' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Модуль Коллтрекинг этого сайта приостановлен: требуется оплата.');
    await page.screenshot({ path: `${SHOTS}/marketplace-paused-notice-ru.png` });
    await notice.getByRole('button', { name: 'Открыть маркетплейс' }).click();
    await expect(page).toHaveURL(new RegExp(`/marketplace/marketplace/${siteId}$`));
    await expect(notice).toBeHidden();
    // The dealer sees why and whom to ask, and cannot lift the suspension.
    await expect(page.getByText('1 модуль сайта приостановлен: требуется оплата.')).toBeVisible();
    await page.getByRole('tab', { name: /^Отключённые/ }).click();
    await expect(page.getByText(/Приостановлен: Отрицательный баланс/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Возобновить|Отключить Коллтрекинг/ })).toHaveCount(0);

    // Once per site per session: opening the site again shows no second notice.
    await page.goto('/home-page');
    await expect(page.getByTestId('current-site')).toHaveText(SITE);
    await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Некоторые модули приостановлены' })).toHaveCount(0);
  } finally {
    expect((await call('resume')).status()).toBe(200);
  }
});

test("a suspended module's screen tells the dealer whom to ask, in both languages and on a phone; its API refuses meanwhile; staff read under a warning", async ({ page, browser }) => {
  const { siteId, call } = await suspendAsStaff(page, 'requests');
  try {
    const screen = `/request.storage/callback_requests/${siteId}`;
    await page.goto(screen);
    const notice = page.locator('.ant-result');
    for (const [lang, title, hint] of [
      ['RU', 'Модуль «Заявки» на этом сайте приостановлен', 'Чтобы возобновить работу, обратитесь к вашему менеджеру.'],
      ['EN', 'The module "Requests" is paused on this site', 'Contact your account manager to resume it.'],
    ] as const) {
      await useLanguage(page, lang);
      await expect(notice.getByText(title)).toBeVisible();
      await expect(notice.getByText(hint)).toBeVisible();
      await expect(notice.getByRole('link', { name: /Открыть маркетплейс|Open the marketplace/ })).toHaveAttribute('href', `/marketplace/marketplace/${siteId}`);
      await closeNotices(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        // The narrow shell (a menu button instead of the side menu) has taken over, and nothing is wider than the screen.
        await expect(page.getByTestId('menu-toggle')).toBeVisible({ visible: width < 768 });
        await fitsWidth(page, width);
        await page.screenshot({ path: `${SHOTS}/module-paused-screen-${lang.toLowerCase()}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await useLanguage(page, 'RU');
    const refused = await page.request.get(`/gateway/request.storage/api/v1/callback_requests/where_site/${siteId}`, { headers: { authorization: `Bearer ${await accessToken(page)}` } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errors[0]).toMatchObject({ code: 'module_paused', title: 'Модуль «Заявки» приостановлен на этом сайте: требуется оплата. Обратитесь к вашему менеджеру' });

    // Platform staff read what the site stored, told that the module is paused.
    const staff = await browser.newPage();
    await signIn(staff, ADMIN);
    await openSite(staff);
    await staff.goto(screen);
    await expect(staff.getByRole('heading', { name: 'Заявки на обратный звонок' })).toBeVisible();
    await expect(staff.getByRole('alert').filter({ hasText: 'Модуль «Заявки» на этом сайте приостановлен' })).toContainText('сотрудник платформы');
    await closeNotices(staff);
    for (const width of [1440, 390]) {
      await staff.setViewportSize({ width, height: 900 });
      await fitsWidth(staff, width);
      await staff.screenshot({ path: `${SHOTS}/module-paused-staff-ru-${width}.png`, fullPage: true });
    }
    await staff.close();
  } finally {
    expect((await call('resume')).status()).toBe(200);
  }
});
