import { expect, test } from '@playwright/test';
import { ADMIN, callApi, closeNotices, signInAgain, useLanguage, visit, fitsWidth } from './kit.ts';

/**
 * An import's errors sent to the error collection: provider staff upload a feed whose rows name a
 * model the catalogue lacks to a demo site, run it, and on the finished report press "Send errors to
 * the error collection"; the row error becomes an issue of the site's project, found in its issues.
 * The button on a phone and in English too.
 */
const SITE = 'Мотор Сити — Toyota';
// Letters only: the grouping takes numbers out of messages, and this run's error must be an issue of its own.
const RUN = Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
test.describe.configure({ timeout: 180_000 });

const feed = () => Buffer.from(['vin;brand;model;price;year', ...Array.from({ length: 3 }, () => `;Toyota;Nomodel-${RUN};1500000;2024`)].join('\n') + '\n');

async function shot(page: import('@playwright/test').Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/import-errors-${name}.png`, fullPage: true });
}

test("a finished report's row errors reach the site's project of the error collection", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAgain(page, ADMIN);
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=500');
  const siteId = (sites.body.data as { id: string; attributes: { name: string } }[]).find((one) => one.attributes.name === SITE)!.id;

  await visit(page, `/cars.import/settings/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Настройки импорта' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: `errors-${RUN}.csv`, mimeType: 'text/csv', buffer: feed() });
  await expect(page.getByText(`errors-${RUN}.csv`)).toBeVisible();
  await closeNotices(page);
  await page.getByRole('button', { name: 'Запустить импорт' }).click();
  await expect(page.getByText('Импорт запущен')).toBeVisible();

  await visit(page, `/cars.import/reports/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Отчёты импорта' })).toBeVisible();
  const row = page.locator('.ant-table-row').first();
  const send = row.getByRole('button', { name: /^Отправить ошибки в сбор ошибок #\d+$/ });
  // Enabled once the report is finished with its errors.
  await expect(send).toBeEnabled({ timeout: 120_000 });
  const answered = page.waitForResponse((response) => response.url().endsWith('/import/reports/ecs') && response.request().method() === 'POST');
  await send.click();
  const outcome = (await (await answered).json()).data as { events: number; limited: number };
  // The row error, and the run's own error when it has one; none refused by the project's limit.
  expect(outcome.events).toBeGreaterThanOrEqual(1);
  expect(outcome.limited).toBe(0);
  await expect(page.getByText(new RegExp(`^${outcome.events} ошибк\\S* отправлен\\S* в проект сайта в системе сбора ошибок$`))).toBeVisible();
  await shot(page, 'ru-1440');
  await closeNotices(page);

  // The row error is an issue of the site's project, with the report's screen as its address.
  const found = await callApi(page, 'GET', `/gateway/error-collection-system/api/v1/issues?filter[search]=${encodeURIComponent(`Nomodel-${RUN}`)}`);
  expect(found.body.data).toHaveLength(1);
  const issue = found.body.data[0] as { id: string; attributes: { project_name: string; type: string; count: number } };
  expect(issue.attributes.type).toBe('ImportRowError');
  await visit(page, `/error-collection-system/issues/${issue.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^ImportRowError: .*Nomodel-${RUN}`) })).toBeVisible();
  await expect(page.getByText(new RegExp(`/cars\\.import/reports/${siteId}\\?report=\\d+`)).first()).toBeVisible();

  // In English on a phone: the report's button is an icon with its name for screen readers and a tooltip.
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'EN');
  await visit(page, `/cars.import/reports/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Import reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send errors to the error collection #\d+$/ }).first()).toBeEnabled();
  await fitsWidth(page, 390);
  await shot(page, 'en-390');
  await useLanguage(page, 'RU');
});
