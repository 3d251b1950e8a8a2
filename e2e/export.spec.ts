import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseOption, SHOTS, signIn, visit } from './kit.ts';

/**
 * Export feeds, commercial offers and the importer notifier: a dealer manager offers two
 * selected new cars as a PDF, switches on the Google feed of the client and finds those cars' VINs
 * in it, then sets who gets the site's import reports (a wrong address refused first).
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
test.describe.configure({ timeout: 120_000 });

test('a dealer manager downloads a commercial offer, publishes the Google feed and sets the import report mails', async ({ page }) => {
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  const menu = page.getByTestId('side-menu');

  // Two active new cars as a commercial offer: the download is a PDF.
  await menu.getByText('Новые автомобили', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Новые автомобили' })).toBeVisible();
  await chooseOption(page, page.getByRole('combobox', { name: 'Статус', exact: true }), 'Активен');
  const rows = page.locator('.ant-table .ant-table-row');
  await expect(rows.nth(1)).toBeVisible();
  const vins = [(await rows.nth(0).locator('.cars-vin').innerText()).trim(), (await rows.nth(1).locator('.cars-vin').innerText()).trim()];
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: 'Коммерческое предложение' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Автомобилей в предложении: 2');
  await page.screenshot({ path: `${SHOTS}/export-offer-ru-1440.png` });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Скачать' }).click()]);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(dialog).toBeHidden();

  // The Google feed switched on: its public address lists the cars by VIN.
  await menu.getByText('Настройки экспорта', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Настройки экспорта' })).toBeVisible();
  await page.getByRole('switch', { name: 'Нужен: Google (объявления автомобилей)' }).click();
  const link = page.locator('input[data-channel="google"]');
  await expect(link).toHaveValue(/\/feeds\/[\w-]{20,}$/);
  const url = new URL(await link.inputValue());
  const feed = await page.request.get(`${url.pathname}`);
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain('xmlns:g="http://base.google.com/ns/1.0"');
  for (const vin of vins) expect(xml).toContain(`<g:vin>${vin}</g:vin>`);
  await page.screenshot({ path: `${SHOTS}/export-settings-ru-1440.png`, fullPage: true });

  // The site's import report mails: a wrong address is refused, then the settings are kept.
  await menu.getByText('Настройки отчётов об импорте', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Настройки отчётов об импорте' })).toBeVisible();
  const receivers = page.getByRole('combobox', { name: 'Получатели', exact: true });
  await receivers.fill('не-адрес');
  await receivers.press('Enter');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Получатели' })).toContainText('Неправильный формат email: не-адрес');
  await page.locator('.notifier-receiver').filter({ hasText: 'не-адрес' }).locator('.ant-tag-close-icon').click();
  await receivers.fill('Importer@Avtograd.test');
  await receivers.press('Enter');
  await chooseOption(page, page.getByRole('combobox', { name: 'Периодичность', exact: true }), 'Каждые 6 часов');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('.notifier-receiver')).toHaveText(['importer@avtograd.test']);
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Периодичность', exact: true }) })).toContainText('Каждые 6 часов');
  // No import has finished yet: "send now" tells there is nothing to send.
  await page.getByRole('button', { name: 'Отправить сейчас' }).click();
  await expect(page.getByText('После прошлого отчёта ни один импорт не завершился: отправлять нечего')).toBeVisible();
});
