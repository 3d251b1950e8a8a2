import { expect, test, type Page } from '@playwright/test';
import { callApi, closeNotices, signInAgain, useLanguage, visit } from './kit.ts';

/**
 * Money in the reader's currency (spec 000 §1: RUB for ru, USD for en): the demo Kia site's manager
 * reads the new cars' list in English, where a car's price is in dollars at the current rate (the
 * demo rate here: the app reads none) with the rate's day and source in its tooltip, and in
 * Russian, where it is in roubles with no rate; the car's form takes roubles in both languages and
 * tells an English reader the dollars. At 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE_HOST = 'kia-avtograd.localhost';
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Rate {
  rate: number;
  date: string;
  source: string;
}
let siteId = 0;
let car: { vin: string; price: number; final: number };
let rate: Rate;

async function shot(page: Page, name: string, fullPage = true) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/currency-${name}.png`, fullPage });
}

const dollars = (roubles: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(roubles / rate.rate);
const groupsOf = (roubles: number, separator: string) => String(roubles).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
const day = (iso: string) => iso.split('-').reverse().join('.');

async function findCar(page: Page) {
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=500');
  siteId = Number((sites.body.data as { id: string; attributes: { technical_host: string } }[]).find((one) => one.attributes.technical_host === SITE_HOST)!.id);
  const cars = await callApi(page, 'GET', `/gateway/cars.stock/api/v1/cars?filter[site_id]=${siteId}&filter[is_new]=true&page[size]=50`);
  const found = (cars.body.data as { id: string; attributes: { vin: string | null; price: number | null; final_price: number | null } }[]).find((one) => one.attributes.vin && one.attributes.price);
  car = { vin: found!.attributes.vin!, price: found!.attributes.price!, final: found!.attributes.final_price ?? found!.attributes.price! };
  const current = await callApi(page, 'GET', '/gateway/currency.rates/api/v1/rates/current');
  expect(current.status).toBe(200);
  rate = current.body.data.attributes as Rate;
  expect(rate.source).toBe('demo rate');
}

/** The new cars' list narrowed to the car; answers its row. */
async function openList(page: Page, search: string) {
  await visit(page, `/cars.stock/new_cars/${siteId}`);
  const field = page.getByLabel(search);
  await field.fill(car.vin);
  await field.press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: car.vin });
  await expect(row).toHaveCount(1);
  return row;
}

test("an English reader sees a car's price in dollars at the rate, the rate's day and source in its tooltip", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAgain(page, MANAGER);
  await useLanguage(page, 'EN');
  await findCar(page);
  const row = await openList(page, 'VIN or External ID');
  const price = row.getByText(dollars(car.final), { exact: true });
  await expect(price).toBeVisible();
  await expect(row).not.toContainText('₽');
  await price.hover();
  const tooltip = page.getByRole('tooltip').filter({ hasText: 'At the rate of' });
  await expect(tooltip).toHaveText(`At the rate of ${day(rate.date)} (demo rate): 1 USD = ${rate.rate.toFixed(2)} ₽ (${groupsOf(car.final, ',')}\u00a0₽)`);
  await shot(page, 'list-en-1440');

  // On a phone: the same dollars, and the tooltip on a touch of the price.
  await page.mouse.move(0, 0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByText(dollars(car.final), { exact: true })).toBeVisible();
  await row.getByText(dollars(car.final), { exact: true }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'demo rate' })).toBeVisible();
  await shot(page, 'list-en-390');

  // The car's form takes roubles (the stored unit) and tells the dollars under the price.
  await page.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: `Car ${car.vin}` })).toBeVisible();
  const input = page.getByRole('spinbutton', { name: 'Price', exact: true });
  await expect(input).toHaveValue(groupsOf(car.price, ','));
  const form = page.locator('.ant-form-item').filter({ has: input });
  await expect(form).toContainText('₽');
  await expect(form).toContainText(`≈ ${dollars(car.price)} at the rate of ${day(rate.date)} (demo rate)`);
  await shot(page, 'form-en-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(form).toContainText(`≈ ${dollars(car.price)}`);
  await input.scrollIntoViewIfNeeded();
  await shot(page, 'form-en-390', false);
});

test("a Russian reader sees the same price in roubles, with no rate", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAgain(page, MANAGER);
  await useLanguage(page, 'RU');
  await findCar(page);
  const row = await openList(page, 'VIN или External ID');
  const roubles = `${groupsOf(car.final, '\u00a0')}\u00a0₽`;
  const price = row.getByText(roubles, { exact: true });
  await expect(price).toBeVisible();
  await expect(row).not.toContainText('$');
  await expect(price).not.toHaveAttribute('data-hint');
  await shot(page, 'list-ru-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByText(roubles, { exact: true })).toBeVisible();
  await shot(page, 'list-ru-390');

  await page.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole('button', { name: 'Изменить' }).click();
  await expect(page.getByRole('heading', { name: `Автомобиль ${car.vin}` })).toBeVisible();
  const input = page.getByRole('spinbutton', { name: 'Цена', exact: true });
  await expect(input).toHaveValue(groupsOf(car.price, '\u00a0'));
  const form = page.locator('.ant-form-item').filter({ has: input });
  await expect(form).toContainText('₽');
  await expect(form).not.toContainText('$');
  await closeNotices(page);
  await shot(page, 'form-ru-1440');
});
