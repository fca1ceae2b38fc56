import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../support/login';

const COURSE = 'NEET Complete Preparation';
const TOPIC = 'Biology: The cell';
const TASK = 'Practice set: writing, programming and office files';

/** Types in pieces of at most 15 characters: a longer insert at once counts as a paste. */
async function typeInChunks(page: Page, text: string) {
  for (let i = 0; i < text.length; i += 15) await page.keyboard.insertText(text.slice(i, i + 15));
}

async function openProgrammingQuestion(page: Page) {
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.getByRole('link', { name: new RegExp(COURSE) }).click();
  await page.getByRole('link', { name: new RegExp(TOPIC) }).click();
  await page.locator('li', { hasText: TASK }).getByRole('link', { name: /Start|Resume/ }).click();
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page).toHaveURL(/\/test\/practice\/\d+\/\d+$/);
  // Question 1 is a written answer: reveal it, then move on to the program (a resumed attempt
  // may already be there).
  await expect(page.getByText(/Question [12] of/)).toBeVisible();
  if (await page.getByText('Question 1 of').isVisible()) {
    const next = page.getByRole('button', { name: 'Next' });
    if (await next.isVisible()) await next.click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
  }
  await expect(page.getByText('Question 2 of')).toBeVisible();
  const panel = page.getByTestId('code-editor-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test('an empty editor cannot be run, and Reset brings the stub back', async ({ page }) => {
  const panel = await openProgrammingQuestion(page);
  const editor = panel.getByTestId('code-editor-content');

  // C++ has no stub in this question: the editor is empty and Run/Submit are off.
  await panel.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'C++' }).click();
  await expect(panel.getByRole('button', { name: 'Run' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Submit code' })).toBeDisabled();

  // C has a stub; change it, then Reset restores it.
  await panel.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'C', exact: true }).click();
  await expect(editor).toContainText('#include <stdio.h>');
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(panel.getByRole('button', { name: 'Run' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('dialog', { name: 'Reset the code?' }).getByRole('button', { name: 'Reset' }).click();
  await expect(editor).toContainText('#include <stdio.h>');
  await expect(panel.getByRole('button', { name: 'Run' })).toBeEnabled();
});

test('programming question: type a Python solution, Run on the sample, Submit against the hidden cases', async ({ page }) => {
  const panel = await openProgrammingQuestion(page);
  const editor = panel.getByTestId('code-editor-content');

  // Every language is allowed; choose Python and its stub appears.
  await panel.getByRole('combobox', { name: 'Language' }).click();
  await expect(page.getByRole('option')).toHaveText(['C', 'C++', 'Java', 'Python', 'Ruby']);
  await page.getByRole('option', { name: 'Python' }).click();
  await expect(editor).toContainText('a, b = map(int, input().split())');
  await expect(editor).toHaveAttribute('aria-label', 'Program in Python');

  // A paste-sized insert is refused; the program stays as it was.
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('print(a + b) # pasted');
  await expect(panel.getByTestId('editor-notice')).toContainText('Pasting is turned off');
  await expect(editor).not.toContainText('print(a + b)');

  // Practice lets a wrong program be tried again: Submit judges the stub (it prints nothing) and
  // the editor stays open.
  await panel.getByRole('button', { name: 'Submit code' }).click();
  await expect(panel.getByTestId('run-passed')).toHaveText('0 of 2 test cases passed', { timeout: 30_000 });
  await expect(panel.getByText('The answer is shown, so this program can no longer be changed.')).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Submit code' })).toBeEnabled();
  // The player's footer still reads Next: one submit on the screen, the editor's.
  await expect(page.getByRole('button', { name: /submit/i })).toHaveCount(1);

  await editor.click();
  await page.keyboard.press('Control+End');
  await typeInChunks(page, 'print(a + b)');
  await expect(editor).toContainText('print(a + b)');

  // Run: the sample case 2 3 → 5, with time and memory.
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(panel.getByTestId('run-progress')).toBeVisible();
  await expect(panel.getByTestId('run-verdict')).toHaveText('Accepted', { timeout: 30_000 });
  await expect(panel.getByTestId('run-passed')).toHaveText('1 of 1 test cases passed');
  const sample = panel.getByTestId('run-case');
  await expect(sample).toContainText('Passed');
  await expect(sample).toContainText(/\d+ ms/);
  await expect(sample).toContainText(/\d+ KB/);
  await expect(sample.getByRole('figure', { name: 'Your output' }).locator('pre')).toHaveText('5');

  // Custom input: the program's output is shown, not judged.
  await panel.getByLabel('Run with custom input').check();
  await panel.getByRole('textbox', { name: 'Custom input' }).fill('40 2');
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(panel.getByText('Run on your input')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('run-case').getByRole('figure', { name: 'Your output' }).locator('pre')).toHaveText('42');
  // A custom input has nothing to compare against: the run is "Ran", never "Accepted".
  await expect(panel.getByTestId('run-verdict')).toHaveText('Ran');

  // Submit: the hidden cases accept it, the answer is saved and the practice player moves on
  // (its first step reveals the answer, which locks the editor).
  await panel.getByRole('button', { name: 'Submit code' }).click();
  await expect(panel.getByText('Submission')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('run-passed')).toHaveText('2 of 2 test cases passed');
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  await expect(panel.getByText('The answer is shown, so this program can no longer be changed.')).toBeVisible();
  // Nothing can be run any more: the editor's Run and Submit code leave, and the footer's Submit is
  // the only submit on the screen.
  await expect(panel.getByRole('button', { name: 'Run' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Submit code' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /submit/i })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
});
