import { expect, test } from '@playwright/test';
import { openTest, signInStudent } from '../../support/exam';

test('timed-section test: tab-away warnings lead to the automatic submit', async ({ page }) => {
  await signInStudent(page);
  await openTest(page, 'Mock tests', 'Quick Check: timed sections');
  await page.getByRole('dialog', { name: 'Change System Settings' }).getByRole('button', { name: 'Close' }).click();

  // Two timed sections: the active one counts down, the second shows its full time.
  await expect(page.getByTestId('section-tab-0')).toContainText(/0\d : \d\d/);
  await expect(page.getByTestId('section-tab-1')).toContainText('05 : 00');
  await expect(page.getByTestId('section-tab-1')).toBeDisabled();

  const leaveAndComeBack = () =>
    page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });

  await leaveAndComeBack();
  const warning = page.getByRole('dialog', { name: /Warning: you left the test 1 time/ });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('If you leave 2 times, your test is submitted automatically.');
  await warning.getByRole('button', { name: 'OK' }).click();

  await leaveAndComeBack();
  await expect(page.getByRole('dialog', { name: 'Quick Check: timed sections' })).toBeVisible({ timeout: 15_000 });
});
