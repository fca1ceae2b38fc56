import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openTest, timerSeconds } from '../../support/exam';
import { signIn } from '../../support/login';

/*
 * Exam-day faults in the browser, on the graded NEET mock, as a roster student no other spec
 * uses for graded tests: offline for five minutes (a fake clock, so the test does not wait), the
 * browser closed and opened again, a client clock ten minutes wrong, and two tabs on one attempt.
 * The attempt is always submitted at the end. Figures are written to the test's annotations.
 */
const STUDENT = 'sunrise.s187';
const MOCK = 'NEET Mock Test 1';

/** Seconds the server says are left: its own answer to checkSession, with the page's token. */
async function serverSecondsLeft(page: Page, attemptId: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('user_token'));
  const res = await page.request.post('/api/task/v1/checkSession', {
    headers: { authorization: `Bearer ${token}` },
    data: { TestSessionID: attemptId },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: { RemainingTime: number } }).body.RemainingTime;
}

async function openPlayer(
  browser: Browser,
  options: { clockOffsetMs?: number; fakeClock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (options.fakeClock || options.clockOffsetMs) {
    // The page's clock runs (ten minutes wrong, or right); the offline phase jumps it forward.
    await page.clock.install({ time: new Date(Date.now() + (options.clockOffsetMs ?? 0)) });
    await page.clock.resume();
  }
  await page.goto('/login');
  await signIn(page, STUDENT);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await openTest(page, 'Mock tests', MOCK);
  const settings = page.getByRole('dialog', { name: 'Change System Settings' });
  if (await settings.isVisible().catch(() => false)) await settings.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Time left')).toBeVisible();
  return { context, page };
}

/** The student's open graded attempt, as the notification bell asks for it. */
async function attemptIdOf(page: Page): Promise<string | null> {
  const token = await page.evaluate(() => localStorage.getItem('user_token'));
  const res = await page.request.get('/api/task/v1/isAnyActiveTestSession', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { body: { TestSessionID: string | null } }).body.TestSessionID;
}

test('exam-day faults: offline for five minutes, browser closed and reopened, clock ten minutes wrong, two tabs', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const figures: string[] = [];
  let last: Page | undefined;
  let attemptId: string | null = null;
  try {
    // ---- Offline for five minutes, on a fake clock. ----
    const first = await openPlayer(browser, { fakeClock: true });
    let page = first.page;
    last = page;
    const nav = () => page.getByRole('navigation', { name: 'Questions' });
    await page.getByLabel('25 m', { exact: true }).check(); // question 1
    await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
    attemptId = await attemptIdOf(page);
    expect(attemptId).not.toBeNull();
    const serverBefore = await serverSecondsLeft(page, attemptId!);

    await first.context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Question 2 of 45')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click(); // question 2 left blank
    await expect(page.getByText('Question 3 of 45')).toBeVisible();
    await page.getByLabel('20 m', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Question 4 of 45')).toBeVisible();
    await page.getByLabel('3 Ω', { exact: true }).check();
    await expect(page.getByTestId('save-status')).toHaveText(/2 answers waiting to be saved/);
    const shownBefore = await timerSeconds(page);
    // Five minutes pass in the page: its countdown, retries and clock syncs all run.
    await page.clock.fastForward(5 * 60_000);
    const shownOffline = await timerSeconds(page);
    expect(shownBefore - shownOffline).toBeGreaterThanOrEqual(295);
    expect(shownBefore - shownOffline).toBeLessThanOrEqual(305);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText(/2 answers waiting to be saved/);
    figures.push(
      `offline 5 min (fake clock): countdown ran ${shownBefore - shownOffline} s, 2 answers held in the queue`,
    );

    const reconnected = Date.now();
    await first.context.setOffline(false);
    // Back online: the queue is replayed (the player's retry and the online event) and the
    // countdown takes the server's remaining time again, which moved on only by real seconds.
    await expect(page.getByTestId('save-status')).toHaveText('All answers saved', { timeout: 30_000 });
    figures.push(`queue replayed ${((Date.now() - reconnected) / 1000).toFixed(1)} s after reconnecting`);
    for (const n of [1, 3, 4])
      await expect(nav().getByTestId(`palette-${n}`)).toHaveAttribute('data-confirmed', 'true');
    await expect(async () => {
      const server = await serverSecondsLeft(page, attemptId!);
      expect(Math.abs((await timerSeconds(page)) - server)).toBeLessThanOrEqual(5);
    }).toPass({ timeout: 40_000 });
    const serverAfter = await serverSecondsLeft(page, attemptId!);
    figures.push(
      `server remaining ${serverBefore} s before, ${serverAfter} s after; player ${await timerSeconds(page)} s after its resync`,
    );

    // ---- The browser closed and opened again: a new context, the same student. ----
    await first.context.close();
    const second = await openPlayer(browser);
    page = second.page;
    last = page;
    await expect(page.getByText('Question 1 of 45')).toBeVisible();
    await expect(page.getByLabel('25 m', { exact: true })).toBeChecked();
    for (const n of [1, 3, 4])
      await expect(nav().getByTestId(`palette-${n}`)).toHaveAttribute('data-status', 'answered');
    await expect(nav().getByTestId('palette-2')).not.toHaveAttribute('data-status', 'answered');
    const reopenedDiff = Math.abs((await timerSeconds(page)) - (await serverSecondsLeft(page, attemptId!)));
    expect(reopenedDiff).toBeLessThanOrEqual(5);
    figures.push(`reopened browser: 3 answers back, timer within ${reopenedDiff} s of the server`);

    // ---- Two tabs on the attempt: each saves its own question, nothing is lost. ----
    const tab = await second.context.newPage();
    await tab.goto(page.url());
    await expect(tab.getByTestId('question')).toBeVisible();
    const tabSettings = tab.getByRole('dialog', { name: 'Change System Settings' });
    if (await tabSettings.isVisible().catch(() => false))
      await tabSettings.getByRole('button', { name: 'Close' }).click();
    await nav().getByTestId('palette-5').click();
    await page.getByLabel('15 cm in front of the mirror').check(); // question 5, first tab
    await tab.getByRole('navigation', { name: 'Questions' }).getByTestId('palette-2').click();
    await tab.getByTestId('question').getByRole('radio').first().check(); // question 2, second tab
    await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
    await expect(tab.getByTestId('save-status')).toHaveText('All answers saved');
    await tab.close();
    await page.reload();
    await expect(page.getByTestId('question')).toBeVisible();
    for (const n of [1, 2, 3, 4, 5])
      await expect(nav().getByTestId(`palette-${n}`)).toHaveAttribute('data-status', 'answered');
    figures.push('two tabs: each saved its question; after a reload all 5 answers are there');

    // ---- A client clock ten minutes ahead: the remaining time is still the server's. ----
    await second.context.close();
    const skewed = await openPlayer(browser, { clockOffsetMs: 10 * 60_000 });
    page = skewed.page;
    last = page;
    const skewDiff = Math.abs((await timerSeconds(page)) - (await serverSecondsLeft(page, attemptId!)));
    expect(skewDiff).toBeLessThanOrEqual(5);
    figures.push(`client clock 10 min ahead: timer within ${skewDiff} s of the server`);
    for (const n of [1, 2, 3, 4, 5])
      await expect(nav().getByTestId(`palette-${n}`)).toHaveAttribute('data-status', 'answered');

    // ---- Submit: never leave a graded attempt open. ----
    await page.getByRole('button', { name: 'End test' }).click();
    const alert = page.getByRole('dialog', { name: 'Alert' });
    await alert.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog', { name: MOCK }).getByTestId('result-score')).toContainText(/\/ 720/);
    attemptId = null;
    await skewed.context.close();
  } finally {
    for (const line of figures) test.info().annotations.push({ type: 'figure', description: line });
    console.log(figures.join('\n'));
    // A failed run still closes the attempt, so the student is never left with a graded test open.
    if (attemptId && last && !last.isClosed()) {
      const token = await last.evaluate(() => localStorage.getItem('user_token')).catch(() => null);
      const taskId = Number(/\/test\/test\/\d+\/(\d+)/.exec(last.url())?.[1] ?? 0);
      if (token && taskId) {
        await last.request
          .post('/api/task/v1/submitTest', {
            headers: { authorization: `Bearer ${token}` },
            data: { TestSessionID: attemptId, TaskID: taskId },
          })
          .catch(() => undefined);
      }
    }
  }
});
