import { expect, test, type Page } from '@playwright/test';
import { callApi, closeNotices, sendCallback, signInAgain, useLanguage, visit, fitsWidth } from './kit.ts';

/**
 * A site's requests at a glance and its automatic blocks: a visitor sends a callback from the demo
 * Kia site, and its manager finds it counted in the requests summary (by type and by day), then
 * changes the site's block settings (left switched off: other specs send requests to this site)
 * and finds them kept after a reload, the blocks list naming each block's reason. In Russian and
 * English at 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE_HOST = 'kia-avtograd.localhost';
const RUN = Date.now().toString(36);
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const LABELS = {
  RU: { summary: 'Сводка заявок', total: 'Заявок', callback: 'Обратный звонок', settings: 'Настройки блокировок', allowed: 'Разрешено заявок от одного отправителя', period: 'За, минут', save: 'Сохранить', blocks: 'Блокировки', reason: 'Причина' },
  EN: { summary: 'Requests summary', total: 'Requests', callback: 'Callback', settings: 'Block settings', allowed: 'Requests allowed from one sender', period: 'Within, minutes', save: 'Save', blocks: 'Blocks', reason: 'Reason' },
} as const;

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/request-summary-${name}.png`, fullPage: true });
}


for (const lang of ['RU', 'EN'] as const) {
  test(`the summary counts a new callback and the block settings are kept (${lang})`, async ({ page, context }) => {
    const L = LABELS[lang];
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAgain(page, MANAGER);
    await useLanguage(page, lang);
    const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=500');
    const siteId = Number((sites.body.data as { id: string; attributes: { technical_host: string } }[]).find((one) => one.attributes.technical_host === SITE_HOST)!.id);
    await sendCallback(context, { name: `Сводка ${RUN}${lang}`, phone: '+7 (916) 555-12-34' });

    await visit(page, `/request.storage/summary/${siteId}`);
    await expect(page.getByRole('heading', { name: L.summary, exact: true })).toBeVisible();
    const callbacks = page.getByRole('row').filter({ hasText: L.callback });
    await expect(callbacks).toBeVisible();
    expect(Number((await callbacks.getByRole('cell').nth(1).innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    await shot(page, `summary-${lang.toLowerCase()}-1440`);

    await visit(page, `/request.storage/handle_site_blocks/${siteId}`);
    await expect(page.getByRole('heading', { name: L.settings, exact: true })).toBeVisible();
    const period = String(10 + (lang === 'RU' ? 5 : 20));
    await page.getByLabel(L.allowed, { exact: true }).fill('7');
    await page.getByLabel(L.period, { exact: true }).fill(period);
    await page.getByRole('button', { name: L.save, exact: true }).click();
    await closeNotices(page);
    await page.reload();
    await expect(page.getByLabel(L.period, { exact: true })).toHaveValue(period);
    await expect(page.getByLabel(L.allowed, { exact: true })).toHaveValue('7');
    await shot(page, `block-settings-${lang.toLowerCase()}-1440`);

    await visit(page, `/request.storage/site_blocks/${siteId}`);
    await expect(page.getByRole('heading', { name: L.blocks, exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: L.reason })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, heading, name] of [['summary', L.summary, 'summary'], ['handle_site_blocks', L.settings, 'block-settings']] as const) {
      await visit(page, `/request.storage/${path}/${siteId}`);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await fitsWidth(page, 390);
      await shot(page, `${name}-${lang.toLowerCase()}-390`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'RU');
  });
}
