import { expect, test, type Page } from '@playwright/test';
import { SHOTS, signIn, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * The demo Kia site's stock follows the admin at once and keeps the visitor's own cars: a dealer
 * manager makes a label with a condition, the site's list shows it on the cars it fits, and once
 * the condition no longer fits, the list drops it; a visitor adds a car to the favourites and two
 * to the comparison, sees them side by side, and is told why a fourth cannot join; in Russian and
 * English at 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
const RUN = Date.now().toString(36);
test.describe.configure({ timeout: 120_000 });

async function conditionValue(page: Page, value: string) {
  const field = page.getByRole('dialog').getByLabel('Значения');
  await field.fill(value);
}

test('a label made and changed in the admin shows on the demo site at once', async ({ page, context }) => {
  const name = `Е2Е ${RUN}`;
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Метки автомобилей', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Метки автомобилей' })).toBeVisible();
  await page.getByRole('button', { name: 'Новая метка' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Новая метка' });
  await drawer.getByLabel('Название', { exact: true }).fill(name);
  await drawer.getByRole('button', { name: 'Добавить условие' }).click();
  await drawer.getByLabel('Поле').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Год выпуска', { exact: true }).click();
  await drawer.getByLabel('Оператор').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('больше', { exact: true }).click();
  await conditionValue(page, '2000');
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(drawer).toBeHidden();
  const table = page.locator('.ant-table');
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Год выпуска > 2000');

  // Every car of the list is newer than 2000: each card carries the label.
  const site = await context.newPage();
  await site.goto(`${SITE_URL}/cars`);
  await expect(site.locator('.car-card').first().getByText(name, { exact: true })).toBeVisible();

  // A condition no car meets: the label leaves the list as soon as it is saved.
  await table.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: 'Изменить' }).click();
  await conditionValue(page, '2100');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Год выпуска > 2100');
  await site.reload();
  await expect(site.locator('.car-card').first()).toBeVisible();
  await expect(site.getByText(name, { exact: true })).toHaveCount(0);
  await site.close();

  await table.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Удалить' }).click();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a visitor keeps a favourite and compares two cars, and a fourth is refused', async ({ page }) => {
  await page.goto(`${SITE_URL}/cars`);
  const cards = page.locator('.car-card');
  // The buttons are the script's: shown once it runs.
  await cards.nth(0).getByRole('button', { name: 'В избранное' }).click();
  await expect(cards.nth(0).getByRole('button', { name: 'В избранном' })).toHaveAttribute('aria-pressed', 'true');
  const first = (await cards.nth(0).locator('.car-card__title').textContent())!;
  const second = (await cards.nth(1).locator('.car-card__title').textContent())!;
  await cards.nth(0).getByRole('button', { name: 'Сравнить' }).click();
  await cards.nth(1).getByRole('button', { name: 'Сравнить' }).click();
  const tools = page.getByRole('navigation', { name: 'Избранное и сравнение' });
  await expect(tools.getByRole('link', { name: 'Сравнение автомобилей (2)' })).toBeVisible();

  await tools.getByRole('link', { name: 'Избранное (1)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible();
  await expect(page.locator('.car-card')).toHaveCount(1);
  await expect(page.locator('.car-card__title')).toHaveText(first);

  await page.getByRole('navigation', { name: 'Избранное и сравнение' }).getByRole('link', { name: 'Сравнение автомобилей (2)' }).click();
  await expect(page).toHaveURL(/\/cars\/compare\?ids=\d+,\d+$/);
  const columns = page.locator('.compare__table thead th');
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toContainText(first);
  await expect(columns.nth(1)).toContainText(second);
  await expect(page.getByRole('row', { name: /^Цена/ })).toContainText('₽');
  await page.screenshot({ path: `${SHOTS}/site-compare-ru-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(columns).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/site-compare-ru-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A third joins; a fourth is refused with the reason, and the comparison keeps three.
  await page.goto(`${SITE_URL}/cars`);
  await cards.nth(2).getByRole('button', { name: 'Сравнить' }).click();
  await cards.nth(3).getByRole('button', { name: 'Сравнить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Сравнить можно не больше трёх автомобилей' }).first()).toBeVisible();
  await expect(cards.nth(3).getByRole('button', { name: 'Сравнить' })).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: `${SHOTS}/site-compare-full-ru-1440.png` });

  // The English site: the same comparison, in English, read from the browser's own list.
  await page.goto(`${SITE_URL}/en/cars/compare`);
  await expect(page).toHaveURL(/\/en\/cars\/compare\?ids=\d+,\d+,\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare cars' })).toBeVisible();
  await expect(page.locator('.compare__table thead th')).toHaveCount(3);
  await expect(page.getByRole('row', { name: /^Price/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/site-compare-en-1440.png`, fullPage: true });
  // Removing one by its link leaves two, and the browser's list follows.
  await page.getByRole('link', { name: /^Remove from comparison/ }).first().click();
  await expect(page.locator('.compare__table thead th')).toHaveCount(2);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${SITE_URL}/en/cars/favorites`);
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  await expect(page.locator('.car-card')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/site-favorites-en-390.png`, fullPage: true });
  await page.goto(`${SITE_URL}/en/cars`);
  await expect(page.getByRole('navigation', { name: 'Favourites and comparison' }).getByRole('link', { name: 'Compare cars (2)' })).toBeVisible();
});
