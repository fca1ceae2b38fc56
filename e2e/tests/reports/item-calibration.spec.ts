import { expect, test } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { signIn } from '../../support/login';

/**
 * The demo's four unit tests of 12 questions, each answered by enough of its 200 students to be
 * estimated. Other journeys on the same server may add attempts (and items with too few responses),
 * so these are floors.
 */
const DEMO_ESTIMATED = 48;
const DEMO_STUDENTS = 200;

/**
 * An institute administrator calibrates Sunrise Academy's items on the demo data (four past unit
 * tests taken by its roster) from the keyboard, follows the job to its summary and reads the table;
 * the page is axe-clean in English and Tamil at 1280 and 390 px (the second test reads the table
 * the first one calibrated). The third runs a 3PL calibration and reads its guessing column.
 */
test('an institute administrator calibrates the demo items from the keyboard and reads their estimates', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, 'instituteadmin');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Item Calibration' }).click();
  await expect(page).toHaveURL(/\/item-calibration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Item Calibration' })).toBeVisible();
  await expect(page.getByText('Your institute: Sunrise Academy')).toBeVisible();

  // Keyboard: from the minimum responses, Tab reaches "Calibrate now" and Enter starts the run.
  const minimum = page.getByRole('textbox', { name: /Minimum responses per item/ });
  await minimum.fill('20');
  await page.keyboard.press('Tab');
  const start = page.getByRole('button', { name: 'Calibrate now' });
  await expect(start).toBeFocused();
  await page.keyboard.press('Enter');

  const summary = page.getByRole('region', { name: 'Summary of the run' });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const figure = (label: string) => summary.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  const count = async (label: string) => Number((await figure(label).textContent())?.replace(/\D/g, ''));
  const items = await count('Item versions');
  const estimated = await count('Estimated');
  expect(estimated).toBeGreaterThanOrEqual(DEMO_ESTIMATED);
  expect(items).toBeGreaterThanOrEqual(estimated);
  expect(await count('Students')).toBeGreaterThanOrEqual(DEMO_STUDENTS);

  const table = page.getByRole('table', { name: 'Calibrated item versions' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(`1–25 of ${items}`)).toBeVisible();
  await expect(table).not.toContainText(/NaN|Infinity|undefined/);
  await expect(table.getByRole('row').filter({ hasText: 'Estimated' }).first()).toContainText('±');

  expect(await axeViolations(page, 'item calibration en 1280')).toEqual([]);
});

test('the calibrated table is axe-clean on a phone and in Tamil', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/login');
  await signIn(page, 'instituteadmin');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/item-calibration');
  await expect(page.getByRole('table', { name: 'Calibrated item versions' }).getByRole('row').nth(1)).toBeVisible();
  expect(await axeViolations(page, 'item calibration en 390')).toEqual([]);

  await page.evaluate(() => localStorage.setItem('language', 'tn'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'வினா அளவுத்திருத்தம்' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'அளவுத்திருத்தப்பட்ட வினாப் பதிப்புகள்' }).getByRole('row').nth(1)).toBeVisible();
  expect(await axeViolations(page, 'item calibration tn 390')).toEqual([]);
  await page.setViewportSize(VIEWPORTS.desktop);
  expect(await axeViolations(page, 'item calibration tn 1280')).toEqual([]);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test('a 3PL run chosen from the keyboard adds a guessing column, axe-clean in English and Tamil', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, 'instituteadmin');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/item-calibration');
  await expect(page.getByText('Your institute: Sunrise Academy')).toBeVisible();

  // Keyboard: open the model list, move to 3PL (the third model), choose it.
  const model = page.getByRole('combobox', { name: 'Model' });
  await model.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: /^2PL/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /^3PL/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(model).toHaveText(/^3PL/);
  const minimum = page.getByRole('textbox', { name: /Minimum responses per item/ });
  await minimum.fill('20');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Calibrate now' })).toBeFocused();
  await page.keyboard.press('Enter');

  const summary = page.getByRole('region', { name: 'Summary of the run' });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Calibrated item versions' });
  await expect(table.getByRole('columnheader', { name: /Guessing ± SE/ })).toBeVisible();
  await expect(table).not.toContainText(/NaN|Infinity|undefined/);
  // The demo's questions are single choice: an estimated row has a guessing value with its SE.
  const headers = await table.getByRole('columnheader').allTextContents();
  const guessing = headers.findIndex((header) => header.includes('Guessing'));
  const estimated = table.getByRole('row').filter({ hasText: 'Estimated' }).first();
  await expect(estimated.locator('td, th').nth(guessing)).toHaveText(/^0\.\d\d ± 0\.\d\d$/);
  expect(await axeViolations(page, 'item calibration 3pl en 1280')).toEqual([]);

  await page.evaluate(() => localStorage.setItem('language', 'tn'));
  await page.reload();
  await expect(page.getByRole('table', { name: 'அளவுத்திருத்தப்பட்ட வினாப் பதிப்புகள்' }).getByRole('columnheader', { name: /ஊகம் ± SE/ })).toBeVisible();
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await axeViolations(page, 'item calibration 3pl tn 390')).toEqual([]);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});
