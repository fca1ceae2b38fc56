import { expect, test } from '@playwright/test';
import { signIn } from '../../support/login';

test('probe', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/login');
  await signIn(page, 'teacher');
  await page.goto('/questionbank');
  await expect(page.getByRole('table')).toBeVisible();
  await page.waitForTimeout(1500);
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, client: document.documentElement.clientWidth, tables: [...document.querySelectorAll('table')].map((t) => [t.scrollWidth, t.parentElement!.clientWidth]) }));
  console.log('WIDTHS', JSON.stringify(widths));
  await page.goto('/testconfig');
  await page.getByRole('row').nth(1).getByRole('button').first().click().catch(() => {});
  await page.waitForTimeout(1500);
  const preview = page.getByRole('button', { name: 'Preview' });
  if (await preview.isVisible()) { await preview.click(); await page.waitForTimeout(3000); }
  console.log('ERRORS', JSON.stringify(errors));
  console.log('URL', page.url());
});
