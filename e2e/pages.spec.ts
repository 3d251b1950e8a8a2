import { expect, request, test, type Page } from '@playwright/test';
import { addFloor, signInAgain, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * Pages: a dealer manager creates a page with floors in two steps, submits and
 * publishes it on a site with strict publishing, publishes a second version, compares the two and
 * restores the first as a new draft.
 */
const MANAGER = 'manager@motorcity-kzn.test';
const SITE = 'Мотор Сити — Toyota';

/**
 * Turns strict publishing on or off for the site through the API with the signed-in manager's
 * token, on a request context of its own: the switch back still works after the page has gone (a
 * test that ran out of time), so the next spec finds the site publishing as before.
 */
async function strictPublishing(token: string, siteId: string, on: boolean) {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  try {
    const response = await api.patch(`/gateway/sites.context/api/v1/sites/${siteId}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { data: { type: 'sites', id: siteId, attributes: { strict_publishing: on } } },
    });
    expect(response.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}
const accessToken = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { access_token: string }).access_token);

/** What the strict-publishing test turned on, for afterEach to turn off. */
let strict: { token: string; siteId: string } | null = null;
test.afterEach(async () => {
  if (!strict) return;
  const { token, siteId } = strict;
  strict = null;
  await strictPublishing(token, siteId, false);
});

/** Signs in as the manager and opens a screen of the demo site's content menu; answers the site's id. */
async function openSiteScreen(page: Page, item: string, heading: string) {
  await signInAgain(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText(item, { exact: true }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  return /sites\/(\d+)\//.exec(page.url())![1]!;
}

/** Names of this run: specs share one app, so records never collide with another spec's or run's. */
const unique = Date.now().toString(36);

const versions = (page: Page) => page.locator('.versions-panel');

test('a page with floors is created, submitted and published under strict publishing, and an earlier version restored', async ({ page }) => {
  // A long story on a shared, loaded machine: each step waits on what it needs, the whole gets room.
  test.setTimeout(180_000);
  const siteId = await openSiteScreen(page, 'Страницы', 'Страницы');
  // Other specs use the same demo site: afterEach turns strict publishing off again, whatever happens here.
  strict = { token: await accessToken(page), siteId };
  await strictPublishing(strict.token, siteId, true);
  await createSubmitPublishRestore(page);
});

async function createSubmitPublishRestore(page: Page) {
  const uri = `/test-drive-${unique}`;
  await page.reload();

  // Step 1: address, name, template.
  await page.getByRole('button', { name: 'Новая страница' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Адрес (URI)').fill('test drive');
  await dialog.getByRole('button', { name: 'Далее: содержимое' }).click();
  await expect(dialog.getByText('Адрес страницы начинается с «/»')).toBeVisible();
  await dialog.getByLabel('Адрес (URI)').fill(uri);
  await dialog.getByLabel('Название страницы').fill('Запись на тест-драйв');
  await dialog.getByLabel('Шаблон').click();
  await page.locator('.ant-select-item-option', { hasText: 'Обычная страница' }).click();
  await dialog.getByRole('button', { name: 'Далее: содержимое' }).click();

  // Step 2: the draft's editor, with the template's floors; one more floor is added.
  await expect(page.getByRole('heading', { name: 'Запись на тест-драйв' })).toBeVisible();
  const floors = page.locator('.floors-editor__item');
  await expect(floors).toHaveCount(2);
  await addFloor(page, 'Контакты');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();

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
  // Saved on the server (the notice of the first save may still be showing): the versions list has the new name.
  await expect(versions(page).getByText('Тест-драйв: новая версия')).toBeVisible();
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
  await expect(page.getByText(uri).first()).toBeVisible();
}

test('a layout version is scheduled for publication, shown on the state, and the schedule cancelled', async ({ page }) => {
  test.setTimeout(120_000);
  await openSiteScreen(page, 'Макеты', 'Макеты');
  await page.getByRole('button', { name: 'Новый макет' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Название').fill(`Праздничный ${unique}`);
  await create.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByRole('heading', { name: `Праздничный ${unique}` })).toBeVisible();
  await expect(page.locator('.state-facts').getByText('Черновик')).toBeVisible();

  // Tomorrow at 10:00 in the browser's time zone.
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const moment = `${String(tomorrow.getDate()).padStart(2, '0')}.${String(tomorrow.getMonth() + 1).padStart(2, '0')}.${tomorrow.getFullYear()} 10:00`;
  await page.locator('.workflow-bar').getByRole('button', { name: 'Опубликовать по времени' }).click();
  const schedule = page.getByRole('dialog', { name: 'Опубликовать по времени' });
  await schedule.getByLabel('Опубликовать по времени').fill(moment);
  await schedule.getByLabel('Опубликовать по времени').press('Enter');
  await schedule.getByRole('button', { name: 'Опубликовать по времени' }).click();
  await expect(page.locator('.state-publication')).toContainText(`Будет опубликовано ${moment}`);
  await expect(page.locator('.state-facts')).toContainText('в процессе');
  await expect(page.locator('.state-facts').getByText('Черновик')).toBeVisible();

  await page.getByRole('button', { name: 'Отменить публикацию по времени' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Отменить публикацию по времени' }).click();
  await expect(page.getByText('Публикация по времени отменена')).toBeVisible();
  await expect(page.locator('.state-publication')).toHaveCount(0);
  await expect(page.locator('.state-facts')).not.toContainText('в процессе');
});
