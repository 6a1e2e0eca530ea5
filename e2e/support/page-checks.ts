/**
 * What the page walk (tests/page-walk.spec.ts) checks on every console page, kept here so the
 * specs that prove a check can fail use the same code.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One line per failing check and element: "rule: selector (summary)". */
export async function violationsOf(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // axe runs in the page, its frames through its own messaging: without it axe/playwright
    // opens a blank page per analysis to merge the frames' results (~2 s of the 2.5 s).
    .setLegacyMode(true)
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? violation.help})`,
    ),
  );
}

/**
 * The header cells of the page's visible tables that a user cannot read whole: text cut in its
 * cell, or part of the cell under a fixed column or past the table's edge even when the table is
 * scrolled as far as it goes that way. Each table is scrolled to its left and its right end.
 */
export const clippedHeadersOf = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
    const clipped: string[] = [];
    const all = (root: ParentNode, selector: string) =>
      Array.from(root.querySelectorAll(selector)) as HTMLElement[];
    const tables = all(document, '.ant-table-container').filter(
      (table) => table.offsetParent !== null,
    );
    for (const table of tables) {
      const scrollers = all(table, '.ant-table-content, .ant-table-header, .ant-table-body');
      // Only what the user can scroll: a scroll bar or a swipe, not overflow hidden.
      const userScrolls = scrollers.filter((scroller) =>
        ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX),
      );
      const cells = all(table, 'thead th').filter(
        (th) => th.offsetParent !== null && !th.classList.contains('ant-table-selection-column'),
      );
      for (const end of ['start', 'end'] as const) {
        for (const scroller of userScrolls)
          scroller.scrollLeft = end === 'start' ? 0 : scroller.scrollWidth;
        await frame();
        await frame();
        const box = table.getBoundingClientRect();
        const left = Math.max(box.left, 0);
        const right = Math.min(box.right, window.innerWidth);
        const fixedLeft = cells
          .filter(
            (th) =>
              th.classList.contains('ant-table-cell-fix-left') ||
              th.classList.contains('ant-table-cell-fix-start'),
          )
          .reduce((edge, th) => Math.max(edge, th.getBoundingClientRect().right), left);
        const fixedRight = cells
          .filter(
            (th) =>
              th.classList.contains('ant-table-cell-fix-right') ||
              th.classList.contains('ant-table-cell-fix-end'),
          )
          .reduce((edge, th) => Math.min(edge, th.getBoundingClientRect().left), right);
        for (const th of cells) {
          const text = th.innerText.trim();
          if (!text) continue;
          const fixed = /ant-table-cell-fix-(left|right|start|end)\b/.test(th.className);
          const cell = th.getBoundingClientRect();
          // Text cut inside its own cell (antd puts a sort icon beside the title).
          const title = (th.querySelector('.ant-table-column-title') as HTMLElement | null) ?? th;
          if (title.scrollWidth > title.clientWidth + 1) clipped.push(`${text} (cut)`);
          if (fixed) continue;
          // The column the user scrolled towards must show whole, outside the fixed columns.
          if (end === 'end' && cell.right > fixedRight + 1)
            clipped.push(`${text} (under the right-hand fixed column or past the edge)`);
          if (end === 'start' && cell.left < fixedLeft - 1)
            clipped.push(`${text} (under the left-hand fixed column or past the edge)`);
        }
      }
      for (const scroller of scrollers) scroller.scrollLeft = 0;
    }
    return [...new Set(clipped)];
  });

/** How far the page reaches past the window's right edge (0 when it fits). */
export const overflowOf = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
