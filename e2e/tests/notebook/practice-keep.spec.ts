import { expect, test } from '@playwright/test';
import { axeViolations } from '../../support/a11y';
import { openTest } from '../../support/exam';
import { signIn } from '../../support/login';

// A roster student no other journey signs in as; the practice is submitted at the end, so the
// next run starts a fresh attempt.
const STUDENT = 'sunrise.s042';

test('open practice: once a question’s answer shows, the student keeps it in the notebook by keyboard, and it stays kept', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signIn(page, STUDENT);
  await expect(page).toHaveURL(/\/academy\/courses$/, { timeout: 20_000 });
  await openTest(page, 'Physics: Laws of motion', 'Practice set: motion and circuits');

  await expect(page.getByText('Question 1 of 6')).toBeVisible();
  // No button before the answer shows.
  await expect(page.getByRole('button', { name: /in notebook \(question 1\)$/ })).toHaveCount(0);
  await page.getByLabel('Velocity').check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('practice-answer')).toBeVisible();
  // Its name follows its text: "Keep in notebook (question 1)", then "Kept in notebook (question 1)".
  const keep = page.getByRole('button', { name: /^(Keep|Kept) in notebook \(question 1\)$/ });
  await expect(keep).toBeEnabled({ timeout: 20_000 });
  await expect(keep).toHaveAttribute('aria-pressed', 'false');
  await keep.focus();
  await page.keyboard.press('Enter');
  await expect(keep).toHaveAttribute('aria-pressed', 'true');
  await expect(keep).toHaveText('Kept in notebook');
  await expect(keep).toHaveAccessibleName('Kept in notebook (question 1)');
  expect(await axeViolations(page, 'practice feedback with keep, 1280 px')).toEqual([]);

  // Kept on the server: after a reload the practice resumes with the question still kept.
  await page.reload();
  await expect(page.getByTestId('practice-answer')).toBeVisible({ timeout: 30_000 });
  await expect(keep).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });

  // End the practice: the kept question is in the notebook with it.
  await page.getByRole('button', { name: 'End test' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Practice set: motion and circuits' }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/academy\/courses$/);
});
