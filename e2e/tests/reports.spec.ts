/**
 * The report screens in Chromium against the real server: a saved configuration (save as
 * new → modified flag; switching and loading clear it; a reload keeps the configs), a chart
 * metric switch that asks the server again, CSV and Excel exports that arrive and parse,
 * the supply-side report's ADX views, and the country report's tabs.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/session';

/** A suffix no other run uses. */
function fresh(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
}

/** Picks an option of a (non-searching) select by its exact text. */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const listId = await select.getAttribute('aria-controls');
  const popup = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) });
  const item = popup.locator(`.ant-select-item-option[title="${option}"]`);
  // A click landing while the list is still opening (or re-rendering after a query) can be
  // lost: open again if needed and click until the choice closes the list.
  await expect(async () => {
    if (!(await popup.isVisible())) await select.click();
    await item.click({ timeout: 2_000 });
    await expect(popup).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Signs in and opens a report: its table's headers show. */
async function openReport(page: Page, username: string, path: string): Promise<void> {
  await openAs(page, username, path);
  await expect(page.getByRole('columnheader', { name: /^Requests|^Income/ }).first()).toBeVisible();
}

const modifiedFlag = (page: Page) => page.getByTestId('report-config-modified');
const configSelect = (page: Page) => page.getByRole('combobox', { name: 'Saved configuration' });
/** The saved config's select as shown (its input holds no text; the chosen name is beside it). */
const shownConfig = (page: Page) => page.getByTestId('report-config-bar').locator('.ant-select');
const dimension = (page: Page, name: string) =>
  page.getByTestId('report-dimensions').getByRole('checkbox', { name, exact: true });

async function saveAsNew(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Save as new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a new configuration' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a saved report config: the modified flag on save, cleared by switching and loading, kept over a reload', async ({
  page,
}) => {
  const tag = fresh();
  const byCountry = `By country ${tag}`;
  const daily = `Daily ${tag}`;
  await openReport(page, 'advertiser', '/report/index');

  await dimension(page, 'Country').check();
  await expect(page.getByRole('columnheader', { name: 'Country' })).toBeVisible();
  await expect(modifiedFlag(page)).toHaveCount(0);
  await saveAsNew(page, byCountry);
  await expect(modifiedFlag(page)).toBeVisible();

  await dimension(page, 'Country').uncheck();
  await saveAsNew(page, daily);
  await expect(shownConfig(page)).toContainText(daily);
  await expect(modifiedFlag(page)).toBeVisible();

  // Switching to the first config shows its settings, flag cleared.
  await choose(page, configSelect(page), byCountry);
  await expect(modifiedFlag(page)).toHaveCount(0);
  await expect(dimension(page, 'Country')).toBeChecked();
  await expect(page.getByRole('columnheader', { name: 'Country' })).toBeVisible();

  // Saving sets it again; a reload opens the same config with the flag kept.
  await dimension(page, 'OS').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modifiedFlag(page)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'OS', exact: true })).toBeVisible();
  await expect(shownConfig(page)).toContainText(byCountry);
  await expect(modifiedFlag(page)).toBeVisible();

  // Loading it again clears the flag; both configs are still there.
  await choose(page, configSelect(page), byCountry);
  await expect(modifiedFlag(page)).toHaveCount(0);
  await configSelect(page).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText([byCountry, daily]);
  await page.keyboard.press('Escape');
});

test("a chart's metric switch redraws it from a new query", async ({ page }) => {
  await openReport(page, 'advertiser', '/report/index');
  const chart2 = page.getByRole('heading', { name: 'Impressions and eCPM over Date' });
  await expect(chart2).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cost by App version over Date' })).toBeVisible();

  const asked = page.waitForRequest((request) => {
    if (!request.url().includes('/svc/report/query')) return false;
    const body = request.postDataJSON() as { metrics?: string[] };
    return body.metrics?.join() === 'imp,click';
  });
  await choose(page, page.getByRole('combobox', { name: 'Chart 2 second metric' }), 'Clicks');
  await asked;
  await expect(
    page.getByRole('heading', { name: 'Impressions and Clicks over Date' }),
  ).toBeVisible();

  await choose(page, page.getByRole('combobox', { name: 'Chart 1 compared by' }), 'Country');
  await expect(page.getByRole('heading', { name: 'Cost by Country over Date' })).toBeVisible();
});

test('exports the report as CSV and Excel files that parse', async ({ page }) => {
  await openReport(page, 'advertiser', '/report/index');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  const header = lines[0]?.split(',') ?? [];
  expect(header[0]).toBe('Date');
  expect(header).toContain('Requests');
  expect(header).toContain('Cost (USD)');
  // One column per chosen dimension and metric, as on screen: the date and eight metrics.
  expect(header).toHaveLength(9);
  expect(lines.at(-1)?.split(',')[0]).toBe('Total');
  // An advertiser's requests are the auctions its strategies entered: never 0 beside its
  // impressions (docs/decisions/advertiser-requests.md).
  const total = lines.at(-1)?.split(',') ?? [];
  const impressions = Number(total[header.indexOf('Impressions')]);
  expect(impressions).toBeGreaterThan(0);
  expect(Number(total[header.indexOf('Requests')])).toBeGreaterThan(impressions);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile(await xlsx.path());
  // An .xlsx file is a zip archive.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('the supply-side report applies the ADX views', async ({ page }) => {
  await openReport(page, 'admin', '/sspReport/index');
  await expect(page.getByRole('columnheader').first()).toHaveText('Date');
  await expect(page.getByRole('columnheader').nth(1)).toHaveText('Income');

  await choose(page, page.getByRole('combobox', { name: 'Report view' }), 'Hourly: by DSP');
  await expect(page.getByRole('columnheader', { name: 'Hour' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'DSP' })).toBeVisible();
  await expect(dimension(page, 'DSP')).toBeChecked();
});

test('the country report has account and plan tabs grouped by country', async ({ page }) => {
  await openReport(page, 'advertiser', '/report/countryReport');
  await expect(page.getByRole('columnheader', { name: 'Country' })).toBeVisible();
  await expect(dimension(page, 'Country')).toBeDisabled();

  await page.getByRole('tab', { name: 'Plan country report' }).click();
  await expect(page.getByRole('columnheader', { name: 'Plan' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Country' })).toBeVisible();
});
