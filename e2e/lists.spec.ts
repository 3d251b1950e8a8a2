import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signInAgain, visit } from './kit.ts';
import { chooseSite } from './list-screens.ts';

/**
 * The forms that lost typed work: site settings, the new-car form and SMTP settings ask before a
 * menu item takes the user away. (The lists themselves are checked by lists-<mode>.spec.ts.)
 * With E2E_SCREENSHOTS=1 the pictures are written to test-results/screens/.
 */
const OUT = 'test-results/screens';
const SHOOT = Boolean(process.env.E2E_SCREENSHOTS);

async function ready(page: Page) {
  await expect(page.locator('.page-header__title').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

test('typed work is asked about before a menu item takes the user away', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAgain(page, ADMIN);
  const site = await chooseSite(page);
  const menu = page.getByTestId('side-menu');
  const question = page.locator('.leave-confirm');

  // Site settings: staying keeps the text; a reset lets the menu go on without a question.
  await visit(page, `/sites.context/sites/${site}/settings`);
  await ready(page);
  const name = page.getByLabel('Название', { exact: true });
  const before = await name.inputValue();
  await name.fill(`${before} (черновик)`);
  await menu.getByRole('menuitem').first().click();
  await expect(question).toBeVisible();
  await expect(question).toContainText('Уйти без сохранения?');
  if (SHOOT) await page.screenshot({ path: `${OUT}/leave-confirm-ru-1440.png` });
  await question.getByRole('button', { name: 'Остаться' }).click();
  await expect(page.locator('.shell-content')).toHaveAttribute('data-location', `/sites.context/sites/${site}/settings`);
  await expect(name).toHaveValue(`${before} (черновик)`);
  await page.getByRole('button', { name: 'Отменить изменения' }).click();
  await expect(name).toHaveValue(before);
  await menu.getByRole('menuitem').first().click();
  await expect(page.locator('.shell-content')).not.toHaveAttribute('data-location', `/sites.context/sites/${site}/settings`);
  await expect(question).toBeHidden();

  // The new-car form: leaving asks; agreeing leaves.
  await visit(page, '/cars.stock/create/new');
  await expect(page.locator('form#car, form[name="car"]')).toBeVisible();
  await page.getByLabel('VIN', { exact: true }).fill('XW8ZZZ61ZJG000001');
  await menu.getByRole('menuitem').first().click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Уйти без сохранения' }).click();
  await expect(page.locator('.shell-content')).not.toHaveAttribute('data-location', '/cars.stock/create/new');

  // SMTP settings: a reload of the tab is asked about by the browser.
  await visit(page, `/sender/smtp_settings/${site}`);
  await ready(page);
  await page.getByLabel('Сервер', { exact: true }).fill('smtp.example.test');
  await menu.getByRole('menuitem').first().click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Остаться' }).click();
  const dialog = page.waitForEvent('dialog');
  void page.reload().catch(() => undefined);
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
});
