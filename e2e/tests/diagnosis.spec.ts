/**
 * Delivery diagnosis (/delivery/diagnosis, issue 7), as the demo operator: pick the demo
 * banner slot (its media fills in the OS and the app), replay a request at a chosen UTC
 * time, and read the answer — the slot, its media and floor, the replay time in UTC, the
 * outcome and the candidates' table. Then the partner health tab of the DSP screen.
 * Needs the server's delivery routes (POST /svc/delivery/diagnose, GET
 * /svc/delivery/partner/health).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/session';

/** Picks an option of a searchable select by typing part of its text. */
async function choose(page: Page, select: Locator, typed: string, option: RegExp | string) {
  await select.click();
  const listId = await select.getAttribute('aria-controls');
  const popup = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) });
  await expect(async () => {
    await select.fill(typed);
    await popup
      .locator('.ant-select-item-option', { hasText: option })
      .first()
      .click({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(popup).toBeHidden();
}

test('an operator replays a request on the demo banner slot and reads every fate', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAs(page, 'operator', '/delivery/diagnosis');
  await expect(page.getByRole('heading', { name: 'Delivery diagnosis' })).toBeVisible();

  await choose(page, page.getByLabel('Slot', { exact: true }), 'Home banner', /Home banner #\d+/);
  // The demo media is an Android app: the form takes its OS and package.
  await expect(page.getByLabel('App package')).toHaveValue('com.adloom.news');
  await expect(page.locator('.ant-form-item').filter({ hasText: /^OS/ }).first()).toContainText(
    'Android',
  );
  await choose(page, page.getByLabel('Country', { exact: true }), 'US', 'United States');
  await page.getByLabel('User id (uid)').fill('e2e-user-1');

  // A replay time in UTC, typed into the picker.
  const at = page.getByLabel('Replay at (UTC)');
  await at.click();
  await at.fill('2026-11-20 08:30:00');
  await at.press('Enter');
  await expect(at).toHaveValue('2026-11-20 08:30:00');

  await page.getByRole('button', { name: 'Diagnose' }).click();
  const result = page.getByTestId('diagnosis-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(result).toContainText(/Home banner #\d+/);
  await expect(result).toContainText('Adloom News (demo)');
  await expect(result).toContainText('0.50 per mille');
  await expect(result).toContainText('2026-11-20 08:30:00 UTC');
  await expect(page.getByTestId('diagnosis-outcome')).toHaveText(/^(Served|No fill: )/);

  // The candidates' table: rows with a reason tag each, or the empty state that says why.
  const candidates = result.locator('section').filter({ hasText: 'Candidates' });
  await expect(candidates.locator('table')).toBeVisible();
  const rows = candidates.locator('tbody tr.ant-table-row');
  if ((await rows.count()) > 0) {
    await expect(rows.first().locator('[data-reason]')).toBeVisible();
  } else {
    await expect(candidates).toContainText(/No plan targets this slot’s styles|The slot itself/);
  }
  await page.screenshot({ path: '/tmp/h6-diagnosis-en.png', fullPage: true });

  // The same answer in Chinese: the labels follow the language switch.
  await page.getByRole('radio', { name: '中文' }).click();
  await expect(result).toContainText('每千次 US$0.50');
  await expect(page.getByTestId('diagnosis-outcome')).toHaveText(/^(已投放|未填充：)/);
  await page.screenshot({ path: '/tmp/h6-diagnosis-zh.png', fullPage: true });
  await page.getByRole('radio', { name: 'English' }).click();
});

test('the DSP screen shows partner health over a chosen window', async ({ page }) => {
  await openAs(page, 'operator', '/ssp/dsp?tab=health');
  await expect(page.getByRole('tab', { name: 'Partner health' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('columnheader', { name: 'Bid rate' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Mean latency' })).toBeVisible();
  await page.getByText('Last 7 days').click();
  // Demo partners exist; with no traffic yet the window may be empty: either is an answer.
  await expect(
    page
      .getByText('No calls to demand partners in this window')
      .or(page.locator('tbody tr.ant-table-row').first()),
  ).toBeVisible();
});
