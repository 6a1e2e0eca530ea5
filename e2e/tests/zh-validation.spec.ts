/**
 * Every console form's validation in Chinese (issue 20): each form is submitted empty or with
 * a bad value, as the administrator and as the role that owns it, and every message it shows
 * must be Chinese — a message with no CJK character, or zod's own English, fails the walk.
 * Dialogs also open with the focus on their first field and submit on Enter.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/session';

/** A Chinese message has at least one CJK character. */
const CJK = /[\u3400-\u9fff]/;
/** zod's and antd's English, should any of it slip through the catalogue. */
const RAW_ENGLISH = /Invalid input|Expected|Too (small|big)|is required|must be|Required/;

/** The field messages, alerts and toasts shown on the page now. */
async function shownMessages(page: Page): Promise<string[]> {
  const texts = await page
    .locator('.ant-form-item-explain-error, .ant-message-notice, [role=alert]')
    .allInnerTexts();
  return texts.map((text) => text.trim()).filter((text) => text !== '');
}

/** Fails naming every message that is not Chinese. */
async function expectChinese(page: Page, form: string): Promise<void> {
  const messages = await shownMessages(page);
  expect(messages.length, `${form}: no message shown`).toBeGreaterThan(0);
  const foreign = messages.filter((text) => !CJK.test(text) || RAW_ENGLISH.test(text));
  expect(foreign, `${form}: messages not in Chinese`).toEqual([]);
}

async function useChinese(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: 'zh', url: 'http://127.0.0.1' }]);
  // Leaving a half-filled form asks before going: accept it, the next form starts afresh.
  page.on('dialog', (dialog) => void dialog.accept());
}

/** The one open dialog. */
const openDialog = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal');

interface DialogForm {
  /** What the walk calls it in failures. */
  name: string;
  path: string;
  /** The button opening the dialog (its Chinese text). */
  add: string | RegExp;
  /** A tab to pick first. */
  tab?: string;
  /** A value the first field refuses, typed so the form is no longer untouched. */
  bad?: string;
}

const ADMIN_DIALOGS: DialogForm[] = [
  { name: 'country', path: '/system/country', add: '添加国家', bad: '!' },
  { name: 'language', path: '/system/country', tab: '语言', add: '添加语言', bad: '!' },
  { name: 'currency', path: '/system/currency', add: '添加币种', bad: '!!' },
  { name: 'brand', path: '/system/brand', add: '添加品牌', bad: 'A B' },
  { name: 'audience item', path: '/system/human', add: '添加项', bad: ' ' },
  { name: 'style', path: '/system/style', add: '添加样式', bad: ' ' },
  { name: 'ad type', path: '/system/adType', add: '添加广告类型', bad: ' ' },
  { name: 'account', path: '/user/manage', add: '添加账户', bad: '!' },
  { name: 'media', path: '/ssp/media', add: '添加媒体', bad: ' ' },
  { name: 'slot', path: '/ssp/slot', add: '添加广告位', bad: ' ' },
  { name: 'demand partner', path: '/ssp/dsp', add: '添加需求方', bad: ' ' },
];

/**
 * Opens a dialog form (its page loaded unless `onItsPage`); checks the focus, the untouched
 * save, then a bad value sent by Enter.
 */
async function walkDialog(page: Page, form: DialogForm, onItsPage = false): Promise<void> {
  if (!onItsPage) await page.goto(form.path);
  if (form.tab) await page.getByRole('tab', { name: form.tab }).click();
  await page.getByRole('button', { name: form.add }).first().click();
  const dialog = openDialog(page);
  await expect(dialog, form.name).toBeVisible();
  // The first field has the focus once the dialog has opened.
  const first = dialog.locator('input:not([type=hidden]), textarea').first();
  await expect(first, `${form.name}: focus on the first field`).toBeFocused();
  // Untouched: "nothing to create" or the required fields' messages, in Chinese.
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(
    page.locator('.ant-message-notice').or(dialog.locator('.ant-form-item-explain-error')).first(),
  ).toBeVisible();
  await expectChinese(page, `${form.name} (untouched)`);
  // A bad value in the first text field, sent with Enter: every field's message in Chinese.
  const text = dialog.locator('input.ant-input, textarea.ant-input').first();
  await text.fill(form.bad ?? '!');
  await text.press('Enter');
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await expectChinese(page, form.name);
}

