import { expect, test } from '@playwright/test';
import { openTest, signInStudent } from '../../support/exam';

const TOPIC = 'Physics: Laws of motion';
const PRACTICE = 'Practice set: motion and circuits';

test('practice resumes in another browser where the student was, with the revealed answer and its explanation', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signInStudent(page);
  await openTest(page, TOPIC, PRACTICE);

  await page.getByLabel('Velocity').check();
  await page.getByLabel('Force').check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('practice-answer')).toContainText('Velocity and force have direction');

  // The question's language switch: Tamil text in the English interface, remembered for the attempt.
  await page.getByRole('button', { name: 'தமிழ்' }).click();
  await expect(page.getByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('If the English and Tamil versions differ, the English version is final.')).toBeVisible();
  await expect(page.locator('div[lang="ta"]').getByTestId('question')).toBeVisible();

  // Moving to question 2 saves the place in the attempt once the student stays on it.
  const placeSaved = page.waitForResponse(
    (response) => response.url().includes('/task/v1/saveSessionDetails') && response.request().postDataJSON()?.localState?.activeQuestion === 1,
  );
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Question 2 of 6')).toBeVisible();
  expect((await placeSaved).ok()).toBe(true);
  await first.close();

  // Another browser, with nothing stored: the same attempt at question 2.
  const second = await browser.newContext();
  const other = await second.newPage();
  await signInStudent(other);
  await openTest(other, TOPIC, PRACTICE);
  await expect(other.getByText('Question 2 of 6')).toBeVisible();

  // Question 1 keeps its answer, locked, with the key and explanation shown.
  await other.getByRole('button', { name: 'Previous' }).click();
  await expect(other.getByText('Question 1 of 6')).toBeVisible();
  // Still in Tamil, as chosen in the first browser; back to English for the rest.
  await expect(other.getByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
  await other.getByRole('button', { name: 'English' }).click();
  await expect(other.getByTestId('practice-answer')).toContainText('Correct');
  await expect(other.getByTestId('practice-answer')).toContainText('Velocity and force have direction');
  await expect(other.getByLabel('Velocity')).toBeChecked();
  await expect(other.getByLabel('Velocity')).toBeDisabled();

  // End the attempt so that the practice set starts afresh for the next journey.
  await other.getByRole('button', { name: 'End test' }).click();
  await other.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  await other.getByRole('dialog', { name: PRACTICE }).getByRole('button', { name: 'OK' }).click();
  await expect(other).toHaveURL(/\/academy\/courses$/);
  await second.close();
});
