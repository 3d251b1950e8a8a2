import { expect, test, type Page } from '@playwright/test';
import { signIn, useLanguage, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * The smart contract link of a site's stock: a dealer manager gives the link on the stock
 * settings screen (a wrong one is refused on the field with the server's own text), saves, and
 * the demo Kia site's car page offers "Buy online" with the car's VIN and id in the address, as
 * does the list's card; cleared, the site shows none. In Russian and English at 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
const LINK = 'https://buy.example.com/kia?vin={vin}&car={id}';
test.describe.configure({ timeout: 150_000 });

async function shots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: `test-results/screens/stock-smart-contract-${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/screens/stock-smart-contract-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function save(page: Page, button: string) {
  const saved = page.waitForResponse((response) => response.url().includes('/settings/where_site/') && response.request().method() === 'PATCH');
  await page.getByRole('button', { name: button }).click();
  expect((await saved).status()).toBe(200);
}

test('a manager sets the smart contract link, and the demo site offers "Buy online" on its cars', async ({ page, context }) => {
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Настройки склада', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Настройки склада' })).toBeVisible();

  const field = page.getByLabel('Ссылка на смарт-контракт', { exact: true });
  await expect(field).toHaveValue('');
  await field.fill('http://buy.example.com/kia?vin={vin}');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Ссылка на смарт-контракт должна начинаться с https://')).toBeVisible();
  await shots(page, 'error-ru');
  await field.fill(LINK);
  await expect(page.getByText('Ссылка на смарт-контракт должна начинаться с https://')).toBeHidden();
  await save(page, 'Сохранить');
  await page.reload();
  await expect(page.getByLabel('Ссылка на смарт-контракт', { exact: true })).toHaveValue(LINK);
  await shots(page, 'settings-ru');

  // The site: the list's cards link the purchase, and so does the car's page, with its VIN and id.
  const site = await context.newPage();
  await site.setViewportSize({ width: 1440, height: 900 });
  await site.goto(`${SITE_URL}/cars`);
  const card = site.locator('.car-card').first();
  await expect(card.getByRole('link', { name: 'Купить онлайн' })).toHaveAttribute('href', /^https:\/\/buy\.example\.com\/kia\?vin=[A-Z0-9]{17}&car=\d+$/);
  await shots(site, 'list-ru');
  await card.locator('.car-card__link').click();
  const buy = site.getByRole('link', { name: 'Купить онлайн' });
  await expect(buy).toBeVisible();
  const id = /-(\d+)$/.exec(new URL(site.url()).pathname)![1];
  await expect(buy).toHaveAttribute('href', new RegExp(`^https://buy\\.example\\.com/kia\\?vin=[A-Z0-9]{17}&car=${id}$`));
  await shots(site, 'car-page-ru');

  // In English: the same field, its texts; a placeholder it does not know is refused; cleared, the site shows none.
  await useLanguage(page, 'EN');
  await expect(page.getByRole('heading', { name: 'Stock settings' })).toBeVisible();
  const english = page.getByLabel('Smart contract link', { exact: true });
  await expect(english).toHaveValue(LINK);
  await english.fill('https://buy.example.com/kia?car={id}&dealer={dealer}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The placeholder {dealer} is unknown: only {vin} and {id} can be used')).toBeVisible();
  await shots(page, 'error-en');
  await english.fill('');
  await save(page, 'Save');
  await shots(page, 'settings-en');
  await site.reload();
  await expect(site.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(site.getByRole('link', { name: 'Купить онлайн' })).toHaveCount(0);
  await site.close();
  await useLanguage(page, 'RU');
});
