import { expect, test } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { timerSeconds } from '../../support/exam';
import { signIn } from '../../support/login';

// A roster student with the demo term behind them (seed-demo-attempts) whom no other journey signs in as.
const STUDENT = 'sunrise.s061';

test('a student takes the week’s re-test from the notebook by keyboard, submits it, and its results grade the cards; axe-clean in English and Tamil at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, STUDENT);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  const headers = async () => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('user_token'))}` });
  const reviewedToday = async () => ((await (await page.request.get('/api/notebook/v1/reviewQueue', { headers: await headers() })).json()).body.reviewedTodaySeconds as number);

  await page.goto('/notebook');
  const panel = page.getByRole('region', { name: 'This week’s re-test' });
  // The first open makes the cards of the whole demo term: every new card is due today.
  await expect(panel.getByTestId('retest-size')).toHaveText(/^\d+ questions · \d+ minutes$/, { timeout: 60_000 });
  const [, questions] = /^(\d+) questions/.exec((await panel.getByTestId('retest-size').textContent()) ?? '') ?? [];
  expect(Number(questions)).toBeGreaterThan(0);
  expect(Number(questions)).toBeLessThanOrEqual(25);
  found.push(...(await axeViolations(page, 'notebook with the re-test, 1280 px')));
  await page.setViewportSize(VIEWPORTS.phone);
  found.push(...(await axeViolations(page, 'notebook with the re-test, 390 px')));
  await page.setViewportSize(VIEWPORTS.desktop);
  const before = await reviewedToday();

  // Start by keyboard: the test's instructions, then the player.
  const start = panel.getByRole('button', { name: 'Start re-test' });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/instruction\/test\/\d+\/\d+$/);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page).toHaveURL(/\/test\/test\/\d+\/\d+$/);
  await page.getByRole('dialog', { name: 'Change System Settings' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('question')).toBeVisible();
  // Marked as NEET marks, at NEET's pace: a minute a question.
  await expect(page.getByText('Marks: 4')).toBeVisible();
  await expect(page.getByText('Negative marks: 1')).toBeVisible();
  const seconds = await timerSeconds(page);
  expect(seconds).toBeLessThanOrEqual(Number(questions) * 60);
  expect(seconds).toBeGreaterThan(Number(questions) * 60 - 120);

  // Answer the first question by keyboard, after a few seconds on it.
  await page.waitForTimeout(3_000);
  const choice = page.getByTestId('question').locator('input[type="radio"], input[type="checkbox"]').first();
  if ((await choice.count()) > 0) {
    await choice.focus();
    await page.keyboard.press('Space');
    await expect(choice).toBeChecked();
  } else {
    await page.getByTestId('question').getByRole('textbox').first().fill('1');
  }
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved', { timeout: 15_000 });

  // Submit, and the report opens as any test's.
  await page.getByRole('button', { name: 'End test' }).click();
  const alert = page.getByRole('dialog', { name: 'Alert' });
  const submit = alert.getByRole('button', { name: 'Submit' });
  await submit.focus();
  await page.keyboard.press('Enter');
  const result = page.getByRole('dialog', { name: /^Notebook re-test, week of / });
  await expect(result.getByTestId('result-score')).toContainText(new RegExp(`Score: -?\\d+(\\.\\d+)? / ${Number(questions) * 4}`));
  await result.getByRole('button', { name: 'View feedback' }).click();
  await expect(page).toHaveURL(/\/report\?courseId=\d+&taskId=\d+&attemptId=/);

  // Back in the notebook: taken this week, its report listed; the cards were reviewed with the re-test's answers.
  await page.goto('/notebook');
  await expect(panel.getByRole('button', { name: 'Start re-test' })).toBeDisabled({ timeout: 60_000 });
  await expect(panel.getByRole('status')).toHaveText(/^You have taken this week’s re-test\. The next one opens on /);
  await expect(panel.getByRole('link', { name: /^Open report \(week of / })).toBeVisible();
  expect(await reviewedToday()).toBeGreaterThan(before);
  found.push(...(await axeViolations(page, 'notebook, re-test taken, 1280 px')));

  await page.evaluate(() => localStorage.setItem('language', 'tn'));
  await page.reload();
  const tamil = page.getByRole('region', { name: 'இந்த வாரத்தின் மறுதேர்வு' });
  await expect(tamil.getByRole('status')).toHaveText(/^இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள்/, { timeout: 60_000 });
  found.push(...(await axeViolations(page, 'notebook, re-test taken, Tamil, 1280 px')));
  await page.setViewportSize(VIEWPORTS.phone);
  found.push(...(await axeViolations(page, 'notebook, re-test taken, Tamil, 390 px')));
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  expect(found).toEqual([]);
});
