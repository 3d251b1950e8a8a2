import { expect, test } from '@playwright/test';
import { ADMIN, callApi, SHOTS, signInAgain, visit, fitsWidth } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * Error collection: an error thrown on a page of the demo site is reported by the site's reporter
 * script (a served file under the page's CSP) and appears as an issue in the site's project; the
 * administrator finds it in the project's issues, opens it (its stack trace and address) and
 * resolves it. In Russian and English, on a wide screen and a phone.
 */
// Letters only: the grouping takes numbers out of messages, and each test's error must be an issue of its own.
const RUN = Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
const SITE = `http://kia-avtograd.localhost:${PORT}`;
const TEXTS = {
  RU: { projects: 'Сбор ошибок', search: 'Поиск по тексту ошибки', resolve: 'Решена', resolved: 'Проблема отмечена решённой: новое событие откроет её снова', stack: 'Стек вызовов' },
  EN: { projects: 'Error collection', search: 'Search by error text', resolve: 'Resolve', resolved: 'The issue is resolved: a new event opens it again', stack: 'Stack trace' },
} as const;

for (const [lang, width] of [['RU', 1440], ['EN', 1440], ['RU', 390], ['EN', 390]] as const) {
  test(`an error thrown on a demo site page becomes an issue of its project, resolved by staff (${lang}, ${width} px)`, async ({ page, browser }) => {
    const x = TEXTS[lang];
    const message = `Price missing on the ${width > 400 ? 'wide' : 'phone'} ${lang} page ${RUN}`;
    // The visitor's page: the reporter loads as a file of its own, and an uncaught error is sent.
    const visitor = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await visitor.goto(`${SITE}/`);
    await expect(visitor.locator('script[src^="/_site/errors."]')).toHaveAttribute('async', '');
    const sent = visitor.waitForResponse((response) => response.url() === `${SITE}/_api/errors` && response.request().method() === 'POST');
    await visitor.evaluate((text) => {
      setTimeout(function renderPrice() {
        throw new TypeError(text);
      });
    }, message);
    expect((await sent).status()).toBe(202);
    await visitor.context().close();

    await page.setViewportSize({ width, height: 900 });
    await signInAgain(page, ADMIN, undefined, lang);
    const found = await callApi(page, 'GET', `/gateway/error-collection-system/api/v1/issues?filter[search]=${encodeURIComponent(message)}`);
    expect(found.body.data).toHaveLength(1);
    const projectName = found.body.data[0].attributes.project_name as string;

    await visit(page, '/error-collection-system/projects');
    await expect(page.getByRole('heading', { name: x.projects })).toBeVisible();
    await page.getByRole('link', { name: projectName, exact: true }).click();
    await expect(page.getByRole('heading', { name: projectName })).toBeVisible();
    const search = page.getByRole('searchbox', { name: x.search }).or(page.getByRole('textbox', { name: x.search }));
    await search.fill(message);
    await search.press('Enter');
    const link = page.getByRole('link', { name: new RegExp(message) });
    await expect(link).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/error-collection-issues-${lang}-${width}.png` });
    await link.click();

    await expect(page.getByRole('heading', { name: `TypeError: ${message}` })).toBeVisible();
    await expect(page.getByRole('list', { name: x.stack })).toContainText('renderPrice');
    await expect(page.getByText(`${SITE}/`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `${x.resolve}: ${message}` }).click();
    await expect(page.getByText(x.resolved)).toBeVisible();
    await expect(page.getByRole('button', { name: `${x.resolve}: ${message}` })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/error-collection-issue-${lang}-${width}.png` });
    await fitsWidth(page, width);
    const after = await callApi(page, 'GET', `/gateway/error-collection-system/api/v1/issues?filter[search]=${encodeURIComponent(message)}`);
    expect(after.body.data[0].attributes.status).toBe('resolved');
  });
}
