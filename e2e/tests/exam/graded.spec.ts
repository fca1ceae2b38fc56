import { expect, test } from '@playwright/test';
import { openTest, signInStudent, timerSeconds } from '../../support/exam';

const MOCK = 'NEET Mock Test 1';

test('graded mock: answers survive going offline and a reload; the clock follows the server; submit and feedback report', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInStudent(page);
  await openTest(page, 'Mock tests', MOCK);
  await page.getByRole('dialog', { name: 'Change System Settings' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Time left')).toBeVisible();
  const startSeconds = await timerSeconds(page);
  expect(startSeconds).toBeGreaterThan(179 * 60);

  // A wide screen: the palette is docked beside the question and the menu button hides and shows it.
  const menu = page.getByRole('button', { name: 'Question palette' });
  const nav = page.getByRole('navigation', { name: 'Questions' });
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await menu.click();
  await expect(nav).toHaveCount(0);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(nav).toBeVisible();

  // Question 1 answered and confirmed by the server.
  await page.getByLabel('25 m', { exact: true }).check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  await expect(nav.getByTestId('palette-1')).toHaveAttribute('data-status', 'answered');
  await expect(nav.getByTestId('palette-1')).toHaveAttribute('data-confirmed', 'true');
  await expect(nav.getByTestId('palette-1')).toHaveAttribute('aria-current', 'step');
  // Once short transitions end, nothing animates while the student works: an endless animation
  // (such as a hidden spinner) would make the browser restyle and repaint on every frame.
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);

  // A narrow screen: the menu button opens the palette as a drawer, and a jump closes it.
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(nav).toHaveCount(0);
  await expect(menu).not.toHaveAttribute('aria-expanded');
  await menu.click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toHaveCount(0);
  await expect(menu).toBeFocused();
  await menu.click();
  await nav.getByTestId('palette-2').click();
  await expect(page.getByText('Question 2 of 45')).toBeVisible();
  await expect(nav).toHaveCount(0);
  // The closed drawer gives the page back: focus on the new question's heading, the buttons reachable again.
  await expect(page.getByRole('heading', { name: 'Question 2 of 45' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await page.setViewportSize(wide);
  await expect(nav.getByTestId('palette-2')).toHaveAttribute('aria-current', 'step');

  // Question 2 marked for review.
  await page.getByRole('button', { name: 'Mark' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Offline: a clear banner, and answering goes on.
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByLabel('20 m', { exact: true }).check(); // question 3
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('3 Ω', { exact: true }).check(); // question 4
  await expect(page.getByTestId('save-status')).toHaveText(/2 answers waiting to be saved/);
  await expect(nav.getByTestId('palette-3')).toHaveAttribute('data-confirmed', 'false');
  await expect(nav.getByTestId('palette-4')).toHaveAttribute('data-confirmed', 'false');
  await expect(nav.getByTestId('palette-2')).toHaveAttribute('data-status', 'marked');
  // The submit confirmation warns about them.
  await page.getByRole('button', { name: 'End test' }).click();
  const offlineAlert = page.getByRole('dialog', { name: 'Alert' });
  await expect(offlineAlert.getByTestId('unconfirmed-warning')).toHaveText(/^2 answers have not reached the server yet\./);
  await offlineAlert.getByRole('button', { name: 'Cancel' }).click();
  await expect(offlineAlert).toHaveCount(0);

  // Back online: the queue is replayed and every answer is confirmed.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved', { timeout: 15_000 });
  for (const n of [1, 3, 4]) await expect(nav.getByTestId(`palette-${n}`)).toHaveAttribute('data-confirmed', 'true');

  // An answer given offline right before a reload is still there afterwards.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 5 of 45')).toBeVisible();
  await page.getByLabel('15 cm in front of the mirror').check();
  const beforeReload = await timerSeconds(page);
  await page.waitForTimeout(1_600); // the 1.5 s local save
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText('Question 5 of 45')).toBeVisible();
  await expect(page.getByLabel('15 cm in front of the mirror')).toBeChecked();
  const afterReload = await timerSeconds(page);
  expect(afterReload).toBeLessThanOrEqual(beforeReload);
  expect(afterReload).toBeGreaterThan(beforeReload - 30);
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved', { timeout: 15_000 });
  await expect(nav.getByTestId('palette-1')).toHaveAttribute('data-status', 'answered');
  await expect(nav.getByTestId('palette-2')).toHaveAttribute('data-status', 'marked');
  await expect(nav.getByTestId('palette-5')).toHaveAttribute('data-confirmed', 'true');

  // A browser whose clock is 10 minutes ahead sees the same remaining time (the server's).
  const other = await context.browser()!.newContext();
  const skewed = await other.newPage();
  await skewed.clock.install({ time: new Date(Date.now() + 10 * 60_000) });
  await skewed.clock.resume();
  await skewed.goto('/login');
  await skewed.getByLabel('Email / Username / Phone').fill('student');
  await skewed.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await skewed.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(skewed).toHaveURL(/\/academy\/courses$/);
  await skewed.goto(page.url());
  await expect(skewed.getByTestId('question')).toBeVisible();
  const skewedSeconds = await timerSeconds(skewed);
  const localSeconds = await timerSeconds(page);
  expect(Math.abs(skewedSeconds - localSeconds)).toBeLessThan(15);
  await other.close();

  // Submit: Alert, result with the score, View feedback opens the report.
  await page.getByRole('button', { name: 'End test' }).click();
  const alert = page.getByRole('dialog', { name: 'Alert' });
  await expect(alert.getByText('Do you want to submit the test and finish the session?')).toBeVisible();
  await expect(alert.getByTestId('unconfirmed-warning')).toHaveCount(0); // every answer has been saved since
  await alert.getByRole('button', { name: 'Submit' }).click();
  const result = page.getByRole('dialog', { name: MOCK });
  await expect(result.getByTestId('result-score')).toContainText(/Score: -?\d+(\.\d+)? \/ 720/);
  await result.getByRole('button', { name: 'View feedback' }).click();
  await expect(page).toHaveURL(/\/report\?courseId=\d+&taskId=\d+&attemptId=/);
  await expect(page.getByRole('heading', { name: MOCK })).toBeVisible();
  await expect(page.getByTestId('report-stats')).toContainText('Rank');
  await expect(page.getByTestId('chart-question-pie')).toBeVisible();
  await expect(page.getByTestId('chart-section-wise')).toBeVisible();
  // The 180 solutions, twenty a page: the first page, then the ninth holds the last twenty.
  await expect(page.getByTestId('solutions-range')).toHaveText('Questions 1–20 of 180');
  await expect(page.getByTestId('report-question')).toHaveCount(20);
  await expect(page.getByTestId('report-question').first()).toContainText('Correct answer');
  await page.getByRole('navigation', { name: 'Pages of questions' }).getByRole('button', { name: 'Go to page 9' }).click();
  await expect(page.getByTestId('solutions-range')).toHaveText('Questions 161–180 of 180');
  await expect(page.getByTestId('report-question')).toHaveCount(20);
  await expect(page.getByTestId('report-question').last()).toContainText('Q180.');
});
