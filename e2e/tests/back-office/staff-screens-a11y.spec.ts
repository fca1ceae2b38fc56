import { expect, test } from '@playwright/test';
import { VIEWPORTS, axeViolations, useLanguage } from '../../support/a11y';
import { loadingIndicators } from '../../support/loading';

// Staff screens whose own journeys do not run axe: on a phone, in English and Tamil.
const SCREENS = ['/academy/courses', '/resourceupload', '/courseupload', '/testschedule', '/coursemapping', '/courseschedule', '/omrPdfUpload', '/examReport'];

for (const language of ['en', 'tn'] as const) {
  test(`staff content, schedule and OMR screens at 390 px in ${language}: no serious axe violation, nothing wider than the screen`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(VIEWPORTS.phone);
    await useLanguage(page, language);
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('clientadmin');
    await page.locator('input[name="password"]').fill('Demo@1234');
    await page.locator('input[name="password"]').press('Enter');
    await expect(page).toHaveURL(/\/academy\/courses$/);
    const found: string[] = [];
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expect(loadingIndicators(page)).toHaveCount(0);
      found.push(...(await axeViolations(page, `${language} ${path}`)));
    }
    expect(found).toEqual([]);
  });
}
