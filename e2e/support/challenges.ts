import { expect, type Page } from '@playwright/test';
import { signIn } from './login';

/** Signs in from the sign-in page and waits to be let in. */
export async function signInTo(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}

/**
 * Opens the signed-in student's first released unit-test report (the demo's shift mock, a drawn
 * paper, is another story) and gives its test's id.
 */
export async function openUnitTestReport(page: Page): Promise<string> {
  await page.goto('/report');
  await page.locator('main').getByRole('link').filter({ hasNotText: 'Two-Shift Mock' }).first().click();
  await expect(page).toHaveURL(/\/report\?.*attemptId=/);
  await expect(page.getByTestId('report-question').first()).toBeVisible({ timeout: 30_000 });
  return new URL(page.url()).searchParams.get('taskId')!;
}