/** Signs in on the first form's page, then walks each form. */
async function walkSignedIn(page: Page, username: string, forms: DialogForm[]): Promise<void> {
  for (const [index, form] of forms.entries()) {
    if (index === 0) await openAs(page, username, form.path);
    await walkDialog(page, form, index === 0);
  }
}

test.describe('every form validates in Chinese', () => {
  test.describe.configure({ timeout: 110_000 });

  test('sign-in: the focus on the user field, Chinese messages, Enter signs in', async ({
    page,
  }) => {
    await useChinese(page);
    await page.goto('/login');
    const username = page.getByLabel('用户名');
    await expect(username).toBeFocused();
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
    const problems = await page.locator('[id$=-problem]').allInnerTexts();
    const shown = problems.filter((text) => text.trim() !== '');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((text) => !CJK.test(text))).toEqual([]);
    await username.fill('admin');
    await page.getByLabel('密码').fill('not-the-password');
    await page.getByLabel('密码').press('Enter');
    await expect(page.getByRole('alert')).toContainText(CJK);
    await page.getByLabel('密码').fill('adloom123');
    await page.getByLabel('密码').press('Enter');
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  test('the administrator: the settings dialogs', async ({ page }) => {
    await useChinese(page);
    await walkSignedIn(
      page,
      'admin',
      ADMIN_DIALOGS.filter((item) => item.path.startsWith('/system/')),
    );
  });

  test('the administrator: the account and supply dialogs', async ({ page }) => {
    await useChinese(page);
    await walkSignedIn(
      page,
      'admin',
      ADMIN_DIALOGS.filter((item) => !item.path.startsWith('/system/')),
    );
  });

  test("the administrator: one's own profile and password, system parameters", async ({ page }) => {
    await useChinese(page);
    await openAs(page, 'admin', '/user/password');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expectChinese(page, 'password');
    // Typed twice differently: the mismatch, in Chinese.
    await page.getByLabel('原密码', { exact: true }).fill('adloom123');
    await page.getByLabel('新密码', { exact: true }).fill('Adloom-secure-42');
    await page.getByLabel('确认新密码', { exact: true }).fill('Adloom-other-42');
    await page.getByLabel('确认新密码', { exact: true }).press('Enter');
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
    await expectChinese(page, 'password mismatch');

    await page.goto('/user/index');
    const nickname = page.getByLabel('昵称');
    await nickname.fill('');
    await nickname.press('Enter');
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expectChinese(page, 'profile');

    await page.goto('/system/parameter');
    const threshold = page.getByRole('main').locator('input.ant-input').first();
    await threshold.fill('1.234');
    await threshold.press('Enter');
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expectChinese(page, 'system parameters');
  });

  test('the operator owns media and slots', async ({ page }) => {
    await useChinese(page);
    await walkSignedIn(
      page,
      'operator',
      ADMIN_DIALOGS.filter((item) => /^\/ssp\/(media|slot)$/.test(item.path)),
    );
  });

  test('the fund manager tops up: a third decimal refused in Chinese', async ({ page }) => {
    await useChinese(page);
    await openAs(page, 'finance', '/user/manage');
    await page.getByRole('button', { name: '充值' }).first().click();
    const dialog = openDialog(page);
    const amount = dialog.locator('input').first();
    await expect(amount).toBeFocused();
    await amount.fill('1.234');
    await amount.press('Enter');
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expectChinese(page, 'top-up');
  });

  test("the advertiser's plan: the first step sent empty", async ({ page }) => {
    await useChinese(page);
    await openAs(page, 'advertiser', '/ad/plan');
    await page.getByRole('button', { name: '新建计划' }).click();
    await page.getByRole('button', { name: '创建计划并添加策略' }).click();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expectChinese(page, 'plan');
  });
});
