import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, openAs, signInAs } from '../support/session';

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** "1,234.50" → 1234.5 */
function amountOf(text: string): number {
  return Number(text.replace(/[^\d.-]/g, ''));
}

test('an agent creates an advertiser and operates it in a proxy window', async ({ page }) => {
  const username = `adv_${Date.now().toString(36)}`;
  await openAs(page, 'agent', '/user/manage');
  await expect(page).toHaveTitle('Platform accounts - Adloom');

  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add account' });
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Nickname', { exact: true }).fill('Gamma Shoes');
  await dialog.getByLabel('Password', { exact: true }).fill('gamma-pass-1');
  await dialog.getByLabel('Confirm password', { exact: true }).fill('gamma-pass-1');
  await dialog.getByRole('checkbox', { name: /Ad management/ }).check();
  // An agent may not hand out supply-side or system rights.
  await expect(dialog.getByRole('checkbox', { name: /^System/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Save' }).click();

  await search(page, username);
  const row = rowOf(page, username);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Gamma Shoes');

  // Operate: a new window acting as the advertiser.
  const [proxy] = await Promise.all([
    page.waitForEvent('popup'),
    row.getByRole('button', { name: 'Operate' }).click(),
  ]);
  await expect(proxy).toHaveURL(/[?&]user=\d+/);
  await expect(proxy.getByTestId('proxy-banner')).toContainText('Gamma Shoes');
  await expect(proxy.getByTestId('proxy-banner')).toContainText('agent');
  const menu = proxy.getByRole('navigation');
  await expect(menu).toContainText('Advertising');
  await expect(menu).not.toContainText('Platform accounts');

  // Something done as the advertiser is recorded for it, by the agent.
  await proxy.goto('/user/index');
  await proxy.getByLabel('Nickname').fill('Gamma Shoes EU');
  await proxy.getByRole('button', { name: 'Save changes' }).click();
  await expect(proxy.getByText('Your profile is saved.')).toBeVisible();

  // Signing out of the proxy window closes it and leaves the agent signed in.
  const closed = proxy.waitForEvent('close');
  await proxy.getByTestId('user-menu').click();
  // The window may close while Playwright still finishes the click: only then may it fail.
  await proxy
    .getByRole('menuitem', { name: 'Sign out' })
    .click()
    .catch((error: unknown) => {
      if (!proxy.isClosed()) throw error;
    });
  await closed;

  // A fresh load of the list (goto rather than reload: a reload racing the window's close
  // can wait forever for its load event).
  await page.goto('/user/manage');
  await search(page, username);
  await expect(rowOf(page, username)).toContainText('Gamma Shoes EU');
  const history = page.getByRole('dialog').filter({ hasText: 'Change history' });
  // A click landing while the freshly loaded list re-renders can be lost: click until it opens.
  await expect(async () => {
    if (!(await history.isVisible())) {
      await rowOf(page, username).getByRole('button', { name: 'History' }).click();
    }
    await expect(history).toBeVisible({ timeout: 2_000 });
  }).toPass();
  // Done by the agent, for the advertiser it operated.
  await expect(history).toContainText('by Agent for Gamma Shoes EU');
});

test('a fund manager tops up and the balance and ledger agree', async ({ page }) => {
  await openAs(page, 'finance', '/user/manage');
  await search(page, 'adv_alpha');
  const row = rowOf(page, 'adv_alpha');
  await expect(row).toHaveCount(1);
  const balanceCell = row
    .getByRole('cell')
    .filter({ hasText: /^\$\d[\d,]*\.\d{2}$/ })
    .first();
  const before = amountOf(await balanceCell.innerText());

  await row.getByRole('button', { name: 'Top up' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Top up' });
  await dialog.getByLabel('Amount').fill('125.50');
  await dialog.getByLabel('Note').fill('Campaign budget for December');
  await dialog
    .getByRole('button', { name: /Save|Top up/ })
    .last()
    .click();
  // The review before money moves: confirm the amount.
  await page
    .getByRole('dialog', { name: 'Review the top-up' })
    .getByRole('button', { name: 'Top up $125.50' })
    .click();
  await expect(
    row
      .getByRole('cell')
      .filter({ hasText: /^\$\d[\d,]*\.\d{2}$/ })
      .first(),
  ).toHaveText(
    // Balances show the platform's currency (docs/decisions/money-display.md).
    '$' +
      (before + 125.5).toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );

  await row.getByRole('button', { name: 'Ledger' }).click();
  const ledger = page.getByTestId('ledger');
  await expect(ledger).toContainText('Campaign budget for December');
  await expect(ledger).toContainText('125.50');
  await expect(ledger.getByTestId('ledger-balance')).toContainText(
    (before + 125.5).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
});

test('a plain advertiser cannot open platform accounts', async ({ page }) => {
  await signInAs(page, 'advertiser', DEMO_PASSWORD);
  await expect(page.getByRole('navigation')).not.toContainText('Platform accounts');
  await page.goto('/user/manage');
  await expect(page).toHaveURL(/\/401$/);
});

test('a large top-up waits until another fund manager approves it', async ({ page, browser }) => {
  // Two people sign in and work in turn: more than the default minute on a loaded machine.
  test.slow();
  const note = `Annual prepayment ${Date.now().toString(36)}`;
  await openAs(page, 'finance', '/user/manage');
  // Nobody tops up their own account.
  await search(page, 'finance');
  await expect(rowOf(page, 'finance').first()).toBeVisible();
  await expect(rowOf(page, 'finance').first().getByRole('button', { name: 'Top up' })).toHaveCount(
    0,
  );

  await search(page, 'adv_beta');
  const row = rowOf(page, 'adv_beta');
  await expect(row).toHaveCount(1);
  const balanceOf = async () =>
    amountOf(
      await row
        .getByRole('cell')
        .filter({ hasText: /^\$\d[\d,]*\.\d{2}$/ })
        .first()
        .innerText(),
    );
  const before = await balanceOf();

  await row.getByRole('button', { name: 'Top up' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Top up' });
  // The default threshold is 10,000.00.
  await expect(dialog).toContainText('Above $10,000.00 a second fund manager must approve it.');
  await dialog.getByLabel('Amount').fill('20000');
  await dialog.getByLabel('Note').fill(note);
  await dialog.getByRole('button', { name: 'Top up' }).last().click();
  const review = page.getByRole('dialog', { name: 'Review the top-up' });
  await expect(review).toContainText('the balance stays as it is');
  await review.getByRole('button', { name: 'Top up $20,000.00' }).click();
  await expect(
    page.getByText('The top-up of $20,000.00 for adv_beta waits for another fund manager'),
  ).toBeVisible();
  expect(await balanceOf()).toBe(before);

  // The ledger shows it apart, not in the balance.
  await row.getByRole('button', { name: 'Ledger' }).click();
  const pending = page.getByTestId('ledger-pending');
  await expect(pending).toContainText(note);
  await expect(pending).toContainText('+$20,000.00');
  await page.keyboard.press('Escape');

  // The requester sees it in the queue but cannot decide it.
  await page.getByRole('button', { name: 'Fund approvals' }).click();
  const queue = page.getByTestId('fund-requests');
  const mine = queue.getByRole('row').filter({ hasText: note });
  await expect(mine).toContainText('Another fund manager decides');
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The administrator (another fund manager) approves it.
  const other = await browser.newContext();
  const admin = await other.newPage();
  await openAs(admin, 'admin', '/user/manage');
  await admin.getByRole('button', { name: 'Fund approvals' }).click();
  const request = admin.getByTestId('fund-requests').getByRole('row').filter({ hasText: note });
  await request.getByRole('button', { name: 'Approve' }).click();
  // The console's one confirmation dialog asks before money moves.
  await admin
    .getByRole('dialog')
    .filter({ hasText: 'Credit $20,000.00 to adv_beta now?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(admin.getByText('$20,000.00 credited to adv_beta.')).toBeVisible();
  // Decided: it leaves the pending list.
  await expect(request).toHaveCount(0);
  await other.close();

  await page.goto('/user/manage');
  await search(page, 'adv_beta');
  await expect.poll(balanceOf).toBe(before + 20_000);
  // The entry says who asked and who approved it.
  await row.getByRole('button', { name: 'Ledger' }).click();
  const entry = page.getByTestId('ledger').getByRole('row').filter({ hasText: note });
  await expect(entry).toContainText('finance');
  await expect(entry).toContainText('approved by admin');
});
