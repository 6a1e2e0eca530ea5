import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openAs, signIn, signInAs, signOut } from '../support/session';

test('a user edits the nickname and the top bar follows', async ({ page }) => {
  await openAs(page, 'adv_alpha', '/user/index');
  const nickname = page.getByLabel('Nickname');
  await expect(nickname).toHaveValue('Alpha Advertiser');
  await nickname.fill('Alpha Growth Team');
  await page.getByLabel('Avatar URL').fill('not a url');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Must be an http(s) address')).toBeVisible();

  await page.getByLabel('Avatar URL').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Alpha Growth Team');
  await page.reload();
  await expect(page.getByLabel('Nickname')).toHaveValue('Alpha Growth Team');
});

test('changing the password checks the old one and the two new ones', async ({ page }) => {
  const next = 'beta-new-9981';
  await openAs(page, 'adv_beta', '/user/password');
  const form = {
    old: page.getByLabel('Old password'),
    new: page.getByLabel('New password', { exact: true }),
    confirm: page.getByLabel('Confirm new password'),
    submit: page.getByRole('button', { name: 'Change password' }),
  };

  await form.old.fill(DEMO_PASSWORD);
  await form.new.fill(next);
  await form.confirm.fill(`${next}x`);
  await form.submit.click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();

  await form.new.fill(DEMO_PASSWORD);
  await form.confirm.fill(DEMO_PASSWORD);
  await form.submit.click();
  await expect(page.getByText('The new password must differ from the old one')).toBeVisible();

  await form.new.fill('password123');
  await form.confirm.fill('password123');
  await form.submit.click();
  await expect(page.getByText(/^Too common: /)).toBeVisible();

  await form.old.fill('wrong-old-password');
  await form.new.fill(next);
  await form.confirm.fill(next);
  await form.submit.click();
  await expect(page.getByText('The old password is wrong.')).toBeVisible();

  await form.old.fill(DEMO_PASSWORD);
  await form.submit.click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  await signOut(page);
  await signIn(page, 'adv_beta', DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  await signInAs(page, 'adv_beta', next);

  // Put the demo password back for the next run on the same data.
  await page.goto('/user/password');
  await form.old.fill(next);
  await form.new.fill(DEMO_PASSWORD);
  await form.confirm.fill(DEMO_PASSWORD);
  await form.submit.click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
});
