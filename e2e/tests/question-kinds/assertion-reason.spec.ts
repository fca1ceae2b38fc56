import { expect, test } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { openTest, signInStudent } from '../../support/exam';
import { signIn } from '../../support/login';

/** NEET's assertion and reason: a teacher types two sentences per language; a student answers one of the four generated options. */
test('a teacher authors an assertion–reason question in English and Tamil, and it previews with the four options', async ({ page }) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, 'teacher');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Question Bank' }).click();
  await page.getByRole('button', { name: 'New question' }).click();
  await page.getByRole('combobox', { name: 'Kind of question' }).click();
  await page.getByRole('option', { name: 'Assertion and reason' }).click();

  // No statement box: the two sentences are the statement.
  await expect(page.getByRole('textbox', { name: 'Question (English)' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Assertion (A) (English)' }).fill('Enzymes speed up reactions.');
  await page.getByRole('textbox', { name: 'Reason (R) (English)' }).fill('Enzymes lower the activation energy.');
  // At 1280 px both languages show side by side.
  await page.getByRole('switch', { name: 'Include the Tamil text' }).check();
  await page.getByRole('textbox', { name: 'Assertion (A) (Tamil)' }).fill('நொதிகள் வினைகளை விரைவுபடுத்துகின்றன.');
  await page.getByRole('textbox', { name: 'Reason (R) (Tamil)' }).fill('நொதிகள் கிளர்வு ஆற்றலைக் குறைக்கின்றன.');

  // The key is one of the four generated options, chosen by keyboard.
  const key = page.getByRole('radiogroup', { name: 'Correct option' });
  await expect(key.getByRole('radio')).toHaveCount(4);
  await key.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(key.getByRole('radio').nth(1)).toBeChecked();
  violations.push(...(await axeViolations(page, 'assertion–reason editor, 1280 px')));
  await page.setViewportSize(VIEWPORTS.phone);
  violations.push(...(await axeViolations(page, 'assertion–reason editor, 390 px')));
  await page.setViewportSize(VIEWPORTS.desktop);

  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page.getByText(/Question \d+ created\./)).toBeVisible();
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'As a student sees it in English' });
  await expect(preview).toContainText('Assertion (A): Enzymes speed up reactions.');
  await expect(preview.getByLabel('A is true but R is false.')).toBeVisible();
  expect(violations).toEqual([]);
});

test('a student answers the demo assertion–reason practice by keyboard, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  await signInStudent(page);
  await openTest(page, 'Biology: The cell', 'Practice set: assertion and reason');
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByText('Mitochondria are called the powerhouse of the cell.')).toBeVisible();
  const options = page.getByRole('radiogroup').getByRole('radio');
  await expect(options).toHaveCount(4);
  await options.first().focus();
  await page.keyboard.press('Space');
  await expect(options.first()).toBeChecked();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  violations.push(...(await axeViolations(page, 'assertion–reason question, 1280 px')));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('practice-answer')).toContainText('Correct');

  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  await page.getByLabel('Both A and R are true and R is the correct explanation of A.').check();
  await page.getByRole('button', { name: 'Next' }).click();
  // The key is "A is true but R is false": a wrong answer, with the explanation.
  await expect(page.getByTestId('practice-answer')).toContainText('Ribosomes have no membrane');
  violations.push(...(await axeViolations(page, 'assertion–reason reveal, 390 px')));
  expect(violations).toEqual([]);
});
