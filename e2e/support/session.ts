import { expect, type Page } from '@playwright/test';
import { COOKIES, ENDPOINTS, encodeCredential } from '@adloom/domain';
import { BASE_URL } from './base-url';

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

/**
 * Signs in as the sign-in form does — both logins, the two token cookies — and opens `path`
 * straight away: a test about a page skips the sign-in page and the landing dashboard
 * (sign-in.spec.ts drives the form itself).
 */
export async function openAs(
  page: Page,
  username: string,
  path: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const credentials = {
    username: encodeCredential(username),
    password: encodeCredential(password),
  };
  const account = await page.request.post(ENDPOINTS.accountLogin.path, { data: credentials });
  const service = await page.request.post(ENDPOINTS.serviceLogin.path, { multipart: credentials });
  const { data: signedIn } = (await account.json()) as { data: { token?: string } | null };
  const { data: serviced } = (await service.json()) as { data: { access_token?: string } | null };
  expect(signedIn?.token, `${username} signs in`).toBeTruthy();
  expect(serviced?.access_token, `${username} signs in to the service`).toBeTruthy();
  const cookie = (name: string, value: string) => ({
    name,
    value,
    url: BASE_URL,
    sameSite: 'Strict' as const,
  });
  await page
    .context()
    .addCookies([
      cookie(COOKIES.adminToken, signedIn?.token ?? ''),
      cookie(COOKIES.serviceToken, serviced?.access_token ?? ''),
    ]);
  await page.goto(path);
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: /sign out|退出登录/i }).click();
  await expect(page).toHaveURL(/\/login/);
}
