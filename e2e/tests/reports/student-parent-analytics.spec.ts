import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations, useLanguage, VIEWPORTS } from '../../support/a11y';
import { openTest } from '../../support/exam';
import { DEMO_PASSWORD, signIn } from '../../support/login';
import { mailCount, waitForCode } from '../../support/outbox';

/*
 * The student's and the parent's analytics, checked against attempts: a roster student no other
 * journey uses takes the graded NEET mock with one answer, and every screen of Reports & Analytics
 * shows that attempt's figures; the parent's Home, Dashboard, Report and Activity show the child's
 * attempts as the child's own report list gives them.
 */
const STUDENT = 'sunrise.s186';
const MOCK = 'NEET Mock Test 1';

interface Attempt {
  TaskName: string;
  ScoreVisible: boolean;
  scored: number | null;
  total: number;
  submittedAt: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

async function visibleAttempts(request: APIRequestContext, username: string): Promise<Attempt[]> {
  const login = await request.post('/api/user/v1/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const token = (await login.json()).body.token as string;
  const res = await request.post('/api/task/v1/report', { headers: { authorization: `Bearer ${token}` }, data: { instructionType: 2 } });
  expect(res.ok()).toBe(true);
  return ((await res.json()).body.attempts as Attempt[]).filter((a) => a.ScoreVisible).sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
}

/** India's calendar date of an instant (the reports' days). */
const indiaDay = (iso: string) => new Date(new Date(iso).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);

test('a student takes a mock and reads it back on every analytics screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  const before = await visibleAttempts(request, STUDENT);

  await page.goto('/login');
  await signIn(page, STUDENT);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await openTest(page, 'Mock tests', MOCK);
  const settings = page.getByRole('dialog', { name: 'Change System Settings' });
  if (await settings.isVisible().catch(() => false)) await settings.getByRole('button', { name: 'Close' }).click();
  // One answer: the first option of question 1; the other 179 left blank.
  await page.getByTestId('question').getByRole('radio').first().check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'End test' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  const result = page.getByRole('dialog', { name: MOCK });
  await expect(result.getByTestId('result-score')).toContainText(/Score: -?\d+ \/ 720/);
  const scored = Number(/Score: (-?\d+) \/ 720/.exec((await result.getByTestId('result-score').textContent()) ?? '')![1]);
  // +4 when right, −1 when wrong: the one answer decides it.
  expect([4, -1]).toContain(scored);
  const accuracy = scored === 4 ? 100 : 0;
  await result.getByRole('button', { name: 'View feedback' }).click();
  await expect(page).toHaveURL(/\/report\?courseId=\d+&taskId=\d+&attemptId=/);

  const attempts = await visibleAttempts(request, STUDENT);
  expect(attempts).toHaveLength(before.length + 1);
  expect(attempts[attempts.length - 1]).toMatchObject({ TaskName: MOCK, scored, total: 720 });
  // Each attempt's percentage to two places, their mean to one (as the headline shows it).
  const mean = Math.round((attempts.reduce((sum, a) => sum + round2(((a.scored ?? 0) / a.total) * 100), 0) / attempts.length) * 10) / 10;

  // Reports & Analytics: the attempt in the trend, the headline figures, negative marking.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports & Analytics' }).click();
  await expect(page).toHaveURL(/\/overall-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Reports & Analytics', level: 1 })).toBeVisible();
  const stats = page.getByTestId('dashboard-stats');
  await expect(stats.getByText('Tests taken').locator('..')).toContainText(String(attempts.length));
  await expect(stats.getByText('Average score').locator('..')).toContainText(`${mean} %`);
  const row = page.getByTestId('dashboard-trend').getByRole('row').last();
  await expect(row.getByRole('rowheader')).toHaveText(MOCK);
  await expect(row.getByRole('cell').nth(1)).toHaveText(`${scored} / 720`);
  await expect(row.getByRole('cell').nth(2)).toHaveText(`${accuracy} %`);
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d+ of \d+$/);
  if (before.length === 0) {
    // The only attempt: 179 blanks, and a wrong answer's mark lost to negative marking.
    const quality = page.getByTestId('dashboard-quality');
    await expect(quality.getByRole('row').filter({ hasText: 'Skipped' }).getByRole('cell')).toHaveText('179');
    await expect(page.getByTestId('dashboard-negative')).toContainText(
      scored === 4 ? 'You lost 0 marks to 0 wrong answers. Had you skipped them, your tests would total 4 instead of 4.' : 'You lost 1 marks to 1 wrong answers. Had you skipped them, your tests would total 0 instead of -1.',
    );
  }
  expect(await axeViolations(page, 'overall dashboard')).toEqual([]);

  // One subject deep: the first section's subject holds the answered question.
  const subjectLink = page.getByTestId('dashboard-subjects').getByRole('link').first();
  const subject = (await subjectLink.textContent())!.trim();
  await subjectLink.click();
  await expect(page).toHaveURL(/\/subject-dashboard\?subject=/);
  await expect(page.getByRole('heading', { name: 'Subject analysis', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: `Topics in ${subject}` })).toBeVisible();
  expect(await axeViolations(page, 'subject dashboard')).toEqual([]);

  // The NEET projection includes this mock, scaled to 720 (it is out of 720 already).
  await page.goto('/neetReport');
  await expect(page.getByRole('heading', { name: 'NEET score projection', level: 1 })).toBeVisible();
  const graded = attempts.slice(-5);
  await expect(page.getByTestId('neet-band')).toContainText(`Based on your last ${graded.length} graded tests, each scaled to 720:`);
  await expect(page.getByTestId('neet-band')).toContainText(new RegExp(`${scored}\\.$`));
  expect(await axeViolations(page, 'neet report')).toEqual([]);

  // The same dashboard in Tamil on a phone.
  await useLanguage(page, 'tn');
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/overall-dashboard');
  await expect(page.getByTestId('dashboard-trend').getByRole('row').last().getByRole('cell').nth(1)).toHaveText(`${scored} / 720`);
  expect(await axeViolations(page, 'overall dashboard, Tamil, phone')).toEqual([]);
});

test('a parent reads the child’s home, dashboard, reports and activity', async ({ page, request }) => {
  const attempts = await visibleAttempts(request, 'student');
  const email = 'parent@example.com';
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Parents Login' }).click();
  await page.getByLabel('Email').fill(email);
  const sent = mailCount(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('One-time code').fill(await waitForCode(email, sent));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/parent\/home$/);

  // Home: the child's last test as the child's own list gives it.
  // Other journeys may link more children to this parent: Priya Raman's card.
  const card = page.getByTestId('child-card').filter({ has: page.getByRole('heading', { name: /Priya Raman/ }) });
  await expect(card).toBeVisible();
  const last = attempts[attempts.length - 1];
  if (last) await expect(card).toContainText(`${last.TaskName}: ${last.scored} / ${last.total} · rank `);
  else await expect(card).toContainText('No test taken yet.');
  expect(await axeViolations(page, 'parent home')).toEqual([]);

  // Dashboard: the child's analytics, read only (no links into the student's own reports).
  await card.getByRole('link', { name: 'Dashboard of Priya Raman' }).click();
  await expect(page).toHaveURL(/\/parent\/dashboard\?child=\d+/);
  const child = new URL(page.url()).searchParams.get('child')!;
  if (attempts.length) {
    await expect(page.getByTestId('dashboard-stats').getByText('Tests taken').locator('..')).toContainText(String(attempts.length));
    await expect(page.getByTestId('dashboard-trend').getByRole('row')).toHaveCount(attempts.length + 1);
  }
  expect(await axeViolations(page, 'parent dashboard')).toEqual([]);

  // Activity: the tests of the last 30 days and of today, as the child's attempts fall in India time.
  await page.goto(`/parent/activity?child=${child}`);
  const activity = page.getByTestId('child-activity');
  const today = indiaDay(new Date().toISOString());
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const inPeriod = attempts.filter((a) => indiaDay(a.submittedAt) >= from).length;
  await expect(activity).toContainText(`${inPeriod} tests and `);
  const todayTests = attempts.filter((a) => indiaDay(a.submittedAt) === today).length;
  // The table lists days with activity, newest first.
  if (todayTests > 0) await expect(activity.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText(String(todayTests));
  expect(await axeViolations(page, 'parent activity')).toEqual([]);

  // Reports: one row per attempt, each opening its feedback report.
  await page.goto(`/parent/report?child=${child}`);
  for (const a of attempts) await expect(page.getByRole('main')).toContainText(a.TaskName);
  if (last) {
    await page.getByRole('main').getByRole('link', { name: new RegExp(last.TaskName) }).last().click();
    await expect(page).toHaveURL(/\/parent\/report\?.*attemptId=/);
    await expect(page.getByRole('heading', { name: last.TaskName })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to reports' })).toBeVisible();
  }
  expect(await axeViolations(page, 'parent report')).toEqual([]);
});
