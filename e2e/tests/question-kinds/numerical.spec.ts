import { expect, test, type Page } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { openTest, signInStudent } from '../../support/exam';
import { signIn } from '../../support/login';

const PRACTICE = 'Practice set: numerical values (JEE Main)';

async function typeInto(page: Page, name: string, text: string) {
  await page.getByRole('textbox', { name }).click();
  await page.keyboard.type(text);
}

test('a teacher authors a numerical value (a range and a unit), previews it and saves it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, 'teacher');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Question Bank' }).click();
  await page.getByRole('button', { name: 'New question' }).click();
  // Focus goes to the editor's heading, not to the page's body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('combobox', { name: 'Kind of question' }).click();
  await page.getByRole('option', { name: 'Numerical value' }).click();
  await typeInto(page, 'Question (English)', 'What is the pH of a neutral solution at 25 °C?');

  // The key: a range, then its unit; a range out of order is named before anything is saved.
  await page.getByRole('radio', { name: 'inside a range' }).check();
  await page.getByRole('textbox', { name: 'Smallest accepted' }).fill('7.1');
  await page.getByRole('textbox', { name: 'Largest accepted' }).fill('6.9');
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page.getByText('The range’s maximum must not be less than its minimum.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Smallest accepted' }).fill('6.9');
  await page.getByRole('textbox', { name: 'Largest accepted' }).fill('7.1');
  await page.getByRole('textbox', { name: 'Unit (optional)' }).fill('pH');
  expect(await axeViolations(page, 'numerical editor 1280')).toEqual([]);
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page).toHaveURL(/\/questionbank\?question=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Saved and read back as authored; the preview shows the pad, as the player does.
  await expect(page.getByRole('radio', { name: 'inside a range' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Largest accepted' })).toHaveValue('7.1');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('group', { name: 'Number pad' }).first()).toBeVisible();
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await axeViolations(page, 'numerical preview 390')).toEqual([]);
});

test('a student answers numerical values with the pad by keyboard, sees the key, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await signInStudent(page);
  await openTest(page, 'Physics: Laws of motion', PRACTICE);

  // Question 1 (2 s): the pad by keyboard alone; a wrong key (9) is taken back with Backspace.
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Your answer (a number)' });
  const pad = page.getByRole('group', { name: 'Number pad' });
  await pad.getByRole('button', { name: '9', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('9');
  await pad.getByRole('button', { name: 'Backspace' }).focus();
  await page.keyboard.press('Space');
  await pad.getByRole('button', { name: '2', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('2');
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page, 'numerical pad 390')).toEqual([]);
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('practice-answer')).toContainText('Correct');
  await expect(page.getByTestId('numerical-key')).toHaveText('Correct answer: 2 s');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  // Question 2 (12.25 ± 0.05 J): typed on the keyboard; 12.3 is inside the tolerance.
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  await field.click();
  await page.keyboard.type('12.3');
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  expect(await axeViolations(page, 'numerical pad 1280')).toEqual([]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('numerical-key')).toHaveText('Correct answer: 12.25 ± 0.05 J');
  await expect(page.getByTestId('practice-answer')).toContainText('Correct');
});
