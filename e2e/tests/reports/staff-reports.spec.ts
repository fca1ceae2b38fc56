import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { VIEWPORTS, axeViolations, useLanguage } from '../../support/a11y';
import { DEMO_PASSWORD, signIn } from '../../support/login';

// The demo's written test (seed-exam-room): Anita, Bharath and Ganesh of class 12 A submitted it;
// its one choice question (Q3, 4 marks, −1 when wrong) is right for Anita and Bharath, wrong for
// Ganesh: facility (4 + 4 + 0) / 3 / 4 = 66.67 % (a −1 counts as no mark, so facility stays within 0–100 %). Deepa and Farhan of the same class did not take it.
const WRITTEN_TEST = 'Written answers: cells and energy';
const LIVE_TEST = 'Live demo: Biology and Physics mock';

test('a teacher opens the Dashboard, exports the class matrix and reads a test’s statistics', async ({ page, request }) => {
  await page.goto('/login');
  await signIn(page, 'teacher');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  const found: string[] = [];

  // The staff landing page is the Dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-in-progress')).toContainText(LIVE_TEST);
  await expect(page.getByTestId('dashboard-in-progress').getByRole('link', { name: `Open live room: ${LIVE_TEST}` })).toBeVisible();
  // Recent results are the five tests taken last; other journeys may have pushed the seeded
  // written test out of them, so the screen is checked against the call's own answer.
  const login = await request.post('/api/user/v1/login', { data: { username: 'teacher', password: DEMO_PASSWORD } });
  const token = (await login.json()).body.token as string;
  const dashboard = (await (await request.get('/api/reports/v1/staffDashboard', { headers: { authorization: `Bearer ${token}` } })).json()).body;
  const recent = page.getByTestId('dashboard-recent');
  expect(dashboard.recentResults.length).toBeGreaterThan(0);
  for (const result of dashboard.recentResults as { taskName: string; attempts: number }[]) {
    await expect(recent.getByRole('row').filter({ hasText: result.taskName }).first().getByRole('cell').nth(0)).toHaveText(String(result.attempts));
  }
  const written = (dashboard.recentResults as { taskName: string; attempts: number }[]).find((r) => r.taskName === WRITTEN_TEST);
  if (written) expect(written.attempts).toBe(3);
  await expect(page.getByTestId('dashboard-marking').getByRole('link', { name: 'Open the marking queue' })).toBeVisible();
  found.push(...(await axeViolations(page, 'dashboard')));

  // The Reports matrix of class 12 A, sorted by the written test, exported as CSV.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/report\?tab=Comprehensive$/);
  await expect(page.getByRole('tab', { name: 'Comprehensive', selected: true })).toBeVisible();
  await page.getByTestId('matrix-class').locator('..').click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  await page.getByTestId('matrix-section').locator('..').click();
  await page.getByRole('option', { name: 'A', exact: true }).click();
  const matrix = page.getByTestId('report-matrix');
  const anitaRow = matrix.getByRole('row').filter({ hasText: 'Anita Selvam' });
  await expect(anitaRow).toBeVisible();
  const header = matrix.getByRole('columnheader').filter({ hasText: WRITTEN_TEST });
  const column = await matrix.getByRole('columnheader').evaluateAll((cells, name) => cells.findIndex((c) => c.textContent?.includes(name)), WRITTEN_TEST);
  expect(column).toBeGreaterThan(0);
  const anitaShown = (await anitaRow.locator('th, td').nth(column).textContent())!.trim();
  await expect(matrix.getByRole('row').filter({ hasText: 'Deepa Murugan' }).locator('th, td').nth(column)).toHaveText('–');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  found.push(...(await axeViolations(page, 'reports matrix')));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r\n/);
  const head = lines[0]!.split(',');
  const testColumn = head.findIndex((h) => h.startsWith(WRITTEN_TEST));
  const taken = head.indexOf('Tests taken');
  const rowOf = (name: string) => lines.find((l) => l.startsWith(name))!.split(',');
  expect(rowOf('Anita Selvam')[testColumn]).toBe(anitaShown);
  expect(rowOf('Deepa Murugan')[testColumn]).toBe('');
  expect(Number(rowOf('Ganesh Pillai')[taken])).toBeGreaterThanOrEqual(1);
  // Sorted as shown: ascending by the written test, those who did not take it last.
  const order = lines.slice(1).map((l) => l.split(',')[testColumn]!);
  const scored = order.filter((v) => v !== '').map(Number);
  expect(scored).toEqual([...scored].sort((a, b) => a - b));
  expect(order.slice(scored.length).every((v) => v === '')).toBe(true);

  // The marking queue is its own tab.
  await page.getByRole('tab', { name: 'Marking' }).click();
  await expect(page).toHaveURL(/\/report\?tab=Marking$/);
  await expect(page.getByRole('navigation', { name: 'Answers to mark' })).toBeVisible();

  // Exam Report: the written test's statistics, from the Dashboard's recent results when it is
  // still among them, otherwise by its address (the id from the test list).
  const listed = (await (await request.get(`/api/academy/v1/listTestConfigs?search=${encodeURIComponent(WRITTEN_TEST)}`, { headers: { authorization: `Bearer ${token}` } })).json()).body;
  const writtenId = (listed.items as { testId: number; name: string }[]).find((t) => t.name === WRITTEN_TEST)!.testId;
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-recent')).toBeVisible();
  if (written) await page.getByRole('link', { name: `Statistics: ${WRITTEN_TEST}` }).click();
  else await page.goto(`/examReport?test=${writtenId}&view=statistics`);
  await expect(page).toHaveURL(/\/examReport\?test=\d+&view=statistics$/);
  await expect(page.getByRole('tab', { name: 'Statistics', selected: true })).toBeVisible();
  await expect(page.getByText('3 first attempts')).toBeVisible();
  const q3 = page.getByTestId('item-3');
  await expect(q3.getByRole('cell').nth(2)).toHaveText('66.67');
  // A question without a title is named by its statement, rendered rather than as markup.
  await expect(q3.getByRole('cell').nth(0)).toHaveText('The powerhouse of the cell is the');
  await q3.getByRole('button', { name: '3: options of question 3' }).click();
  const options = page.getByRole('table', { name: 'Options chosen: Q3' });
  await expect(options.getByRole('row').filter({ hasText: 'Mitochondrion' }).getByRole('cell').nth(0)).toHaveText('2');
  await expect(options.getByRole('row').filter({ hasText: 'Golgi body' }).getByRole('cell').nth(0)).toHaveText('1');
  await expect(page.getByTestId('stats-results').getByRole('row')).toHaveCount(4);
  found.push(...(await axeViolations(page, 'exam statistics')));
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  expect(fs.readFileSync(await (await pdf).path()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(found).toEqual([]);
});

for (const language of ['en', 'tn'] as const) {
  test(`the staff reports at 390 px in ${language}: keyboard reachable, no serious axe violation, tables scroll inside their region`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await useLanguage(page, language);
    await page.goto('/login');
    // By field name: the labels are in the page's language.
    await page.locator('input[name="username"]').fill('teacher');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    await expect(page).toHaveURL(/\/academy\/courses$/);
    const found: string[] = [];
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-recent')).toBeVisible();
    found.push(...(await axeViolations(page, `${language} dashboard`)));

    await page.goto('/report?tab=Comprehensive');
    // Keyboard only: the class field opens with Enter and a class is picked with the arrows.
    await page.getByTestId('matrix-class').locator('..').getByRole('combobox').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('report-matrix')).toBeVisible();
    await page.getByTestId('report-matrix').focus();
    await expect(page.getByTestId('report-matrix')).toBeFocused();
    found.push(...(await axeViolations(page, `${language} reports matrix`)));

    await page.goto('/dashboard');
    // The most recent test (other journeys may have pushed the seeded written test out of the five).
    await page.getByTestId('dashboard-recent').getByRole('link').first().click();
    await expect(page.getByTestId('stats-items')).toBeVisible();
    found.push(...(await axeViolations(page, `${language} exam statistics`)));
    expect(found).toEqual([]);
  });
}
