import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signInAgain, useLanguage, visit } from './kit.ts';
import { clippedHeaders, coveredByPinned, keyColumnsOutOfView } from './table-checks.ts';

/**
 * Every access-management screen in ru and en at 1440 and 390 px, checked for what a person
 * looks at their pictures for: no clipped table cell, no raw permission code, nothing wider than the
 * window, no empty filter. With E2E_SCREENSHOTS=1 the pictures are written to test-results/screens/
 * to be looked at (an artefact, never committed); without, the checks alone run, which keeps the
 * suite short.
 */
const WIDTHS = [1440, 390] as const;
const LANGS = ['RU', 'EN'] as const;
const OUT = 'test-results/screens';
const SHOOT = Boolean(process.env.E2E_SCREENSHOTS);
const shoot = (page: Page, name: string, fullPage = false) => (SHOOT ? page.screenshot({ path: `${OUT}/${name}.png`, fullPage }) : Promise.resolve());

interface Screen {
  name: string;
  path: string;
  /** Text that shows the screen is ready. */
  ready: (page: Page) => Promise<void>;
}

const heading = async (page: Page) => {
  await expect(page.locator('.page-header__title').first()).toBeVisible();
  // Its data has arrived: nothing is loading any more.
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
};
const table = async (page: Page) => {
  await heading(page);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: 'home', path: '/home-page', ready: heading },
  { name: 'clients', path: '/clients.storage/clients/', ready: table },
  { name: 'client', path: '/clients.storage/clients/1', ready: heading },
  { name: 'groups', path: '/clients.storage/groups/', ready: table },
  { name: 'users', path: '/clients.storage/users/', ready: table },
  { name: 'user-admin', path: '/clients.storage/users/1', ready: heading },
  { name: 'user-dealer', path: '/clients.storage/users/2', ready: heading },
  { name: 'roles', path: '/clients.storage/roles/', ready: table },
  { name: 'role', path: '/clients.storage/roles/2', ready: heading },
  { name: 'permissions', path: '/clients.storage/permissions/', ready: table },
  { name: 'permission', path: '/clients.storage/permissions/1', ready: heading },
  { name: 'screen-routes', path: '/clients.storage/routes/', ready: table },
  { name: 'screen-route', path: '/clients.storage/routes/13', ready: heading },
  { name: 'audit', path: '/clients.storage/audit/', ready: table },
  { name: 'gateway-routes', path: '/gateway.processing/routes/', ready: table },
  { name: 'gateway-route', path: '/gateway.processing/routes/20', ready: heading },
  { name: 'restrictions', path: '/gateway.processing/restrictions/', ready: heading },
  { name: 'custom-tokens', path: '/auth.processing/custom_tokens/', ready: heading },
  { name: 'root', path: '/auth.processing/root/', ready: heading },
  { name: 'personal', path: '/personal/', ready: heading },
  { name: 'not-found', path: '/clients.storage/nothing-here', ready: (page) => expect(page.getByText(/^(Страница не найдена|Page not found)$/)).toBeVisible() },
];

/**
 * Table cells with content running past their edge, other than text cut on purpose with an
 * ellipsis (whose whole text is in a tooltip).
 */
async function clippedCells(page: Page): Promise<string[]> {
  return page.locator('td.ant-table-cell').evaluateAll((cells) =>
    cells
      .filter((cell) => {
        const edge = cell.getBoundingClientRect().right + 1;
        const cut = (el: Element) => {
          const style = getComputedStyle(el);
          return style.textOverflow === 'ellipsis' && style.overflow === 'hidden';
        };
        const walk = (el: Element): boolean => [...el.children].some((child) => !cut(child) && (child.getBoundingClientRect().right > edge || walk(child)));
        return walk(cell);
      })
      .map((cell) => cell.textContent ?? ''),
  );
}

/** Permission codes shown as text: `users.get_list`, `site_mode`. */
async function rawCodes(page: Page): Promise<string[]> {
  const text = await page.locator('.shell-content').innerText();
  return [...text.matchAll(/\b[a-z]+(?:_[a-z]+)*\.(?:get_list|get_full_list|create|patch|delete|list|view)\b/g)].map((m) => m[0]);
}

/** The audit filters offer options (on the audit screen). */
async function auditFilters(page: Page, lang: 'RU' | 'EN') {
  for (const label of lang === 'RU' ? ['Действие', 'Сервис'] : ['Action', 'Service']) {
    await page.getByLabel(label, { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
    await shoot(page, `audit-filter-${label}-${lang.toLowerCase()}`);
    await page.keyboard.press('Escape');
  }
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The menu drawer from the top bar (on a phone-wide screen), opened and closed again. */
async function menuDrawer(page: Page, lang: 'RU' | 'EN', width: number) {
  await page.getByTestId('menu-toggle').click();
  await expect(page.locator('.shell-drawer')).toBeVisible();
  // The drawer has finished sliding in.
  await expect.poll(async () => (await page.locator('.shell-drawer').boundingBox())?.x).toBe(0);
  await shoot(page, `menu-drawer-${lang.toLowerCase()}-${width}`);
  await page.keyboard.press('Escape');
  await expect(page.locator('.shell-drawer')).toBeHidden();
}

// The account's language goes back to the default for the specs that follow, whatever happened.
test.afterEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'RU').catch(() => undefined);
});

for (const lang of LANGS) {
  test(`access-management screens in ${lang}`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAgain(page, ADMIN);
    await useLanguage(page, lang);
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of SCREENS) {
        await visit(page, screen.path);
        await screen.ready(page);
        await shoot(page, `${screen.name}-${lang.toLowerCase()}-${width}`, true);
        if (width === 1440) {
          const clipped = await clippedCells(page);
          if (clipped.length) problems.push(`${screen.name} ${lang} ${width}: clipped ${clipped.slice(0, 3).join(' | ')}`);
          // Every header whole on one line, no column left under the pinned actions.
          const headers = await clippedHeaders(page);
          if (headers.length) problems.push(`${screen.name} ${lang} ${width}: clipped headers ${headers.join(' | ')}`);
          const covered = await coveredByPinned(page);
          if (covered.length) problems.push(`${screen.name} ${lang} ${width}: under the pinned column ${covered.join(' | ')}`);
        } else if (screen.ready === table) {
          // On a phone the list's key columns stay in view.
          const { keys, out } = await keyColumnsOutOfView(page);
          if (!keys || out.length) problems.push(`${screen.name} ${lang} ${width}: key columns out of view ${out.join(' | ') || '(none marked)'}`);
        }
        // Nothing pushes the page wider than the window (a phone would scroll sideways).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${screen.name} ${lang} ${width}: ${overflow}px wider than the window`);
        const codes = await rawCodes(page);
        // The permissions list and a permission's page show the code as a field of its own.
        if (codes.length && !['permissions', 'permission'].includes(screen.name))
          problems.push(`${screen.name} ${lang} ${width}: raw codes ${codes.slice(0, 3).join(', ')}`);
        // On the screens already open (no second visit): the audit filters offer options, and on
        // a phone the menu is a drawer.
        if (screen.name === 'audit' && width === 1440) await auditFilters(page, lang);
        if (screen.name === 'users' && width === 390) await menuDrawer(page, lang, width);
      }
    }
    expect(problems).toEqual([]);
  });
}
