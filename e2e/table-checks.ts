import type { Page } from '@playwright/test';

/**
 * What a person checks a list for at a glance: every header whole on one line, no column hidden
 * under the pinned actions, the key columns in view on a phone, every button named.
 */

/** Header cells whose text runs past their edge or breaks onto a second line. */
export async function clippedHeaders(page: Page): Promise<string[]> {
  return page.locator('.shell-content .ant-table-thead th.ant-table-cell:visible').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = (cell.textContent ?? '').trim();
      if (!text) return [];
      const box = cell.getBoundingClientRect();
      const inner = box.right - parseFloat(getComputedStyle(cell).paddingRight) + 1;
      // The lines of the header's text (its sort icons left out).
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const rects: DOMRect[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
      }
      const tops = new Set(rects.map((rect) => Math.round(rect.top / 6)));
      const past = rects.some((rect) => rect.right > inner);
      const cut = [...cell.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'hidden');
      return past || cut || tops.size > 1 ? [text] : [];
    }),
  );
}

/**
 * Columns the pinned right column still covers with the table scrolled to its end: the last
 * column must then show whole beside it.
 */
export async function coveredByPinned(page: Page): Promise<string[]> {
  return page.locator('.shell-content .ant-table').evaluateAll((tables) =>
    tables.flatMap((table) => {
      const scroller = table.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
      const row = table.querySelector('tbody tr.ant-table-row');
      if (!scroller || !row) return [];
      scroller.scrollLeft = scroller.scrollWidth;
      const cells = [...row.querySelectorAll<HTMLElement>(':scope > td')];
      const pinned = cells.filter((cell) => cell.classList.contains('ant-table-cell-fix-right') || cell.classList.contains('ant-table-cell-fix-end'));
      if (!pinned.length) return [];
      const edge = Math.min(...pinned.map((cell) => cell.getBoundingClientRect().left));
      const header = [...table.querySelectorAll<HTMLElement>('thead th')].map((th) => (th.textContent ?? '').trim());
      const found = cells.flatMap((cell, index) => (!pinned.includes(cell) && cell.getBoundingClientRect().right > edge + 1 ? [header[index] || `column ${index + 1}`] : []));
      scroller.scrollLeft = 0;
      return found;
    }),
  );
}

/** Key columns of the lists (marked by the table kit) that are not wholly in the window. */
export async function keyColumnsOutOfView(page: Page): Promise<{ keys: number; out: string[] }> {
  return page.locator('.shell-content .ant-table-thead th.data-table__key').evaluateAll((cells) => ({
    keys: cells.length,
    out: cells.filter((cell) => cell.getBoundingClientRect().right > window.innerWidth + 1 || cell.getBoundingClientRect().left < -1).map((cell) => (cell.textContent ?? '').trim()),
  }));
}

/** Buttons without an accessible name (an icon alone, no aria-label, no title). */
export async function unnamedButtons(page: Page): Promise<string[]> {
  return page.locator('.shell-content button:visible, .shell-content [role="button"]:visible').evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      // The pagination's arrows are not in the tab order: their list items carry the names.
      if (button.closest('.ant-pagination') && button.getAttribute('tabindex') === '-1') return [];
      const labelled = button.getAttribute('aria-labelledby');
      const images = [...button.querySelectorAll('[role="img"][aria-label]')].filter((img) => !img.closest('[aria-hidden="true"]')).map((img) => img.getAttribute('aria-label') ?? '');
      const name = (button.getAttribute('aria-label') ?? '').trim() || (labelled ? (document.getElementById(labelled)?.textContent ?? '').trim() : '') || (button.textContent ?? '').trim() || images.join(' ').trim() || (button.getAttribute('title') ?? '').trim();
      return name ? [] : [button.outerHTML.slice(0, 160)];
    }),
  );
}

/** Entries of the side menu whose text is cut (an ellipsis or hidden overflow) instead of wrapping. */
export async function cutMenuEntries(page: Page): Promise<string[]> {
  return page.locator('.shell-sider .ant-menu-title-content').evaluateAll((entries) =>
    entries.filter((entry) => entry.scrollWidth > entry.clientWidth + 1).map((entry) => (entry.textContent ?? '').trim()),
  );
}
