import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openTest, sessionDetails, timerSeconds } from '../../support/exam';
import { signIn } from '../../support/login';

// A two-minute demo test taken by a demo student with no other attempt. The e2e server has no
// test clock, so the journey waits real time: the original deadline passes, a save is still
// accepted (the extension holds), and once the new deadline passes the server refuses.
const TASK = 'Live room check: two-minute test';
const TOPIC = 'Supervised tests';
const STUDENT = { username: 'farhan', name: 'Farhan Ali' };
const TEST_SECONDS = 120;
const EXTRA_MINUTES = 1;

function studentApi(page: Page, request: APIRequestContext) {
  const headers = async () => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('user_token'))}` });
  return {
    post: async (path: string, data: object) => request.post(`/api/task/v1/${path}`, { headers: await headers(), data }),
    get: async (path: string) => request.get(`/api/task/v1/${path}`, { headers: await headers() }),
    /** The session details with the test's content merged, as the player has them. */
    details: async (body: { TestSessionID: string; taskID: number }) => sessionDetails(request, await headers(), body),
  };
}

test('a teacher extends a running student’s time from the live room; the player follows and the server enforces the new deadline', async ({ page, browser, request }) => {
  test.setTimeout(300_000);

  // The student starts the timed test.
  await page.goto('/login');
  await signIn(page, STUDENT.username);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await openTest(page, TOPIC, TASK);
  const api = studentApi(page, request);
  const active = (await (await api.get('isAnyActiveTestSession')).json()).body;
  const TestSessionID = active.TestSessionID as string;
  expect(await timerSeconds(page)).toBeLessThanOrEqual(TEST_SECONDS);
  // Marks this page load: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { liveRoomMarker: true }));

  // The teacher finds the test running on the Exam Report page and opens its live room.
  const staff = await browser.newContext();
  const teacher = await staff.newPage();
  await teacher.goto('/login');
  await signIn(teacher, 'teacher');
  await expect(teacher).toHaveURL(/\/academy\/courses$/);
  await teacher.goto('/examReport');
  await expect(teacher).toHaveTitle(/Exam report/);
  await teacher.getByRole('button', { name: `Open live room: ${TASK}` }).click();
  await expect(teacher).toHaveURL(/\/examReport\?test=\d+$/);
  const row = teacher.getByRole('row', { name: new RegExp(STUDENT.name) });
  await expect(row).toContainText('Running');
  await expect(row.getByTestId('live-remaining')).toHaveText(/0[0-2]:\d\d/);

  // Extend by a minute, with a reason.
  const before = await timerSeconds(page);
  // The room's actions say what they do on the button, not only in a tooltip.
  await expect(row.getByRole('button', { name: `Extend time: ${STUDENT.name}` })).toHaveText('Extend time');
  await row.getByRole('button', { name: `Extend time: ${STUDENT.name}` }).click();
  const dialog = teacher.getByRole('dialog', { name: `Extend time for ${STUDENT.name}` });
  await dialog.getByLabel(/Minutes/).fill(String(EXTRA_MINUTES));
  await dialog.getByLabel(/Reason/).fill('Camera trouble at the start');
  await dialog.getByRole('button', { name: 'Extend time' }).click();
  await expect(teacher.getByText('Time extended.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The student's clock learns the new deadline at its next sync, without a reload.
  await expect.poll(() => timerSeconds(page), { timeout: 25_000 }).toBeGreaterThan(before + EXTRA_MINUTES * 60 - 20);
  expect(await page.evaluate(() => (window as unknown as { liveRoomMarker?: boolean }).liveRoomMarker)).toBe(true);

  // Past the original two minutes (under a minute left on the new deadline): a save is accepted.
  const session = await api.details({ TestSessionID, taskID: active.TaskID });
  const question = session.section[0]!.question[0]!;
  let seq = 100;
  const save = () =>
    api.post('saveAnswer', {
      TestSessionID,
      data: [{ questionTaskMapID: question.questionTaskMapID, questionType: question.questionType, answerID: question.answer[0]!.answerID, timeSpent: 5, seq: ++seq }],
    });
  await expect
    .poll(async () => (await (await api.post('checkSession', { TestSessionID })).json()).body.RemainingTime, { timeout: 150_000, intervals: [2_000] })
    .toBeLessThan(EXTRA_MINUTES * 60 - 5);
  const late = await save();
  expect(late.status()).toBe(200);
  expect((await late.json()).body.saved[0]).toMatchObject({ applied: true });

  // Once the new deadline has passed, the server refuses.
  await expect.poll(async () => (await save()).status(), { timeout: 90_000, intervals: [2_000] }).not.toBe(200);
  const refused = await save();
  expect([409, 422]).toContain(refused.status());
  expect(['EXAM_TIME_OVER', 'EXAM_ALREADY_SUBMITTED']).toContain((await refused.json()).body.code);

  // The live room shows the attempt finished (finished students sort after the 200 of the demo
  // roster who have not started, so the room is narrowed to the submitted ones).
  await teacher.getByRole('combobox', { name: 'Show' }).click();
  await teacher.getByRole('option', { name: 'Submitted' }).click();
  await expect(row).toContainText('Submitted', { timeout: 15_000 });
  await staff.close();
});
