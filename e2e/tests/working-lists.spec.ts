import { expect, test, type APIRequestContext } from '@playwright/test';
import { encodeCredential } from '@adloom/domain';
import { DEMO_PASSWORD, openAs } from '../support/session';

/** The advertiser's X-Token, signed in through the account service like the console does. */
async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const answer = await request.post('/user/login', {
    multipart: { username: encodeCredential(username), password: encodeCredential(DEMO_PASSWORD) },
  });
  const body = (await answer.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  return body.data.token;
}

/** Plans created through the API, so the test only drives the list screen. */
async function createPlans(request: APIRequestContext, names: string[]): Promise<void> {
  const headers = { 'X-Token': await tokenOf(request, 'advertiser') };
  for (const name of names) {
    const answer = await request.post('/svc/ad/plan/create', {
      headers,
      data: { name, budget: 20_000_000, billing: 2, start_at: '2026-01-01T00:00:00Z' },
    });
    const body = (await answer.json()) as { code: number; msg: string };
    expect(body.code, body.msg).toBe(200);
  }
}

test('selects two plans, archives them, and finds them under the archived filter', async ({
  page,
  request,
}) => {
  // Sign-in, two plans, a wide table and a round trip per step: slow on a busy machine.
  test.setTimeout(180_000);
  const tag = `Arch ${Date.now().toString(36).slice(-5)}`;
  const names = [`${tag} one`, `${tag} two`];
  await createPlans(request, names);

  await openAs(page, 'advertiser', '/ad/plan');
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
  for (const name of names) await expect(rowOf(name)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Budget pacing/ })).toBeVisible();

  for (const name of names) await rowOf(name).getByRole('checkbox').check();
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Archive' }).click();

  const dialog = page.getByRole('dialog', { name: 'Archive 2 plans?' });
  await expect(dialog).toContainText('Archived plans stop serving and leave the list');
  await dialog.getByLabel('Note').fill('End of the spring season');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('2 plans archived.')).toBeVisible();

  // Gone from the default list…
  await expect(page.getByText('No plan matches these filters')).toBeVisible();
  for (const name of names) await expect(rowOf(name)).toHaveCount(0);

  // …and found under Archived, where they can be restored.
  await page.locator('.ant-segmented-item-label', { hasText: 'Archived' }).click();
  for (const name of names) {
    await expect(rowOf(name)).toBeVisible();
    await expect(rowOf(name).getByText('Archived', { exact: true })).toBeVisible();
  }
  await rowOf(names[0] as string)
    .getByRole('checkbox')
    .check();
  await expect(
    page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Restore' }),
  ).toBeEnabled();
});
