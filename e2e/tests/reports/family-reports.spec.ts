import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, useLanguage, VIEWPORTS } from '../../support/a11y';
import { DEMO_PASSWORD, signIn } from '../../support/login';
import { mailCount, waitForCode } from '../../support/outbox';
import { typeDate } from '../../support/date-field';

const WRITTEN_TEST = 'Written answers: cells and energy';
const COURSE = 'NEET Complete Preparation';

interface Attempt {
  TaskName: string;
  ScoreVisible: boolean;
  scored: number | null;
  total: number;
  submittedAt: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const pct = (a: Pick<Attempt, 'scored' | 'total'>) => (a.total > 0 ? round2(((a.scored ?? 0) / a.total) * 100) : 0);

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/user/v1/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).body.token as string;
}

/** A student's submitted attempts, as the student's own report page lists them. */
async function attemptsOf(request: APIRequestContext, username: string): Promise<Attempt[]> {
  const token = await tokenOf(request, username);
  const res = await request.post('/api/task/v1/report', { headers: { authorization: `Bearer ${token}` }, data: { instructionType: 2 } });
  expect(res.ok()).toBe(true);
  return (await res.json()).body.attempts as Attempt[];
}

/** Each student's first attempt of a test (the oldest), as the reports count them. */
function firstOf(attempts: Attempt[], task: string): Attempt | undefined {
  return attempts.filter((a) => a.TaskName === task).sort((a, b) => a.submittedAt.localeCompare(b.submittedAt))[0];
}

async function signInParent(page: Page) {
  const email = 'parent@example.com';
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Parents Login' }).click();
  await page.getByLabel('Email').fill(email);
  const before = mailCount(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const code = await waitForCode(email, before);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/parent\/home$/);
}

/** India's calendar date of an instant (the reports' days). */
const indiaDay = (iso: string) => new Date(new Date(iso).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);

test('the institution opens its reports, a class and a student’s subject dashboard', async ({ page, request }) => {
  // The seeded written test, as its students' own reports give it.
  const scores: number[] = [];
  for (const username of ['anita', 'bharath', 'ganesh']) {
    const first = firstOf(await attemptsOf(request, username), WRITTEN_TEST);
    expect(first, `${username} has the seeded written attempt`).toBeDefined();
    scores.push(pct(first!));
  }
  const mean = round2(scores.reduce((a, b) => a + b, 0) / scores.length);
  const top = round2(Math.max(...scores));

  // The demo's attempts are summarised in the background at start: wait for the report to count them.
  const institutionToken = await tokenOf(request, 'institution');
  await expect
    .poll(async () => {
      const res = await request.get('/api/reports/v1/institution', { headers: { authorization: `Bearer ${institutionToken}` } });
      const tests = ((await res.json()).body?.tests ?? []) as { taskName: string; attempts: number }[];
      return tests.find((x) => x.taskName === WRITTEN_TEST)?.attempts ?? 0;
    })
    .toBe(scores.length);

  await page.goto('/login');
  await signIn(page, 'institution');
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const testRow = page.getByTestId('institution-tests').getByRole('row', { name: new RegExp(WRITTEN_TEST) });
  await expect(testRow).toContainText(`${mean} %`);
  await expect(testRow).toContainText(`${top} %`);
  await expect(testRow.getByRole('cell').nth(1)).toHaveText(String(scores.length));
  expect(await axeViolations(page, 'institution reports')).toEqual([]);

  // Keyboard: the class link opens the class's students.
  const classLink = page.getByRole('link', { name: 'Students of class 12' });
  await classLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/classId=\d+/);
  const classSection = page.getByTestId('institution-class');
  const anita = classSection.getByRole('row', { name: /Anita Selvam/ });
  await expect(anita).toContainText(`${scores[0]} %`);
  await classSection.getByRole('link', { name: 'Subject dashboard of Anita Selvam' }).click();
  await expect(page).toHaveURL(/\/reports\/subject-dashboard\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Subject dashboard: Anita Selvam' })).toBeVisible();
  await expect(page.getByText(`Course: ${COURSE}`)).toBeVisible();
  await expect(page.getByTestId('subject-topics')).toContainText('Cell Biology');
  expect(await axeViolations(page, 'institution subject dashboard')).toEqual([]);

  // Another institute's student, or no such student: not found.
  const other = page.url().replace(/\/(\d+)$/, '/999999');
  await page.goto(other);
  await expect(page.getByRole('alert')).toContainText('No reports were found for this student.');

  // Tamil at phone width.
  await useLanguage(page, 'tn');
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'அறிக்கைகள்', level: 1 })).toBeVisible();
  await expect(page.getByTestId('institution-tests')).toContainText(`${mean} %`);
  expect(await axeViolations(page, 'institution reports, Tamil, phone')).toEqual([]);
});

