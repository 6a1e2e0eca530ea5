/**
 * The supply side end to end, as the demo operator (slot + ssp): a media on /ssp/media, a
 * slot of it on /ssp/slot, a demand partner on /ssp/dsp, then on the DSP screen's strategy
 * tab an SSP strategy for that slot giving the partner 600‰ — refused first without a slot
 * and with allocations over 1000‰ — and the slot's traffic split: 600‰ to the partner,
 * 400‰ to our own DSP. Screenshots of the panel in English and Chinese go to /tmp.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/session';

/** A suffix no other run uses, so reruns on the same data do not collide. */
function fresh(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
}

function dialogTitled(page: Page, title: string | RegExp): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}

/**
 * Picks an option of a select by its text, searching when the list is long. A multiple
 * select's list is closed by clicking the dialog's title (Escape would close the dialog).
 *
 * A click can land and still time out (the page busy after it); the retry then must not click
 * a multiple select's option again, which would take the choice back off: it checks first.
 */
async function choose(
  page: Page,
  select: Locator,
  option: string,
  { multiple = false }: { multiple?: boolean } = {},
): Promise<void> {
  await select.click();
  const listId = await select.getAttribute('aria-controls');
  const popup = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) });
  const item = popup.locator('.ant-select-item-option', { hasText: option }).first();
  const isSelected = async () =>
    (await item.count()) > 0 &&
    /ant-select-item-option-selected/.test((await item.getAttribute('class')) ?? '');
  await expect(async () => {
    if (multiple && (await isSelected())) return;
    await select.fill(option);
    await item.click({ timeout: 2000 });
    if (multiple) {
      await expect(item).toHaveClass(/ant-select-item-option-selected/, { timeout: 1000 });
    }
  }).toPass({ timeout: 15_000 });
  if (multiple) await page.getByRole('dialog').locator('.ant-modal-title').first().click();
  await expect(popup).toBeHidden();
}

