import { expect, test } from '@playwright/test';
import { openTest, signInStudent } from '../../support/exam';

test('practice set: hint, reveal, Submit moves on, blanks, end and result', async ({ page }) => {
  await signInStudent(page);
  await openTest(page, 'Physics: Laws of motion', 'Practice set: motion and circuits');

  // No palette menu in practice; a stopwatch instead of a countdown.
  await expect(page.getByRole('button', { name: 'Question palette' })).toHaveCount(0);
  await expect(page.getByText('Time spent')).toBeVisible();

  // Question 1: multiple choice. Hint toggles.
  await expect(page.getByText('Question 1 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.getByTestId('hint')).toContainText('Does the quantity have a direction?');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.getByTestId('hint')).toHaveCount(0);

  await page.getByLabel('Velocity').check();
  await page.getByLabel('Force').check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');

  // The first Next reveals the answer; the button then reads Submit.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('practice-answer')).toContainText('Correct');
  await expect(page.getByTestId('practice-answer')).toContainText('Velocity and force have direction');
  await expect(page.getByLabel('Velocity')).toBeDisabled();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  // Question 2: one input per {0} marker.
  await expect(page.getByText('Question 2 of')).toBeVisible();
  await page.getByLabel('Blank 1').fill('60');
  await page.getByLabel('Blank 2').fill('16.7');
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('practice-answer')).toContainText('Correct');

  // Previous goes back (questionSwitch 1) and keeps the revealed state.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Question 1 of')).toBeVisible();
  await expect(page.getByTestId('practice-answer')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('This is the first question.')).toBeVisible();

  // End test: Alert confirmation, then the result with the score; OK returns to the courses.
  await page.getByRole('button', { name: 'End test' }).click();
  const alert = page.getByRole('dialog', { name: 'Alert' });
  await expect(alert).toContainText('Do you want to submit the test and finish the session?');
  await alert.getByRole('button', { name: 'Submit' }).click();
  const result = page.getByRole('dialog', { name: 'Practice set: motion and circuits' });
  await expect(result.getByTestId('result-score')).toContainText(/Score: \d+(\.\d+)? \/ \d+/);
  await result.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/academy\/courses$/);
});
