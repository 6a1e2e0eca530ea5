import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PAGES, openConsolePage } from '../support/console-pages';
import { signInAs } from '../support/session';
import { escapeRegExp } from '../support/texts';

/**
 * The header cells of the page's visible tables that a user cannot read whole: text cut in its
 * cell, or part of the cell under a fixed column or past the table's edge even when the table is
 * scrolled as far as it goes that way. Each table is scrolled to its left and its right end.
 */
const clippedHeadersOf = (page: Page) =>
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
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [390, 1280]) {
  test(`every console page fits a ${width} px window`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 844 });
    await signInAs(page, 'admin');
    for (const route of ADMIN_PAGES) {
      await openConsolePage(page, route.path);
      expect(await overflowOf(page), `${route.path} at ${width} px`).toBeLessThanOrEqual(0);
      // The top bar keeps the user menu on the screen.
      const userMenu = await page.getByTestId('user-menu').boundingBox();
      expect(userMenu && userMenu.x + userMenu.width, route.path).toBeLessThanOrEqual(width);
    }
  });
}

test('no table header cell is cut or hidden under a fixed column at 1280 px', async ({ page }) => {
  // Each page's tables are scrolled to both ends: more work per page than the width walk.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin');
  const found: string[] = [];
  for (const route of ADMIN_PAGES) {
    await openConsolePage(page, route.path);
    for (const cell of await clippedHeadersOf(page)) found.push(`${route.path}: ${cell}`);
  }
  expect(found).toEqual([]);
});

test('the clipping check sees a header hidden under the fixed Actions column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin');
  await page.goto('/ad/plan');
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
  // A table that cannot scroll sideways in a narrow card: what the check exists to catch.
  await page.addStyleTag({
    content:
      '.ant-table-wrapper { width: 420px; } .ant-table-content { overflow: hidden !important; }',
  });
  expect(await clippedHeadersOf(page)).not.toEqual([]);
});

test('on a phone the menu is a drawer that closes once it has navigated', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  // No side menu squeezes the page: it starts at the window's left edge.
  const main = await page.locator('#main-content').boundingBox();
  expect(main?.x).toBe(0);
  const openMenu = page.getByRole('button', { name: 'Expand menu' });
  await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  await openMenu.click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeVisible();
  await nav.getByText('Reports', { exact: true }).click();
  await nav.getByRole('link', { name: 'Account report' }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp('/report/index')}$`));
  await expect(nav).toBeHidden();
  await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
});

test('on a laptop the side menu stays and fills the window as the page scrolls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await signInAs(page, 'admin');
  await page.goto('/ad/plan/new');
  await expect(page.getByLabel('Plan name')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const menu = await page.locator('.ant-layout-sider').boundingBox();
  expect(menu?.y).toBe(0);
  expect(menu?.height).toBeGreaterThanOrEqual(700);
});
