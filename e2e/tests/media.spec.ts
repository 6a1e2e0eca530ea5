/**
 * Media (/ssp/media) and slots (/ssp/slot): the demo operator (slot and ssp roles) finds the
 * demo media, adds a media and a slot in it (the form refuses a slot without styles; a
 * 0 x 0 slot reads Unlimited), copies the slot's integration snippet, reads the slot in
 * Chinese, edits its size through the note prompt and deletes the media in the one confirmation
 * (what is deleted, what stops with it, the note).
 */
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';

test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 7);
const mediaName = `Weather ${run}`;
const bundle = `com.weather.w${run}`;
const slotName = `Top banner ${run}`;

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Picks options of an antd select in the open dialog by their visible text. */
async function pick(page: Page, label: string, options: string[]): Promise<void> {
  const dialog = page.getByRole('dialog');
  const select = dialog.getByLabel(label, { exact: true });
  await select.click();
  const listId = await select.getAttribute('aria-controls');
  const popup = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) });
  for (const option of options) {
    const item = popup.locator('.ant-select-item-option', { hasText: new RegExp(`^${option}`) });
    await expect(async () => {
      const selected = /ant-select-item-option-selected/.test(
        (await item.getAttribute('class')) ?? '',
      );
      if (!selected) await item.click({ timeout: 2000 });
      await expect(item).toHaveClass(/ant-select-item-option-selected/, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
  // Close the list by clicking the dialog's title (Escape would close the dialog).
  await dialog.locator('.ant-modal-title').click();
  await expect(popup).toBeHidden();
}

/** Types in the list's search box and waits until the table holds only matching rows. */
async function search(page: Page, text: string, label = 'Search'): Promise<void> {
  await page.getByRole('searchbox', { name: label }).fill(text);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasNotText: text })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
}

async function confirmNote(page: Page, note: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Note this change' });
  await dialog.getByLabel('Note').fill(note);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test('the operator adds a media and a slot in it, and copies the integration snippet', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAs(page, 'operator', '/ssp/media');
  await expect(page).toHaveTitle('Media - Adloom');
  // The demo media of a fresh install, with its three slots.
  await expect(rowOf(page, 'Adloom News (demo)')).toContainText('com.adloom.news');

  await page.getByRole('button', { name: 'Add media' }).click();
  const mediaDialog = page.getByRole('dialog').filter({ hasText: 'Add a media' });
  await mediaDialog.getByLabel('Name', { exact: true }).fill(mediaName);
  await pick(page, 'OS', ['iOS']);
  await mediaDialog.getByLabel('Bundle or domain').fill('not a bundle');
  await mediaDialog.getByRole('button', { name: 'Save' }).click();
  await expect(mediaDialog.getByText(/Use a package name such as com.example.app/)).toBeVisible();
  await mediaDialog.getByLabel('Bundle or domain').fill(bundle);
  // The message leaving moves the buttons: click once it is gone.
  await expect(mediaDialog.getByText(/Use a package name such as com.example.app/)).toBeHidden();
  const created = page.waitForResponse((response) => response.url().includes('/media/create'));
  await mediaDialog.getByRole('button', { name: 'Save' }).click();
  expect(((await (await created).json()) as { code: number }).code).toBe(200);
  await expect(page.getByText('Media added.')).toBeVisible();

  await search(page, run);
  const mediaRow = rowOf(page, mediaName);
  await expect(mediaRow).toContainText(bundle);
  await expect(mediaRow).toContainText('iOS');
  await expect(mediaRow).toContainText('Operator');
  await mediaRow.getByRole('link', { name: `Slots of ${mediaName}:` }).click();
  await expect(page).toHaveURL(/\/ssp\/slot\?media_id=\d+/);
  await expect(page.getByText('No slots yet')).toBeVisible();

  // The media filter of the list is the new slot's media.
  await page.getByRole('button', { name: 'Add slot' }).click();
  const slotDialog = page.getByRole('dialog').filter({ hasText: 'Add a slot' });
  await expect(slotDialog.getByTitle(mediaName)).toBeVisible();
  await expect(slotDialog.getByText('0 means unlimited: any width or height fits.')).toBeVisible();
  await slotDialog.getByLabel('Name', { exact: true }).fill(slotName);
  await slotDialog.getByLabel('Lowest bid (CPM)').fill('1.5');
  let sent = false;
  page.on('request', (request) => {
    if (request.url().includes('/slot/create')) sent = true;
  });
  await slotDialog.getByRole('button', { name: 'Save' }).click();
  await expect(slotDialog.getByText('Please confirm the support style')).toBeVisible();
  expect(sent).toBe(false);
  await pick(page, 'Supported styles', ['Text', 'Big image']);
  await expect(slotDialog.getByText('Please confirm the support style')).toBeHidden();
  // An ad type fills an ad form still left at Unlimited.
  await pick(page, 'Ad type', ['Banner']);
  await expect(slotDialog.getByLabel('Ad form', { exact: true }).locator('..')).toContainText(
    'Banner',
  );
  const slotCreated = page.waitForResponse((response) => response.url().includes('/slot/create'));
  await slotDialog.getByRole('button', { name: 'Save' }).click();
  expect(((await (await slotCreated).json()) as { code: number }).code).toBe(200);
  await expect(page.getByText('Slot added.')).toBeVisible();

  const slotRow = rowOf(page, slotName);
  await expect(slotRow).toContainText('Unlimited');
  await expect(slotRow).toContainText('All countries');
  await expect(slotRow).toContainText('1.50');
  await expect(slotRow).toContainText('Text');
  await expect(slotRow).toContainText('Big image');
  await expect(slotRow).toContainText('Banner');
  const slotId = ((await slotRow.textContent()) ?? '').match(/#(\d+)/)?.[1];
  expect(slotId).toBeTruthy();

  // The integration snippet, copied.
  await slotRow.getByRole('button', { name: 'Integration' }).click();
  const integration = page.getByRole('dialog').filter({ hasText: 'Integration of slot' });
  await expect(integration.getByText(/delivery engine/)).toBeVisible();
  const url = integration.getByLabel('GET /serve/ad', { exact: true });
  await expect(url).toContainText(`/serve/ad?slot_id=${slotId}&os=2`);
  await expect(url).toContainText(`app=${bundle}`);
  await integration.getByRole('button', { name: 'Copy: GET /serve/ad' }).click();
  await expect(integration.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`/serve/ad?slot_id=${slotId}&os=2`);
  await integration.getByRole('tab', { name: 'OpenRTB 2.6' }).click();
  await expect(integration.getByLabel('BidRequest', { exact: true })).toContainText(
    `"tagid": "${slotId}"`,
  );
  await expect(integration.getByLabel('BidRequest', { exact: true })).toContainText(
    `"bidfloor": 1.5`,
  );
  await page.screenshot({ path: '/tmp/media-integration.png', fullPage: true });
  await integration.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await page.screenshot({ path: '/tmp/media-slots-en.png', fullPage: true });
});

test('the slot reads in Chinese; its size changes with a note; the media is deleted', async ({
  page,
}) => {
  await openAs(page, 'operator', '/ssp/slot');
  await search(page, run);
  await expect(rowOf(page, slotName)).toContainText('Unlimited');

  await page.getByRole('radio', { name: '中文' }).click();
  await expect(page).toHaveTitle('广告位 - Adloom');
  await search(page, run, '搜索');
  const zhRow = rowOf(page, slotName);
  await expect(zhRow).toContainText('不限');
  await expect(zhRow).toContainText('全部国家');
  await expect(zhRow).toContainText('横幅');
  await page.screenshot({ path: '/tmp/media-slots-zh.png', fullPage: true });
  await page.getByRole('radio', { name: 'English' }).click();
  await search(page, run);

  await rowOf(page, slotName).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `Edit slot: ${slotName}` });
  await dialog.getByLabel('Width (px)').fill('320');
  await dialog.getByLabel('Height (px)').fill('50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await confirmNote(page, 'standard banner size');
  await expect(rowOf(page, slotName)).toContainText('320 × 50');
  await rowOf(page, slotName).getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'standard banner size' });
  await expect(drawer).toContainText('Width (px)');
  await page.keyboard.press('Escape');

  await page.goto('/ssp/media');
  await search(page, run);
  await rowOf(page, mediaName).getByRole('button', { name: 'Delete' }).click();
  // One dialog: what is deleted, what stops with it (its live slots), and the note.
  const deleteDialog = page.getByRole('dialog').filter({ hasText: `Delete “${mediaName}”?` });
  await expect(deleteDialog).toContainText('A deleted media cannot be restored.');
  await deleteDialog.getByLabel('Note').fill('the app is closed');
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(rowOf(page, mediaName)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.locator('.ant-select-item-option', { hasText: /^Deleted$/ }).click();
  await expect(rowOf(page, mediaName)).toContainText('Deleted');

  // Its slot stays, showing the media's state.
  await page.goto('/ssp/slot');
  await search(page, run);
  await expect(rowOf(page, slotName)).toContainText('Media deleted');
});
