/**
 * Every list screen of the side menu opened as a person opens it: signed in as the demo admin,
 * in the loaded app, the pointer on the menu item (its code loads then, app/AppShell.tsx), then a
 * click; timed from the click until the list's rows (or its empty placeholder) are on the screen.
 * The screens are the ones the end-to-end list checks walk (e2e/list-screens.ts): each mode's
 * side menu as the provider administrator sees it, the site mode's with the demo site chosen.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Browser, CDPSession, Page } from 'playwright-core';

/**
 * BENCH_WEB_SCREEN_PROFILE=<screen path>=<file.cpuprofile>: a CPU profile of the page from the
 * click on that screen until a second after its rows (bench/profile.ts reads it).
 */
const [PROFILED_SCREEN, SCREEN_PROFILE] = (process.env.BENCH_WEB_SCREEN_PROFILE ?? '').split('=');

/** Starts a sampling CPU profile of the page. */
async function startProfile(cdp: CDPSession) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}

export interface ScreenLoad {
  mode: string;
  path: string;
  /** From the click to the first frame after the rows (or the empty placeholder) were in the page, ms. */
  toRows: number;
  /** The longest main-thread task from the click until a second after the rows, ms (Chromium's 'longtask' entries, 50 ms and more; 0: none). */
  longestTask: number;
  rows: number;
}

/** What the page records: the click on a side-menu link, the rows' arrival, the long tasks. */
function installProbes() {
  const w = window as unknown as { __bench: { clickAt: number; tasks: { start: number; duration: number }[] } };
  w.__bench = { clickAt: 0, tasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__bench.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('[data-testid="side-menu"] a')) w.__bench.clickAt = performance.now();
    },
    true,
  );
}

/**
 * Resolves when the screen at `path` shows its list: a table with rows or its empty placeholder
 * and no spinner over it; the time of the next frame and the rows shown. A screen without a table
 * (a form, cards) resolves with rows -1 once its header shows and nothing loads.
 */
function whenRows(path: string): Promise<{ at: number; rows: number }> {
  return new Promise((resolve) => {
    let noTable: ReturnType<typeof setTimeout> | undefined;
    const finish = (rows: number) => {
      observer.disconnect();
      clearTimeout(noTable);
      clearTimeout(limit);
      requestAnimationFrame(() => resolve({ at: performance.now(), rows }));
    };
    const check = () => {
      const content = document.querySelector<HTMLElement>('.shell-content');
      if (!content || content.dataset.location !== path || location.pathname !== path) return;
      const table = content.querySelector('.ant-table');
      const loading = content.querySelector('.ant-spin-spinning, .ant-skeleton-active');
      if (table) {
        const rows = table.querySelectorAll('.ant-table-tbody tr.ant-table-row').length;
        if (!loading && (rows || table.querySelector('.ant-table-placeholder'))) finish(rows);
        return;
      }
      // Its header shown and nothing loading, and still no table a moment later: a screen of another kind.
      if (!loading && content.querySelector('.page-header__title') && noTable === undefined) noTable = setTimeout(() => finish(-1), 1500);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'data-location'] });
    // Nothing after 15 s: reported as a screen without a table.
    const limit = setTimeout(() => finish(-1), 15_000);
    check();
  });
}

/** Waits until the page has asked for no script or style for `quiet` ms (the hovered item's code is in). */
async function codeSettled(page: Page, pending: Set<string>, quiet = 250, limit = 5000) {
  const started = Date.now();
  let calmSince = Date.now();
  while (Date.now() - started < limit) {
    if (pending.size) calmSince = Date.now();
    else if (Date.now() - calmSince >= quiet) return;
    await page.waitForTimeout(50);
  }
}

/** Opens each list screen of the side menu by a click (after the pointer rested on it) and times its rows. */
export async function listScreenLoads(browser: Browser, appUrl: string, auth: unknown): Promise<ScreenLoad[]> {
  // The end-to-end kit's module reads its settings when loaded; the bench starts no server of its.
  process.env.E2E_DATA_DIR ||= os.tmpdir();
  process.env.E2E_PORT ||= new URL(appUrl).port;
  const { MODES, chooseSite, menuScreens } = await import('../../e2e/list-screens.ts');
  const { openMode, visit } = await import('../../e2e/kit.ts');

  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'satisfaction', value: 'declined', url: appUrl }]);
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', stored);
  }, JSON.stringify(auth));
  // tsx names the functions handed to the page with a helper of its own, which the page lacks.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await context.addInitScript(installProbes);
  const page = await context.newPage();
  const pending = new Set<string>();
  page.on('request', (request) => ['script', 'stylesheet'].includes(request.resourceType()) && pending.add(request.url()));
  page.on('requestfinished', (request) => pending.delete(request.url()));
  page.on('requestfailed', (request) => pending.delete(request.url()));
  await page.goto('/');
  await page.getByTestId('profile-menu').waitFor();

  const loads: ScreenLoad[] = [];
  for (const mode of ['settings', 'dictionaries', 'site'] as const) {
    if (mode === 'site') await chooseSite(page);
    const paths = await menuScreens(page, mode);
    await openMode(page, MODES[mode]);
    for (const path of paths) {
      const link = page.getByTestId('side-menu').locator(`a[href="${path}"]`).first();
      // From another screen: the mode's first screen, or the next one for the first.
      const from = paths.find((other) => other !== path)!;
      if ((await page.evaluate(() => location.pathname)) === path) await visit(page, from);
      await link.hover();
      await codeSettled(page, pending);
      const cdp = SCREEN_PROFILE && path === PROFILED_SCREEN ? await context.newCDPSession(page) : null;
      if (cdp) await startProfile(cdp);
      const rows = page.evaluate(whenRows, path);
      await link.click();
      const { at, rows: count } = await rows;
      await page.waitForTimeout(1000);
      if (cdp) fs.writeFileSync(SCREEN_PROFILE!, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      const { clickAt, tasks } = await page.evaluate(() => (window as unknown as { __bench: { clickAt: number; tasks: { start: number; duration: number }[] } }).__bench);
      if (count < 0) continue;
      const during = tasks.filter((task) => task.start + task.duration >= clickAt && task.start <= at + 1000);
      loads.push({ mode, path, toRows: at - clickAt, longestTask: Math.max(0, ...during.map((task) => task.duration)), rows: count });
    }
  }
  await context.close();
  return loads;
}
