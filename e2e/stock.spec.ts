import { expect, test, type Page } from '@playwright/test';
import { SHOTS, callApi, signInAgain, useLanguage, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * The stock of a site (cars.stock): a dealer manager adds a car by hand — first without
 * VIN or External ID, which the form refuses with the spec's messages, then fixed and saved —,
 * sees its new price on the site's car page at once, marks two cars as sold in bulk after a
 * confirmation, and sees the lists in both languages on a desktop and a phone.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const RUN = Date.now().toString(36).toUpperCase().replace(/[IOQ]/g, '0');
const VIN = `XW8E2E${RUN}00000000`.slice(0, 17);
test.describe.configure({ timeout: 180_000 });

async function choose(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

async function openSite(page: Page) {
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
}

test('a dealer manager adds a car by hand, after a validation error, and marks two cars as sold', async ({ page }) => {
  await signInAgain(page, MANAGER);
  await openSite(page);
  await page.getByTestId('side-menu').getByText('Новые автомобили', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Новые автомобили' })).toBeVisible();
  const table = page.locator('.ant-table');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'Добавить автомобиль' }).first().click();
  await expect(page.getByRole('heading', { name: 'Новый автомобиль' })).toBeVisible();
  await choose(page, 'Марка', 'Kia');
  await choose(page, 'Модель', 'Sportage');
  await page.getByLabel('Год выпуска', { exact: true }).fill('2025');
  await page.getByLabel('Цена', { exact: true }).fill('3200000');
  await page.getByLabel('Скидка за трейд-ин', { exact: true }).fill('150000');
  await expect(page.getByTestId('final-price')).toContainText('3 050 000');
  // No VIN and no External ID: the spec's message on both fields and the summary above the form.
  await page.getByRole('button', { name: 'Создать' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Не все обязательные поля заполнены' });
  await expect(summary).toBeVisible();
  await expect(page.locator('.ant-form-item').filter({ hasText: 'VIN' }).first()).toContainText('Заполните VIN и/или External ID');
  await page.screenshot({ path: `${SHOTS}/stock-create-error-ru-1440.png`, fullPage: true });

  await page.getByLabel('VIN', { exact: true }).fill(VIN.toLowerCase());
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByRole('heading', { name: 'Новые автомобили' })).toBeVisible();
  await page.getByLabel('VIN или External ID').fill(VIN);
  await page.getByLabel('VIN или External ID').press('Enter');
  await expect(table.getByRole('row', { name: new RegExp(VIN) })).toContainText('3 050 000');
  // Edit: the form comes filled in; a new price changes the final price.
  await table.getByRole('row', { name: new RegExp(VIN) }).getByRole('button', { name: 'Изменить' }).click();
  await expect(page.getByRole('heading', { name: `Автомобиль ${VIN}` })).toBeVisible();
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Модель', exact: true }) })).toContainText('Sportage');
  await page.getByLabel('Цена', { exact: true }).fill('3100000');
  await expect(page.getByTestId('final-price')).toContainText('2 950 000');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { name: 'Новые автомобили' })).toBeVisible();
  await page.getByLabel('VIN или External ID').fill(VIN);
  await page.getByLabel('VIN или External ID').press('Enter');
  await expect(table.getByRole('row', { name: new RegExp(VIN) })).toContainText('2 950 000');
  // The site's car page shows the new price at once.
  const found = await callApi(page, 'GET', `/gateway/cars.stock/api/v1/cars?filter[search]=${VIN}`);
  const site = await page.context().newPage();
  await site.goto(`http://kia-avtograd.localhost:${PORT}/cars/${found.body.data[0].id}`);
  await expect(site.locator('.car-price__main')).toHaveText(/^2\s950\s000\s₽$/);
  await site.close();

  // Two active cars sold at once, after a confirmation.
  await page.getByLabel('VIN или External ID').fill('');
  await page.getByLabel('VIN или External ID').press('Enter');
  await choose(page, 'Статус', 'Активен');
  const rows = table.locator('.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const vins = [(await rows.nth(0).locator('.cars-vin').innerText()).trim(), (await rows.nth(1).locator('.cars-vin').innerText()).trim()];
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await expect(page.getByText('Выбрано автомобилей: 2')).toBeVisible();
  await page.getByRole('button', { name: 'Отметить проданными' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Отметить выбранные автомобили проданными (2)?');
  await confirm.getByRole('button', { name: 'Отметить проданными' }).click();
  await expect(page.getByText('Отмечено проданными: 2')).toBeVisible();
  // They leave the list of active cars and show as sold.
  await expect(table.getByRole('row', { name: new RegExp(vins[0]!) })).toHaveCount(0);
  await choose(page, 'Статус', 'Продан');
  await expect(table.getByRole('row', { name: new RegExp(vins[0]!) })).toContainText('Продан');
  await expect(table.getByRole('row', { name: new RegExp(vins[1]!) })).toContainText('Продан');
});

test('the new and used car lists in both languages at 1440 and 390 px', async ({ page }) => {
  // Four screens in two languages and two widths, with a screenshot each: long on a slow machine.
  test.setTimeout(360_000);
  await signInAgain(page, MANAGER);
  await openSite(page);
  await page.getByTestId('side-menu').getByText('Автомобили с пробегом', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Автомобили с пробегом' })).toBeVisible();
  const table = page.locator('.ant-table');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect(table.locator('thead')).toContainText('Пробег, км');
  await page.screenshot({ path: `${SHOTS}/stock-used-ru-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Автомобили с пробегом' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/stock-used-ru-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await useLanguage(page, 'EN');
  await expect(page.getByRole('heading', { name: 'Used cars' })).toBeVisible();
  await page.getByTestId('side-menu').getByText('New cars', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New cars' })).toBeVisible();
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect(table.locator('thead')).toContainText('Logistic status');
  // The labels a car carries show as coloured tags.
  await expect(table.locator('.cars-labels .ant-tag').first()).toBeVisible();
  // A column hidden stays hidden after a reload (remembered for the user).
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.locator('.cars-columns').getByText('Logistic status', { exact: true }).click();
  await expect(table.locator('thead')).not.toContainText('Logistic status');
  await page.reload();
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect(table.locator('thead')).not.toContainText('Logistic status');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.locator('.cars-columns').getByText('Logistic status', { exact: true }).click();
  await expect(table.locator('thead')).toContainText('Logistic status');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/stock-new-en-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'New cars' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/stock-new-en-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add a car' }).first().click();
  await expect(page.getByRole('heading', { name: 'New car' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/stock-create-en-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'RU');
});
