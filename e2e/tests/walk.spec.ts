import { expect, test } from '@playwright/test';
import { ABILITY_ALL, deriveRoles, menuFor, type ConsoleRoute } from '@adloom/domain';
import { signInAs } from '../support/session';
import { documentTitleOf, escapeRegExp, titleOf, type Lang } from '../support/texts';

const leaves = (routes: readonly ConsoleRoute[]): ConsoleRoute[] =>
  routes.flatMap((route) => (route.children ? leaves(route.children) : [route]));
const ADMIN_PAGES = leaves(menuFor(deriveRoles(ABILITY_ALL)));

for (const lang of ['en', 'zh'] as const satisfies readonly Lang[]) {
  test(`the administrator walks every menu entry in ${lang}`, async ({ page, context }) => {
    await context.addCookies([{ name: 'language', value: lang, url: 'http://127.0.0.1' }]);
    await signInAs(page, 'admin');
    const nav = page.getByRole('navigation');
    for (const route of ADMIN_PAGES) {
      await page.goto(route.path);
      await expect(page, route.path).toHaveURL(new RegExp(`${escapeRegExp(route.path)}$`));
      await expect(page, route.path).toHaveTitle(documentTitleOf(route, lang));
      await expect(
        nav.getByRole('link', { name: titleOf(route, lang), exact: true }),
      ).toBeVisible();
      await expect(page.locator('#main-content')).not.toBeEmpty();
    }
  });
}

test('menu entries navigate without a reload and the page starts at the top', async ({ page }) => {
  await signInAs(page, 'admin');
  const nav = page.getByRole('navigation');
  await nav.getByText('My account').click();
  await nav.getByRole('link', { name: 'My basic info' }).click();
  await expect(page).toHaveURL(/\/user\/index$/);
  await expect(page).toHaveTitle('My basic info - Adloom');
  await nav.getByText('System settings').click();
  // Leave the page scrolled down, then navigate: the next page must start at the top.
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
    window.scrollTo(0, 1500);
  });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await nav.getByRole('link', { name: 'Countries' }).dispatchEvent('click');
  await expect(page).toHaveURL(/\/system\/country$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
