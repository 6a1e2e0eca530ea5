import { expect, type Page } from '@playwright/test';

/** Every demo account shares this password (README). */
export const DEMO_PASSWORD = 'adloom123';

export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(/username|用户名/i).fill(username);
  await page.getByLabel(/password|密码/i).fill(password);
  await page.getByRole('button', { name: /sign in|登\s*录/i }).click();
}

/** Signs in and waits until the console shell shows. */
export async function signInAs(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await signIn(page, username, password);
  await expect(page).not.toHaveURL(/\/login/);
  // The top bar's user menu shows at every width (on a phone the menu is a closed drawer).
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: /sign out|退出登录/i }).click();
  await expect(page).toHaveURL(/\/login/);
}
