import { expect, test, type Page } from '@playwright/test';
import { createPage, signIn, visit } from './kit.ts';

/**
 * The floors buffer (spec 000 §9): a dealer manager copies a floor of one page into the
 * buffer, pastes it into another page of the site, saves and publishes that page; the buffer
 * survives a reload (localStorage) and is cleared after a confirmation.
 */
const MANAGER = 'manager@motorcity-kzn.test';
const SITE = 'Мотор Сити — Toyota';
const unique = Date.now().toString(36);

/** The Pages screen from the side menu, then step 1 of a page's creation. */
async function createPageFromMenu(page: Page, uri: string, caption: string, template: string | null) {
  await page.getByTestId('side-menu').getByText('Страницы', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Страницы' })).toBeVisible();
  await createPage(page, uri, caption, template);
}

test('a floor copied from one page is pasted into another, which is then published', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();

  // The source: a page made from a template with two floors; its first floor goes to the buffer.
  await createPageFromMenu(page, `/buffer-source-${unique}`, 'Источник этажей', 'Обычная страница');
  const floors = page.locator('.floors-editor__item');
  await expect(floors).toHaveCount(2);
  // The floors' names arrive with the floor library; until then a floor shows as "Этаж №{id}".
  await expect(floors.nth(0).locator('.floors-editor__name')).not.toContainText(/^Этаж №\d+/);
  const copiedName = (await floors.nth(0).locator('.floors-editor__name').innerText()).split('\n')[0]!.trim();
  const count = page.getByTestId('floors-buffer-count');
  // A previous run may have left floors in this user's buffer: start empty.
  if ((await count.innerText()) !== 'В буфере 0 этажей') {
    await page.getByRole('button', { name: 'Очистить буфер' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Очистить буфер' }).click();
  }
  await expect(count).toHaveText('В буфере 0 этажей');
  await page.getByRole('button', { name: 'Копировать этаж 1 в буфер' }).click();
  await expect(count).toHaveText('В буфере 1 этаж');

  // The target: a page without floors; the buffer is still there after the navigation and a reload.
  await createPageFromMenu(page, `/buffer-target-${unique}`, 'Приёмник этажей', null);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Приёмник этажей' })).toBeVisible();
  await expect(floors).toHaveCount(0);
  await expect(count).toHaveText('В буфере 1 этаж');
  await page.getByRole('button', { name: 'Вставить из буфера (1)' }).click();
  await expect(floors).toHaveCount(1);
  await expect(floors.nth(0)).toContainText(copiedName);
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();

  await page.locator('.workflow-bar').getByRole('button', { name: 'Опубликовать', exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.locator('.state-facts').getByText('Опубликовано · в.1')).toBeVisible();
  await expect(floors).toHaveCount(1);

  // Cleared after a confirmation.
  await page.getByRole('button', { name: 'Очистить буфер' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Очистить буфер' }).click();
  await expect(count).toHaveText('В буфере 0 этажей');
});
