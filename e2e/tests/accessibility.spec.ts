/**
 * Every console page, and /login, passes the axe-core checks of WCAG 2 A and AA (what
 * Lighthouse's accessibility score is made of): colour contrast, names of controls and
 * links, landmarks, labels. Run on the demo's real data as admin, who sees every page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PAGES, openConsolePage } from '../support/console-pages';
import { signInAs } from '../support/session';

/** One line per failing check and element: "rule: selector (summary)". */
async function violationsOf(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? violation.help})`,
    ),
  );
}

test('/login passes the WCAG A and AA checks', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
});

test('every console page passes the WCAG A and AA checks', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAs(page, 'admin');
  const found: string[] = [];
  for (const route of ADMIN_PAGES) {
    await openConsolePage(page, route.path);
    for (const line of await violationsOf(page)) found.push(`${route.path} ${line}`);
  }
  expect(found).toEqual([]);
});
