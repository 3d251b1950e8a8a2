import { expect, test, type Page } from '@playwright/test';
import { ADMIN, chooseInDialog, closeNotices, openCreateForm, signInAgain, visit } from './kit.ts';

/**
 * Body colours, upholstery import and model history: platform staff create a
 * two-tone body colour, import upholsteries from a CSV with one bad row (the preview shows the
 * row's error, the apply writes the good rows), and delete a model, then restore it.
 */
const RUN = Date.now().toString(36);
test.describe.configure({ timeout: 120_000 });


test('create a body colour with two hex values', async ({ page }) => {
  await signInAgain(page, ADMIN);
  const drawer = await openCreateForm(page, '/cars.catalog/body_colors/', 'Цвета кузова', 'Новый цвет кузова');
  await chooseInDialog(page, 'Марка', 'Kia');
  const name = `Два тона ${RUN}`;
  const code = `E2E${RUN}`.toUpperCase();
  await drawer.getByLabel('Название', { exact: true }).fill(name);
  await drawer.getByLabel('Код', { exact: true }).fill(code);
  // A wrong shade first: the form says how to write one.
  const hex = drawer.getByLabel('Оттенки (#RRGGBB)', { exact: true });
  await hex.fill('зелёный');
  await hex.press('Enter');
  await drawer.getByRole('button', { name: 'Создать' }).click();
  await expect(drawer.getByText('Цвет в формате #RRGGBB, например #1A2B3C')).toBeVisible();
  await drawer.locator('.ant-select-selection-item-remove').first().click();
  await hex.fill('#f4f4f2');
  await hex.press('Enter');
  await hex.fill('111111');
  await hex.press('Enter');
  await drawer.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Запись создана')).toBeVisible();

  await page.getByPlaceholder('Поиск по названию или коду').fill(code);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.color-swatch')).toHaveCount(2);
  await expect(row.locator('.color-swatch').nth(0)).toHaveAttribute('data-hex', '#F4F4F2');
  await expect(row.locator('.color-swatch').nth(1)).toHaveAttribute('data-hex', '#111111');
  await expect(row).toContainText('Kia');
});

test('import body colours from a CSV with one bad row', async ({ page }) => {
  await signInAgain(page, ADMIN);
  await visit(page, '/cars.catalog/body_colors/');
  await expect(page.getByRole('heading', { name: 'Цвета кузова' })).toBeVisible();
  // The screen's two lists are tabs under its title, each with its own heading.
  const tabsUnder = async (title: string) => expect((await page.getByRole('tablist').boundingBox())!.y).toBeGreaterThan((await page.getByRole('heading', { name: title }).boundingBox())!.y);
  await tabsUnder('Цвета кузова');
  await page.getByRole('tab', { name: 'Наценки' }).click();
  await expect(page.getByRole('heading', { name: 'Наценки за цвет' })).toBeVisible();
  await tabsUnder('Наценки за цвет');
  await page.getByRole('tab', { name: 'Цвета' }).click();
  await expect(page.getByRole('heading', { name: 'Цвета кузова' })).toBeVisible();
  await page.getByRole('button', { name: 'Загрузить цвета' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Проверить' })).toBeDisabled();
  const csv = [
    'brand;code;name;hex',
    `Kia;B${RUN}1;Белый E2E ${RUN};#F5F5F5`,
    `Kia;B${RUN}2;Пёстрый E2E ${RUN};не цвет`,
    `Kia;B${RUN}3;Двухцветный E2E ${RUN};#101010 #C0C0C0`,
  ].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'body_colors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Проверить' }).click();

  // The preview shows the bad row alone, with its number; the other two would be created.
  await expect(dialog.getByText('В некоторых строках ошибки: они не будут загружены')).toBeVisible();
  const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('2');
  await expect(rows.nth(0)).toContainText('ошибка');
  await dialog.getByRole('button', { name: 'Загрузить строки без ошибок (2)' }).click();
  await expect(dialog.getByText('Загружено: создано 2, изменено 0')).toBeVisible();
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await page.getByPlaceholder('Поиск по названию или коду').fill(`B${RUN}`);
  const listed = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(listed).toHaveCount(2);
  await expect(listed.filter({ hasText: `Двухцветный E2E ${RUN}` }).locator('.color-swatch')).toHaveCount(2);
});

