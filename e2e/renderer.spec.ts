import { expect, test, type Page } from '@playwright/test';
import { callApi, signIn, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * The public site renderer: a page published in the admin is on the site at
 * http://<code>.localhost:<PORT>/<uri> at once (Chromium resolves *.localhost to this machine);
 * its draft opens in a preview tab marked as a preview; a redirect made in the admin is followed.
 */
const MANAGER = 'manager@ladoga-auto.test';
const SITE = 'Ладога Авто — Škoda';
const SITE_URL = `http://skoda-ladoga.localhost:${PORT}`;

/** Names of this run: specs share one app, so records never collide with another spec's or run's. */
const unique = Date.now().toString(36);

test('the demo site is served at its technical host, with no admin there', async ({ page }) => {
  await page.goto(SITE_URL);
  await expect(page.locator('.stage__slide').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Новости' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Спецпредложения' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Спецпредложения' })).toBeVisible();
  await page.getByRole('link', { name: 'Зимние шины в подарок' }).click();
  await expect(page).toHaveURL(`${SITE_URL}/specials/winter-tyres`);
  await expect(page.getByRole('heading', { level: 1, name: 'Зимние шины в подарок' })).toBeVisible();
  // A host nobody registered shows a neutral page, never the admin.
  await page.goto(`http://nobody-${unique}.localhost:${PORT}/`);
  await expect(page.getByRole('heading', { name: 'Сайт не найден' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
});

test('a page published in the admin is on the site at once, its draft in a preview, and a redirect followed', async ({ page, context }) => {
  test.setTimeout(150_000);
  const uri = `/e2e-${unique}`;
  const caption = `Осенний тест-драйв ${unique}`;
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Страницы', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Страницы' })).toBeVisible();
  const siteId = /sites\/(\d+)\//.exec(page.url())![1]!;

  // A new page: its first draft.
  await page.getByRole('button', { name: 'Новая страница' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Адрес (URI)').fill(uri);
  await dialog.getByLabel('Название страницы').fill(caption);
  await dialog.getByLabel('Шаблон').click();
  await page.locator('.ant-select-item-option', { hasText: 'Обычная страница' }).click();
  await dialog.getByRole('button', { name: 'Далее: содержимое' }).click();
  // The editor of the new draft (a shared, loaded machine: it may take a while).
  await expect(page.getByRole('heading', { name: caption })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('preview-button')).toBeVisible();

  // Not on the site while it is a draft.
  const site = await context.newPage();
  await site.goto(`${SITE_URL}${uri}`);
  await expect(site.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();

  // The preview opens in a new tab on the site's host, marked as a preview.
  const [preview] = await Promise.all([context.waitForEvent('page'), page.getByTestId('preview-button').click()]);
  // The tab opens at the click and goes to the link once the admin has it.
  await preview.waitForURL(new RegExp(`^${SITE_URL.replace(/\./g, '\\.')}/_preview/`));
  await expect(preview.getByRole('status').filter({ hasText: 'Предпросмотр: черновик' })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1, name: caption })).toBeVisible();
  await preview.close();

  // Published: on the site at once. The very next load, which answered 404 before, serves the
  // page (no cache to wait out; how fast is bench:site's business, not a test's).
  await page.locator('.workflow-bar').getByRole('button', { name: 'Опубликовать', exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.locator('.state-facts').getByText('Опубликовано · в.1')).toBeVisible();
  const served = await site.goto(`${SITE_URL}${uri}`);
  expect(served?.status()).toBe(200);
  await expect(site.getByRole('heading', { level: 1, name: caption })).toBeVisible();

  // A redirect of an old address to the page, followed by the browser.
  const redirect = await callApi(page, 'POST', '/gateway/seo/api/v1/redirects', { data: { type: 'redirects', attributes: { site_id: Number(siteId), from_uri: `/old-${unique}`, to_uri: uri, code: 301 } } });
  expect(redirect.status).toBe(201);
  await site.goto(`${SITE_URL}/old-${unique}?utm_source=e2e`);
  await expect(site).toHaveURL(`${SITE_URL}${uri}?utm_source=e2e`);
  await expect(site.getByRole('heading', { level: 1, name: caption })).toBeVisible();
});
