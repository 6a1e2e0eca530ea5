/**
 * The dashboard by role in Chromium against the real server: the demo advertiser's money,
 * counts and publish button, each card leading to its screen (its own ledger included);
 * the demo operator's income, its first steps and the trend's metric switch.
 */
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';

const card = (page: Page, key: string) => page.getByTestId(`dashboard-card-${key}`);

test("an advertiser's dashboard: balance, spend, counts and where each leads", async ({ page }) => {
  await openAs(page, 'advertiser', '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The demo advertiser was topped up: a balance in US dollars, shortened with a unit suffix
  // from a thousand up ("$25.00K"), the exact figure (grouped, 2 decimals) in its label.
  const balance = card(page, 'balance').locator('[data-stat-value]');
  await expect(balance).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}[KMGTP]?$/);
  const exact =
    (await balance
      .locator('[data-exact]')
      .getAttribute('data-exact')
      .catch(() => null)) ??
    ((await balance.textContent()) || '');
  expect(exact).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  const balanceText = exact.replace('$', '');
  await expect(card(page, 'spendToday')).toContainText('Spend today');
  await expect(card(page, 'costThisMonth')).toContainText('Cost this month');
  await expect(page.getByText('Income today')).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'Trend metric' })).toContainText('Cost');

  await card(page, 'balance').click();
  const ledger = page.getByRole('dialog', { name: 'My ledger' });
  await expect(ledger).toBeVisible();
  // The newest entry's balance after is the balance the card shows.
  await expect(ledger.getByRole('row').nth(1)).toContainText(balanceText);
  await ledger.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await card(page, 'livePlans').click();
  await expect(page).toHaveURL(/\/ad\/plan\?view=live$/);
  await page.goBack();
  await card(page, 'creativesFailed').click();
  await expect(page).toHaveURL(/\/ad\/idea\?audit_state=failed$/);
  await page.goBack();
  await card(page, 'spendToday').click();
  await expect(page).toHaveURL(/\/report\/index$/);
  await page.goBack();

  await page.getByRole('button', { name: 'Publish new ad' }).click();
  await expect(page).toHaveURL(/\/ad\/plan\/new/);
});

test("an operator's dashboard: income, first steps and the trend metric switch", async ({
  page,
}) => {
  await openAs(page, 'operator', '/dashboard');
  await expect(card(page, 'incomeToday')).toContainText('Income today');
  await expect(card(page, 'incomeLastMonth')).toContainText('Income last month');
  await expect(card(page, 'balance')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish new ad' })).toHaveCount(0);

  const metrics = page.getByRole('radiogroup', { name: 'Trend metric' });
  await expect(metrics.getByRole('radio')).toHaveCount(5);
  for (const name of ['Impressions', 'Clicks', 'Income', 'Requests', 'CTR']) {
    await expect(metrics).toContainText(name);
  }
  await metrics.getByText('Income').click();
  await expect(metrics.getByRole('radio', { name: 'Income' })).toBeChecked();

  await card(page, 'incomeToday').click();
  await expect(page).toHaveURL(/\/ssp\/media$/);
});

test('the dashboard in Chinese', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'language', value: 'zh', url: baseURL ?? '' }]);
  await openAs(page, 'advertiser', '/dashboard');
  await expect(card(page, 'balance')).toContainText('账户余额');
  await expect(page.getByRole('radiogroup', { name: '趋势指标' })).toContainText('花费');
});
