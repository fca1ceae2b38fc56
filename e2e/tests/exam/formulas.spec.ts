import { expect, test } from '@playwright/test';
import { createStudent, STUDENT_PASSWORD } from '../../support/a11y';

/*
 * The demo NEET mock's questions are plain text from imported files, with formulas in TeX. The
 * player typesets them as the staff preview does (no raw "$\ce{H2O}$" for students or screen
 * readers), and Chromium names each formula by its spoken text, so that an option that is only a
 * formula has a name (the Tamil words are checked in the web app's unit tests).
 */

test('formulas in plain-text questions are typeset, and spoken by their names', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await createStudent(request, 'formulas');
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(STUDENT_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.getByRole('link', { name: /NEET Complete Preparation/ }).click();
  await page.getByRole('link', { name: /Mock tests/ }).click();
  await page.locator('li', { hasText: 'NEET Mock Test 1' }).getByRole('link', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Start test' }).click();
  const settings = page.getByRole('dialog', { name: 'Change System Settings' });
  await settings.getByRole('button', { name: 'Close' }).click();

  // Through the first section: no TeX source shown, and every option that holds a formula is
  // named (by Chromium) with the formula's spoken text.
  const question = page.getByTestId('question');
  let formulaOptions = 0;
  for (let number = 1; number <= 45; number += 1) {
    await expect(page.getByRole('heading', { level: 2, name: `Question ${number} of 45` })).toBeVisible();
    await expect(question.locator('.katex-error')).toHaveCount(0);
    expect(await question.evaluate((element) => (element as HTMLElement).innerText)).not.toMatch(/\$|\\frac|\\ce\{/);
    for (const option of await question.locator('label:has(.katex)').all()) {
      const spoken = await option.locator('.katex-mathml > math').first().getAttribute('aria-label');
      expect(spoken).toMatch(/\S/);
      await expect(option.getByRole('radio')).toHaveAccessibleName(new RegExp(spoken!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      formulaOptions += 1;
    }
    if (number < 45) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  expect(formulaOptions).toBeGreaterThan(0);
});
