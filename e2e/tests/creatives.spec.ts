/**
 * Creatives (/ad/idea) and their audit (/ad/exam): an advertiser creates two creatives in
 * the seeded Text style, watching the live preview follow the form and the style's title
 * limit; the demo auditor (examAdvanced) approves one and rejects the other with a
 * reason; the advertiser then reads approved and failed with the reason, in English and
 * in Chinese. An Image only creative takes an image uploaded from the form's picker: one of
 * the wrong size is refused on its field, one of the style's size shows in the preview.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';

test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 7);
const approvedName = `Spring sale ${run}`;
const rejectedName = `Winter boots ${run}`;
const reason = 'The landing page does not load';

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Picks an option of an antd select in the drawer by its visible text. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const drawer = page.getByRole('dialog').filter({ hasText: 'Live preview' });
  const select = drawer.getByLabel(label, { exact: true });
  await select.click();
  const listId = await select.getAttribute('aria-controls');
  const popup = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) });
  const item = popup.locator('.ant-select-item-option', { hasText: new RegExp(`^${option}$`) });
  await expect(async () => {
    await item.click({ timeout: 2000 });
    await expect(popup).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

async function createTextCreative(page: Page, name: string, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Add creative' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Live preview' });
  await expect(drawer.getByText('Add a creative')).toBeVisible();
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await choose(page, 'Style', 'Text');
  await drawer.getByLabel('Title', { exact: true }).fill(title);
  await drawer.getByLabel('Description', { exact: true }).fill('Every shoe, this week only');
  await drawer.getByLabel('Click URL', { exact: true }).fill('https://example.com/sale');
  const preview = drawer.getByRole('figure', { name: 'Creative preview' });
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('Every shoe, this week only');
  const created = page.waitForResponse((response) => response.url().includes('/ad/idea/create'));
  await drawer.getByRole('button', { name: 'Create' }).click();
  expect((await (await created).json()) as { code: number }).toMatchObject({ code: 200 });
  // The previous creation's message may still be showing: look at the newest.
  await expect(page.getByText('Creative created: it now waits for audit.').last()).toBeVisible();
}

test('an advertiser creates creatives with a live preview that follows the style', async ({
  page,
}) => {
  await openAs(page, 'advertiser', '/ad/idea');
  await expect(page).toHaveTitle('Creatives - Adloom');

  await page.getByRole('button', { name: 'Add creative' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Live preview' });
  await expect(
    drawer.getByText('Choose a style to see the creative as it will show.'),
  ).toBeVisible();
  await drawer.getByLabel('Name', { exact: true }).fill(approvedName);
  await choose(page, 'Style', 'Text');
  // The Text style shows a title, a description and an action button, but no image.
  await expect(drawer.getByLabel('Title', { exact: true })).toBeVisible();
  await expect(drawer.getByLabel('Image', { exact: true })).toHaveCount(0);
  const preview = drawer.getByRole('figure', { name: 'Creative preview' });
  await expect(preview).toContainText('Your title');
  await drawer.getByLabel('Title', { exact: true }).fill('x'.repeat(31));
  await drawer.getByLabel('Click URL', { exact: true }).fill('ftp://example.com');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer.getByText('At most 30 characters in this style')).toBeVisible();
  await expect(drawer.getByText('Enter the http(s) address the click opens')).toBeVisible();

  await drawer.getByLabel('Title', { exact: true }).fill('Spring sale: 30% off');
  await drawer.getByLabel('Click URL', { exact: true }).fill('https://example.com/spring');
  await drawer.getByLabel('Action button text', { exact: true }).fill('Shop now');
  await expect(preview).toContainText('Spring sale: 30% off');
  await expect(preview).toContainText('Shop now');
  // Telephone asks for a number instead of an address.
  await drawer
    .locator('label')
    .filter({ hasText: /^Telephone$/ })
    .click();
  await expect(drawer.getByLabel('Phone number', { exact: true })).toBeVisible();
  await drawer
    .locator('label')
    .filter({ hasText: /^Open Url$/ })
    .click();
  await page.screenshot({ path: '/tmp/creative-form-en.png', fullPage: true });
  await drawer.getByRole('button', { name: 'Create' }).click();
  // The previous creation's message may still be showing: look at the newest.
  await expect(page.getByText('Creative created: it now waits for audit.').last()).toBeVisible();
  await expect(drawer).toBeHidden();

  await createTextCreative(page, rejectedName, 'Winter boots for less');

  for (const name of [approvedName, rejectedName]) {
    const row = rowOf(page, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Text');
  }
  await page.screenshot({ path: '/tmp/creative-list-en.png', fullPage: true });
});

test('the auditor approves one creative and rejects the other with a reason', async ({ page }) => {
  await openAs(page, 'auditor', '/ad/exam');
  await expect(page).toHaveTitle('Creative audit - Adloom');
  await expect(page.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Search' }).fill(run);
  await expect(rowOf(page, approvedName)).toHaveCount(1);
  await expect(rowOf(page, rejectedName)).toHaveCount(1);
  await expect(rowOf(page, approvedName).getByRole('figure')).toContainText('Spring sale: 30% off');
  await page.screenshot({ path: '/tmp/creative-audit-en.png', fullPage: true });

  await rowOf(page, approvedName).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('1 creative approved.')).toBeVisible();
  await expect(rowOf(page, approvedName)).toHaveCount(0);

  await rowOf(page, rejectedName).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Reject 1 creative' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give the advertiser a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('1 creative rejected.')).toBeVisible();
  await expect(rowOf(page, rejectedName)).toHaveCount(0);

  await page.getByRole('tab', { name: /Approved/ }).click();
  await expect(rowOf(page, approvedName)).toContainText('Auditor');
  await page.getByRole('tab', { name: /Failed/ }).click();
  await expect(rowOf(page, rejectedName)).toContainText(reason);
});

test('the advertiser reads the decisions in English and Chinese, and an edit goes back to audit', async ({
  page,
}) => {
  await openAs(page, 'advertiser', '/ad/idea');
  await page.getByRole('searchbox', { name: 'Search' }).fill(run);
  await expect(rowOf(page, approvedName)).toContainText('Approved');
  const failed = rowOf(page, rejectedName);
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText(reason);

  await page.getByRole('radio', { name: '中文' }).click();
  await expect(page).toHaveTitle('广告创意 - Adloom');
  await page.getByRole('searchbox', { name: '搜索' }).fill(run);
  await expect(rowOf(page, approvedName)).toContainText('审核通过');
  await expect(rowOf(page, rejectedName)).toContainText('审核未通过');
  await expect(rowOf(page, rejectedName)).toContainText(`原因：${reason}`);
  await page.screenshot({ path: '/tmp/creative-list-zh.png', fullPage: true });
  await page.getByRole('radio', { name: 'English' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(run);

  // Editing the approved creative warns that content changes send it back to audit.
  await rowOf(page, approvedName).getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Live preview' });
  await expect(drawer.getByText('This creative has been reviewed')).toBeVisible();
  await drawer.getByLabel('Title', { exact: true }).fill('Spring sale: 40% off');
  await expect(drawer.getByRole('figure', { name: 'Creative preview' })).toContainText('40% off');
  await drawer.getByRole('button', { name: 'Save' }).click();
  const note = page.getByRole('dialog').filter({ hasText: 'Note this change' });
  await note.getByLabel('Note').fill('Bigger discount');
  await note.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Saved: the creative went back to audit.')).toBeVisible();
  await expect(rowOf(page, approvedName)).toContainText('Under audit');
  await rowOf(page, approvedName).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog').filter({ hasText: 'Change history' });
  await expect(history).toContainText('Bigger discount');
  await expect(history).toContainText('Approved');
});

test('an Image only creative takes an uploaded image of the style’s size', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'adloom-e2e-creative-'));
  const png = (name: string, size: string) => {
    const path = join(dir, name);
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `testsrc=size=${size}`, '-frames:v', '1', path],
    ]);
    return { name, mimeType: 'image/png', buffer: readFileSync(path) };
  };
  const small = png(`small-${run}.png`, '600x314');
  const banner = png(`banner-${run}.png`, '1200x628');
  rmSync(dir, { recursive: true, force: true });

  await openAs(page, 'advertiser', '/ad/idea');
  await page.getByRole('button', { name: 'Add creative' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Live preview' });
  await drawer.getByLabel('Name', { exact: true }).fill(`Banner ${run}`);
  await choose(page, 'Style', 'Image only');
  // Image only carries an image and nothing else: no title.
  await expect(drawer.getByLabel('Title', { exact: true })).toHaveCount(0);
  await expect(drawer.getByText('1200 x 628 px, or larger in the same proportions')).toBeVisible();
  const preview = drawer.getByRole('figure', { name: 'Creative preview' });
  await expect(preview.getByRole('img', { name: 'Image 1200 x 628' })).toBeVisible();

  const pick = async (file: typeof small) => {
    await drawer.getByRole('button', { name: /^(\* )?Image$/ }).click();
    const library = page.getByRole('dialog').filter({ has: page.locator('input[type=file]') });
    await library.locator('input[type=file]').setInputFiles(file);
    const option = library.getByRole('option', { name: new RegExp(file.name) });
    await expect(option).toBeVisible({ timeout: 20_000 });
    await option.click();
    await expect(library).toBeHidden();
  };
  await pick(small);
  await drawer.getByLabel('Click URL', { exact: true }).fill('https://example.com/banner');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(
    drawer.getByText('Needs 1200 x 628 or larger in the same proportions; this one is 600 x 314'),
  ).toBeVisible();

  await pick(banner);
  await expect(preview.locator('img')).toHaveAttribute('src', /^\/files\//);
  await drawer.getByRole('button', { name: 'Create' }).click();
  // The previous creation's message may still be showing: look at the newest.
  await expect(page.getByText('Creative created: it now waits for audit.').last()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Banner ${run}`);
  const row = rowOf(page, `Banner ${run}`);
  await expect(row.locator('img')).toHaveAttribute('src', /^\/files\//);
  await page.screenshot({ path: '/tmp/creative-image-en.png', fullPage: true });
});
