import { expect, test } from '@playwright/test';
import { SHOTS, signInAgain, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
test('shots', async ({ page, context }) => {
  test.setTimeout(200_000);
  const site = await context.newPage();
  for (const width of [1440, 390]) {
    await site.setViewportSize({ width, height: 900 });
    for (const uri of ['/test-drive', '/service', '/cars', '/news']) {
      await site.goto(`${SITE_URL}${uri}`);
      const form = site.locator('form.form').last();
      await form.scrollIntoViewIfNeeded();
      await form.locator('xpath=ancestor::section').screenshot({ path: `${SHOTS}/r30-${uri.slice(1)}-${width}.png` });
    }
    // Errors shown back by the server (no browser checks).
    await site.goto(`${SITE_URL}/service`);
    await site.locator('form.form').evaluate((f) => f.setAttribute('novalidate', ''));
    await site.locator('form.form').getByLabel('VIN автомобиля').fill('123');
    await site.locator('form.form').getByLabel('Пробег, км').fill('-4');
    await site.locator('form.form').getByRole('button').click();
    await expect(site.getByRole('alert').first()).toBeVisible();
    await site.locator('form.form').locator('xpath=ancestor::section').screenshot({ path: `${SHOTS}/r30-service-errors-${width}.png` });
  }
  for (const lang of ['RU', 'EN'] as const) {
    await signInAgain(page, 'manager@avtograd-sever.test', undefined, lang);
    await visit(page, '/sites.context/select');
    await page.getByText('АвтоГрад Север — Kia').first().click();
    await page.getByTestId('side-menu').getByText(lang === 'RU' ? 'Страницы' : 'Pages', { exact: true }).click();
    await page.getByRole('link', { name: /estimate-/ }).first().click().catch(() => undefined);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/r30-admin-${lang}.png` });
  }
});
