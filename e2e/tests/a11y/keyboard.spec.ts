import { expect, test, type Locator, type Page } from '@playwright/test';
import { createStudent, STUDENT_PASSWORD } from '../../support/a11y';

/** Presses Tab until `target` has focus; returns how many presses it took (fails after `max`). */
async function tabTo(page: Page, target: Locator, max = 40): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`focus did not reach the target within ${max} Tab presses`);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

test('a graded test by keyboard alone: focus follows every navigation, shortcut keys, a short path to Next', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await createStudent(request, 'keyboard');

  // Sign in: the form's first field has focus on arrival.
  await page.goto('/login');
  await expect(page.locator('input[name="username"]')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(STUDENT_PASSWORD);
  await page.keyboard.press('Enter');

  // After sign-in, opening a course, a topic and the instructions: focus on the new page's heading.
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Courses · NEET Prep');
  await tabTo(page, page.getByRole('link', { name: /NEET Complete Preparation/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/academy\/courses\/topic\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: /Mock tests/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/academy\/courses\/topic\/\d+\/\d+$/);
  await tabTo(page, page.locator('li', { hasText: 'NEET Mock Test 1' }).getByRole('link', { name: 'Start' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/instruction\/test\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Instructions · NEET Prep');
  // The shortcut keys are listed before the start.
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts in the test' })).toBeVisible();
  // The marking scheme is stated before the start, as NTA's instructions do (the demo mock is +4/−1).
  await expect(page.getByTestId('marking-scheme')).toContainText('+4 for a correct answer, −1 for a wrong answer, 0 for a question not answered.');
  await tabTo(page, page.getByRole('button', { name: 'Start test' }));
  await page.keyboard.press('Enter');

  // The player's first dialog holds focus; closing it puts focus on the question's heading.
  const settings = page.getByRole('dialog', { name: 'Change System Settings' });
  await expect(settings).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
  const heading = page.getByRole('heading', { level: 2, name: 'Question 1 of 45' });
  await expect(heading).toBeFocused();

  // The question's text names its answer group.
  const answers = page.getByRole('radiogroup');
  await expect(answers).toHaveAccessibleName(/A body starts from rest.*Choose one answer/s);
  // Into the answers, choose one, and on to Next: the palette is one Tab stop, not forty-five.
  await tabTo(page, answers.getByRole('radio').first(), 10);
  await page.keyboard.press('ArrowDown');
  await expect(answers.getByRole('radio').nth(1)).toBeChecked();
  const toNext = await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  expect(toNext).toBeLessThanOrEqual(6);

  // Shortcut keys: Next, Mark, Previous, Clear; each move puts focus on the new question's heading.
  await page.keyboard.press('Alt+Shift+N');
  await expect(page.getByRole('heading', { level: 2, name: 'Question 2 of 45' })).toBeFocused();
  await page.keyboard.press('Alt+Shift+M');
  const palette = page.getByRole('navigation', { name: 'Questions' });
  await expect(palette.getByTestId('palette-2')).toHaveAttribute('aria-label', 'Question 2, not answered, marked for review');
  await expect(palette.getByTestId('palette-1')).toHaveAttribute('aria-label', /^Question 1, answered/);
  await page.keyboard.press('Alt+Shift+P');
  await expect(heading).toBeFocused();
  await page.keyboard.press('Alt+Shift+C');
  await expect(answers.getByRole('radio', { checked: true })).toHaveCount(0);

  // The palette: one Tab stop on the current question, arrows move, Enter jumps.
  const current = palette.getByTestId('palette-1');
  await tabTo(page, current);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(palette.getByTestId('palette-3')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Question 3 of 45' })).toBeFocused();
  // Alt+Shift+Q hides and shows the docked palette.
  const menu = page.getByRole('button', { name: 'Question palette' });
  await page.keyboard.press('Alt+Shift+Q');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Alt+Shift+Q');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');

  // End test asks first; Escape returns focus to the button.
  const endTest = page.getByRole('button', { name: 'End test' });
  await tabTo(page, endTest);
  await page.keyboard.press('Enter');
  const alert = page.getByRole('dialog', { name: 'Alert' });
  await expect(alert).toBeVisible();
  expect(await focusedText(page)).not.toBe('');
  await page.keyboard.press('Escape');
  await expect(alert).toHaveCount(0);
  await expect(endTest).toBeFocused();
});
