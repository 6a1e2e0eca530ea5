import { expect, test, type Page } from '@playwright/test';
import { openAs, signInAs } from '../support/session';

async function menuTexts(page: Page): Promise<string> {
  const nav = page.getByRole('navigation');
  await expect(nav).toBeVisible();
  return (await nav.innerText()).replace(/\s+/g, ' ');
}

test.describe('access rules', () => {
  test('a user lacking the role gets /401 without a way back', async ({ page }) => {
    await openAs(page, 'advertiser', '/system/country');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByRole('heading', { name: '401' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an unknown path goes to /404', async ({ page }) => {
    await openAs(page, 'advertiser', '/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  });

  test('an anonymous visitor of an unknown path is asked to sign in first', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});

test.describe('the menu follows the roles', () => {
  test('an advertiser sees ad work and reports, no settings or supply', async ({ page }) => {
    await signInAs(page, 'advertiser');
    const menu = await menuTexts(page);
    expect(menu).toContain('Advertising');
    expect(menu).toContain('Reports');
    expect(menu).not.toContain('System settings');
    expect(menu).not.toContain('Supply side');
    expect(menu).not.toContain('Platform accounts');
  });

  test('a supply-side operator sees the supply side and no ad work', async ({ page }) => {
    await signInAs(page, 'operator');
    const menu = await menuTexts(page);
    expect(menu).toContain('Supply side');
    expect(menu).not.toContain('Advertising');
    expect(menu).not.toContain('System settings');
  });

  test('an agent sees platform accounts; the administrator sees every group', async ({ page }) => {
    await signInAs(page, 'agent');
    expect(await menuTexts(page)).toContain('My account');
    await page.getByRole('navigation').getByText('My account').click();
    await expect(page.getByRole('link', { name: 'Platform accounts' })).toBeVisible();

    // The landing page's data first: a request it sent without the cookies would take the page
    // to /login (-100) while the test opens /login itself, aborting that navigation.
    await page.waitForLoadState('networkidle');
    await page.context().clearCookies();
    await signInAs(page, 'admin');
    const menu = await menuTexts(page);
    for (const group of ['Dashboard', 'Advertising', 'Supply side', 'Reports', 'System settings']) {
      expect(menu).toContain(group);
    }
  });
});
