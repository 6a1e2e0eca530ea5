import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { AD_MESSAGES, PlanStep, encodeCredential } from '@adloom/domain';
import { DEMO_PASSWORD, openAs } from '../support/session';

/** A suffix no other run uses, so reruns on the same data do not collide. */
function fresh(): string {
  return Date.now().toString(36).slice(-5);
}

/** The advertiser's X-Token, signed in through the account service like the console does. */
async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const answer = await request.post('/user/login', {
    multipart: { username: encodeCredential(username), password: encodeCredential(DEMO_PASSWORD) },
  });
  const body = (await answer.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  return body.data.token;
}

/** Creates Text creatives through the API, so the test does not depend on the creative screens. */
async function createTextCreatives(
  request: APIRequestContext,
  creatives: { name: string; language: 'en' | 'fr' }[],
): Promise<void> {
  const token = await tokenOf(request, 'advertiser');
  const headers = { 'X-Token': token };
  const styles = (await (await request.get('/svc/setting/style/list', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const text = styles.data.find((style) => style.name === 'Text');
  expect(text, 'the seeded Text style').toBeDefined();
  for (const creative of creatives) {
    const answer = await request.post('/svc/ad/idea/create', {
      headers,
      data: {
        name: creative.name,
        style_id: text?.id,
        language: creative.language,
        os: 0,
        title: `${creative.name} title`,
        description: 'Fresh shoes for spring',
        click_action: 1,
      },
    });
    const body = (await answer.json()) as { code: number; msg: string };
    expect(body.code, body.msg).toBe(200);
  }
}

function ruleOf(page: Page, key: string): Locator {
  return page.getByTestId(`rule-${key}`);
}

/** Adds a targeting rule of a dimension through the "Add targeting" menu. */
async function addRule(page: Page, dimension: string): Promise<void> {
  await page.getByRole('button', { name: 'Add targeting' }).click();
  await page.getByRole('menuitem', { name: dimension, exact: true }).click();
}

/** Picks options of a multiple select (inside a targeting rule) by their text. */
async function pick(page: Page, rule: Locator, options: string[]): Promise<void> {
  const select = rule.getByRole('combobox');
  await select.click();
  const listId = await select.getAttribute('aria-controls');
  const popup = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) });
  const chosen = rule.locator('.ant-select-selection-item');
  for (const option of options) {
    // The list is virtual: search so the option is rendered, then choose it.
    await expect(async () => {
      if ((await chosen.filter({ hasText: option }).count()) > 0) return;
      await select.fill(option);
      await popup
        .locator('.ant-select-item-option', { hasText: option })
        .first()
        .click({ timeout: 2000 });
      await expect(chosen.filter({ hasText: option })).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
}

function formItem(page: Page, label: string): Locator {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();
}

test('an advertiser builds a complete plan from nothing with two strategies', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = fresh();
  const planName = `Spring sale ${tag}`;
  const english = `Spring EN ${tag}`;
  const french = `Printemps FR ${tag}`;
  await createTextCreatives(request, [
    { name: english, language: 'en' },
    { name: french, language: 'fr' },
  ]);

  await openAs(page, 'advertiser', '/ad/plan');
  await expect(page).toHaveTitle('Plans - Adloom');
  await page.getByRole('button', { name: 'New plan' }).click();
  await expect(page).toHaveURL(/\/ad\/plan\/new$/);

  // Step 1: the plan, with the UTC notice, the schedule grid and inline checks.
  const steps = page.locator('.ant-steps');
  for (const title of ['Create plan', 'Add strategies', 'Configure creatives']) {
    await expect(steps).toContainText(title);
  }
  await expect(steps).toContainText('Complete plan creation');
  await expect(page.getByText('Times and spend are arranged in UTC+00:00.')).toBeVisible();
  await page.getByLabel('Plan name', { exact: true }).fill(planName);
  await page.getByLabel('Daily budget', { exact: true }).fill('0');
  await page.getByLabel('Plan name', { exact: true }).click();
  await expect(formItem(page, 'Daily budget')).toContainText('Must be more than 0');
  await page.getByLabel('Daily budget', { exact: true }).fill('250.5');
  await page.getByRole('button', { name: 'Business hours 9–18' }).click();
  await page.getByLabel('All hours of Saturday').click();
  await expect(page.getByTestId('schedule-count')).toHaveText('Hours selected: 69 of 168');
  // Paint Sunday 20:00–22:00 by dragging.
  await page.getByLabel('Sunday 20:00').hover();
  await page.mouse.down();
  await page.getByLabel('Sunday 22:00').hover();
  await page.mouse.up();
  await expect(page.getByLabel('Sunday 21:00')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('schedule-count')).toHaveText('Hours selected: 72 of 168');
  const created = page.waitForRequest((req) => req.url().includes('/svc/ad/plan/create'));
  await page.getByRole('button', { name: 'Create plan and add strategies' }).click();
  const sent = (await created).postDataJSON() as {
    budget: number;
    bid: number;
    schedule: number[][];
  };
  expect(sent.budget).toBe(250_500_000);
  expect(sent.bid).toBe(0);
  expect(sent.schedule[0]).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17]);
  expect(sent.schedule[6]).toEqual([20, 21, 22]);
  await expect(page).toHaveURL(/\/ad\/plan\/\d+\?step=2$/);
  const planUrl = page.url().replace(/\?.*$/, '');

  // Step 2 without a strategy: 'Need to add configuration'.
  await page.getByRole('button', { name: 'Next: configure creatives' }).click();
  await expect(page.getByText(AD_MESSAGES.needConfiguration.en)).toBeVisible();

  // Strategy A: the docs/product/messages-and-codes.md#form-messages messages of styles, languages, bid and targeting, each where it applies.
  await page.getByRole('button', { name: 'Add strategy', exact: true }).click();
  await expect(page).toHaveURL(/strategy=new/);
  await page.getByLabel('Strategy name', { exact: true }).fill('Strategy A');
  await addRule(page, 'IDFA');
  await ruleOf(page, 'idfa')
    .getByRole('textbox')
    .fill('6D92078A-8246-4BA4-AE5B-76104861E7DC\nnot-an-idfa');
  await expect(ruleOf(page, 'idfa')).toContainText('Values: 2');
  await expect(ruleOf(page, 'idfa')).toContainText(AD_MESSAGES.configurationFormat.en);
  await expect(ruleOf(page, 'idfa').getByTestId('invalid-values')).toContainText('not-an-idfa');
  await addRule(page, 'Country');
  await page.getByRole('button', { name: 'Save strategy' }).click();
  await expect(formItem(page, 'Supported styles')).toContainText(AD_MESSAGES.confirmStyle.en);
  await expect(formItem(page, 'Languages')).toContainText(AD_MESSAGES.needLanguage.en);
  await expect(formItem(page, 'Bid')).toContainText(AD_MESSAGES.bidRequired.en);
  await expect(ruleOf(page, 'country')).toContainText(AD_MESSAGES.targetingEmpty.en);
  await ruleOf(page, 'idfa').getByRole('button', { name: 'Remove them' }).click();
  await expect(ruleOf(page, 'idfa')).not.toContainText(AD_MESSAGES.configurationFormat.en);
  await pick(page, ruleOf(page, 'country'), ['United States']);
  await expect(ruleOf(page, 'country')).not.toContainText(AD_MESSAGES.targetingEmpty.en);
  await page.getByRole('checkbox', { name: /^Text/ }).check();
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByLabel('Bid', { exact: true }).fill('1.5');
  await page.getByRole('button', { name: 'Save strategy' }).click();
  await expect(page).toHaveURL(/step=2$/);

  // Strategy B: other targeting — OS excluded, packages pasted.
  await page.getByRole('button', { name: 'Add strategy', exact: true }).click();
  await page.getByLabel('Strategy name', { exact: true }).fill('Strategy B');
  await page.getByLabel('Bid', { exact: true }).fill('2');
  await page.getByRole('checkbox', { name: /^Text/ }).check();
  await page.getByRole('checkbox', { name: 'French' }).check();
  await addRule(page, 'OS');
  await ruleOf(page, 'os').getByText('Exclude').click();
  await pick(page, ruleOf(page, 'os'), ['iOS']);
  await addRule(page, 'App package');
  await ruleOf(page, 'pkg').getByRole('textbox').fill('com.example.one, com.example.two');
  await expect(ruleOf(page, 'pkg')).toContainText('Values: 2');
  const strategyCreated = page.waitForRequest((req) => req.url().includes('/strategy/create'));
  await page.getByRole('button', { name: 'Save strategy' }).click();
  const strategyBody = (await strategyCreated).postDataJSON() as {
    bid: number;
    targeting: { key: string; mode: string; values: string[] }[];
  };
  expect(strategyBody.bid).toBe(2_000_000);
  expect(strategyBody.targeting).toEqual([
    { key: 'os', mode: 'exclude', values: ['2'] },
    { key: 'pkg', mode: 'include', values: ['com.example.one', 'com.example.two'] },
  ]);
  await expect(page).toHaveURL(/step=2$/);
  const strategies = page.getByRole('table');
  await expect(strategies.getByRole('row')).toHaveCount(3);
  await expect(strategies.getByRole('row', { name: /Strategy A/ })).toContainText(
    'Country: United States',
  );
  await expect(strategies.getByRole('row', { name: /Strategy B/ })).toContainText('OS ≠ iOS');

  // Step 3: creatives for strategy A only.
  await page.getByRole('button', { name: 'Next: configure creatives' }).click();
  await expect(page).toHaveURL(/step=3$/);
  const cardA = page.locator('[id^="strategy-"]').filter({ hasText: 'Strategy: Strategy A' });
  const cardB = page.locator('[id^="strategy-"]').filter({ hasText: 'Strategy: Strategy B' });
  // Each strategy lists only the creatives of its styles and languages.
  await expect(cardA).toContainText(english);
  await expect(cardA).not.toContainText(french);
  await expect(cardB).toContainText(french);
  await cardA.getByRole('checkbox', { name: `Choose ${english}` }).check();
  await cardA.getByRole('button', { name: 'Save creatives' }).click();
  await expect(cardA.getByRole('button', { name: 'Save creatives' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next: complete plan creation' }).click();
  await expect(page).toHaveURL(/step=4$/);

  // Step 4: completing with strategy B lacking creatives names the problem where it is.
  await page.getByRole('button', { name: 'Complete plan creation', exact: true }).click();
  const problems = page.getByTestId('completion-problems');
  await expect(problems).toContainText(AD_MESSAGES.followPrompts.en);
  await expect(problems).toContainText(`Strategy B: ${AD_MESSAGES.needCreative.en}`);
  await expect(page.getByRole('row', { name: /Strategy B/ })).toContainText(
    AD_MESSAGES.needCreative.en,
  );
  await problems.getByRole('button', { name: 'Choose creatives of “Strategy B”' }).click();
  await expect(page).toHaveURL(/step=3#strategy-\d+$/);
  await cardB.getByRole('checkbox', { name: `Choose ${french}` }).check();
  await page.getByRole('button', { name: 'Next: complete plan creation' }).click();
  await expect(page).toHaveURL(/step=4$/);
  await page.getByRole('button', { name: 'Complete plan creation', exact: true }).click();
  await expect(page.getByText('Plan creation complete')).toBeVisible();

  // Start it, with a note.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const note = page.getByRole('dialog').filter({ hasText: 'Note this change' });
  await note.getByLabel('Note').fill('Ready for spring');
  await note.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();

  // Leaving and coming back opens the completed plan's form; the list shows it.
  await page.goto(planUrl);
  await expect(page.getByLabel('Plan name', { exact: true })).toHaveValue(planName);
  await page.goto('/ad/plan');
  await page.getByRole('searchbox', { name: 'Search' }).fill(planName);
  const row = page.getByRole('row').filter({ hasText: planName });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(row).toContainText('250.50');
  await expect(row).toContainText('CPM');
  // Found by its header: the list's columns move (row selection, today's delivery).
  const strategiesColumn = await page
    .locator('thead th')
    .evaluateAll((cells) => cells.findIndex((cell) => cell.textContent?.trim() === 'Strategies'));
  expect(strategiesColumn).toBeGreaterThan(0);
  await expect(row.locator('td').nth(strategiesColumn)).toHaveText('2');
  await expect(row.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();

  // Copy it: confirmed, the copy opens, unfinished, at the creatives step.
  await row.getByRole('button', { name: 'Copy' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('heading', { name: `${planName} (copy)` })).toBeVisible();
  await expect(page).toHaveURL(/\/ad\/plan\/\d+$/);
  await expect(page.getByText('Unfinished')).toBeVisible();
  await expect(page.locator('[id^="strategy-"]')).toHaveCount(2);
});

test('an unfinished plan resumes at its step, and the flow speaks Chinese', async ({ page }) => {
  const planName = `Resume ${fresh()}`;
  await openAs(page, 'advertiser', '/ad/plan/new');
  await page.getByLabel('Plan name', { exact: true }).fill(planName);
  await page.getByLabel('Daily budget', { exact: true }).fill('80');
  await page.getByRole('button', { name: 'Create plan and add strategies' }).click();
  await expect(page).toHaveURL(/step=2$/);

  // Leave, then continue from the list: the plan resumes at "Add strategies".
  await page.goto('/ad/plan');
  await page.getByRole('searchbox', { name: 'Search' }).fill(planName);
  const row = page.getByRole('row').filter({ hasText: planName });
  await expect(row).toContainText('Unfinished');
  await row.getByRole('link', { name: 'Continue creation (2/4)' }).click();
  await expect(page).toHaveURL(/step=2$/);
  await expect(page.getByRole('button', { name: 'Add strategy', exact: true })).toBeVisible();

  // Switch the interface to Chinese: the step titles and a docs/product/messages-and-codes.md#form-messages message follow.
  await page.getByRole('radio', { name: '中文' }).click();
  const steps = page.locator('.ant-steps');
  for (const step of PlanStep.values) {
    await expect(steps).toContainText(PlanStep.label(step, 'zh'));
  }
  await page.getByRole('button', { name: '下一步：配置创意' }).click();
  await expect(page.getByText(AD_MESSAGES.needConfiguration.zh)).toBeVisible();

  await page.getByRole('button', { name: '添加策略', exact: true }).click();
  await page.getByLabel('策略名称', { exact: true }).fill('策略一');
  await page.getByRole('button', { name: '保存策略' }).click();
  await expect(formItem(page, '支持的样式')).toContainText(AD_MESSAGES.confirmStyle.zh);
  await expect(formItem(page, '语言')).toContainText(AD_MESSAGES.needLanguage.zh);
  await expect(formItem(page, '出价')).toContainText(AD_MESSAGES.bidRequired.zh);
  await page.screenshot({ path: '/tmp/planweb-zh-strategy.png', fullPage: true });
  await page.getByRole('radio', { name: 'English' }).click();
});
