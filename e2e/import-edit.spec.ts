import { expect, test, type Page } from '@playwright/test';
import { callApi, closeNotices, signInAgain, useLanguage, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';
import { DEMO_RATE } from '../packages/contracts/src/currency.rates/index.ts';

/**
 * The import-edit widget: a dealer's manager imports a small feed into the demo Kia site, edits an
 * imported car's price on /widgets/import_edit/{siteId}/ (the feed's price shown beside it), the
 * site's car page shows the edited price, and the edit is undone after a confirmation (the feed's
 * price is back on the site). In Russian and in English, looked at in 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE_NAME = 'АвтоГрад Север — Kia';
const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
const RUN = Date.now().toString(36).toUpperCase().replace(/[IOQ]/g, '0');
const VINS = { ru: `XW8E${RUN}00000000`.slice(0, 16) + '1', en: `XW8E${RUN}00000000`.slice(0, 16) + '2' };
const IMPORT = '/gateway/cars.import/api/v1';
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let siteId = 0;
/** Roubles as an English reader sees them: dollars at the demo rate (the e2e app reads no other). */
const usd = (roubles: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(roubles / DEMO_RATE);

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/import-edit-${name}.png`, fullPage: true });
}

/** Imports a feed of two cars into the site (its only file) and waits for the report to finish. */
async function importFeed(page: Page) {
  const settings = await callApi(page, 'GET', `${IMPORT}/settings/where_site/${siteId}`);
  const settingsId = settings.body.data.id as string;
  await callApi(page, 'PATCH', `${IMPORT}/settings/${settingsId}`, { data: { attributes: { files: [], auto_import_hours: null } } });
  const csv = `vin;brand;model;price;year\n${VINS.ru};Kia;Sportage;3100000;2025\n${VINS.en};Kia;Sportage;3200000;2025\n`;
  const uploaded = await page.evaluate(
    async ({ path, csv }) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { access_token?: string };
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'import-edit.csv');
      return (await fetch(path, { method: 'POST', headers: { Authorization: `Bearer ${auth.access_token}` }, body: form })).status;
    },
    { path: `${IMPORT}/import/${settingsId}/manual`, csv },
  );
  expect(uploaded).toBe(200);
  const started = await callApi(page, 'POST', `${IMPORT}/import/${settingsId}/manual/start`, { data: {} });
  expect(started.status).toBe(202);
  const reportId = started.body.data.id as string;
  await expect.poll(async () => (await callApi(page, 'GET', `${IMPORT}/reports/${reportId}`)).body?.data?.attributes?.status, { timeout: 120_000 }).toBe('finished');
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAgain(page, MANAGER);
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=500');
  siteId = Number((sites.body.data as { id: string; attributes: { name: string } }[]).find((row) => row.attributes.name === SITE_NAME)!.id);
  await importFeed(page);
  await page.close();
});

for (const { lang, first, second } of [
  { lang: 'ru', first: 1440, second: 390 },
  { lang: 'en', first: 390, second: 1440 },
] as const) {
  const ru = lang === 'ru';
  const vin = VINS[lang];
  const price = ru ? '2 990 000' : '3 050 000';
  // The admin shows roubles in Russian and dollars at the demo rate in English; the public site is Russian.
  const feedPrice = ru ? /3\s100\s000/ : usd(3_200_000);
  const siteFeedPrice = ru ? /3\s100\s000/ : /3\s200\s000/;
  const shown = ru ? /2\s990\s000/ : usd(3_050_000);
  const onSite = ru ? /2\s990\s000/ : /3\s050\s000/;
  test(`a manager edits an imported car's price, the site shows it, and the edit is undone (${lang})`, async ({ page, context }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAgain(page, MANAGER);
    await useLanguage(page, ru ? 'RU' : 'EN');
    await page.setViewportSize({ width: first, height: 900 });
    await visit(page, `/widgets/import_edit/${siteId}/`);
    await expect(page.getByRole('heading', { name: ru ? 'Правки импортированных автомобилей' : 'Edits of imported cars', exact: true })).toBeVisible();

    // A new edit: the imported car found by its VIN, the price field, the car's current price shown.
    await page.getByRole('button', { name: ru ? 'Изменить автомобиль' : 'Edit a car' }).first().click();
    const drawer = page.getByRole('dialog');
    const car = drawer.getByRole('combobox', { name: ru ? 'Автомобиль' : 'Car' });
    await car.click();
    await car.fill(vin);
    await page.locator('.ant-select-item-option').filter({ hasText: vin }).first().click();
    await expect(drawer.getByText(ru ? 'Текущее значение у автомобиля' : "Car's current value")).toBeVisible();
    await expect(drawer).toContainText(feedPrice);
    const value = drawer.getByRole('spinbutton', { name: ru ? 'Ваше значение' : 'Edited value' }).or(drawer.getByLabel(ru ? 'Ваше значение' : 'Edited value', { exact: true }));
    await value.first().fill(price.replace(/ /g, ''));
    await page.getByRole('button', { name: ru ? 'Сохранить' : 'Save', exact: true }).click();
    await expect(drawer).toBeHidden();
    await closeNotices(page);
    const row = page.locator('.ant-table-row').filter({ hasText: vin });
    await expect(row).toContainText(shown);
    // The feed's value beside it: a phone shows the key columns only, so it is read at 1440 px.
    if (first === 1440) await expect(row).toContainText(feedPrice);
    await shot(page, `list-${lang}-${first}`);
    await page.setViewportSize({ width: second, height: 900 });
    await expect(row).toBeVisible();
    if (second === 1440) await expect(row).toContainText(feedPrice);
    await shot(page, `list-${lang}-${second}`);

    // The site's car page shows the dealer's price.
    const edits = await callApi(page, 'GET', `/gateway/import_edit/api/v1/import_edits?filter[site_id]=${siteId}&filter[car]=${vin}`);
    const carId = edits.body.data[0].attributes.car_id as number;
    const site = await context.newPage();
    await site.goto(`${SITE_URL}/cars/${carId}`);
    await expect(site.locator('body')).toContainText(onSite);

    // Undo, after a confirmation: the feed's price is back at once.
    await row.getByRole('button', { name: new RegExp(`^${ru ? 'Отменить' : 'Undo'}:`) }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: ru ? 'Отменить' : 'Undo', exact: true }).click();
    await expect(page.getByText(ru ? 'Правка отменена: действует значение фида' : "Edit undone: the feed's value applies")).toBeVisible();
    await expect(page.locator('.ant-table-row').filter({ hasText: vin })).toHaveCount(0);
    await site.reload();
    await expect(site.locator('body')).toContainText(siteFeedPrice);
    await site.close();
  });
}
