import { mergeSessionContent, type ExamContent, type ExamSession, type StudentSession } from '@app/contracts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './login';

export const COURSE = 'NEET Complete Preparation';

/** Signs in as the demo student and lands on /academy/courses. */
export async function signInStudent(page: Page) {
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);
}

/** Courses → course → topic → task → instruction screen → Start: the player of that task. */
export async function openTest(page: Page, topic: string, task: string) {
  await page.getByRole('link', { name: new RegExp(COURSE) }).click();
  await expect(page).toHaveURL(/\/academy\/courses\/topic\/\d+$/);
  await page.getByRole('link', { name: new RegExp(topic) }).click();
  const row = page.locator('li', { hasText: task });
  await row.getByRole('link', { name: /Start|Resume/ }).click();
  await expect(page).toHaveURL(/\/instruction\/(practice|test)\/\d+\/\d+$/);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page).toHaveURL(/\/test\/(practice|test)\/\d+\/\d+$/);
  await expect(page.getByTestId('question')).toBeVisible();
}

/** Seconds shown by the player's clock ("mm : ss" or "hh : mm : ss"). */
export async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('exam-timer').textContent()) ?? '';
  return text
    .split(':')
    .map((part) => Number(part.trim()))
    .reduce((total, part) => total * 60 + part, 0);
}

/**
 * The session details of an attempt as the player works with them: the served set's questions
 * come as ids and state, their content from the content call (decision 035), merged here.
 */
export async function sessionDetails(
  request: APIRequestContext,
  headers: Record<string, string>,
  body: { TestSessionID: string; taskID: number },
): Promise<ExamSession> {
  const lean = (await (await request.post('/api/task/v1/getSessionDetails', { headers, data: body })).json()).body as StudentSession;
  if (!lean.contentKey) return mergeSessionContent(lean, null);
  const content = await request.get(`/api/exam/v1/content?key=${encodeURIComponent(lean.contentKey)}`, { headers });
  expect(content.status()).toBe(200);
  return mergeSessionContent(lean, (await content.json()).body as ExamContent);
}
