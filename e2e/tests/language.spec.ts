import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session';

test('the language choice survives a reload and reaches the console', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  // The group's own name changes with the language, so find the option by its fixed name.
  await page.getByRole('radio', { name: '中文' }).click();
  await expect(page.getByRole('heading', { name: '登录您的账户' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);

  await page.reload();
  await expect(page.getByRole('heading', { name: '登录您的账户' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('zh');

  await signInAs(page, 'admin');
  await expect(page).toHaveTitle('首页概览 - Adloom');
  await expect(page.getByRole('navigation')).toContainText('系统设置');

  await expect(page.getByRole('radiogroup', { name: '语言' })).toBeVisible();
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('navigation')).toContainText('System settings');
  await expect(page).toHaveTitle('Dashboard - Adloom');
});

test('English is the default language', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(page.getByText('Rich channel resources')).toBeVisible();
  await expect(page.getByText('Strong technical advantage')).toBeVisible();
  await expect(page.getByText('Intelligent data analysis')).toBeVisible();
});
