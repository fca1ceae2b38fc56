import { expect, test } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { openUnitTestReport, signInTo } from '../../support/challenges';

// A roster student with the demo term of unit tests behind them, whose answers are released; no
// other journey signs in as them. The teacher keeps the key at the end, so no score of the shared
// demo changes and the journey can run again.
const STUDENT = 'sunrise.s041';
const TEACHER = 'teacher';
/** A 1×1 PNG: what a photo of the student's working stands for. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');


test('a student sends a picture with a key challenge; the teacher sees it as a thumbnail that opens full size, and keeps the key', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  const reason = `My working shows option C (${Date.now()})`;

  await page.setViewportSize(VIEWPORTS.desktop);
  await signInTo(page, STUDENT);
  const taskId = await openUnitTestReport(page);

  await page.getByRole('button', { name: 'Challenge key (question 2)', exact: true }).click();
  const challenge = page.getByRole('dialog', { name: 'Question 2: challenge the key' });
  await challenge.getByRole('textbox', { name: 'Why is the key wrong?' }).fill(reason);
  await challenge.getByLabel('Picture (optional)').setInputFiles({ name: 'working.png', mimeType: 'image/png', buffer: PICTURE });
  await challenge.getByRole('button', { name: 'Send challenge' }).click();
  await expect(challenge.getByTestId('my-challenge')).toContainText('Waiting for the teachers');
  const mine = challenge.getByRole('img', { name: 'Your picture for question 2' });
  await expect(mine).toBeVisible();
  await expect.poll(() => mine.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  found.push(...(await axeViolations(page, 'challenge dialog with a picture, 1280 px')));
  await page.keyboard.press('Escape');

  const staffContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const staff = await staffContext.newPage();
  await signInTo(staff, TEACHER);
  await staff.goto(`/examReport?test=${taskId}&view=challenges`);
  const card = staff.getByTestId('challenged-question').filter({ hasText: reason });
  await expect(card).toBeVisible({ timeout: 30_000 });
  const item = card.getByRole('listitem').filter({ hasText: reason });
  const thumbnail = item.getByRole('img', { name: /^Picture sent by .+ with the challenge of question \d+$/ });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const link = item.getByRole('link', { name: /^Open full size: picture by .+, question \d+$/ });
  const full = await staff.request.get(new URL((await link.getAttribute('href'))!, staff.url()).toString());
  expect(full.status()).toBe(200);
  expect(full.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await full.body())).toEqual(PICTURE);
  // Opens in a new tab, by keyboard.
  await link.focus();
  const [tab] = await Promise.all([staffContext.waitForEvent('page'), staff.keyboard.press('Enter')]);
  await expect.poll(() => tab.url()).toContain('/files/v1/get');
  await tab.close();
  found.push(...(await axeViolations(staff, 'key challenges with a picture, 1280 px')));

  await expect(card.getByRole('radio', { name: 'Keep the key' })).toBeChecked();
  await card.getByRole('textbox', { name: 'Note to the challengers' }).fill('The key stands: see the explanation.');
  await card.getByRole('button', { name: 'Record decision' }).click();
  await expect(staff.getByText('Decision recorded').first()).toBeVisible();
  await expect(item.getByRole('img')).toBeVisible();
  await staffContext.close();
  expect(found).toEqual([]);
});
