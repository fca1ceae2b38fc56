import { expect, test } from '@playwright/test';
import { signIn } from '../../support/login';
import { mailCount, waitForCode } from '../../support/outbox';

const EMAIL = 'institution@demo.neetprep.local';

test('forgot password → verify with the mailed code → change password → sign in with it', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forget-password$/);

  const before = mailCount(EMAIL);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  const code = await waitForCode(EMAIL, before);

  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/change-password$/);

  await page.getByLabel('Password', { exact: true }).fill('NewPass#2026');
  await page.getByLabel('Confirm password').fill('NewPass#2025');
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('NewPass#2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'institution', 'Demo@1234');
  await expect(page.getByText('Invalid user or ppassword')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('NewPass#2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText(['Reports', 'Help', 'Contact Us']);
});

test('/verify without a secret returns to /login', async ({ page }) => {
  await page.goto('/verify');
  await expect(page).toHaveURL(/\/login$/);
});
