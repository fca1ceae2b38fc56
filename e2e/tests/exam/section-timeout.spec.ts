import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { openTest, sessionDetails, signInStudent } from '../../support/exam';

// Two sections of 1 minute each (demo seed). The section ends on the server's clock: nothing here
// fakes time in the browser or on the server, so the test waits the real minute.
const TASK = 'Quick Check: one-minute sections';
const SECTION_SECONDS = 60;

interface SessionQuestion {
  questionTaskMapID: number;
  questionType: string;
  questionData: string;
  answerID: unknown;
  answer: { answerID: number; answerData: string }[];
}
interface Session {
  TestSessionID: string;
  section: { sectionName: string; isActiveSection: boolean; isSectionCompleted: boolean; question: SessionQuestion[] }[];
}

/** The countdown of a section tab ("2 questions · mm : ss") in seconds. */
async function tabSeconds(tab: Locator): Promise<number> {
  const match = /(\d\d) : (\d\d)/.exec((await tab.textContent()) ?? '');
  if (!match) throw new Error('the section tab shows no countdown');
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The student's API, called with the token the player uses. */
function studentApi(page: Page, request: APIRequestContext) {
  const headers = async () => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('user_token'))}` });
  return {
    post: async (path: string, data: object) => request.post(`/api/task/v1/${path}`, { headers: await headers(), data }),
    get: async (path: string) => request.get(`/api/task/v1/${path}`, { headers: await headers() }),
    /** The session details with the test's content merged, as the player has them. */
    details: async (body: { TestSessionID: string; taskID: number }) => sessionDetails(request, await headers(), body),
  };
}

test('section-timed test: the section times out on the server, the next one starts, the closed one keeps its answer and refuses saves', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signInStudent(page);
  await openTest(page, 'Mock tests', TASK);
  await page.getByRole('dialog', { name: 'Change System Settings' }).getByRole('button', { name: 'Close' }).click();
  const taskID = Number(/\/(\d+)$/.exec(page.url())![1]);
  const api = studentApi(page, request);

  const physicsTab = page.getByTestId('section-tab-0');
  const chemistryTab = page.getByTestId('section-tab-1');
  const timeoutDialog = page.getByRole('dialog', { name: 'Section Timeout' });

  // The active section counts down; the second one waits with its full minute and cannot be opened.
  await expect(physicsTab).toHaveAttribute('aria-selected', 'true');
  const startSeconds = await tabSeconds(physicsTab);
  expect(startSeconds).toBeLessThanOrEqual(SECTION_SECONDS);
  await expect.poll(() => tabSeconds(physicsTab), { timeout: 5_000 }).toBeLessThan(startSeconds);
  await expect(chemistryTab).toContainText('01 : 00');
  await expect(chemistryTab).toBeDisabled();

  // Section 1: the first question is answered and the server confirms it.
  await expect(page.getByTestId('question')).toContainText('The SI unit of power is the');
  await page.getByLabel('Watt', { exact: true }).check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');

  const active = await (await api.get('isAnyActiveTestSession')).json();
  const TestSessionID = active.body.TestSessionID as string;
  expect(active.body.TaskID).toBe(taskID);
  const details = async (): Promise<Session> => (await api.details({ TestSessionID, taskID })) as unknown as Session;
  const powerQuestion = (session: Session) => session.section[0]!.question.find((q) => q.questionData.includes('The SI unit of power'))!;
  const before = await details();
  const watt = powerQuestion(before).answer.find((option) => option.answerData === 'Watt')!.answerID;
  expect(powerQuestion(before).answerID).toBe(watt);
  expect(before.section[0]).toMatchObject({ isActiveSection: true, isSectionCompleted: false });

  // The minute runs out: Section Timeout, with its own 10 s countdown.
  await expect(timeoutDialog).toBeVisible({ timeout: (SECTION_SECONDS + 15) * 1000 });
  const shownAt = Date.now();
  await expect(timeoutDialog).toContainText('The time for this section is over. The next section starts now.');
  const countdownText = (await timeoutDialog.getByText(/Continuing in \d+ s/).textContent()) ?? '';
  const countdown = Number(/Continuing in (\d+) s/.exec(countdownText)![1]);
  expect(countdown).toBeGreaterThanOrEqual(7);
  expect(countdown).toBeLessThanOrEqual(10);
  await expect(timeoutDialog.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Section ends soon' })).toHaveCount(0);

  // The server closed the section by its own clock too (it may lag the browser by under a second).
  await expect
    .poll(async () => (await (await api.post('checkSession', { TestSessionID })).json()).body.Section.map((s: { isSectionCompleted: boolean; active: boolean }) => [s.isSectionCompleted, s.active]), { timeout: 5_000 })
    .toEqual([
      [true, false],
      [false, true],
    ]);

  // Nobody presses Continue: the dialog goes on by itself after 10 s.
  await expect(timeoutDialog).toBeHidden({ timeout: 15_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual((countdown - 1) * 1000);

  // Section 2 is active and counts down from the server's start of it (section 1's deadline, not the
  // moment Continue happened); section 1's tab is closed.
  await expect(chemistryTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('question')).toContainText('The pH of pure water at 25 °C is');
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  const chemistrySeconds = await tabSeconds(chemistryTab);
  expect(chemistrySeconds).toBeLessThanOrEqual(SECTION_SECONDS - 8);
  expect(chemistrySeconds).toBeGreaterThan(SECTION_SECONDS - 25);
  await expect(physicsTab).toContainText('00 : 00');
  await expect(physicsTab).toBeDisabled();
  await physicsTab.click({ force: true });
  await expect(chemistryTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('question')).toContainText('The pH of pure water at 25 °C is');

  // The answer given in section 1 is kept on the server.
  const after = await details();
  expect(after.section[0]).toMatchObject({ isActiveSection: false, isSectionCompleted: true });
  expect(after.section[1]).toMatchObject({ isActiveSection: true, isSectionCompleted: false });
  expect(powerQuestion(after).answerID).toBe(watt);

  // A save to section 1 after its deadline is refused by the server, and nothing changes.
  const question = powerQuestion(after);
  const other = question.answer.find((option) => option.answerData === 'Joule')!.answerID;
  const late = await api.post('saveAnswer', {
    TestSessionID,
    data: [{ questionTaskMapID: question.questionTaskMapID, questionType: question.questionType, answerID: other, timeSpent: 5, seq: 1_000 }],
  });
  expect(late.status()).toBe(422);
  expect(await late.json()).toEqual({ status: false, message: 'This section is closed. Your answer was not saved.', body: { code: 'EXAM_SECTION_CLOSED' } });
  expect(powerQuestion(await details()).answerID).toBe(watt);

  // Section 2 is answered, then the test is ended and submitted: Watt (+4) and 7 (+4) of 16.
  await page.getByLabel('7', { exact: true }).check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'End test' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  const result = page.getByRole('dialog', { name: TASK });
  await expect(result.getByTestId('result-score')).toContainText('Score: 8 / 16');
  await result.getByRole('button', { name: 'View feedback' }).click();
  await expect(page).toHaveURL(/\/report\?courseId=\d+&taskId=\d+&attemptId=/);
  const reported = page.getByTestId('report-question').filter({ hasText: 'The SI unit of power is the' });
  await expect(reported).toContainText('Your answer: Watt');
});
