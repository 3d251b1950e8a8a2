import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signInAgain, useLanguage, visit } from './kit.ts';
import { clippedHeaders, coveredByPinned, cutMenuEntries, keyColumnsOutOfView, unnamedButtons } from './table-checks.ts';

/**
 * The lists users found clipped at 1440 px, in ru and en at 1440 and 390 px: every header whole,
 * nothing under the pinned actions, the key columns in view on a phone, every button named.
 * Then the forms that lost typed work: site settings, the new-car form and SMTP settings ask
 * before a menu item takes the user away. With E2E_SCREENSHOTS=1 the pictures are written to
 * test-results/screens/.
 */
const SITE = 'АвтоГрад Север — Kia';
const OUT = 'test-results/screens';
const SHOOT = Boolean(process.env.E2E_SCREENSHOTS);

interface List {
  name: string;
  path: (site: string) => string;
  /** A tab to open on the screen first. */
  tab?: RegExp;
}

const LISTS: List[] = [
  { name: 'all-sites', path: () => '/sites.context/all_sites' },
  { name: 'users', path: () => '/clients.storage/users/' },
  { name: 'marketing-complectations', path: () => '/cars.catalog/marketing_complectations/' },
  { name: 'vms', path: () => '/sites.controller/tasks_page/', tab: /^(Активные ВМ|Active VMs)/ },
  { name: 'import-reports', path: (site) => `/cars.import/reports/${site}` },
  { name: 'callback-requests', path: (site) => `/request.storage/callback_requests/${site}` },
  { name: 'request-settings', path: (site) => `/request.storage/settings_requests/${site}` },
  { name: 'new-cars', path: (site) => `/cars.stock/new_cars/${site}` },
  { name: 'email-actions', path: (site) => `/sender/email_actions/${site}` },
];

async function ready(page: Page) {
  await expect(page.locator('.page-header__title').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/** The demo site chosen as the site being edited; its id. */
async function chooseSite(page: Page): Promise<string> {
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('site'))).not.toBeNull();
  return JSON.parse((await page.evaluate(() => localStorage.getItem('site')))!) as string;
}

test.afterEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'RU').catch(() => undefined);
});

for (const lang of ['RU', 'EN'] as const) {
  test(`lists show whole headers and columns, key columns on a phone, named buttons (${lang})`, async ({ page }) => {
    test.setTimeout(600_000);
    await signInAgain(page, ADMIN);
    const site = await chooseSite(page);
    await useLanguage(page, lang);
    const problems: string[] = [];
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const list of LISTS) {
        await visit(page, list.path(site));
        await ready(page);
        if (list.tab) {
          await page.getByRole('tab', { name: list.tab }).click();
          await ready(page);
        }
        // The list's data has arrived: rows or the empty placeholder, nothing loading.
        await expect(page.locator('.shell-content .ant-table-row, .shell-content .ant-table-placeholder').filter({ visible: true }).first()).toBeVisible();
        await expect(page.locator('.shell-content .ant-spin-spinning')).toHaveCount(0);
        if (SHOOT) await page.screenshot({ path: `${OUT}/list-${list.name}-${lang.toLowerCase()}-${width}.png`, fullPage: true });
        const where = `${list.name} ${lang} ${width}`;
        if (width === 1440) {
          const headers = await clippedHeaders(page);
          if (headers.length) problems.push(`${where}: clipped headers ${headers.join(' | ')}`);
          const covered = await coveredByPinned(page);
          if (covered.length) problems.push(`${where}: under the pinned column ${covered.join(' | ')}`);
          const cut = await cutMenuEntries(page);
          if (cut.length) problems.push(`${where}: side menu entries cut ${cut.join(' | ')}`);
        } else {
          const { keys, out } = await keyColumnsOutOfView(page);
          if (!keys) problems.push(`${where}: no key column`);
          if (out.length) problems.push(`${where}: key columns out of view ${out.join(' | ')}`);
        }
        const unnamed = await unnamedButtons(page);
        if (unnamed.length) problems.push(`${where}: buttons without a name ${unnamed.slice(0, 3).join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test('typed work is asked about before a menu item takes the user away', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAgain(page, ADMIN);
  const site = await chooseSite(page);
  const menu = page.getByTestId('side-menu');
  const question = page.locator('.leave-confirm');

  // Site settings: staying keeps the text; a reset lets the menu go on without a question.
  await visit(page, `/sites.context/sites/${site}/settings`);
  await ready(page);
  const name = page.getByLabel('Название', { exact: true });
  const before = await name.inputValue();
  await name.fill(`${before} (черновик)`);
  await menu.getByRole('menuitem').first().click();
  await expect(question).toBeVisible();
  await expect(question).toContainText('Уйти без сохранения?');
  if (SHOOT) await page.screenshot({ path: `${OUT}/leave-confirm-ru-1440.png` });
  await question.getByRole('button', { name: 'Остаться' }).click();
  await expect(page.locator('.shell-content')).toHaveAttribute('data-location', `/sites.context/sites/${site}/settings`);
  await expect(name).toHaveValue(`${before} (черновик)`);
  await page.getByRole('button', { name: 'Отменить изменения' }).click();
  await expect(name).toHaveValue(before);
  await menu.getByRole('menuitem').first().click();
  await expect(page.locator('.shell-content')).not.toHaveAttribute('data-location', `/sites.context/sites/${site}/settings`);
  await expect(question).toBeHidden();

  // The new-car form: leaving asks; agreeing leaves.
  await visit(page, '/cars.stock/create/new');
  await expect(page.locator('form#car, form[name="car"]')).toBeVisible();
  await page.getByLabel('VIN', { exact: true }).fill('XW8ZZZ61ZJG000001');
  await menu.getByRole('menuitem').first().click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Уйти без сохранения' }).click();
  await expect(page.locator('.shell-content')).not.toHaveAttribute('data-location', '/cars.stock/create/new');

  // SMTP settings: a reload of the tab is asked about by the browser.
  await visit(page, `/sender/smtp_settings/${site}`);
  await ready(page);
  await page.getByLabel('Сервер', { exact: true }).fill('smtp.example.test');
  await menu.getByRole('menuitem').first().click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Остаться' }).click();
  const dialog = page.waitForEvent('dialog');
  void page.reload().catch(() => undefined);
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
});
