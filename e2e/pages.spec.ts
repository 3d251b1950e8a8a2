import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * Pages (issue 10): a dealer manager creates a page with floors in two steps, submits and
 * publishes it on a site with strict publishing, publishes a second version, compares the two and
 * restores the first as a new draft.
 */
const MANAGER = 'manager@motorcity-kzn.test';
const SITE = 'Мотор Сити — Toyota';

/** Turns strict publishing on for the site through the API, as the signed-in manager. */
async function strictPublishing(page: Page, siteId: string) {
  const status = await page.evaluate(async (id) => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { access_token?: string };
    const response = await fetch(`/gateway/sites.context/api/v1/sites/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.access_token}` },
      body: JSON.stringify({ data: { type: 'sites', id, attributes: { strict_publishing: true } } }),
    });
    return response.status;
  }, siteId);
  expect(status).toBe(200);
}

const versions = (page: Page) => page.locator('.versions-panel');

test('a page with floors is created, submitted and published under strict publishing, and an earlier version restored', async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto('/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Страницы', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Страницы' })).toBeVisible();
  const siteId = /sites\/(\d+)\/pages/.exec(page.url())![1]!;
  await strictPublishing(page, siteId);
  await page.reload();

  // Step 1: address, name, template.
  await page.getByRole('button', { name: 'Новая страница' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Адрес (URI)').fill('test drive');
  await dialog.getByRole('button', { name: 'Далее: содержимое' }).click();
  await expect(dialog.getByText('Адрес страницы начинается с «/»')).toBeVisible();
  await dialog.getByLabel('Адрес (URI)').fill('/test-drive');
  await dialog.getByLabel('Название страницы').fill('Запись на тест-драйв');
  await dialog.getByLabel('Шаблон').click();
  await page.locator('.ant-select-item-option', { hasText: 'Обычная страница' }).click();
  await dialog.getByRole('button', { name: 'Далее: содержимое' }).click();

  // Step 2: the draft's editor, with the template's floors; one more floor is added.
  await expect(page.getByRole('heading', { name: 'Запись на тест-драйв' })).toBeVisible();
  const floors = page.locator('.floors-editor__item');
  await expect(floors).toHaveCount(2);
  await page.getByLabel('Выберите этаж').click();
  await page.locator('.ant-select-item-option', { hasText: 'Контакты' }).first().click();
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(floors).toHaveCount(3);
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();

  // Strict publishing: no publishing before submission.
  await expect(page.getByText('Черновик').first()).toBeVisible();
  await expect(page.locator('.workflow-bar').getByRole('button', { name: 'Опубликовать', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Отправить на утверждение' }).click();
  await expect(page.locator('.state-facts').getByText('На утверждении')).toBeVisible();
  await page.locator('.workflow-bar').getByRole('button', { name: 'Опубликовать', exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.locator('.state-facts').getByText('Опубликовано · в.1')).toBeVisible();

  // A second version: copied into a draft, renamed, submitted and published.
  await page.getByRole('button', { name: 'Копировать в черновик' }).click();
  await expect(page.locator('.state-facts').getByText('Черновик')).toBeVisible();
  await page.getByLabel('Название страницы').fill('Тест-драйв: новая версия');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await page.getByRole('button', { name: 'Отправить на утверждение' }).click();
  await expect(page.locator('.state-facts').getByText('На утверждении')).toBeVisible();
  await page.locator('.workflow-bar').getByRole('button', { name: 'Опубликовать', exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.locator('.state-facts').getByText('Опубликовано · в.2')).toBeVisible();

  // The two versions side by side, then the first one restored as a new draft.
  await expect(versions(page).getByText('Версия 1 (сохранена)')).toBeVisible();
  const items = versions(page).locator('.versions-panel__item');
  await items.nth(0).getByRole('checkbox').check();
  await items.nth(1).getByRole('checkbox').check();
  await versions(page).getByRole('button', { name: 'Сравнить' }).click();
  const compare = page.getByRole('dialog');
  await expect(compare.getByText('отличается')).toBeVisible();
  await expect(compare.getByText('Тест-драйв: новая версия')).toBeVisible();
  await compare.getByRole('button', { name: /Close|Закрыть/ }).click();

  await items.filter({ hasText: 'Версия 1 (сохранена)' }).getByRole('button', { name: 'Восстановить' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByText('Версия восстановлена как новый черновик')).toBeVisible();
  await expect(page.locator('.state-facts').getByText('Черновик')).toBeVisible();
  await expect(page.getByLabel('Название страницы')).toHaveValue('Запись на тест-драйв');
  await expect(floors).toHaveCount(3);
});
