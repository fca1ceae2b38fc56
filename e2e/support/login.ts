import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@1234';

/** Signs in on the Students Login tab of /login (the page must already be open). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email / Username / Phone').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: 'Login', exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
}
