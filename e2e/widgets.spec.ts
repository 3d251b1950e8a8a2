import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { callApi, chooseOption, closeNotices, signInAgain, useLanguage, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * Site widgets: a dealer's manager sets the demo Kia site's smart contract widget (a widget of one
 * of the client's dealerships) and the widget's script appears on the site's stock list and car
 * page; they switch Calltouch on with its script module, the site loads Calltouch's script, a call
 * delivered to the signed webhook is listed on the call tracking screen and exported. In Russian at
 * 1440 px and in English at 390 px; the widgets are switched off again at the end.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE_NAME = 'АвтоГрад Север — Kia';
const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
const RUN = Date.now().toString(36);
const SECRET = `hook-${RUN}`;
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let siteId = 0;
let clientId = 0;

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/widgets-${name}.png`, fullPage: true });
}

async function findSite(page: Page) {
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=500');
  const site = (sites.body.data as { id: string; attributes: { name: string; client_id: number } }[]).find((row) => row.attributes.name === SITE_NAME)!;
  siteId = Number(site.id);
  clientId = site.attributes.client_id;
}

for (const { lang, width } of [
  { lang: 'ru', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  const ru = lang === 'ru';
  test(`the smart contract widget set on its screen loads on the demo site's car pages (${lang}, ${width} px)`, async ({ page, context }) => {
    // The language switch is in the header at 1440 px: set there, then the page's width.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAgain(page, MANAGER);
    await useLanguage(page, ru ? 'RU' : 'EN');
    await page.setViewportSize({ width, height: 900 });
    await findSite(page);
    const dealerships = await callApi(page, 'GET', `/gateway/dealerships/api/v1/dealerships?filter[client_id]=${clientId}&page[size]=1&sort=title`);
    const dealership = dealerships.body.data[0].attributes.title as string;
    // Start from no widget: the site loads nothing.
    const settings = await callApi(page, 'GET', `/gateway/smart_contracts/api/v1/settings/for_site_id/${siteId}`);
    await callApi(page, 'PATCH', `/gateway/smart_contracts/api/v1/settings/${settings.body.data.id}`, { data: { attributes: { widgets: [], service_widgets: [] } } });

    await visit(page, `/smart_contracts/settings/${siteId}/`);
    await expect(page.getByRole('heading', { name: ru ? 'Виджет смарт-контрактов' : 'Smart contract widget', exact: true })).toBeVisible();
    await page.getByRole('button', { name: ru ? 'Добавить виджет' : 'Add a widget' }).click();
    const entry = page.getByTestId('smart-widget-entry').first();
    await chooseOption(page, entry.getByRole('combobox', { name: ru ? 'Дилерский центр' : 'Dealership' }), dealership);
    // A widget id with a space is refused with the field's rule.
    await entry.getByLabel(ru ? 'Id виджета' : 'Widget id').fill(`w ${RUN}`);
    await page.getByRole('button', { name: ru ? 'Сохранить' : 'Save', exact: true }).click();
    await expect(page.getByText(ru ? 'Id виджета: латинские буквы, цифры, «-» и «_»' : 'A widget id: Latin letters, digits, "-" and "_"').first()).toBeVisible();
    await closeNotices(page);
    await entry.getByLabel(ru ? 'Id виджета' : 'Widget id').fill(`w-${RUN}`);
    await page.getByLabel(ru ? 'Окружение' : 'Environment', { exact: true }).fill('test');
    await page.getByRole('button', { name: ru ? 'Сохранить' : 'Save', exact: true }).click();
    await expect(page.getByText(ru ? 'Изменения сохранены' : 'Changes saved')).toBeVisible();
    await shot(page, `smart-contracts-${lang}-${width}`);

    // The demo site's stock list and a car page load the widget with its configuration.
    const site = await context.newPage();
    await site.setViewportSize({ width, height: 900 });
    await site.goto(`${SITE_URL}/cars`);
    await expect(site.locator('script[data-config="dp-smart-contracts"]')).toHaveCount(1);
    expect(JSON.parse((await site.locator('#dp-smart-contracts').textContent())!).widgets[0].smart_contract_widget_id).toBe(`w-${RUN}`);
    await site.locator('.car-card a').first().click();
    await expect(site.locator('.car-page')).toBeVisible();
    await expect(site.locator('script[data-config="dp-smart-contracts"]')).toHaveCount(1);
    await site.goto(`${SITE_URL}/`);
    await expect(site.locator('script[data-config="dp-smart-contracts"]')).toHaveCount(0);
    await site.close();
    await callApi(page, 'PATCH', `/gateway/smart_contracts/api/v1/settings/${settings.body.data.id}`, { data: { attributes: { widgets: [] } } });
  });

  test(`Calltouch switched on loads its script on the demo site; a signed call is listed and exported (${lang}, ${width} px)`, async ({ page, context }) => {
    // The language switch is in the header at 1440 px: set there, then the page's width.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAgain(page, MANAGER);
    await useLanguage(page, ru ? 'RU' : 'EN');
    await page.setViewportSize({ width, height: 900 });
    await findSite(page);
    const keeper = await callApi(page, 'GET', `/gateway/calltracking/api/v1/callkeeper_settings/for_site_id/${siteId}`);
    await callApi(page, 'PATCH', `/gateway/calltracking/api/v1/callkeeper_settings/${keeper.body.data.id}`, { data: { attributes: { enabled: false } } });
    // Calltouch from scratch: off, without its script module.
    const start = await callApi(page, 'GET', `/gateway/calltracking/api/v1/calltouch_settings/for_site_id/${siteId}`);
    await callApi(page, 'PATCH', `/gateway/calltracking/api/v1/calltouch_settings/${start.body.data.id}`, { data: { attributes: { enabled: false, mod_id: null } } });

    await visit(page, `/widgets/calltouch/${siteId}/settings`);
    await expect(page.getByRole('heading', { name: ru ? 'Виджет Calltouch' : 'Calltouch widget', exact: true })).toBeVisible();
    await page.getByRole('switch', { name: ru ? 'Включён' : 'Switched on' }).click();
    await page.getByRole('button', { name: ru ? 'Сохранить' : 'Save', exact: true }).click();
    // Switched on without its script module: refused on the field.
    await expect(page.getByText(ru ? 'Чтобы включить виджет, укажите mod_id' : 'To switch the widget on, give mod_id').first()).toBeVisible();
    await closeNotices(page);
    await page.getByLabel(ru ? 'Id модуля скрипта' : 'Script module id', { exact: true }).fill(`mod-${RUN}`);
    await page.getByLabel(ru ? 'Секрет вебхука' : 'Webhook secret', { exact: true }).fill(SECRET);
    await page.getByRole('button', { name: ru ? 'Сохранить' : 'Save', exact: true }).click();
    await expect(page.getByText(ru ? 'Изменения сохранены' : 'Changes saved')).toBeVisible();
    await shot(page, `calltouch-${lang}-${width}`);

    const site = await context.newPage();
    await site.goto(`${SITE_URL}/cars`);
    await expect(site.locator(`script[data-calltracking="calltouch"][src*="id=mod-${RUN}"]`)).toHaveCount(1);
    await site.close();

    // A call delivered to the webhook, signed with the secret.
    const callId = `e2e-${lang}-${RUN}`;
    const body = JSON.stringify({ call_id: callId, started_at: new Date().toISOString(), caller_phone: '+7 900 555-44-33', duration: 95, status: 'answered', source: `e2e-${RUN}` });
    const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const delivered = await fetch(`http://127.0.0.1:${PORT}/gateway/calltracking/api/v1/webhooks/calltouch/${siteId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': signature }, body });
    expect(delivered.status).toBe(204);

    await visit(page, `/integrations/calltracking/${siteId}/`);
    await expect(page.getByRole('heading', { name: ru ? 'Коллтрекинг' : 'Call tracking', exact: true })).toBeVisible();
    await page.getByLabel(ru ? 'Источник' : 'Source', { exact: true }).fill(`e2e-${RUN}`);
    await page.getByLabel(ru ? 'Источник' : 'Source', { exact: true }).press('Enter');
    const row = page.locator('.ant-table-row').first();
    await expect(row).toContainText('+7 900 555-44-33');
    // A phone shows the key columns only (when, who called).
    if (width > 600) await expect(row).toContainText(ru ? 'Принят' : 'Answered');
    await shot(page, `calls-${lang}-${width}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: ru ? 'Выгрузить в XLSX' : 'Export to XLSX' }).click();
    expect((await download).suggestedFilename()).toMatch(/^calls-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const touch = await callApi(page, 'GET', `/gateway/calltracking/api/v1/calltouch_settings/for_site_id/${siteId}`);
    await callApi(page, 'PATCH', `/gateway/calltracking/api/v1/calltouch_settings/${touch.body.data.id}`, { data: { attributes: { enabled: false } } });
  });
}
