import { expect, test } from '@playwright/test';
import { chooseOption, SHOTS, signIn, useLanguage } from './helpers.ts';

/**
 * Car import from a feed (issue 13, "feeds-screens"): a dealer manager tries to run an import
 * without files (the spec's message), uploads a CSV feed, runs it, opens the detailed per-file report filtered to the rows in error, and
 * downloads the errors as XLSX; the screens are looked at in both languages, on a phone too.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const RUN = Date.now().toString(36).toUpperCase().replace(/[IOQ]/g, '0');
// Enough rows that the run lasts a few polls of the bar; rows of an unknown model are errors and write no car.
const ERROR_ROWS = 6_000;
test.describe.configure({ timeout: 180_000 });

/** Notices open over the page header's buttons: close them before the next click there. */
async function closeNotices(page: import('@playwright/test').Page) {
  for (const button of await page.locator('.ant-notification-notice-close').all()) await button.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
}

function feed(): Buffer {
  const lines = ['vin;brand;model;price;year'];
  for (let i = 1; i <= 3; i++) lines.push(`${`XW8F${RUN}000000000`.slice(0, 16)}${i};Kia;Sportage;3100000;2025`);
  for (let i = 0; i < ERROR_ROWS; i++) lines.push(`;Kia;Unknown-${RUN};1000000;2024`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('a dealer manager uploads a CSV feed, runs it, opens the per-file report and downloads the errors', async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto('/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Настройки импорта', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Настройки импорта' })).toBeVisible();
  await expect(page.getByText('Файлов фида пока нет')).toBeVisible();

  // No feed files: the spec's message, nothing started.
  await page.getByRole('button', { name: 'Запустить импорт' }).click();
  await expect(page.getByText('Импорт не может быть запущен: отсутствуют файлы фида')).toBeVisible();
  await closeNotices(page);

  await page.locator('input[type=file]').setInputFiles({ name: `feed-${RUN}.csv`, mimeType: 'text/csv', buffer: feed() });
  await expect(page.getByText(`feed-${RUN}.csv`)).toBeVisible();
  await closeNotices(page);
  await page.screenshot({ path: `${SHOTS}/feeds-settings-ru-1440.png`, fullPage: true });
  await page.getByRole('button', { name: 'Запустить импорт' }).click();
  await expect(page.getByText('Импорт запущен')).toBeVisible();

  // The reports page: the bar moves while the import runs, then the report is finished.
  await page.getByTestId('side-menu').getByText('Отчёты импорта', { exact: true }).click();
  // On the embedded database the import shares the thread with the requests: the page loads slower meanwhile.
  await expect(page.getByRole('heading', { name: 'Отчёты импорта' })).toBeVisible({ timeout: 60_000 });
  // NOT YET: the live bar is not asserted here. On the embedded database the import shares the
  // thread with the requests, so the page loads only when the run ends (see docs/decisions.md);
  // the server test checks that a report read mid-run shows 0 < processed < expected.
  const row = page.locator('.ant-table-row').first();
  await expect(row.getByText('Завершён', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(row).toContainText('6 003');

  // The detailed per-file view, filtered to the rows in error.
  await row.getByRole('button', { name: /^Подробный отчёт/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('rowheader', { name: 'Добавлено' })).toBeVisible();
  await chooseOption(page, drawer.getByLabel('Статус', { exact: true }), 'Ошибка');
  await expect(drawer.locator('.import-rows .ant-table-row').first()).toContainText(`Unknown-${RUN}`);
  await expect(drawer.locator('.import-rows .ant-table-row').first().locator('.ant-tag')).toHaveText('Ошибка');
  await page.screenshot({ path: `${SHOTS}/feeds-report-ru-1440.png` });

  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: /^Ошибки \(XLSX\)/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^import-\d+-errors\.xlsx$/);
  await page.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();
  await closeNotices(page);

  // The same screens in English, and on a phone.
  await useLanguage(page, 'EN');
  await expect(page.getByRole('heading', { name: 'Import reports' })).toBeVisible();
  await expect(page.locator('.ant-table-row').first().getByText('Finished', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/feeds-reports-en-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Import reports' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/feeds-reports-en-390.png`, fullPage: true });
  await page.goto(page.url().replace('/reports/', '/settings/'));
  await expect(page.getByRole('heading', { name: 'Import settings' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/feeds-settings-en-390.png`, fullPage: true });
});
