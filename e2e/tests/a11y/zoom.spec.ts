import { expect, test } from '@playwright/test';
import { openTest, signInStudent } from '../../support/exam';

// A 1280 × 800 screen at 400 % zoom is 320 × 200 CSS pixels (WCAG 2.2, 1.4.10 Reflow).
test('the player reflows at 400 % zoom: one scrolling page, the question as wide as the screen and not squeezed', async ({ page }) => {
  await signInStudent(page);
  await openTest(page, 'Physics: Laws of motion', 'Practice set: motion and circuits');
  await page.setViewportSize({ width: 320, height: 200 });

  const question = page.getByTestId('question');
  await question.scrollIntoViewIfNeeded();
  await expect(question).toBeVisible();
  const layout = await page.evaluate(() => {
    const main = document.querySelector('.exam-player-main') as HTMLElement;
    const box = document.querySelector('[data-testid="question"]')!.getBoundingClientRect();
    return {
      pageWidth: document.documentElement.scrollWidth,
      pageHeight: document.documentElement.scrollHeight,
      // No second scroll box inside the page: the question area is as tall as its content.
      mainHiddenHeight: main.scrollHeight - main.clientHeight,
      questionWidth: box.width,
    };
  });
  expect(layout.pageWidth).toBeLessThanOrEqual(320);
  expect(layout.mainHiddenHeight).toBeLessThanOrEqual(1);
  expect(layout.pageHeight).toBeGreaterThan(200);
  expect(layout.questionWidth).toBeGreaterThan(240);
  // The answer and the footer's buttons are reached by scrolling the page.
  const velocity = page.getByLabel('Velocity');
  await velocity.scrollIntoViewIfNeeded();
  await velocity.check();
  const next = page.getByRole('button', { name: 'Next' });
  await next.scrollIntoViewIfNeeded();
  await expect(next).toBeInViewport();

  // Leave the practice set as it was found: end this attempt.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'End test' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Practice set: motion and circuits' }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/academy\/courses$/);
});
