import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { SHOTS, signInAgain, useLanguage, visit } from './kit.ts';

/**
 * A car made by hand with photos (cars.stock): a dealer manager picks the catalogue down to the
 * marketing complectation, sees engine, transmission, drive and body filled from it (and marked so
 * until changed), types the price with grouped digits, uploads a photo through the media library,
 * saves, and finds the photo on the car when it is opened again; the form in both languages at
 * 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const RUN = Date.now().toString(36).toUpperCase().replace(/[IOQ]/g, '0');
const VIN = `XW8MC${RUN}000000000`.slice(0, 17);
const PHOTO = `sportage-${RUN.toLowerCase()}.png`;
test.describe.configure({ timeout: 180_000 });

async function choose(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

const picture = () => sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();

test('a manager creates a car with a photo and the technical fields of its marketing complectation', async ({ page }) => {
  await signInAgain(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Новые автомобили', { exact: true }).click();
  await page.getByRole('button', { name: 'Добавить автомобиль' }).first().click();
  await expect(page.getByRole('heading', { name: 'Новый автомобиль' })).toBeVisible();

  await page.getByLabel('VIN', { exact: true }).fill(VIN);
  await choose(page, 'Марка', 'Kia');
  await choose(page, 'Модель', 'Sportage');
  await choose(page, 'Поколение');
  await choose(page, 'Рестайлинг');
  await choose(page, 'Комплектация', 'Classic');
  await choose(page, 'Маркетинговая комплектация');
  // The Sportage Classic: 2.0 MPI of 150 hp on petrol, automatic, all-wheel drive, a crossover.
  await expect(page.getByLabel('Двигатель', { exact: true })).toHaveValue('2.0 л, 150 л.с., Бензин');
  await expect(page.getByLabel('Коробка передач', { exact: true })).toHaveValue('Автоматическая');
  await expect(page.getByLabel('Привод', { exact: true })).toHaveValue('Полный');
  await expect(page.getByLabel('Кузов', { exact: true })).toHaveValue('Кроссовер');
  for (const field of ['engine', 'transmission', 'wheel_drive', 'body']) await expect(page.getByTestId(`from-complectation-${field}`)).toHaveText('Из маркетинговой комплектации');
  // A value the manager changes stays editable and is no longer marked as the complectation's.
  await page.getByLabel('Кузов', { exact: true }).fill('Кроссовер 5 дв.');
  await expect(page.getByTestId('from-complectation-body')).toHaveCount(0);
  await expect(page.getByTestId('from-complectation-engine')).toBeVisible();

  await page.getByLabel('Год выпуска', { exact: true }).fill('2025');
  const price = page.getByLabel('Цена', { exact: true });
  await price.pressSequentially('3190000');
  await expect(price).toHaveValue('3\u00a0190\u00a0000');

  // A photo uploaded through the media library's picker becomes the car's main photo.
  await page.getByRole('button', { name: 'Добавить фото' }).click();
  const picker = page.getByRole('dialog', { name: 'Выбор изображения' });
  await picker.locator('.media-upload input[type=file]').setInputFiles({ name: PHOTO, mimeType: 'image/png', buffer: await picture() });
  await expect(picker.getByTestId('media-card').filter({ hasText: PHOTO })).toBeVisible();
  await picker.getByTestId('picker-choose').click();
  await expect(picker).toBeHidden();
  const photo = page.getByTestId('car-photo');
  await expect(photo).toHaveCount(1);
  await expect(photo.locator('img')).toHaveAttribute('alt', PHOTO);
  await expect(photo).toContainText('Главное');
  await page.screenshot({ path: `${SHOTS}/manual-car-ru-1440.png`, fullPage: true });

  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByRole('heading', { name: 'Новые автомобили' })).toBeVisible();
  await page.getByLabel('VIN или External ID').fill(VIN);
  await page.getByLabel('VIN или External ID').press('Enter');
  const row = page.locator('.ant-table').getByRole('row', { name: new RegExp(VIN) });
  await expect(row).toContainText('3 190 000');

  // Opened again: the photo, the technical values and the price are the car's.
  await row.getByRole('button', { name: 'Изменить' }).click();
  await expect(page.getByRole('heading', { name: `Автомобиль ${VIN}` })).toBeVisible();
  await expect(page.getByTestId('car-photo').locator('img')).toHaveAttribute('alt', PHOTO);
  await expect(page.getByTestId('car-photo').locator('img')).toHaveJSProperty('complete', true);
  await expect(page.getByLabel('Двигатель', { exact: true })).toHaveValue('2.0 л, 150 л.с., Бензин');
  await expect(page.getByLabel('Кузов', { exact: true })).toHaveValue('Кроссовер 5 дв.');
  await expect(page.getByLabel('Цена', { exact: true })).toHaveValue('3\u00a0190\u00a0000');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('car-photo')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/manual-car-ru-390.png`, fullPage: true });

  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'EN');
  await expect(page.getByRole('heading', { name: `Car ${VIN}` })).toBeVisible();
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('3,190,000');
  await expect(page.getByTestId('car-photo')).toContainText('Main');
  await page.screenshot({ path: `${SHOTS}/manual-car-en-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('car-photo')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/manual-car-en-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'RU');
});
