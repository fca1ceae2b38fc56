import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../../support/login';
import { mailCount, waitForCode } from '../../support/outbox';

const EMAIL = 'institution@demo.neetprep.local';

// The demo institution account is used by later specs: it gets its demo password back.
async function restoreDemoPassword(request: APIRequestContext) {
  const login = await request.post('/api/user/v1/login', {
    data: { username: 'institution', password: 'NewPass#2026' },
  });
  if (!login.ok()) return;
  const token = (await login.json()).body?.token as string | undefined;
  if (!token) return;
  const restored = await request.post('/api/user/v1/changePassword', {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: 'NewPass#2026', password: DEMO_PASSWORD },
  });
  expect(restored.ok()).toBe(true);
}

test('forgot password → verify with the mailed code → change password → sign in with it', async ({ page, request }) => {
  try {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    // The screen's chunk may still be loading with the login form on screen, whose
    // "Email / Username / Phone" field a loose label would find.
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();

    const before = mailCount(EMAIL);
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
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
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText([
      'Reports',
      'Help',
      'Contact Us',
    ]);
  } finally {
    await restoreDemoPassword(request);
  }
});

test('/verify without a secret returns to /login', async ({ page }) => {
  await page.goto('/verify');
  await expect(page).toHaveURL(/\/login$/);
});