async function save(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test('an operator sets up media, slot, partner and an SSP strategy with its split', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = fresh();
  const mediaName = `E2E News ${tag}`;
  const slotName = `E2E Banner ${tag}`;
  const dspName = `E2E Partner ${tag}`;
  const strategyName = `E2E Split ${tag}`;
  // A media.
  await openAs(page, 'operator', '/ssp/media');
  await page.getByRole('button', { name: 'Add media' }).click();
  const mediaDialog = dialogTitled(page, 'Add a media');
  await mediaDialog.getByLabel('Name', { exact: true }).fill(mediaName);
  await mediaDialog.getByLabel('Bundle or domain').fill(`com.e2e.news${tag}`);
  await save(mediaDialog);
  await expect(mediaDialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(mediaName);
  await expect(page.getByRole('row').filter({ hasText: mediaName })).toHaveCount(1);

  // A slot of it.
  await page.goto('/ssp/slot');
  await page.getByRole('button', { name: 'Add slot' }).click();
  const slotDialog = dialogTitled(page, 'Add a slot');
  await choose(page, slotDialog.getByLabel('Media', { exact: true }), mediaName);
  await slotDialog.getByLabel('Name', { exact: true }).fill(slotName);
  await choose(page, slotDialog.getByLabel('Supported styles'), 'Text', { multiple: true });
  await save(slotDialog);
  await expect(slotDialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(slotName);
  await expect(page.getByRole('row').filter({ hasText: slotName })).toHaveCount(1);

  // A demand partner.
  await page.goto('/ssp/dsp');
  await page.getByRole('button', { name: 'Add demand partner' }).click();
  const dspDialog = dialogTitled(page, 'Add demand partner');
  await dspDialog.getByLabel('Name', { exact: true }).fill(dspName);
  await dspDialog.getByLabel('Request URL').fill('https://bidder.example.com/openrtb2/bid');
  await save(dspDialog);
  await expect(dspDialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: dspName })).toHaveCount(1);

  // The strategy tab: a strategy for the slot.
  await page.getByRole('tab', { name: 'Strategy configuration' }).click();
  await expect(page).toHaveURL(/tab=strategies/);
  await page.getByRole('button', { name: 'Add strategy' }).click();
  const dialog = dialogTitled(page, 'Add strategy');
  await dialog.getByLabel('Name', { exact: true }).fill(strategyName);
  await save(dialog);
  await expect(dialog.getByText('Slot required for SSP strategy')).toBeVisible();

  await choose(page, dialog.getByLabel('Slot', { exact: true }), `${mediaName} / ${slotName}`);
  await expect(dialog.getByText('Slot required for SSP strategy')).toBeHidden();

  // Two allocations over 1000‰: the message shows before anything is sent.
  await dialog.getByRole('button', { name: 'Add allocation' }).click();
  await choose(page, dialog.getByLabel('Demand partner of row 1'), dspName);
  await dialog.getByLabel('Permille of row 1').fill('600');
  await dialog.getByRole('button', { name: 'Add allocation' }).click();
  await dialog.getByLabel('Permille of row 2').fill('500');
  await expect(dialog.getByText('The allocations add up to 1100‰; at most 1000‰')).toBeVisible();
  let created = false;
  page.on('request', (request) => {
    if (request.url().includes('/svc/ssp/strategy/create')) created = true;
  });
  await save(dialog);
  await expect(dialog).toBeVisible();
  expect(created).toBe(false);
  await dialog
    .getByRole('button', { name: /^Remove / })
    .nth(1)
    .click();
  await expect(dialog.getByText('Allocated 600‰ · our own DSP 400‰')).toBeVisible();

  // A trigger rule and a config, with the JSON check as it is typed.
  await dialog.getByRole('button', { name: 'Add trigger rule' }).click();
  await page.getByRole('menuitem', { name: 'OS', exact: true }).click();
  await choose(page, dialog.getByLabel('Values of OS'), 'Android', { multiple: true });
  const config = dialog.getByLabel('Config', { exact: true });
  await config.fill('{"seat": ');
  await expect(dialog.getByText('JSON format error')).toBeVisible();
  await config.fill('{"seat": "adloom-e2e"}');
  await expect(dialog.getByText('JSON format error')).toBeHidden();
  await page.screenshot({ path: '/tmp/p6ssp-dialog-en.png', fullPage: true });

  const answer = page.waitForResponse((response) =>
    response.url().includes('/svc/ssp/strategy/create'),
  );
  await save(dialog);
  expect(((await (await answer).json()) as { code: number }).code).toBe(200);
  await expect(dialog).toBeHidden();

  // In the list: the allocation summary and the remainder.
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const row = page.getByRole('row').filter({ hasText: strategyName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${mediaName} / ${slotName}`);
  await expect(row).toContainText(`${dspName} 600‰, own 400‰`);
  await expect(row).toContainText('Android');
  await page.screenshot({ path: '/tmp/p6ssp-list-en.png', fullPage: true });

  // The slot's traffic split.
  await row.getByRole('button', { name: 'Split' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Traffic split' });
  await expect(drawer.getByRole('img', { name: `${dspName} 600‰, own 400‰` })).toBeVisible();
  const own = drawer.getByRole('row').filter({ hasText: 'Our own DSP' });
  await expect(own).toContainText('400‰');
  await expect(own).toContainText('40%');
  await expect(drawer.getByRole('row').filter({ hasText: dspName })).toContainText('600‰');
  await page.screenshot({ path: '/tmp/p6ssp-split-en.png', fullPage: true });
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The same screen in Chinese.
  await page.getByRole('radio', { name: '中文' }).click();
  await expect(page.getByRole('tab', { name: '策略配置' })).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索' }).fill(tag);
  const zhRow = page.getByRole('row').filter({ hasText: strategyName });
  await expect(zhRow).toContainText(`${dspName} 600‰，自有 400‰`);
  await page.screenshot({ path: '/tmp/p6ssp-list-zh.png', fullPage: true });
  await zhRow.getByRole('button', { name: '分配' }).click();
  await expect(page.getByRole('row').filter({ hasText: '我方自有 DSP' })).toContainText('400‰');
  // Let the drawer finish sliding in before the picture.
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/p6ssp-split-zh.png', fullPage: true });
});
