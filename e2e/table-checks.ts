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
      // A <label> around or for the button names it too.
      const labels = [...((button as HTMLButtonElement).labels ?? [])].map((label) => (label.textContent ?? '').trim()).join(' ');
      const name = (button.getAttribute('aria-label') ?? '').trim() || (labelled ? (document.getElementById(labelled)?.textContent ?? '').trim() : '') || (button.textContent ?? '').trim() || images.join(' ').trim() || (button.getAttribute('title') ?? '').trim() || labels;
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

/**
 * Body cells whose content is cut or runs out of them: text or an element past the cell's inner
 * edge, or hidden overflow that leaves part of it unseen. Text cut with an ellipsis is read whole
 * when the table kit shows it so (`.cell-text`, its tooltip), when it carries a `title`, or when
 * hovering it shows its whole text in a tooltip (tried for each such cut).
 */
export async function clippedCells(page: Page): Promise<string[]> {
  const { found, hover } = await page.locator('.shell-content .ant-table:visible').evaluateAll((tables) => {
    const found: string[] = [];
    const hover: { mark: string; text: string; problem: string }[] = [];
    tables.forEach((table, tableIndex) => {
      const headers = [...table.querySelectorAll<HTMLElement>('thead th')];
      // A cell's header is the one above it (rows spanning others leave fewer cells).
      const headerOf = (cell: HTMLElement) => {
        const box = cell.getBoundingClientRect();
        const th = headers.find((header) => Math.abs(header.getBoundingClientRect().left - box.left) < 2);
        return (th?.textContent ?? '').trim() || 'a column without a header';
      };
      const rows = [...table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')].slice(0, 20);
      // The first cut cell of each column.
      const seen = new Set<string>();
      rows.forEach((row, rowIndex) => {
        [...row.querySelectorAll<HTMLElement>(':scope > td')].forEach((cell, cellIndex) => {
          if (cell.classList.contains('ant-table-selection-column')) return;
          const box = cell.getBoundingClientRect();
          if (!box.width) return;
          const column = headerOf(cell);
          if (seen.has(column)) return;
          const style = getComputedStyle(cell);
          const left = box.left + parseFloat(style.paddingLeft) - 1;
          const right = box.right - parseFloat(style.paddingRight) + 1;
          const readWhole = (el: Element) => Boolean(el.closest('.cell-text') || (el.closest('[title]') && cell.contains(el.closest('[title]'))));
          const describe = (el: Element) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ').filter((name) => !name.startsWith('css-')).join('.')}`;
          // Parts inside an element that hides its overflow are judged by that element, not by their
          // boxes. A switch hides the label of its other state by design.
          const hidden: Element[] = [];
          const cut: Element[] = [];
          for (const el of [cell, ...cell.querySelectorAll('*')]) {
            if (hidden.some((outer) => outer !== el && outer.contains(el))) continue;
            if (el.closest('.ant-switch') && el !== cell) continue;
            if (getComputedStyle(el).overflowX === 'visible') continue;
            hidden.push(el);
            if (el.scrollWidth > el.clientWidth + 1 && !readWhole(el)) cut.push(el);
          }
          const inside = (node: Node) => hidden.some((outer) => outer !== cell && outer !== node && outer.contains(node));
          const past = (rect: DOMRect) => rect.width > 0 && (rect.right > right || rect.left < left);
          const by = (rect: DOMRect) => `${Math.round(Math.max(rect.right - right, left - rect.left))} px out`;
          let how = '';
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
          for (let node = walker.nextNode(); node && !how; node = walker.nextNode()) {
            if (inside(node)) continue;
            if (node instanceof Element) {
              if (node.closest('.ant-switch') && !node.classList.contains('ant-switch')) continue;
              const rect = node.getBoundingClientRect();
              if (past(rect)) how = `${by(rect)}: ${describe(node)}`;
            } else if (node.textContent?.trim()) {
              const range = document.createRange();
              range.selectNodeContents(node);
              const rect = [...range.getClientRects()].find(past);
              if (rect) how = `${by(rect)}: text`;
            }
          }
          const text = (cell.textContent ?? '').trim();
          if (how) {
            seen.add(column);
            found.push(`${column}: ${text.slice(0, 40)} (${how.slice(0, 80)})`);
          } else if (cut.length) {
            seen.add(column);
            const el = cut[0]!;
            const mark = `${tableIndex}-${rowIndex}-${cellIndex}`;
            el.setAttribute('data-cut-check', mark);
            hover.push({ mark, text: (el.textContent ?? '').trim(), problem: `${column}: ${text.slice(0, 40)} (${el.scrollWidth - el.clientWidth} px hidden in ${describe(el)})` });
          }
        });
      });
    });
    return { found, hover };
  });
  // A cut text passes when hovering it shows it whole.
  for (const { mark, text, problem } of hover) {
    const cut = page.locator(`[data-cut-check="${mark}"]`);
    await cut.hover();
    const tip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').filter({ hasText: text });
    const shown = await tip.first().waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false);
    if (!shown) found.push(`${problem}, no tooltip`);
    await page.mouse.move(0, 0);
    await cut.evaluate((el) => el.removeAttribute('data-cut-check'));
  }
  return found;
}

/** Visible tables of the page that mark no key column (a phone would show an arbitrary part of them). */
export async function tablesWithoutKeys(page: Page): Promise<number> {
  return page.locator('.shell-content .ant-table:visible').evaluateAll((tables) => tables.filter((table) => !table.querySelector('thead th.data-table__key')).length);
}
