import { expect, test } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { signIn } from '../../support/login';

// A roster student with the demo term behind them (seed-demo-attempts) whom no other journey signs in as.
const STUDENT = 'sunrise.s160';

test('a student answers a due card again by keyboard and grades it; the review is axe-clean in English and Tamil at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, STUDENT);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/notebook');
  await page.getByRole('tab', { name: 'Review' }).click();
  await expect(page).toHaveURL(/view=review/);
  // The first open makes the cards of the whole demo term; every new card is due today.
  const card = page.locator('section[aria-labelledby="review-card-heading"]');
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('review-counts')).toContainText(/Due today: [1-9]\d*/);
  await expect(card.getByRole('heading', { level: 2, name: /·/ })).toBeFocused();
  found.push(...(await axeViolations(page, 'review, 1280 px')));

  // Answer with the first choice (or a number where the kind asks for one), then Check answer by keyboard.
  const choice = card.locator('input[type="radio"], input[type="checkbox"]').first();
  if ((await choice.count()) > 0) await choice.check();
  else await card.getByRole('textbox').first().fill('1');
  const check = card.getByRole('button', { name: 'Check answer' });
  await check.focus();
  await page.keyboard.press('Enter');
  // The demo term's answers are released: the verdict shows, and each grade says when it brings the card back.
  await expect(card.getByRole('status')).toHaveText(/^(Right|Partly right|Not right)\.$/);
  const good = card.getByRole('button', { name: /^Good/ });
  await expect(good).toContainText('next:');
  found.push(...(await axeViolations(page, 'review, answered, 1280 px')));

  await good.focus();
  await page.keyboard.press('Enter');
  // Graded: the card leaves today's queue (the next card, if any, comes unanswered, without grades).
  await expect(page.getByRole('button', { name: /^Good/ })).toHaveCount(0);
  await expect(page.getByTestId('review-counts')).toBeVisible();
  await page.setViewportSize(VIEWPORTS.phone);
  found.push(...(await axeViolations(page, 'review, 390 px')));

  await page.evaluate(() => localStorage.setItem('language', 'tn'));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'மீள்பார்வை', selected: true })).toBeVisible();
  await expect(page.getByTestId('review-counts')).toBeVisible();
  found.push(...(await axeViolations(page, 'review, Tamil, 390 px')));
  await page.setViewportSize(VIEWPORTS.desktop);
  found.push(...(await axeViolations(page, 'review, Tamil, 1280 px')));
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  expect(found).toEqual([]);
});
