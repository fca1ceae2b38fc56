import { expect, test } from '@playwright/test';
import { signIn } from '../../support/login';

/*
 * Staff preview a test as a student is served it: the NEET mock (180 questions, formulas and
 * chemistry among them, in both languages) opens and every section can be read without any error
 * in the browser's console (React reports an error it recovered from there, e.g. #520).
 */
{
  test(`the NEET mock's preview renders every section without a console error`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    await signIn(page, 'teacher');
    await expect(page).toHaveURL(/\/academy\/courses$/);
    await page.goto('/testconfig');
    await page.getByRole('searchbox', { name: 'Search' }).fill('NEET Mock Test 1');
    await page.getByRole('button', { name: 'Open: NEET Mock Test 1' }).click();
    await expect(page).toHaveURL(/\/testconfig\?test=\d+$/);
    await page.getByRole('button', { name: 'Preview as a student' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: NEET Mock Test 1' });
    for (const section of ['Physics', 'Chemistry', 'Botany', 'Zoology']) {
      await preview.getByRole('tab', { name: `${section} (45)` }).click();
      await expect(preview.getByRole('heading', { name: /^Question \d/ })).toHaveCount(45);
    }
    await preview.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
  });
}
