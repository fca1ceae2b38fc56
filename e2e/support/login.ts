import { expect, type Page } from '@playwright/test';
import { loadingIndicators } from './loading';

export const DEMO_PASSWORD = 'Demo@1234';

/** Signs in on the Students Login tab of /login (the page must already be open). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email / Username / Phone').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: 'Login', exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** Opens /login and signs in with the demo password by typing into the form (any language), then waits to leave /login. */
export async function signInAs(page: Page, username: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}

/** Waits for a screen to settle: its heading shown and no progress bar left (lazy screens load slowly on a busy machine). */
export async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(loadingIndicators(page)).toHaveCount(0, { timeout: 20_000 });
}
