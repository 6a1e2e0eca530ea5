import { expect, test, type Page } from '@playwright/test';
import { openAs, signInAs } from '../support/session';

/** A country code no seed uses, so reruns on the same data do not collide. */
function freshCode(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `Q${letters[Math.floor(Math.random() * letters.length)]}`;
}

/** Picks options of an antd select by their visible text ("English (en)" for 'English'). */
async function pickOptions(page: Page, label: string, options: string[]): Promise<void> {
  const select = page.getByRole('dialog').getByLabel(label, { exact: true });
  await select.click();
  // The select's own popup: the one holding its listbox (another may still be fading out).
  const listId = await select.getAttribute('aria-controls');
  const popup = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) });
  for (const option of options) {
    const item = popup.locator('.ant-select-item-option', { hasText: new RegExp(`^${option}\\b`) });
    // A click while the list is still opening can be lost: click until the option is selected.
    await expect(async () => {
      const selected = /ant-select-item-option-selected/.test(
        (await item.getAttribute('class')) ?? '',
      );
      if (!selected) await item.click({ timeout: 2000 });
      await expect(item).toHaveClass(/ant-select-item-option-selected/, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
  // Close a multiple select's list by clicking the dialog's title (Escape would reach the dialog).
  await page.getByRole('dialog').locator('.ant-modal-title').click();
  await expect(popup).toBeHidden();
  const field = page
    .getByRole('dialog')
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) });
  for (const option of options) await expect(field).toContainText(option);
}

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

async function confirmNote(page: Page, note: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Note this change' });
  await dialog.getByLabel('Note').fill(note);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

test('an operator manages a country with its languages, notes and history', async ({ page }) => {
  const code = freshCode();
  const name = `Testland ${code}`;
  await openAs(page, 'admin', '/system/country');
  await expect(page).toHaveTitle('Countries - Adloom');

  // Create with two languages: they travel as the comma-joined lang_ids.
  await page.getByRole('button', { name: 'Add country' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  await pickOptions(page, 'Languages', ['English', 'French']);
  await pickOptions(page, 'Main language', ['French']);
  const created = page.waitForRequest((request) => request.url().includes('/country/create'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const body = (await created).postData() ?? '';
  expect(body).toMatch(/name="lang_ids"\s+\d+,\d+/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('English');
  await expect(row).toContainText('French');

  // Nothing changed: cancelled with None Update.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog').getByLabel('Name', { exact: true })).toHaveValue(name);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /ok|save/i })
    .click();
  await expect(page.getByText('None Update')).toBeVisible();

  // A one-character note is refused; a real note saves and shows in the history.
  const renamed = `${name} Republic`;
  await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill(renamed);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /ok|save/i })
    .click();
  const noteDialog = page.getByRole('dialog').filter({ hasText: 'Note this change' });
  await noteDialog.getByLabel('Note').fill('x');
  await noteDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(noteDialog.getByText('Please note something')).toBeVisible();
  await confirmNote(page, 'Official name since the test');
  const renamedRow = rowOf(page, renamed);
  await expect(renamedRow).toHaveCount(1);

  await renamedRow.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Change history' });
  await expect(history).toContainText('Official name since the test');
  await expect(history).toContainText(name);
  await expect(history).toContainText(renamed);
  await history.getByRole('button', { name: /close/i }).click();

  // Switch it inactive, with a note.
  const active = renamedRow.getByRole('switch', { name: 'Active' });
  await expect(active).toBeChecked();
  await active.click();
  await confirmNote(page, 'Not served for now');
  await expect(renamedRow.getByRole('switch', { name: 'Active' })).not.toBeChecked();
});

test('a brand leads to its models', async ({ page }) => {
  await openAs(page, 'admin', '/system/brand');
  await page.getByRole('searchbox', { name: 'Search' }).fill('xiaomi');
  const row = rowOf(page, 'xiaomi');
  await expect(row).toHaveCount(1);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/system\/brand\/\d+$/);
  await expect(page).toHaveTitle('Brand models - Adloom');
  await expect(page.getByRole('heading', { name: /Models of .*xiaomi/i })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(1);
});

test('System parameters show the fund approval threshold', async ({ page }) => {
  await signInAs(page, 'admin');
  const nav = page.getByRole('navigation');
  await nav.getByText('System settings').click();
  await nav.getByRole('link', { name: 'System parameters' }).click();
  await expect(page).toHaveTitle('System parameters - Adloom');
  const field = page.getByLabel('Fund approval threshold');
  // The default until an operator saves one: 10,000.00.
  await expect(field).toHaveValue('10000');
  await expect(page.getByText('Not saved yet: the default applies.')).toBeVisible();
  // Saving the same value changes nothing (no write, no note asked for).
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('None Update', { exact: true })).toBeVisible();
});

test('other roles cannot open the settings', async ({ page }) => {
  await openAs(page, 'operator', '/system/brand');
  await expect(page).toHaveURL(/\/401$/);
});
