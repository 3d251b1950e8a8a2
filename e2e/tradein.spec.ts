import { expect, test, type Page } from '@playwright/test';
import { callApi, closeNotices, signInAgain, useLanguage, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * Trade-in: the demo Kia site's manager sets the trade-in settings on their screen (the brands
 * taken, the age and mileage limits), a visitor sends the trade-in form of the demo site's
 * /trade-in page (through the site's captcha), a car outside the limits is refused with the
 * reason, and the manager finds the request among the site's trade-in requests. The settings
 * screen in Russian and English at 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE_HOST = 'kia-avtograd.localhost';
const SITE_URL = `http://${SITE_HOST}:${PORT}`;
const RUN = Date.now().toString(36);
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let siteId = 0;

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/tradein-${name}.png`, fullPage: true });
}

async function findSite(page: Page) {
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=500');
  siteId = Number((sites.body.data as { id: string; attributes: { technical_host: string } }[]).find((one) => one.attributes.technical_host === SITE_HOST)!.id);
}

test('the manager sets the trade-in limits in Russian, a visitor sends the form, the manager finds the request', async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAgain(page, MANAGER);
  await useLanguage(page, 'RU');
  await findSite(page);
  // Start from no limits.
  const settings = await callApi(page, 'GET', `/gateway/tradein.calculator/api/v1/settings/for_site_id/${siteId}`);
  await callApi(page, 'PATCH', `/gateway/tradein.calculator/api/v1/settings/${settings.body.data.id}`, { data: { attributes: { brands: [], max_age_years: null, max_mileage: null } } });

  await visit(page, `/tradein.calculator/settings/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Трейд-ин', exact: true })).toBeVisible();
  const brands = page.getByLabel('Принимаемые марки', { exact: true });
  for (const brand of ['Kia', 'Hyundai']) {
    await brands.fill(brand);
    await brands.press('Enter');
  }
  await page.getByLabel('Возраст автомобиля не более, лет', { exact: true }).fill('12');
  await page.getByLabel('Пробег не более, км', { exact: true }).fill('200000');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await closeNotices(page);
  await shot(page, 'settings-ru-1440');

  // The visitor: a Lada is refused with the reason, a Kia is taken.
  const site = await context.newPage();
  await site.setViewportSize({ width: 390, height: 844 });
  await site.goto(`${SITE_URL}/trade-in`);
  const form = site.locator('form.form--trade-in');
  const visitor = `Владелец ${RUN}`;
  await form.getByLabel('Имя').fill(visitor);
  await form.getByLabel('Телефон').fill('+7 (916) 555-44-33');
  await form.getByLabel('Марка вашего автомобиля').fill('Lada');
  await form.getByLabel('Модель вашего автомобиля').fill('Vesta');
  await form.getByLabel('Год выпуска').fill(String(new Date().getUTCFullYear() - 3));
  await form.getByLabel('Пробег, км').fill('45000');
  await form.getByRole('checkbox').check();
  await form.getByRole('button').click();
  await expect(site.getByRole('alert').filter({ hasText: 'Автомобили марки Lada мы в трейд-ин не принимаем' })).toBeVisible();
  const again = site.locator('form.form--trade-in');
  await again.getByLabel('Марка вашего автомобиля').fill('Kia');
  await again.getByLabel('Модель вашего автомобиля').fill('Ceed');
  await again.getByRole('checkbox').check();
  await again.getByRole('button').click();
  await expect(site.getByRole('status').filter({ hasText: 'Заявка отправлена' })).toBeVisible();
  await shot(site, 'form-ru-390');
  await site.close();

  // The manager finds it among the site's trade-in requests.
  await visit(page, `/request.storage/tradein_requests/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Заявки на трейд-ин' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(RUN);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: visitor })).toBeVisible();
  await shot(page, 'requests-ru-1440');
});

for (const { lang, width } of [
  { lang: 'RU', width: 390 },
  { lang: 'EN', width: 1440 },
  { lang: 'EN', width: 390 },
] as const) {
  test(`the settings screen (${lang}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAgain(page, MANAGER);
    await useLanguage(page, lang);
    await page.setViewportSize({ width, height: 900 });
    await findSite(page);
    await visit(page, `/tradein.calculator/settings/${siteId}`);
    await expect(page.getByRole('heading', { name: lang === 'RU' ? 'Трейд-ин' : 'Trade-in', exact: true })).toBeVisible();
    await expect(page.getByLabel(lang === 'RU' ? 'Пробег не более, км' : 'Most mileage, km', { exact: true })).toHaveValue(/200/);
    await shot(page, `settings-${lang.toLowerCase()}-${width}`);
  });
}
