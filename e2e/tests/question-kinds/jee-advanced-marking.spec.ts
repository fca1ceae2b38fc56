import { expect, test, type Page } from '@playwright/test';
import { axeViolations, useLanguage, VIEWPORTS } from '../../support/a11y';
import { signIn, signInAs } from '../../support/login';

async function typeInto(page: Page, name: string, text: string) {
  await page.getByRole('textbox', { name }).click();
  await page.keyboard.type(text);
}

test('a teacher marks a multiple-correct question as in JEE Advanced by keyboard, and the preview says so', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, 'teacher');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Question Bank' }).click();
  await page.getByRole('button', { name: 'New question' }).click();
  await page.getByRole('combobox', { name: 'Kind of question' }).click();
  await page.getByRole('option', { name: 'Multiple choice' }).click();
  await typeInto(page, 'Question (English)', 'Which of these are noble gases?');
  for (const [letter, text] of [
    ['A', 'Neon'],
    ['B', 'Nitrogen'],
    ['C', 'Argon'],
    ['D', 'Oxygen'],
  ] as const)
    await typeInto(page, `Option ${letter} (English)`, text);
  await page.getByRole('checkbox', { name: 'Option A is correct' }).check();
  await page.getByRole('checkbox', { name: 'Option C is correct' }).check();

  // The marking by keyboard alone: open the list, move down, choose.
  await page.getByRole('combobox', { name: 'Marking' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Marking' })).toHaveText('JEE Advanced');
  await expect(page.getByText(/\+1 for each correct option chosen when no wrong one is/)).toBeVisible();
  expect(await axeViolations(page, 'JEE marking editor 1280')).toEqual([]);
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page).toHaveURL(/\/questionbank\?question=\d+$/);

  // Saved and read back; the preview names the marking.
  await expect(page.getByRole('combobox', { name: 'Marking' })).toHaveText('JEE Advanced');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByTestId('preview-marking').first()).toContainText('JEE Advanced marking');
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await axeViolations(page, 'JEE marking preview 390')).toEqual([]);
});

test('the marking choice reads in Tamil and passes axe at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'tn');
  await page.setViewportSize(VIEWPORTS.phone);
  await signInAs(page, 'teacher');
  await page.goto('/questionbank');
  await page.getByRole('button', { name: 'புதிய கேள்வி' }).click();
  await page.getByRole('combobox', { name: 'கேள்வியின் வகை' }).click();
  await page.getByRole('option', { name: 'பல தேர்வு' }).click();
  const marking = page.getByRole('combobox', { name: 'மதிப்பீட்டு முறை' });
  await expect(marking).toHaveText('வழக்கமான முறை');
  await marking.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(marking).toHaveText('JEE அட்வான்ஸ்டு');
  expect(await axeViolations(page, 'JEE marking editor 390 Tamil')).toEqual([]);
});
