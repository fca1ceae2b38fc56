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

// Another roster student with the demo term, signed in by no other journey.
const OFFLINE_STUDENT = 'sunrise.s161';

test('a student reviews with the network cut: the answers stay on the device, and are checked and graded when it returns', async ({ page, context }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, OFFLINE_STUDENT);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/notebook?view=review');
  const card = page.locator('section[aria-labelledby="review-card-heading"]');
  await expect(card).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  const waiting = page.getByTestId('review-offline');
  await expect(waiting).toContainText('You are offline.');
  const answered: string[] = [];
  for (let i = 0; i < 2 && (await card.count()) > 0; i += 1) {
    const heading = await card.getByRole('heading', { level: 2, name: /·/ }).textContent();
    answered.push(heading ?? '');
    const choice = card.locator('input[type="radio"], input[type="checkbox"]').first();
    if ((await choice.count()) > 0) await choice.check();
    else await card.getByRole('textbox').first().fill('1');
    await card.getByRole('button', { name: 'Check answer' }).click();
    await expect(waiting).toContainText(`Answers waiting on this device to be checked: ${i + 1}`);
  }
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem(`notebook-review-outbox:${'sunrise.s161'}`) ?? '[]') as unknown[]);
  expect(kept).toHaveLength(answered.length);
  found.push(...(await axeViolations(page, 'review offline, 1280 px')));

  await context.setOffline(false);
  const results = page.locator('section[aria-labelledby="review-kept-heading"]');
  await expect(results.getByRole('heading', { level: 2 })).toHaveText(`Checked now that you are back online (${answered.length} to grade)`);
  await expect(waiting).not.toContainText('You are offline.');
  for (let left = answered.length; left > 0; left -= 1) {
    await expect(results.getByRole('heading', { level: 2 })).toHaveText(`Checked now that you are back online (${left} to grade)`);
    await expect(results.getByRole('status')).toHaveText(/^(Right|Partly right|Not right)\.$/);
    const good = results.getByRole('button', { name: /^Good/ });
    await good.focus();
    await page.keyboard.press('Enter');
  }
  await expect(results).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem(`notebook-review-outbox:${'sunrise.s161'}`))).toBeNull();

  // The offline state in Tamil, at 390 px.
  await page.evaluate(() => localStorage.setItem('language', 'tn'));
  await page.reload();
  await page.setViewportSize(VIEWPORTS.phone);
  await expect(page.getByTestId('review-counts')).toBeVisible({ timeout: 60_000 });
  await context.setOffline(true);
  await expect(waiting).toContainText('நீங்கள் இணைய இணைப்பில் இல்லை.');
  found.push(...(await axeViolations(page, 'review offline, Tamil, 390 px')));
  await context.setOffline(false);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  expect(found).toEqual([]);
});
