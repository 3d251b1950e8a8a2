import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openMode, signInAgain, useLanguage, visit } from './kit.ts';
import { clippedCells, clippedHeaders, coveredByPinned, cutMenuEntries, keyColumnsOutOfView, tablesWithoutKeys, unnamedButtons } from './table-checks.ts';

/**
 * The screen checks over every list: the screens are the side menu's entries of a mode as the
 * provider administrator sees them (the site mode's with the demo site chosen), so a new list is
 * checked by being in the menu. Each screen is opened, each of its tabs too, and every table that
 * shows is checked: at 1440 px every header and cell whole and nothing under the pinned actions,
 * at 390 px the key columns in view, at both every button named. A screen without a table passes;
 * a screen that fails does not.
 */
export const SITE = 'АвтоГрад Север — Kia';
const OUT = 'test-results/screens';
const SHOOT = Boolean(process.env.E2E_SCREENSHOTS);

export const MODES = { site: /^Сайт$/, dictionaries: /^Справочники$/, settings: /^Настройки$/ } as const;

/** The demo site chosen as the site being edited; its id. */
export async function chooseSite(page: Page): Promise<string> {
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('site'))).not.toBeNull();
  return JSON.parse((await page.evaluate(() => localStorage.getItem('site')))!) as string;
}

/** The paths the side menu offers in a mode (the interface in Russian, as signing in leaves it). */
export async function menuScreens(page: Page, mode: keyof typeof MODES): Promise<string[]> {
  const menu = await openMode(page, MODES[mode]);
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  // The site mode's entries of the chosen site come a moment after its first entry ("Site selection").
  await expect.poll(() => menu.locator('a[href]').count()).toBeGreaterThan(3);
  const paths = await menu.locator('a[href]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return [...new Set(paths)];
}

/** Part `part` of `parts` of a list of screens (every parts-th, so each part mixes the menu's groups). */
export function partOf<T>(items: T[], part: number, parts: number): T[] {
  return items.filter((_item, index) => index % parts === part);
}

/** The screen has rendered: its header or its failure shown, nothing loading. */
async function ready(page: Page) {
  const content = page.locator('.shell-content');
  await expect(content.locator('.page-header__title, .route-error, .ant-result-error, .status-panel').first()).toBeVisible();
  await expect(content.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // Every table shown has its data: rows or the empty placeholder.
  await expect
    .poll(() => content.locator('.ant-table:visible').evaluateAll((tables) => tables.every((table) => table.querySelector('.ant-table-row, .ant-table-placeholder'))))
    .toBe(true);
}

/**
 * The key columns out of view once the table has settled: its widths follow its rows and the
 * phone breakpoint a render later, so a first look may catch the wide screen's widths.
 */
async function settledOutOfView(page: Page): Promise<string[]> {
  let out: string[] = [];
  await expect
    .poll(async () => (out = (await keyColumnsOutOfView(page)).out).length, { timeout: 3000 })
    .toBe(0)
    .catch(() => undefined);
  return out;
}

/** What the checks find on the tables shown now. */
async function checkTables(page: Page, where: string, width: number): Promise<string[]> {
  const problems: string[] = [];
  const report = (what: string, found: string[]) => found.length && problems.push(`${where}: ${what} ${found.join(' | ')}`);
  if (width >= 1200) {
    report('clipped headers', await clippedHeaders(page));
    report('clipped cells', await clippedCells(page));
    report('under the pinned column', await coveredByPinned(page));
  } else {
    const missing = await tablesWithoutKeys(page);
    if (missing) problems.push(`${where}: ${missing} table(s) without a key column`);
    report('key columns out of view', await settledOutOfView(page));
  }
  report('buttons without a name', (await unnamedButtons(page)).slice(0, 3));
  return problems;
}

/** The tabs of the screen's first tab bar, by their keys. */
async function tabKeys(page: Page): Promise<string[]> {
  return page.locator('.shell-content .ant-tabs').first().locator(':scope > .ant-tabs-nav .ant-tabs-tab').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-node-key') ?? ''));
}

/** Opens a screen and checks it and each of its tabs; the problems found. */
export async function checkScreen(page: Page, path: string, width: number, lang: string): Promise<string[]> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  try {
    await visit(page, path);
    await ready(page);
    const where = `${path} ${lang} ${width}`;
    const failed = await page.locator('.shell-content').locator('.route-error, .ant-result-error, .status-panel').allInnerTexts();
    if (failed.length) return [`${where}: the screen failed: ${failed.join(' ').replace(/\s+/g, ' ').slice(0, 160)}`];
    const problems: string[] = [];
    const tables = await page.locator('.shell-content .ant-table:visible').count();
    if (tables) problems.push(...(await checkTables(page, where, width)));
    if (SHOOT && tables) await page.screenshot({ path: `${OUT}/list${path.replace(/\W+/g, '-')}-${lang.toLowerCase()}-${width}.png`, fullPage: true });
    const keys = await tabKeys(page);
    for (const key of keys.slice(1)) {
      const tab = page.locator('.shell-content .ant-tabs').first().locator(`:scope > .ant-tabs-nav .ant-tabs-tab[data-node-key="${key}"] [role="tab"]`);
      // A tab that does not fit a phone's bar sits in the bar's "more" menu: a click by script reaches it.
      await tab.evaluate((element) => (element as HTMLElement).click());
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await ready(page);
      if (await page.locator('.shell-content .ant-table:visible').count()) problems.push(...(await checkTables(page, `${where} [${key}]`, width)));
    }
    if (width >= 1200) {
      const cut = await cutMenuEntries(page);
      if (cut.length) problems.push(`${where}: side menu entries cut ${cut.join(' | ')}`);
    }
    return [...problems, ...errors.map((message) => `${where}: page error ${message}`)];
  } finally {
    page.off('pageerror', onError);
  }
}

/** Checks the screens at 1440 and 390 px; every problem found. */
export async function checkScreens(page: Page, paths: string[], lang: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) problems.push(...(await checkScreen(page, path, width, lang)));
  }
  return problems;
}

/**
 * The tests of one mode's screens: one per language and part, so that the sharder can spread
 * them (each part takes every parts-th screen of the menu).
 */
export function describeListChecks(mode: keyof typeof MODES, parts: number) {
  test.afterEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'RU').catch(() => undefined);
  });
  for (const lang of ['RU', 'EN'] as const) {
    for (let part = 0; part < parts; part++) {
      test(`${mode} screens${parts > 1 ? `, part ${part + 1} of ${parts}` : ''}: whole headers and cells, key columns on a phone, named buttons (${lang})`, async ({ page }) => {
        test.setTimeout(240_000);
        await signInAgain(page, ADMIN);
        if (mode === 'site') await chooseSite(page);
        const paths = partOf(await menuScreens(page, mode), part, parts);
        expect(paths.length).toBeGreaterThan(0);
        await useLanguage(page, lang);
        expect(await checkScreens(page, paths, lang)).toEqual([]);
      });
    }
  }
}
