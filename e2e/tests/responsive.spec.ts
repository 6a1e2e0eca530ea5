import { expect, test, type Page } from '@playwright/test';
import { ABILITY_ALL, deriveRoles, menuFor, type ConsoleRoute } from '@adloom/domain';
import { signInAs } from '../support/session';
import { escapeRegExp } from '../support/texts';

const leaves = (routes: readonly ConsoleRoute[]): ConsoleRoute[] =>
  routes.flatMap((route) => (route.children ? leaves(route.children) : [route]));
const ADMIN_PAGES = leaves(menuFor(deriveRoles(ABILITY_ALL)));

/** How far the page reaches past the window's right edge (0 when it fits). */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [390, 1280]) {
  test(`every console page fits a ${width} px window`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 844 });
    await signInAs(page, 'admin');
    for (const route of ADMIN_PAGES) {
      await page.goto(route.path);
      await expect(page.locator('#main-content')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      expect(await overflowOf(page), `${route.path} at ${width} px`).toBeLessThanOrEqual(0);
      // The top bar keeps the user menu on the screen.
      const userMenu = await page.getByTestId('user-menu').boundingBox();
      expect(userMenu && userMenu.x + userMenu.width, route.path).toBeLessThanOrEqual(width);
    }
  });
}

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