test('import upholsteries from a CSV with one bad row', async ({ page }) => {
  await signInAgain(page, ADMIN);
  await visit(page, '/cars.catalog/upholsteries/');
  await expect(page.getByRole('heading', { name: 'Обивки салона' })).toBeVisible();
  await page.getByRole('button', { name: 'Загрузить обивки' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Скачать шаблон' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Проверить' })).toBeDisabled();
  const csv = [
    'brand;code;name;material;colors',
    `Toyota;E2E-${RUN}-1;Ткань E2E ${RUN};ткань;#1C1C1C`,
    `Toyota;E2E-${RUN}-2;Дерево E2E ${RUN};дерево;#6B4226`,
    `Toyota;E2E-${RUN}-3;Кожа E2E ${RUN};leather;#111111 #D8C7A9`,
  ].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'upholsteries.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Проверить' }).click();

  // The preview: the bad row first, with its number and the reason; the others would be created.
  await expect(dialog.getByText('В некоторых строках ошибки: они не будут загружены')).toBeVisible();
  const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('3');
  await expect(rows.nth(0)).toContainText('ошибка');
  await expect(rows.nth(0)).toContainText('Материал: кожа, ткань, комбинированный, алькантара, велюр или экокожа');
  await dialog.getByText('Все', { exact: true }).click();
  await expect(rows).toHaveCount(3);

  await dialog.getByRole('button', { name: 'Загрузить строки без ошибок (2)' }).click();
  await expect(dialog.getByText('Загружено: создано 2, изменено 0')).toBeVisible();
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await page.getByPlaceholder('Поиск по названию или коду').fill(`E2E-${RUN}`);
  const listed = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(listed).toHaveCount(2);
  await expect(listed.filter({ hasText: `Кожа E2E ${RUN}` }).locator('.color-swatch')).toHaveCount(2);
  await expect(listed.filter({ hasText: `Ткань E2E ${RUN}` })).toContainText('Ткань');
});

test('delete a model and restore it from the deleted models', async ({ page }) => {
  await signInAgain(page, ADMIN);
  const drawer = await openCreateForm(page, '/cars.catalog/models/', 'Модели');
  await chooseInDialog(page, 'Марка', 'Lada');
  const name = `Iskra E2E ${RUN}`;
  await drawer.getByLabel('Название', { exact: true }).fill(name);
  await drawer.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Запись создана')).toBeVisible();

  await page.getByPlaceholder('Поиск по названию').fill(name);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Удалить: ${name}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Запись удалена')).toBeVisible();
  await expect(row).toHaveCount(0);
  // The notices lie over the header's buttons until they expire: closed instead of waited out.
  await closeNotices(page);

  await page.getByRole('button', { name: 'Удалённые модели' }).click();
  const deleted = page.getByRole('dialog', { name: 'Удалённые модели' });
  const event = deleted.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(event).toHaveCount(1);
  await expect(event).toContainText('Lada');
  await event.getByRole('button', { name: 'Восстановить' }).click();
  // A confirmation first.
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`Восстановить модель «${name}»?`);
  await confirm.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByText('Модель восстановлена')).toBeVisible();
  await expect(event.getByRole('button', { name: 'Восстановить' })).toHaveCount(0);
  await deleted.getByRole('button', { name: 'Close' }).or(deleted.locator('.ant-drawer-close')).first().click();
  await expect(row).toHaveCount(1);

  // Its history: created, deleted, restored.
  await row.getByRole('button', { name: 'История' }).click();
  const history = page.getByRole('dialog', { name: `История модели «${name}»` });
  await expect(history.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  await expect(history.locator('.ant-table-tbody tr.ant-table-row').nth(0)).toContainText('Восстановлена');
});
