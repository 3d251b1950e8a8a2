import { expect, test } from '@playwright/test';
import { ADMIN, signIn, useLanguage, visit } from './kit.ts';

/**
 * Platform news: the admin writes a news item in Russian and English on its create page (an empty
 * title and text refused first); a dealer's manager finds it on the home page marked unread, marks
 * it read, and reads it in English after switching the language.
 */
const RUN = Date.now().toString(36);
const MANAGER = 'manager@avtograd-sever.test';

test('news published by the admin is shown on a manager\'s home page in Russian and English', async ({ page, browser }) => {
  const titleRu = `Новый редактор ${RUN}`;
  const titleEn = `A new editor ${RUN}`;
  await signIn(page, ADMIN);
  await visit(page, '/platform/news');
  await page.getByRole('button', { name: 'Добавить новость' }).first().click();
  await expect(page.getByRole('heading', { name: 'Новая новость' })).toBeVisible();
  await page.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page.getByText('Это поле обязательно для заполнения')).toHaveCount(2);

  await page.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(titleRu);
  await page.getByRole('textbox', { name: 'Текст', exact: true }).fill('Мы обновили **редактор страниц**.');
  await page.getByRole('textbox', { name: 'Заголовок на английском' }).fill(titleEn);
  await page.getByRole('textbox', { name: 'Текст на английском' }).fill('We updated the **page editor**.');
  await page.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page.getByText('Новость создана')).toBeVisible();
  await expect(page.getByRole('heading', { name: titleRu })).toBeVisible();
  await expect(page).toHaveURL(/\/platform\/news\/edit\/\d+$/);

  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, MANAGER);
  await visit(manager, '/home-page');
  const item = manager.getByTestId('home-news-item').filter({ hasText: titleRu });
  await expect(item).toContainText('редактор страниц');
  await expect(item.getByText('Новая', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Прочитано' }).click();
  await expect(item.getByText('Новая', { exact: true })).toBeHidden();

  await useLanguage(manager, 'EN');
  const english = manager.getByTestId('home-news-item').filter({ hasText: titleEn });
  await expect(english).toContainText('We updated the page editor.');
  await expect(english.getByText('New', { exact: true })).toBeHidden();
  await useLanguage(manager, 'RU');
});
