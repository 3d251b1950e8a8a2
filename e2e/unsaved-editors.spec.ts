import { expect, test, type Page } from '@playwright/test';
import { signInAgain, visit } from './kit.ts';

/**
 * Unsaved work in the editors that keep it outside an antd form: the new page dialog, a floor's
 * values on a page and the restyling order. Leaving asks first, in Russian; staying keeps the
 * work; once it is saved the user leaves without a question.
 */
const MANAGER = 'manager@motorcity-kzn.test';
const SITE = 'Мотор Сити — Toyota';

/** Names of this run: specs share one app, so records never collide with another spec's or run's. */
const unique = Date.now().toString(36);

/** Signs in as the manager and opens a screen of the demo site's menu. */
async function openSiteScreen(page: Page, item: string, heading: string) {
  await signInAgain(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await openMenu(page, item);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

const openMenu = (page: Page, item: string) => page.getByTestId('side-menu').getByText(item, { exact: true }).click();
const question = (page: Page) => page.getByRole('dialog', { name: 'Уйти без сохранения?' });

/** The question is asked, in Russian, and the user stays. */
async function stay(page: Page) {
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText('Внесённые изменения не сохранены и пропадут.');
  await question(page).getByRole('button', { name: 'Остаться' }).click();
  await expect(question(page)).toBeHidden();
}

test('the new page dialog and a floor’s values on the page ask before typed work is lost; saved work leaves at once', async ({ page }) => {
  test.setTimeout(120_000);
  await openSiteScreen(page, 'Страницы', 'Страницы');
  const caption = `Уход без сохранения ${unique}`;

  // The new page dialog: its Cancel asks over a typed caption, and staying keeps it.
  await page.getByRole('button', { name: 'Новая страница' }).click();
  const create = page.getByRole('dialog', { name: 'Новая страница' });
  await create.getByLabel('Название страницы').fill(caption);
  await create.getByRole('button', { name: 'Отмена' }).click();
  await stay(page);
  await expect(create.getByLabel('Название страницы')).toHaveValue(caption);
  await expect(create.getByLabel('Адрес (URI)')).not.toHaveValue('/');

  // Creating the page opens its editor without a question.
  await create.getByLabel('Шаблон').click();
  await page.locator('.ant-select-item-option', { hasText: 'Обычная страница' }).click();
  await create.getByRole('button', { name: 'Далее: содержимое' }).click();
  await expect(page.getByRole('heading', { name: caption })).toBeVisible();
  await expect(question(page)).toHaveCount(0);

  // A floor's values typed in their dialog: closing it asks; staying keeps the text.
  const floor = page.locator('.floors-editor__item').first();
  await floor.getByRole('button', { name: 'Значения на этой странице' }).click();
  const values = page.getByRole('dialog', { name: /^Значения «.*» здесь$/ });
  const text = '{"title": "Только сегодня"}';
  await values.getByLabel('Значения на этой странице').fill(text);
  await values.getByRole('button', { name: 'Отмена' }).click();
  await stay(page);
  await expect(values.getByLabel('Значения на этой странице')).toHaveValue(text);

  // Applied, the values are the page's unsaved change: the side menu asks.
  await values.getByRole('button', { name: 'Применить' }).click();
  await expect(values).toBeHidden();
  await expect(floor.getByText('1 своё значение')).toBeVisible();
  await openMenu(page, 'Макеты');
  await stay(page);
  await expect(page.getByRole('heading', { name: caption })).toBeVisible();
  await expect(floor.getByText('1 своё значение')).toBeVisible();

  // Saved, the page is left without a question.
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();
  await openMenu(page, 'Макеты');
  await expect(page.getByRole('heading', { name: 'Макеты' })).toBeVisible();
  await expect(question(page)).toHaveCount(0);
});

test('a restyling order moved and not saved asks before the side menu leaves; saved, it leaves at once', async ({ page }) => {
  await openSiteScreen(page, 'Сортировка автомобилей', 'Сортировка автомобилей');
  const rows = page.locator('.page-card', { hasText: 'Порядок рестайлингов' }).locator('tbody tr.ant-table-row');
  await expect(rows.nth(1)).toBeVisible();
  const first = (await rows.nth(0).locator('td').nth(1).innerText()).trim();
  const second = (await rows.nth(1).locator('td').nth(1).innerText()).trim();

  await rows.nth(0).getByRole('button', { name: /^Ниже: / }).click();
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText(second);
  await openMenu(page, 'Страницы');
  await stay(page);
  await expect(page.getByRole('heading', { name: 'Сортировка автомобилей' })).toBeVisible();
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText(second);
  await expect(rows.nth(1).locator('td').nth(1)).toHaveText(first);

  await page.getByRole('button', { name: 'Сохранить порядок' }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();
  await openMenu(page, 'Страницы');
  await expect(page.getByRole('heading', { name: 'Страницы' })).toBeVisible();
  await expect(question(page)).toHaveCount(0);
});
