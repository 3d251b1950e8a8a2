import { expect, test, type Page } from '@playwright/test';
import { ADMIN, callApi, chooseInDialog, closeNotices, openCreateForm, signIn, visit } from './kit.ts';

/**
 * The car catalogue: platform staff add a complectation choosing brand → model →
 * generation → restyling, each narrowed by the one above; a brand with models is not deleted, and
 * the list says why.
 */
/** Unique per run: specs share one app and its data. */
const RUN = Date.now().toString(36);
test.describe.configure({ timeout: 120_000 });


test('add a complectation through the cascading pickers', async ({ page }) => {
  await signIn(page, ADMIN);
  const drawer = await openCreateForm(page, '/cars.catalog/complectations/', 'Комплектации', 'Новая комплектация');
  // Nothing below the brand can be chosen before it.
  await expect(drawer.getByLabel('Рестайлинг', { exact: true })).toBeDisabled();
  await chooseInDialog(page, 'Марка', 'Kia');
  await chooseInDialog(page, 'Модель', 'Sportage');
  await chooseInDialog(page, 'Поколение', 'V');
  await chooseInDialog(page, 'Рестайлинг', 'V');
  const name = `E2E ${RUN}`;
  await drawer.getByLabel('Название', { exact: true }).fill(name);
  await drawer.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Запись создана')).toBeVisible();
  await page.getByPlaceholder('Поиск по названию').fill(name);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Kia');
  await expect(row).toContainText('Sportage');

  // Another brand empties the choices below it (the notice of the save, which would lie over the
  // drawer's first field until it expires, closed first).
  await closeNotices(page);
  await row.getByRole('button', { name: `Изменить: ${name}` }).click();
  await expect(drawer.getByLabel('Рестайлинг', { exact: true })).toBeEnabled();
  await chooseInDialog(page, 'Марка', 'Toyota');
  await expect(drawer.getByLabel('Поколение', { exact: true })).toBeDisabled();
  await expect(drawer.getByLabel('Рестайлинг', { exact: true })).toBeDisabled();
});

test('a brand with models is not deleted, and the list says why', async ({ page }) => {
  await signIn(page, ADMIN);
  const brandName = `E2E Brand ${RUN}`;
  const brand = await callApi(page, 'POST', '/gateway/cars.catalog/api/v1/brands', { data: { attributes: { name: brandName } } });
  expect(brand.status).toBe(201);
  const model = await callApi(page, 'POST', '/gateway/cars.catalog/api/v1/models', { data: { attributes: { name: `E2E Model ${RUN}`, brand_id: Number(brand.body.data.id) } } });
  expect(model.status).toBe(201);
  await visit(page, '/cars.catalog/brands/');
  await page.getByPlaceholder('Поиск по названию').fill(brandName);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: brandName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Удалить: ${brandName}` }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('У марки есть модели (1): сначала удалите их')).toBeVisible();
  await expect(row).toHaveCount(1);
});
