import { expect, test, type Request } from '@playwright/test';
import { ADMIN, signIn } from './kit.ts';

/**
 * Fast hot paths: what the browser gets. The figures (bytes, the first row's time) are
 * bench/web's; here, what must hold whatever the machine: the assets come precompressed and
 * cached for good, a signed-in page asks for everything it needs at once, and the texts that do
 * not come with the app are there whenever a signed-in page shows (packages/web/src/app/i18n.ts).
 */

const LIST = '/clients.storage/clients/';

test('hashed assets are sent precompressed and cached for a year, the page is revalidated', async ({ request }) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['cache-control']).toBe('no-cache');
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(entry, 'the entry script of index.html').toBeTruthy();
  for (const [encoding, expected] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
    const asset = await request.get(entry!, { headers: { 'accept-encoding': encoding } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding'], encoding).toBe(expected);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  expect((await request.get('/assets/gone-00000000.js')).status()).toBe(404);
});

test('a signed-in page opened from scratch asks for the user, the routes, the texts, the shell and its own code at once, and its list once', async ({ page, context }) => {
  await signIn(page, ADMIN);
  // A second tab: the same session, the app loaded from the start on the list.
  const tab = await context.newPage();
  const log: { event: 'start' | 'end'; what: string }[] = [];
  const what = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/api/v1/me/routes')) return 'routes';
    if (url.pathname.endsWith('/api/v1/me')) return 'me';
    if (/\/assets\/AppShell-[^/]+\.js$/.test(url.pathname)) return 'shell';
    if (/\/assets\/ClientsPage-[^/]+\.js$/.test(url.pathname)) return 'page';
    if (/\/assets\/bundle-(ru|en)-[^/]+\.js$/.test(url.pathname)) return 'texts';
    if (url.pathname.endsWith('/api/v1/clients')) return 'list';
    return null;
  };
  tab.on('request', (request) => {
    const name = what(request);
    if (name) log.push({ event: 'start', what: name });
  });
  tab.on('requestfinished', (request) => {
    const name = what(request);
    if (name) log.push({ event: 'end', what: name });
  });
  await tab.goto(LIST);
  await expect(tab.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();

  const started = log.filter((entry) => entry.event === 'start').map((entry) => entry.what);
  expect(new Set(started)).toEqual(new Set(['me', 'routes', 'texts', 'shell', 'page', 'list']));
  // None waited for another: all five were asked for before the first of them arrived.
  const firstEnd = log.findIndex((entry) => entry.event === 'end');
  expect(log.slice(0, firstEnd).filter((entry) => entry.event === 'start' && entry.what !== 'list').map((entry) => entry.what).sort()).toEqual(['me', 'page', 'routes', 'shell', 'texts']);
  // The list's first page was asked for once, by the preload with the page's code; the screen found it there.
  expect(started.filter((name) => name === 'list')).toHaveLength(1);
  await tab.close();
});

test('switching the language of a signed-in page shows its texts in the other language, never a key', async ({ page }) => {
  await signIn(page, ADMIN, undefined, 'RU');
  await page.goto(LIST);
  const table = page.locator('.ant-table');
  await expect(table.getByRole('columnheader', { name: 'Название' })).toBeVisible();
  await page.getByTestId('locale-switch').getByText('EN', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(table.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  // A key shows as service:resource.something or resource.fields.something.
  await expect(page.locator('body')).not.toContainText(/clients\.storage:|\bclients\.(fields|title|filters)\b/);
  await page.getByTestId('locale-switch').getByText('RU', { exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Название' })).toBeVisible();
});
