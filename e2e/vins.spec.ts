import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN, signIn, visit } from './kit.ts';

/**
 * VIN data (cars.vins): platform staff upload a VIN file with one bad row, see the row's
 * message in the report, upload the good rows, find one of the VINs with the list's search and
 * change its production number in the form.
 */
test.describe.configure({ timeout: 120_000 });
const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const newVin = () => `XWE${Array.from(randomBytes(14), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;

test('a VIN file with a bad row: the report, the upload, the search and an edit', async ({ page }) => {
  const [first, second] = [newVin(), newVin()];
  await signIn(page, ADMIN);
  await visit(page, '/cars.vins/vins/');
  await expect(page.getByRole('heading', { name: 'VIN-данные' })).toBeVisible();

  await page.getByRole('button', { name: 'Загрузить VIN-данные' }).click();
  const dialog = page.getByRole('dialog');
  const csv = ['vin;brand;marketing_complectation_code;gross_price', `${first};Kia;RIO-E2E;1 790 000`, `${second};Kia;RIO-E2E;1890000`, 'XWE00000000000I00;Kia;RIO-E2E;1'].join('\n');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'vins.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Проверить' }).click();
  await expect(dialog.getByText('В некоторых строках ошибки: они не будут загружены')).toBeVisible();
  await expect(dialog.getByText('VIN — 17 латинских букв и цифр, без I, O и Q')).toBeVisible();
  await dialog.getByRole('button', { name: 'Загрузить строки без ошибок (2)' }).click();
  await expect(dialog.getByText('Создано: 2, обновлено: 0')).toBeVisible();
  await dialog.getByRole('button', { name: 'Готово' }).click();

  await page.getByLabel('VIN или производственный номер').fill(first.toLowerCase().slice(3));
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first);
  await expect(rows.first()).toContainText('1 790 000');
  await rows.first().getByRole('button', { name: `Изменить: ${first}` }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Производственный номер', { exact: true }).fill('E2E-1');
  await drawer.getByRole('button', { name: 'Сохранить' }).click();
  await expect(rows.first()).toContainText('E2E-1');
});
