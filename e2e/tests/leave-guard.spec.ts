/**
 * Leave protection (issue 20 item 2): a form with unsaved changes asks before the console
 * leaves it, stay keeps the edit, leave discards it; a dialog with changes asks before closing.
 */
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';

test.use({ viewport: { width: 1280, height: 900 } });

function menuLink(page: Page, name: string) {
  return page.getByRole('navigation').getByRole('link', { name, exact: true });
}

test('the plan form asks before a menu entry leaves its changes; stay keeps, leave discards', async ({
  page,
}) => {
  await openAs(page, 'advertiser', '/ad/plan/new');
  const name = page.getByLabel('Plan name');
  await name.fill('Spring sale, unsaved');

  await menuLink(page, 'Dashboard').click();
  const ask = page.getByRole('dialog').filter({ hasText: 'Leave this page?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/ad\/plan\/new$/);
  await expect(name).toHaveValue('Spring sale, unsaved');

  await menuLink(page, 'Dashboard').click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Back on an untouched form, the menu leaves at once.
  await page.goto('/ad/plan/new');
  await expect(page.getByLabel('Plan name')).toBeVisible();
  await menuLink(page, 'Dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a media dialog with changes asks before Esc or Cancel closes it', async ({ page }) => {
  await openAs(page, 'operator', '/ssp/media');
  await page.getByRole('button', { name: 'Add media' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add a media' });
  await dialog.getByLabel('Name', { exact: true }).fill('Half-typed media');

  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog').filter({ hasText: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Half-typed media');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // Opened again and left untouched, it closes without asking.
  await page.getByRole('button', { name: 'Add media' }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(ask).toBeHidden();
});
