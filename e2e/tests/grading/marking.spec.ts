import { expect, test } from '@playwright/test';
import { VIEWPORTS, axeViolations } from '../../support/a11y';
import { signIn } from '../../support/login';

// The demo's written test: three Sunrise students' essays wait for a mark (demo seed).
const TEST = 'Written answers: cells and energy';

test.use({ viewport: VIEWPORTS.phone });

test('a teacher marks written answers on a phone, anonymised, with the keyboard, and the Exam Report page lists the running test', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'teacher');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  const found: string[] = [];

  await page.goto('/report?tab=Marking');
  await expect(page.getByRole('tab', { name: 'Marking', selected: true })).toBeVisible();
  await page.getByTestId('filter-test').locator('..').click();
  await page.getByRole('option', { name: TEST }).click();
  const queue = page.getByRole('navigation', { name: 'Answers to mark' });
  await expect(queue).toContainText('6 answers');
  // Anonymised: codes, no names.
  await expect(queue.getByRole('button', { name: /^Mark: C-[0-9A-F]{6}\b/ })).toHaveCount(6);
  await expect(page.getByText(/Anita|Bharath|Ganesh/)).toHaveCount(0);
  found.push(...(await axeViolations(page, 'marking queue')));

  // The first answer is open with the cursor in the mark field: type, comment, Ctrl+Enter.
  const panel = page.getByTestId('marking-panel');
  const firstCode = (await panel.getByRole('heading', { level: 2 }).textContent())!;
  await expect(page.getByTestId('mark-input')).toBeFocused();
  await page.keyboard.type('3.75');
  await panel.getByLabel('Comment for the student').fill('Good structure; name the cristae.');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Mark saved.')).toBeVisible();
  await expect(queue).toContainText('5 answers');
  await expect(panel.getByRole('heading', { level: 2 })).not.toHaveText(firstCode);
  await expect(page.getByTestId('mark-input')).toBeFocused();

  // A bad mark is refused in place.
  await page.keyboard.type('7');
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByText('Enter a mark from 0 to 5 in steps of 0.25.')).toBeVisible();

  // Revealing the student is a deliberate act.
  await panel.getByRole('button', { name: 'Reveal student' }).click();
  await expect(panel.getByTestId('revealed-name')).toContainText(/Anita Selvam|Bharath Krishnan|Ganesh Pillai/);

  // The answer marked before is listed under "Already marked", with its comment.
  await page.getByLabel('Show').click();
  await page.getByRole('option', { name: 'Already marked' }).click();
  await expect(queue.getByRole('button', { name: /^Mark: C-/ })).toHaveCount(1);
  await expect(panel.getByLabel('Comment for the student')).toHaveValue('Good structure; name the cristae.');

  // The Exam Report page: the demo's running test first.
  await page.goto('/examReport');
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Live demo: Biology and Physics mock');
  await expect(firstRow).toContainText('Running now');
  found.push(...(await axeViolations(page, 'exam report')));
  await firstRow.getByRole('button', { name: /^Open live room:/ }).click();
  await expect(page.getByTestId('live-summary')).toContainText('3 running');
  found.push(...(await axeViolations(page, 'live room')));
  expect(found).toEqual([]);
});
