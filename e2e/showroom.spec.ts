import { expect, test } from '@playwright/test';
import { signIn, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * The dealer's stock on its public site: a visitor of the demo Kia site filters the used cars,
 * opens one and sends a request for it; the dealer's manager finds it among the cars-in-stock
 * requests. The English version of the list speaks English.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
const unique = Date.now().toString(36);

test('a visitor filters the used cars, asks about one, and the manager finds the request', async ({ page, context }) => {
  test.setTimeout(60_000);
  const name = `Покупатель ${unique}`;
  const site = await context.newPage();
  await site.goto(`${SITE_URL}/cars`);
  await site.getByRole('link', { name: 'С пробегом' }).click();
  await expect(site).toHaveURL(`${SITE_URL}/cars?type=used`);
  const total = Number((await site.getByText(/^Автомобилей: /).textContent())!.replace(/\D/g, ''));
  const filters = site.getByRole('form', { name: 'Подбор автомобиля' });
  await filters.getByRole('checkbox', { name: /^Kia/ }).check();
  await filters.getByRole('button', { name: 'Показать' }).click();
  await expect(site).toHaveURL(/type=used&brand_id=\d+/);
  const found = Number((await site.getByText(/^Автомобилей: /).textContent())!.replace(/\D/g, ''));
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(total);
  await expect(filters.getByRole('checkbox', { name: /^Kia/ })).toBeChecked();

  const card = site.locator('.car-card').first();
  const title = (await card.locator('.car-card__title').textContent())!;
  expect(title).toMatch(/^Kia /);
  await card.getByRole('link').click();
  await expect(site).toHaveURL(new RegExp(`${SITE_URL}/cars/kia-[a-z0-9-]+-\\d+$`));
  await expect(site.getByRole('heading', { level: 1 })).toContainText(title);
  const form = site.locator('#car-request form');
  await form.getByLabel('Имя').fill(name);
  await form.getByLabel('Телефон').pressSequentially('9161234567');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(site.getByRole('status').filter({ hasText: 'Заявка отправлена' })).toBeVisible();
  await site.close();

  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Авто в наличии', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Заявки на авто в наличии' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' });
  await search.fill(unique);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(title);
});

test('the list and a car page speak English under /en', async ({ page }) => {
  await page.goto(`${SITE_URL}/en/cars?type=used`);
  await expect(page.getByText(/^Cars: \d/)).toBeVisible();
  const filters = page.getByRole('form', { name: 'Find a car' });
  await expect(filters.getByRole('button', { name: 'Show' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New', exact: true })).toHaveAttribute('href', '/en/cars');
  await page.locator('.car-card a').first().click();
  await expect(page).toHaveURL(new RegExp(`${SITE_URL}/en/cars/[a-z0-9-]+-\\d+$`));
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ask about this car' })).toBeVisible();
});
