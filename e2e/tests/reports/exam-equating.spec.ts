import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { DEMO_PASSWORD, signIn } from '../../support/login';

/**
 * Scores on one scale across shifts (decision 066) on the demo's Unit Test 3: class 11 sat it in
 * its test window (a shift), class 12 outside any window. An institute administrator calibrates
 * Sunrise's items (the demo's unit tests give enough responses at a minimum of 20), then reads the
 * Exam Report: raw score, per-shift percentile, ability ± SE and equated score with its rank side
 * by side, with the note on what each means; axe-clean in English and Tamil at 1280 and 390 px.
 */
const TEST_NAME = 'Unit Test 3';

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/api/user/v1/login', { data: { username, password: DEMO_PASSWORD } });
  return (await login.json()).body.token as string;
}

test('an institute administrator reads raw, per-shift percentile and equated scores of a test sat in a shift and outside it', async ({ page, request }) => {
  // A calibration run comes first.
  test.setTimeout(600_000);
  const headers = { authorization: `Bearer ${await tokenOf(request, 'instituteadmin')}` };
  const started = await request.post('/api/psychometrics/v1/calibrate', { headers, data: { minResponses: 20 } });
  expect(started.status()).toBe(200);
  const jobId = (await started.json()).body.jobId as string;
  await expect
    .poll(async () => (await (await request.get(`/api/jobs/v1/get?id=${jobId}`, { headers })).json()).body.state, { timeout: 60_000 })
    .toBe('succeeded');
  const listed = (await (await request.get(`/api/academy/v1/listTestConfigs?search=${encodeURIComponent(TEST_NAME)}`, { headers })).json()).body;
  const testId = (listed.items as { testId: number; name: string }[]).find((t) => t.name === TEST_NAME)!.testId;

  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, 'instituteadmin');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto(`/examReport?test=${testId}&view=statistics`);
  const section = page.getByRole('region', { name: 'Scores on one scale across shifts' });
  await expect(section.getByTestId('equating-row').first()).toBeVisible({ timeout: 90_000 });
  for (const term of ['Raw score', 'Per-shift percentile (NTA)', 'Ability (± SE)', 'Equated score (± spread) and rank']) {
    await expect(section.locator('dt', { hasText: term })).toBeVisible();
  }
  await expect(section.getByTestId('equating-calibration')).toContainText('Calibration: Sunrise Academy, two-parameter logistic model');

  // Two shifts: class 11's window (the reference, opened first) and the attempts outside any window.
  const shifts = section.getByRole('table', { name: 'Shifts', exact: true });
  await expect(shifts.getByRole('row')).toHaveCount(3);
  await expect(shifts.getByRole('row').nth(1)).toContainText('11');
  await expect(shifts.getByRole('row').nth(1)).toContainText('(reference)');
  await expect(shifts.getByRole('row').nth(2)).toContainText('Outside any test window');

  // One row per first attempt; every one has a percentile, an ability ± SE and an equated score ± spread, ranked from 1.
  const firstAttempts = Number((await page.getByText(/\d+ first attempts/).textContent())!.replace(/\D/g, ''));
  const rows = section.getByTestId('equating-row');
  await expect(rows).toHaveCount(firstAttempts);
  await expect(section).not.toContainText(/NaN|Infinity|undefined/);
  await expect(rows.first().getByRole('cell').nth(0)).toHaveText('1');
  for (const index of [0, firstAttempts - 1]) {
    const cells = rows.nth(index).getByRole('cell');
    const percentile = Number(await cells.nth(3).textContent());
    expect(percentile).toBeGreaterThan(0);
    expect(percentile).toBeLessThanOrEqual(100);
    await expect(cells.nth(4)).toContainText('±');
    await expect(cells.nth(5)).toContainText('±');
  }

  // Keyboard: each table's region takes focus in turn, so it can be scrolled sideways on a phone.
  await section.getByRole('region', { name: 'Shifts (scrolls sideways)', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('region', { name: 'Scores across shifts (scrolls sideways)', exact: true })).toBeFocused();

  const found: string[] = [];
  found.push(...(await axeViolations(page, 'equating en 1280')));
  // The score chart's hidden tooltip keeps the place it was laid out at 1280 px: the page is loaded again at the phone's width.
  await page.setViewportSize(VIEWPORTS.phone);
  await page.reload();
  await expect(section.getByTestId('equating-row')).toHaveCount(firstAttempts, { timeout: 90_000 });
  found.push(...(await axeViolations(page, 'equating en 390')));

  await page.evaluate(() => localStorage.setItem('language', 'tn'));
  await page.reload();
  const tamil = page.getByRole('region', { name: 'எல்லாப் பிரிவுகளுக்கும் ஒரே அளவுகோலில் மதிப்பெண்கள்' });
  await expect(tamil.getByTestId('equating-row')).toHaveCount(firstAttempts, { timeout: 90_000 });
  await expect(tamil.locator('dt', { hasText: 'பிரிவு வாரியான சதமானம் (NTA)' })).toBeVisible();
  await expect(tamil.getByRole('table', { name: 'பிரிவுகள்', exact: true }).getByRole('row').nth(2)).toContainText('எந்தத் தேர்வுச் சாளரத்துக்கும் வெளியே');
  found.push(...(await axeViolations(page, 'equating tn 390')));
  await page.setViewportSize(VIEWPORTS.desktop);
  found.push(...(await axeViolations(page, 'equating tn 1280')));
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  expect(found).toEqual([]);
});
