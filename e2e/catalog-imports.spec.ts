import { expect, test } from '@playwright/test';
import { ADMIN, callApi, chooseOption, signIn, visit } from './kit.ts';

/**
 * Marketing complectation imports and cascading list filters:
 * platform staff import marketing complectations from a CSV with one bad row (the preview names
 * the row and the reason, the apply writes the good one), then narrow the restylings list by brand
 * and see only that brand's models offered in the model filter.
 */
const RUN = Date.now().toString(36).toUpperCase();
const API = '/gateway/cars.catalog/api/v1';
test.describe.configure({ timeout: 120_000 });

test('import marketing complectations with one bad row, then a cascading filter', async ({ page }) => {
  await signIn(page, ADMIN);
  const brands = (await callApi(page, 'GET', `${API}/brands?page[size]=100`)).body.data as { id: string; attributes: { name: string } }[];
  const brandId = (name: string) => brands.find((brand) => brand.attributes.name === name)!.id;
  const restyling = (await callApi(page, 'GET', `${API}/restylings?filter[brands]=${brandId('Hyundai')}&page[size]=1`)).body.data[0] as { id: string };
  const complectation = (await callApi(page, 'GET', `${API}/complectations?filter[restylings]=${restyling.id}&page[size]=1`)).body.data[0] as { attributes: { name: string } };

  await visit(page, '/cars.catalog/marketing_complectations/');
  await page.getByRole('button', { name: 'Загрузить маркетинговые комплектации' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Загрузка маркетинговых комплектаций')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Скачать шаблон' })).toBeVisible();
  const csv = [
    'restyling_id;complectation;code;name;engine_name;engine_volume;engine_power;price;published',
    `${restyling.id};${complectation.attributes.name};E2E-${RUN};Импорт ${RUN};1.6 MPI;1.6;123;1 650 000;да`,
    `${restyling.id};Нет такой ${RUN};E2E-${RUN}-2;Ошибка ${RUN};;;;;`,
  ].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'marketing.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Проверить' }).click();
  await expect(dialog.getByText('В некоторых строках ошибки: они не будут загружены')).toBeVisible();
  const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(`У рестайлинга нет комплектации «Нет такой ${RUN}»`);
  await dialog.getByRole('button', { name: 'Загрузить строки без ошибок (1)' }).click();
  await expect(dialog.getByText('Загружено: создано 1, изменено 0')).toBeVisible();
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await page.getByPlaceholder('Поиск по названию или коду').fill(`E2E-${RUN}`);
  const listed = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`Импорт ${RUN}`);

  // Cascading: with the brand chosen, the model filter offers that brand's models only; another brand clears it.
  const models = async (brand: string) => ((await callApi(page, 'GET', `${API}/models?filter[brands]=${brandId(brand)}&page[size]=100`)).body.data as { attributes: { name: string } }[]).map((m) => m.attributes.name);
  const kia = await models('Kia');
  const hyundai = await models('Hyundai');
  await visit(page, '/cars.catalog/restylings/');
  await expect(page.getByRole('heading', { name: 'Рестайлинги' })).toBeVisible();
  await chooseOption(page, page.getByRole('combobox', { name: 'Марка', exact: true }), 'Kia');
  const modelFilter = page.getByRole('combobox', { name: 'Модель', exact: true });
  await modelFilter.click();
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${await modelFilter.getAttribute('aria-controls')}"]`) });
  await expect(dropdown.locator('.ant-select-item-option')).toHaveCount(kia.length);
  await expect(dropdown.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${hyundai[0]}$`) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await chooseOption(page, modelFilter, kia[0]!);
  await expect(page).toHaveURL(/models=\d+/);
  await chooseOption(page, page.getByRole('combobox', { name: 'Марка', exact: true }), 'Hyundai');
  await expect(page).not.toHaveURL(/models=/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('Hyundai');
});
