/**
 * /login passes the axe-core checks of WCAG 2 A and AA (what Lighthouse's accessibility score
 * is made of). Every console page is checked by the page walk (page-walk.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { violationsOf } from '../support/page-checks';

test('/login passes the WCAG A and AA checks', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
});