test('the parent opens the Summary Report of a period and can print it', async ({ page, request }) => {
  // Course tracking for the demo student (the parent's child) today.
  const token = await tokenOf(request, 'student');
  const auth = { authorization: `Bearer ${token}` };
  const courses = (await (await request.get('/api/academy/v1/courses', { headers: auth })).json()).body as { courseID: number; courseName: string }[];
  const course = courses.find((c) => c.courseName === COURSE)!;
  const tracked = await request.post('/api/academy/v1/track', { headers: auth, data: { courseId: course.courseID, timeSpent: 30 } });
  expect(tracked.ok()).toBe(true);
  const activity = (await (await request.get('/api/reports/v1/activity?days=1', { headers: auth })).json()).body as { days: { date: string; studySeconds: number }[] };
  const today = activity.days[activity.days.length - 1]!;
  expect(today.studySeconds).toBeGreaterThan(0);
  // The child's tests of the last 30 days (none unless another journey took one).
  const from = new Date(Date.parse(`${today.date}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const inPeriod = (await attemptsOf(request, 'student')).filter((a) => a.ScoreVisible && indiaDay(a.submittedAt) >= from);

  await signInParent(page);
  // The weekly e-mail setting is on the home page, on by default.
  await expect(page.getByRole('switch', { name: 'E-mail me a weekly summary of each child’s week' })).toBeChecked();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Summary Report' }).click();
  await expect(page).toHaveURL(/\/parent\/summary/);
  await expect(page.getByRole('heading', { name: 'Summary Report', level: 1 })).toBeVisible();
  const report = page.getByTestId('summary-report');
  await expect(report.getByRole('heading', { name: /^Priya Raman, / })).toBeVisible();
  const study = page.getByTestId('summary-study');
  // The 30 days end today; the period's study includes today's.
  await expect(study).toContainText(/Minutes studied: \d+ · days with study: \d+/);
  const minutes = Number(/Minutes studied: (\d+)/.exec((await study.textContent()) ?? '')![1]);
  expect(minutes).toBeGreaterThanOrEqual(Math.round(today.studySeconds / 60));
  if (inPeriod.length === 0) await expect(page.getByTestId('summary-tests')).toContainText('No tests in this period.');
  else for (const a of inPeriod) await expect(page.getByTestId('summary-tests')).toContainText(`${a.scored} / ${a.total}`);

  // Only today: the figures of today alone.
  await typeDate(page.getByRole('group', { name: /^From/ }), today.date);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(study).toContainText(`Minutes studied: ${Math.round(today.studySeconds / 60)} · days with study: 1`);
  // A start after the end is refused before asking.
  await typeDate(page.getByRole('group', { name: /^From/ }), '2099-01-01');
  await expect(page.getByRole('button', { name: 'Show' })).toBeDisabled();
  await typeDate(page.getByRole('group', { name: /^From/ }), today.date);
  expect(await axeViolations(page, 'summary report')).toEqual([]);

  // Printing shows the report only.
  await expect(page.getByRole('button', { name: 'Print / Save as PDF' })).toBeEnabled();
  await page.emulateMedia({ media: 'print' });
  await expect(report).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Tamil at phone width.
  await useLanguage(page, 'tn');
  await page.setViewportSize(VIEWPORTS.phone);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'சுருக்க அறிக்கை', level: 1 })).toBeVisible();
  expect(await axeViolations(page, 'summary report, Tamil, phone')).toEqual([]);
});

test('the student opens effort and results (/eis-dashboard)', async ({ page, request }) => {
  const token = await tokenOf(request, 'student');
  const auth = { authorization: `Bearer ${token}` };
  const courses = (await (await request.get('/api/academy/v1/courses', { headers: auth })).json()).body as { courseID: number; courseName: string }[];
  const course = courses.find((c) => c.courseName === COURSE)!;
  await request.post('/api/academy/v1/track', { headers: auth, data: { courseId: course.courseID, timeSpent: 30 } });
  const activity = (await (await request.get('/api/reports/v1/activity?days=7', { headers: auth })).json()).body as { days: { date: string; studySeconds: number }[] };
  // This week (Monday on) in India time.
  const todayDate = activity.days[activity.days.length - 1]!.date;
  const weekday = (new Date(`${todayDate}T00:00:00Z`).getUTCDay() + 6) % 7;
  const thisWeek = activity.days.slice(activity.days.length - 1 - weekday);
  const weekMinutes = Math.round(thisWeek.reduce((sum, d) => sum + d.studySeconds, 0) / 60);
  const weekTests = (await attemptsOf(request, 'student')).filter((a) => a.ScoreVisible && indiaDay(a.submittedAt) >= thisWeek[0]!.date);

  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/eis-dashboard');
  await expect(page.getByRole('heading', { name: 'Effort and results', level: 1 })).toBeVisible();
  const weeks = page.getByTestId('effort-weeks');
  const lastRow = weeks.getByRole('row').last();
  await expect(lastRow.getByRole('cell').nth(0)).toHaveText(String(weekMinutes));
  await expect(lastRow.getByRole('cell').nth(2)).toHaveText(String(weekTests.length));
  if (weekTests.length) {
    const mean = round2(weekTests.reduce((sum, a) => sum + pct(a), 0) / weekTests.length);
    await expect(lastRow.getByRole('cell').nth(3)).toHaveText(`${mean} %`);
  }
  // Eight weeks by default; the picker changes it, by keyboard.
  await expect(weeks.getByRole('row')).toHaveCount(9);
  await page.getByRole('combobox', { name: 'Weeks' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: '4', exact: true }).press('Enter');
  await expect(weeks.getByRole('row')).toHaveCount(5);
  expect(await axeViolations(page, 'eis dashboard')).toEqual([]);

  await useLanguage(page, 'tn');
  await page.setViewportSize(VIEWPORTS.phone);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'முயற்சியும் முடிவுகளும்', level: 1 })).toBeVisible();
  expect(await axeViolations(page, 'eis dashboard, Tamil, phone')).toEqual([]);
});

test('BI Reports says how to configure Metabase when it is not set up', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'teacher');
  await expect(page).toHaveURL(/\/academy\/courses$|\/home|\/dashboard/);
  await page.goto('/metabase');
  await expect(page.getByRole('heading', { name: 'BI Reports', level: 1 })).toBeVisible();
  await expect(page.getByTestId('bi-not-configured')).toContainText('BI Reports is not configured on this server.');
  expect(await axeViolations(page, 'bi reports')).toEqual([]);
});
