import { expect, test } from '@playwright/test';
import { SHOTS, signIn, useLanguage, visit } from './kit.ts';

/**
 * Labels of a site's cars: a dealer manager sees the site's labels with their
 * conditions in words, makes one with a condition (field, operator, value), finds it in the list
 * and deletes it after a confirmation; the screen in both languages on a desktop and a phone.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const RUN = Date.now().toString(36);
test.describe.configure({ timeout: 120_000 });

test('a dealer manager makes a label with a condition and deletes it', async ({ page }) => {
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Метки автомобилей', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Метки автомобилей' })).toBeVisible();
  // The demo labels, their conditions in words.
  const table = page.locator('.ant-table');
  await expect(table.getByRole('row', { name: /Малый пробег/ })).toContainText('Пробег < 30000 · Число владельцев ≤ 1');
  await expect(table.getByRole('row', { name: /В наличии/ })).toContainText('Логистический статус = в наличии');

  await page.getByRole('button', { name: 'Новая метка' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Новая метка' });
  const name = `Свежий ${RUN}`;
  await drawer.getByLabel('Название', { exact: true }).fill(name);
  await drawer.getByRole('button', { name: 'Добавить условие' }).click();
  // Saving without the condition's field: the form says what is missing.
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(drawer.getByText('Выберите значение').first()).toBeVisible();
  await drawer.getByLabel('Поле').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Год выпуска', { exact: true }).click();
  await drawer.getByLabel('Оператор').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('больше', { exact: true }).click();
  await drawer.getByLabel('Значения').fill('2025');
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(drawer).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Год выпуска > 2025');
  await page.screenshot({ path: `${SHOTS}/labels-ru-1440.png`, fullPage: true });

  await table.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Удалить' }).click();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  await useLanguage(page, 'EN');
  await expect(page.getByRole('heading', { name: 'Car labels' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Low mileage/ })).toContainText('Mileage < 30000 · Owners ≤ 1');
  await page.screenshot({ path: `${SHOTS}/labels-en-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Car labels' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/labels-en-390.png`, fullPage: true });
  // Back to Russian on the shared demo account (on a phone the switch is in the profile menu).
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'RU');
});
