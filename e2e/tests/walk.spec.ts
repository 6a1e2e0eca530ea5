/** Menu navigation inside the console. Every menu entry's page: page-walk.spec.ts. */
import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session';

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
