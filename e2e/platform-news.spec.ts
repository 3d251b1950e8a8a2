import { expect, test } from '@playwright/test';
import { ADMIN, signIn, useLanguage, visit } from './kit.ts';

/**
 * Platform news and suggestions. The admin writes a news item in Russian and English on its create page (an empty
 * title and text refused first); a dealer's manager finds it on the home page marked unread, marks
 * it read, and reads it in English after switching the language. A manager proposes a suggestion
 * (the empty form refused first), staff activate it, the manager likes it, staff answer and mark
 * it done, and the manager reads the answer.
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

test('a suggestion proposed by a manager is activated, liked, answered and done by staff', async ({ page, browser }) => {
  const title = `Фильтр по цвету ${RUN}`;
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, MANAGER);
  await visit(manager, '/platform/suggestions');
  await manager.getByRole('button', { name: 'Предложить' }).first().click();
  const dialog = manager.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Предложить' }).click();
  await expect(dialog.getByText('Это поле обязательно для заполнения')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'Что улучшить' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Подробнее' }).fill('Отбирать машины на складе по цвету кузова');
  await dialog.getByRole('button', { name: 'Предложить' }).click();
  await expect(dialog).toBeHidden();
  const mine = manager.getByTestId('suggestion').filter({ hasText: title });
  await expect(mine.getByText('На проверке')).toBeVisible();

  await signIn(page, ADMIN);
  await visit(page, '/platform/suggestions');
  const staffView = page.getByTestId('suggestion').filter({ hasText: title });
  await staffView.getByRole('button', { name: 'Активировать' }).click();
  await expect(staffView.getByText('Активно')).toBeVisible();

  await manager.reload();
  await mine.getByRole('button', { name: 'Поддержать: 0' }).click();
  await expect(mine.getByRole('button', { name: 'Отменить поддержку: 1' })).toBeVisible();

  await page.reload();
  await staffView.getByRole('button', { name: /ответов/ }).click();
  await staffView.getByRole('textbox', { name: 'Ответ' }).fill('Сделаем в декабре');
  await staffView.getByRole('button', { name: 'Ответить' }).click();
  await expect(staffView.getByText('Сделаем в декабре')).toBeVisible();
  await staffView.getByRole('button', { name: 'Сделано' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Сделано' }).click();
  await expect(staffView.getByText('Сделано', { exact: true })).toBeVisible();

  await manager.reload();
  await expect(mine.getByText('Сделано', { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: '1 ответ' }).click();
  await expect(mine.getByText('Сделаем в декабре')).toBeVisible();
});
