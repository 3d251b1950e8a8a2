import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { sendCallback, signIn, useLanguage, visit, fitsWidth } from './kit.ts';

/**
 * Requests (request.storage): a visitor sends the demo site's callback form (the site
 * script solves the proof-of-work captcha), the dealer's manager finds the request in the site's
 * callback list with where it stands with its actions, opens it, and exports the list to XLSX.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const unique = Date.now().toString(36);

test('a callback form sent on the demo site reaches the callback list, opens, and exports', async ({ page, context }) => {
  test.setTimeout(120_000);
  const name = `Посетитель ${unique}`;
  await sendCallback(context, { name, phone: '+7 (916) 555-12-34', comment: 'Хочу тест-драйв в субботу' });

  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Обратный звонок', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Заявки на обратный звонок' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(unique);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('+7 (916) 555-12-34');
  // Where it stands with its actions: on its row, and counted over the list above it.
  await expect(row.getByText(/^(Отправлена|Отправляется|Ошибка|Задержана|Без действий)$/)).toBeVisible();
  await expect(page.getByLabel('Доставка', { exact: true })).toContainText(/(Отправлена|Отправляется|Ошибка|Задержана|Без действий): \d+/);
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: 'test-results/screens/requests-ru-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/requests-ru-390.png', fullPage: true });
  }
  // The same in English, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'EN');
  await expect(page.getByLabel('Delivery', { exact: true })).toContainText(/(Sent|Sending|Failed|Held|No actions): \d+/);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: 'test-results/screens/requests-en-390.png', fullPage: true });
  await fitsWidth(page, 390);
  await useLanguage(page, 'RU');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The detail: every field, the consent it was sent under.
  await row.getByRole('button', { name: /Открыть заявку/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('Хочу тест-драйв в субботу');
  await expect(drawer).toContainText('Обратный звонок');
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();

  // A search that matches nothing says so with the query.
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(`нет-такого-${unique}`);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
  await expect(page.getByText(`По запросу «нет-такого-${unique}» ничего не найдено`)).toBeVisible();

  // The list's export: an XLSX (a ZIP) with the request in it.
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(unique);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Выгрузить в XLSX' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});
