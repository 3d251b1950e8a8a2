import { expect, test, type Page } from '@playwright/test';
import { ADMIN, chooseInDialog, chooseOption, openCreateForm, signIn } from './kit.ts';

/**
 * Marketing complectations: platform staff create one through the cascading pickers,
 * find it in the list filtered by brand, and on its own page give it an engine (a wrong rpm range
 * first), a specification category and a price, then see the option view.
 */
/** Unique per run: specs share one app and its data. */
const RUN = Date.now().toString(36);
test.describe.configure({ timeout: 120_000 });


test('create a marketing complectation, find it by brand and fill its engine, specifications and price', async ({ page }) => {
  await signIn(page, ADMIN);
  // Create: brand → model → generation → restyling → complectation, then the code and name.
  const drawer = await openCreateForm(page, '/cars.catalog/marketing_complectations/', 'Маркетинговые комплектации', 'Новая маркетинговая комплектация');
  await expect(drawer.getByLabel('Комплектация', { exact: true })).toBeDisabled();
  await chooseInDialog(page, 'Марка', 'Kia');
  await chooseInDialog(page, 'Модель', 'Sportage');
  await chooseInDialog(page, 'Поколение', 'V');
  await chooseInDialog(page, 'Рестайлинг', 'V');
  await chooseInDialog(page, 'Комплектация', 'Premium');
  const code = `E2E${RUN}`.toUpperCase();
  const name = `Premium E2E ${RUN}`;
  await drawer.getByLabel('Код', { exact: true }).fill(code);
  await drawer.getByLabel('Название', { exact: true }).fill(name);
  await drawer.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Запись создана')).toBeVisible();

  // The list filtered by brand shows it.
  await expect(page.getByRole('dialog')).toBeHidden();
  await chooseOption(page, page.getByRole('combobox', { name: 'Марка', exact: true }), 'Kia');
  await expect(page).toHaveURL(/[?&]brands=\d+/);
  await page.getByPlaceholder('Поиск по названию или коду').fill(code);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Kia');
  await expect(row).toContainText('Sportage');

  // Its own page: the engine, with a wrong rpm range first.
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: `Маркетинговая комплектация «${name}»` })).toBeVisible();
  await page.getByRole('tab', { name: 'Двигатель' }).click();
  await expect(page.getByText('Двигатель ещё не указан')).toBeVisible();
  await page.getByLabel('Название двигателя').fill('1.6 T-GDI');
  await page.getByLabel('Объём', { exact: true }).fill('1.6');
  await page.getByLabel('Мощность', { exact: true }).fill('180');
  await chooseOption(page, page.getByLabel('Единица мощности'), 'кВт');
  await page.getByLabel('Крутящий момент, Н·м').fill('265');
  await page.getByLabel('Обороты от').fill('4500');
  await page.getByLabel('Обороты до').fill('1500');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Обороты «от» не могут быть больше оборотов «до»')).toBeVisible();
  await page.getByLabel('Обороты от').fill('1500');
  await page.getByLabel('Обороты до').fill('4500');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Убрать двигатель' })).toBeVisible();

  // A specification category with one row.
  await page.getByRole('tab', { name: 'Характеристики' }).click();
  await expect(page.getByText('Характеристик пока нет: добавьте категорию')).toBeVisible();
  await page.getByRole('button', { name: 'Добавить категорию' }).click();
  await page.getByLabel('Название категории 1').fill('Двигатель');
  await page.getByLabel('Характеристика 1').fill('Мощность');
  await page.getByLabel('Код 1').fill('engine_power');
  await page.getByLabel('Значение 1').fill('180 л. с.');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();

  // The price.
  await page.getByRole('tab', { name: 'Цена' }).click();
  await expect(page.getByText('Не указана')).toBeVisible();
  await page.getByLabel('Новая базовая цена, ₽').fill('3690000');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('tabpanel').getByText(/3\s690\s000\s₽/)).toBeVisible();

  // An engine name being typed survives a price saved on another tab, and is saved after it.
  await page.getByRole('tab', { name: 'Двигатель' }).click();
  await page.getByLabel('Название двигателя').fill('1.6 T-GDI Smartstream');
  await page.getByRole('tab', { name: 'Цена' }).click();
  await page.getByLabel('Новая базовая цена, ₽').fill('3790000');
  await page.getByRole('tabpanel', { name: 'Цена' }).getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Цена' }).getByText(/3\s790\s000\s₽/)).toBeVisible();
  await page.getByRole('tab', { name: 'Двигатель' }).click();
  await expect(page.getByLabel('Название двигателя')).toHaveValue('1.6 T-GDI Smartstream');
  const engineSaved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/marketing_complectations/'));
  await page.getByRole('tabpanel', { name: 'Двигатель' }).getByRole('button', { name: 'Сохранить' }).click();
  expect((await engineSaved).ok()).toBe(true);

  // The options view (none chosen yet, the restyling's options offered).
  await page.getByRole('tab', { name: 'Опции' }).click();
  await expect(page.getByText('В комплектации нет опций')).toBeVisible();

  // Everything is there after a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Двигатель' }).click();
  await expect(page.getByLabel('Название двигателя')).toHaveValue('1.6 T-GDI Smartstream');
  await page.getByRole('tab', { name: 'Характеристики' }).click();
  await expect(page.getByLabel('Название категории 1')).toHaveValue('Двигатель');
  await expect(page.getByLabel('Значение 1')).toHaveValue('180 л. с.');
});
