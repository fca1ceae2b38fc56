import { expect, test, type Page } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { openTest, signInStudent } from '../../support/exam';
import { signIn } from '../../support/login';

const PRACTICE = 'Practice set: matching lists';

async function typeInto(page: Page, name: string, text: string) {
  await page.getByRole('textbox', { name }).click();
  await page.keyboard.type(text);
}

/** Picks a native select's option by keyboard alone: focus, then the arrow keys. */
async function chooseByKeyboard(page: Page, name: RegExp, steps: number) {
  const select = page.getByRole('combobox', { name });
  await select.focus();
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
  return select;
}

test('a teacher authors a coded matching question in English and Tamil, sees its four codes and previews it', async ({ page }) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, 'teacher');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Question Bank' }).click();
  await page.getByRole('button', { name: 'New question' }).click();
  await page.getByRole('combobox', { name: 'Kind of question' }).click();
  await page.getByRole('option', { name: 'Matching (list I with list II)' }).click();
  await typeInto(page, 'Question (English)', 'Match the gland with its hormone.');
  await page.getByRole('switch', { name: 'Include the Tamil text' }).check();
  await typeInto(page, 'Question (Tamil)', 'சுரப்பியை அதன் ஹார்மோனுடன் பொருத்துக.');

  const left = [
    ['Thyroid', 'தைராய்டு'],
    ['Pancreas', 'கணையம்'],
    ['Adrenal', 'அட்ரீனல்'],
    ['Pineal', 'பீனியல்'],
  ];
  const right = [
    ['Insulin', 'இன்சுலின்'],
    ['Melatonin', 'மெலடோனின்'],
    ['Thyroxine', 'தைராக்ஸின்'],
    ['Adrenaline', 'அட்ரினலின்'],
  ];
  const labels = ['A', 'B', 'C', 'D'];
  const numerals = ['I', 'II', 'III', 'IV'];
  for (const [i, [en, tn]] of left.entries()) {
    await page.getByRole('textbox', { name: `List I item ${labels[i]} (English)` }).fill(en!);
    await page.getByRole('textbox', { name: `List I item ${labels[i]} (Tamil)` }).fill(tn!);
  }
  for (const [j, [en, tn]] of right.entries()) {
    await page.getByRole('textbox', { name: `List II item ${numerals[j]} (English)` }).fill(en!);
    await page.getByRole('textbox', { name: `List II item ${numerals[j]} (Tamil)` }).fill(tn!);
  }
  // The key by keyboard: A-III, B-I, C-IV, D-II.
  for (const [i, steps] of [3, 1, 4, 2].entries()) await chooseByKeyboard(page, new RegExp(`^${labels[i]} matches`), steps);
  await expect(page.getByRole('combobox', { name: /^A matches/ })).toHaveValue('3');

  await page.getByRole('radio', { name: /NEET coded/ }).check();
  const codes = page.getByTestId('matching-codes').getByRole('listitem');
  await expect(codes).toHaveCount(4);
  await expect(page.getByTestId('matching-codes')).toContainText('A-III, B-I, C-IV, D-II');
  violations.push(...(await axeViolations(page, 'matching editor, 1280 px')));
  await page.setViewportSize(VIEWPORTS.phone);
  violations.push(...(await axeViolations(page, 'matching editor, 390 px')));
  await page.setViewportSize(VIEWPORTS.desktop);

  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page).toHaveURL(/\/questionbank\?question=\d+$/);
  // Read back as authored.
  await expect(page.getByRole('radio', { name: /NEET coded/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'List I item B (Tamil)' })).toHaveValue('கணையம்');
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'As a student sees it in English' });
  await expect(preview.getByRole('table').first()).toContainText('Thyroid');
  await expect(preview.getByLabel('A-III, B-I, C-IV, D-II')).toBeVisible();
  const tamil = page.getByRole('region', { name: 'As a student sees it in Tamil' });
  await expect(tamil.getByRole('table').first()).toContainText('தைராய்டு');
  violations.push(...(await axeViolations(page, 'matching preview, 1280 px')));
  await page.setViewportSize(VIEWPORTS.phone);
  violations.push(...(await axeViolations(page, 'matching preview, 390 px')));
  expect(violations).toEqual([]);
});

test('a student matches the demo practice by keyboard at 390 and 1280 px, in English and Tamil, sees the key and a partial score', async ({ page }) => {
  test.setTimeout(180_000);
  const violations: string[] = [];
  await page.setViewportSize(VIEWPORTS.phone);
  await signInStudent(page);
  await openTest(page, 'Biology: The cell', PRACTICE);

  // Question 1, in pairs: a select per organelle, by keyboard (A-III, B-I, C-IV, D-II).
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  for (const [name, steps] of [
    [/^A\. Mitochondria/, 3],
    [/^B\. Ribosome/, 1],
    [/^C\. Lysosome/, 4],
    [/^D\. Golgi apparatus/, 2],
  ] as const) {
    await chooseByKeyboard(page, name, steps);
  }
  await expect(page.getByRole('combobox', { name: /^A\. Mitochondria/ })).toHaveValue('203');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  violations.push(...(await axeViolations(page, 'matching pairs, 390 px')));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('practice-answer')).toContainText('Correct');
  await expect(page.getByTestId('matching-key')).toContainText('A. Mitochondria → III. Aerobic respiration');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  // Question 2 at 1280 px: one pair wrong, with partial credit.
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  await chooseByKeyboard(page, /^A\. Xylem/, 2);
  await chooseByKeyboard(page, /^B\. Phloem/, 3);
  await chooseByKeyboard(page, /^C\. Meristem/, 1);
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  violations.push(...(await axeViolations(page, 'matching pairs, 1280 px')));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('matching-key')).toContainText('B. Phloem → IV. Conducting food');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  // Question 3, coded: the lists as tables and four codes, chosen by keyboard. A reload at once
  // comes back to it (the page keeps its state as it is left, not only every 1.5 s).
  await expect(page.getByText('Question 3 of 3')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Question 3 of 3')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(2);
  const codes = page.getByRole('radiogroup').getByRole('radio');
  await expect(codes).toHaveCount(4);
  await page.getByLabel('A-II, B-III, C-IV, D-I').focus();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('A-II, B-III, C-IV, D-I')).toBeChecked();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  violations.push(...(await axeViolations(page, 'matching coded, 1280 px')));

  // The same question in Tamil, at both widths.
  await page.evaluate(() => localStorage.setItem('language', 'tn'));
  await page.reload();
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.getByText('பட்டியல் I', { exact: true }).first()).toBeVisible();
  violations.push(...(await axeViolations(page, 'matching coded, Tamil, 1280 px')));
  await page.setViewportSize(VIEWPORTS.phone);
  violations.push(...(await axeViolations(page, 'matching coded, Tamil, 390 px')));

  // Back in English: end the practice; the score counts two of three pairs of question 2 (partial credit).
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(page.getByText('Question 3 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'End test' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  const result = page.getByRole('dialog', { name: PRACTICE });
  await expect(result).toContainText('Score: 10.67 / 12');
  violations.push(...(await axeViolations(page, 'matching practice result, 1280 px')));
  expect(violations).toEqual([]);
});
