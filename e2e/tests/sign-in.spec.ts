import { expect, test } from '@playwright/test';
import { signIn, signInAs, signOut } from '../support/session';

test.describe('signing in', () => {
  test('a good password opens the dashboard with the user in the top bar', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard - Adloom');
    await expect(page.getByTestId('user-menu')).toContainText('Administrator');
    await expect(page.getByText(/© \d{4} Adloom All Rights Reserved/)).toBeVisible();
  });

  test('a bad password is refused with a clear message', async ({ page }) => {
    await signIn(page, 'admin', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a too-short username or password is hinted before anything is sent', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().includes('/user/login')) posted = true;
    });
    await signIn(page, 'ab', '123');
    await expect(page.getByText(/at least 3|>=3/i)).toBeVisible();
    await expect(page.getByText(/at least 6|>=6/i)).toBeVisible();
    expect(posted).toBe(false);
  });

  test('the redirect round trip lands on the page first asked for', async ({ page }) => {
    await page.goto('/system/country');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fcountry$/);
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/system\/country$/);
    await expect(page).toHaveTitle('Countries - Adloom');
  });

  test('a signed-in user opening /login is sent home', async ({ page }) => {
    await signInAs(page, 'advertiser');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signing out ends the session', async ({ page }) => {
    await signInAs(page, 'advertiser');
    await signOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });
});
