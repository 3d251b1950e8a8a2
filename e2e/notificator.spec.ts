import { expect, test, type Page } from '@playwright/test';
import { ADMIN, callApi, closeNotices, signIn, signInAgain, useLanguage, visit, fitsWidth } from './kit.ts';

/**
 * The notificator (staff): a module suspended on a demo site raises a notification; the admin
 * finds it in the list, filtered by its type, and opens its details (no delivery yet: no
 * mapping); then creates a mapping, the empty form refused first with 'This field is required'.
 * In Russian at 1440 px and in English at 390 px.
 */
const M = '/gateway/marketplace/api/v1';
const RUN = Date.now().toString(36);

/** Suspends and resumes a module of the first demo site as the admin: a notification of its suspension. */
async function raiseSuspension(page: Page) {
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=1');
  const siteId = sites.body.data[0].id as string;
  const suspended = await callApi(page, 'POST', `${M}/sites/${siteId}/modules/calltracking/suspend`, { data: { reason: `Проверка ${RUN}` } });
  expect(suspended.status).toBe(200);
  const resumed = await callApi(page, 'POST', `${M}/sites/${siteId}/modules/calltracking/resume`, {});
  expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
}

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/notificator-${name}.png`, fullPage: true });
}

test('a suspended module shows in the notifications with its details, in Russian at 1440 px', async ({ page }) => {
  await signIn(page, ADMIN);
  await raiseSuspension(page);
  await visit(page, '/notificator/notifications/');
  await expect(page.getByRole('heading', { name: 'Уведомления', exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `Проверка ${RUN}` });
  await expect(row).toBeVisible();
  await expect(row.getByText('Предупреждение')).toBeVisible();
  await expect(row.getByText('Модуль приостановлен')).toBeVisible();
  // The type filter keeps it; another type hides it.
  await page.getByRole('combobox', { name: 'Тип', exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('Задача сайта не выполнена', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(row).toBeHidden();
  await expect(page.getByText('Ничего не найдено').or(page.getByRole('button', { name: 'Сбросить фильтры' })).first()).toBeVisible();
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Развернуть строку|Expand row/ }).click();
  const details = page.getByTestId('notification-details');
  await expect(details).toContainText('calltracking');
  await expect(details).toContainText(`Проверка ${RUN}`);
  await expect(details.getByText('Не доставлялось: ни одна настройка не подошла')).toBeVisible();
  await shot(page, 'list-ru');
});

test('a mapping is created after its empty form is refused, in Russian', async ({ page }) => {
  await signInAgain(page, ADMIN);
  await visit(page, '/notificator/settings/');
  await expect(page.getByRole('heading', { name: 'Настройки уведомлений', exact: true })).toBeVisible();
  await closeNotices(page);
  await page.getByRole('button', { name: 'Создать' }).first().click();
  const form = page.getByRole('dialog');
  await expect(form.getByText('Новая настройка')).toBeVisible();
  await form.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(form.getByText('Это поле обязательно для заполнения').first()).toBeVisible();
  expect(await form.getByText('Это поле обязательно для заполнения').count()).toBeGreaterThanOrEqual(9);
  await shot(page, 'mapping-errors-ru');
  const prefix = `[ops ${RUN}]`;
  await form.getByLabel('Префикс', { exact: true }).fill(prefix);
  await form.getByLabel('Отправитель', { exact: true }).fill('Платформа');
  // A click on the drawer's title closes an open dropdown (Escape would close the drawer).
  const blur = () => form.locator('.ant-drawer-title').click();
  const pick = async (label: string, option: string) => {
    await form.getByLabel(label, { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
    await blur();
  };
  await pick('Мессенджер', 'E-mail');
  const tags = async (label: string, value: string) => {
    await form.getByLabel(label, { exact: true }).fill(value);
    await page.keyboard.press('Enter');
    await blur();
  };
  await tags('Получатели', 'ops@platform.test');
  await pick('Сервисы', 'Любой');
  await pick('Уровни', 'Критично');
  await pick('Типы', 'Любой');
  await tags('Продукты (хосты сайтов или имена клиентов, * — любой)', '*');
  await tags('Бренды (* — любой)', '*');
  await form.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: prefix });
  await expect(row).toContainText('ops@platform.test');
  await expect(row).toContainText('Критично');
  await shot(page, 'mappings-ru');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the notifications and their details read in English at 390 px', async ({ page }) => {
    await signInAgain(page, ADMIN);
    await raiseSuspension(page);
    // On a phone the language switch is in the profile menu: set it at desktop width first.
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'EN');
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/notificator/notifications/');
    await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: `Проверка ${RUN}` }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /Expand row|Развернуть строку/ }).click();
    const details = page.getByTestId('notification-details');
    await expect(details.getByText('Module suspended')).toBeVisible();
    await expect(details.getByText('Deliveries')).toBeVisible();
    await fitsWidth(page, 390);
    await shot(page, 'list-en-390');
    await visit(page, '/notificator/settings/');
    await expect(page.getByRole('heading', { name: 'Notification settings', exact: true })).toBeVisible();
    await closeNotices(page);
    await page.getByRole('button', { name: 'Create' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(form.getByText('This field is required').first()).toBeVisible();
    await shot(page, 'mapping-errors-en-390');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'RU');
  });
});
