import { expect, test } from '@playwright/test';
import { BASE_URL } from '../support/base-url';
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

  test('a too-short username is hinted before anything is sent', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().includes('/user/login')) posted = true;
    });
    await signIn(page, 'ab', '123');
    await expect(page.getByText(/at least 3|>=3/i)).toBeVisible();
    expect(posted).toBe(false);
  });

  test('repeated failures make the next attempt wait, said in the interface language', async ({
    page,
  }) => {
    // An unknown name is throttled exactly like a known one; it keeps the demo accounts free.
    const username = `nobody_${Date.now()}`;
    const statuses: number[] = [];
    // Past 5 failures the waits double from 1 s; a slow browser may outlast the first ones.
    for (let attempt = 1; attempt <= 10 && !statuses.includes(429); attempt += 1) {
      const answered = page.waitForResponse((response) => response.url().includes('/user/login'));
      await signIn(page, username, `guess-number-${attempt}`);
      statuses.push((await answered).status());
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
    await expect(page.getByRole('alert')).toHaveText(
      /^Too many failed attempts\. Try again in \d+ seconds?\.$/,
    );
    await page.getByRole('radio', { name: '中文' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^失败次数过多，请 \d+ 秒后重试。$/);
  });

  test('the redirect round trip lands on the page first asked for', async ({ page }) => {
    await page.goto('/system/country');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fcountry$/);
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/system\/country$/);
    await expect(page).toHaveTitle('Countries - Adloom');
  });

  test('a direct load of /login is the light sign-in entry, and leaves for its target', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto('/login?redirect=%2Fsystem%2Fcountry');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in - Adloom');
    expect(scripts.filter((path) => path.startsWith('/assets/login-'))).toHaveLength(1);
    // Neither the console's entry nor zod nor antd.
    expect(scripts.filter((path) => /^\/assets\/(index|zod|AntdProvider)-/.test(path))).toEqual([]);
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/system\/country$/);
    await expect(page).toHaveTitle('Countries - Adloom');
  });

  test('a redirect off the site leads home instead', async ({ page }) => {
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fdashboard');
    await signIn(page, 'admin');
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
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
