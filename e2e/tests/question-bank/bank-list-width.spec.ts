import { expect, test, type Page } from '@playwright/test';
import { useLanguage } from '../../support/a11y';
import { signIn } from '../../support/login';

/** How far the bank's table reaches past its box (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table.evaluate((element) => element.scrollWidth - element.parentElement!.clientWidth);
}

test('the question bank list fits a 1366 px screen, in English and in Tamil', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/login');
  await signIn(page, 'teacher');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Question Bank' }).click();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('columnheader', { name: 'Kind, difficulty, marks' })).toBeVisible();
  await useLanguage(page, 'tn');
  await page.reload();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});
