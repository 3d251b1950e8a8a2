import { expect, test } from '@playwright/test';
import { callApi, signInAgain, useLanguage, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * A car's page on its site from the admin: in the demo Kia site's new cars, each row links the
 * car's page on the public site (the car's `pages`), and that address is the car's page. In Russian at
 * 1440 px and in English at 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const SITE_ORIGIN = `http://kia-avtograd.localhost:${PORT}`;

for (const [lang, width, label] of [['RU', 1440, 'Открыть на сайте'], ['EN', 390, 'Open on the site']] as const) {
  test(`a car's row opens its page on the public site (${lang}, ${width} px)`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAgain(page, MANAGER);
    await useLanguage(page, lang);
    const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=500');
    const siteId = (sites.body.data as { id: string; attributes: { name: string } }[]).find((one) => one.attributes.name === SITE)!.id;
    await visit(page, `/cars.stock/new_cars/${siteId}`);
    const row = page.locator('.ant-table-row').first();
    const link = row.getByRole('link', { name: label });
    // On the site's address as the admin opens the site (its host here: this admin is not at localhost).
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^https?:\/\/[^/]+\/cars\/.+/);
    await expect(link).toHaveAttribute('target', '_blank');
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/car-site-link-${lang.toLowerCase()}-${width}.png` });
    // The same address on this server's copy of the site is a car's page, not a redirect to the list.
    const site = await context.newPage();
    const answer = await site.goto(`${SITE_ORIGIN}${new URL(href).pathname}`);
    expect(answer!.status()).toBe(200);
    expect(new URL(site.url()).pathname).toBe(new URL(href).pathname);
    await expect(site.locator('.car-page__top')).toBeVisible();
    await expect(site.getByRole('heading', { level: 1 })).toBeVisible();
    await site.close();
    await useLanguage(page, 'RU');
  });
}
