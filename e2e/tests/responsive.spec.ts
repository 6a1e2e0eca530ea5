/**
 * The shell at a phone's and a laptop's width. Every page's fit at both widths is checked by
 * the page walk (page-walk.spec.ts); this proves its header check can fail.
 */
import { expect, test } from '@playwright/test';
import { clippedHeadersOf } from '../support/page-checks';
import { openAs, signInAs } from '../support/session';
import { escapeRegExp } from '../support/texts';

test('the clipping check sees a header hidden under the fixed Actions column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, 'admin', '/ad/plan');
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
  await openAs(page, 'admin', '/ad/plan/new');
  await expect(page.getByLabel('Plan name')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const menu = await page.getByTestId('side-menu').boundingBox();
  expect(menu?.y).toBe(0);
  expect(menu?.height).toBeGreaterThanOrEqual(700);
});
