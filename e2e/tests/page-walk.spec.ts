/**
 * Every console page, opened as the administrator (who may open all of them) on the demo's
 * real data. One walk per window runs every check a page must pass there; each walk loads the
 * console once and opens every page from its menu, as a person does (docs/TESTING.md "How
 * the runs are laid out"):
 * - a 1280 px laptop in English: the page's URL, title and menu entry; it fits the window; no
 *   table header cell is cut or hidden under a fixed column; the WCAG 2 A and AA checks of
 *   axe-core (what Lighthouse's accessibility score is made of);
 * - a 390 px phone in Chinese: the page's URL and Chinese title; it fits the window; the top
 *   bar keeps the user menu on the screen.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ConsoleRoute } from '@adloom/domain';
import { ADMIN_PAGES, openFromMenu, trackRequests } from '../support/console-pages';
import { clippedHeadersOf, overflowOf, violationsOf } from '../support/page-checks';
import { openAs } from '../support/session';
import { documentTitleOf, escapeRegExp, titleOf, type Lang } from '../support/texts';

/**
 * Signs in as the administrator on the first page, then yields each page of the menu opened
 * from the menu (the console loads once: a reload per page would be most of the walk's time),
 * its URL and its title in `lang` checked.
 */
async function* walkPages(page: Page, lang: Lang): AsyncGenerator<ConsoleRoute> {
  const requests = trackRequests(page);
  for (const [index, route] of ADMIN_PAGES.entries()) {
    if (index === 0) await openAs(page, 'admin', route.path);
    else await openFromMenu(page, route, lang, requests);
    await expect(page.locator('#main-content'), route.path).not.toBeEmpty();
    await requests.quiet();
    await expect(page, route.path).toHaveURL(new RegExp(`${escapeRegExp(route.path)}$`));
    await expect(page, route.path).toHaveTitle(documentTitleOf(route, lang));
    yield route;
  }
}

/** Where the user menu ends past the window's right edge: a message, or nothing. */
async function userMenuOffScreen(page: Page, width: number): Promise<string[]> {
  const box = await page.getByTestId('user-menu').boundingBox();
  return box && box.x + box.width <= width ? [] : ['the user menu is off the screen'];
}

test('every console page at 1280 px in English: title, menu entry, fit, headers, WCAG', async ({
  page,
}) => {
  // Each page's tables are scrolled to both ends and axe reads the whole page: ~6 s a page.
  test.setTimeout(360_000);
  const width = 1280;
  await page.setViewportSize({ width, height: 800 });
  const nav = page.getByRole('navigation');
  const found: string[] = [];
  for await (const route of walkPages(page, 'en')) {
    await expect(nav.getByRole('link', { name: titleOf(route, 'en'), exact: true })).toBeVisible();
    const overflow = await overflowOf(page);
    const problems = [
      ...(overflow > 0 ? [`${overflow} px wider than the window`] : []),
      ...(await userMenuOffScreen(page, width)),
      ...(await clippedHeadersOf(page)),
      ...(await violationsOf(page)),
    ];
    for (const problem of problems) found.push(`${route.path}: ${problem}`);
  }
  expect(found).toEqual([]);
});

test('every console page on a 390 px phone in Chinese: title, fit, user menu', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const width = 390;
  await context.addCookies([{ name: 'language', value: 'zh', url: 'http://127.0.0.1' }]);
  await page.setViewportSize({ width, height: 844 });
  const found: string[] = [];
  for await (const route of walkPages(page, 'zh')) {
    const overflow = await overflowOf(page);
    if (overflow > 0) found.push(`${route.path}: ${overflow} px wider than the window`);
    for (const problem of await userMenuOffScreen(page, width)) {
      found.push(`${route.path}: ${problem}`);
    }
  }
  expect(found).toEqual([]);
});
