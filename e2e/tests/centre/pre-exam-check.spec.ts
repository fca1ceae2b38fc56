import { expect, test } from '@playwright/test';
import {
  axeViolations,
  englishInTamil,
  tamilGlyphsNotInNotoSansTamil,
  useLanguage,
  VIEWPORTS,
} from '../../support/a11y';
import { loadingIndicators } from '../../support/loading';

/*
 * The pre-exam check of a lab machine (/centre/check, public; docs/centre.md), in real Chromium
 * against the real server: every check gives its verdict in plain words (this server is the
 * central one, which the reach line says), "Check again" works by keyboard, and the page passes
 * axe at 1280×800 and 390×844 in English and Tamil, with no English left in Tamil but the
 * browser's name and units.
 */

const CHECKS = ['Browser', 'Screen size', 'Clock', 'Storage', 'Exam server'];

test('a lab machine is checked before anyone signs in: browser, screen, clock, storage and the server’s reach', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/centre/check');
  await expect(page.getByRole('heading', { name: 'Pre-exam check', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Results of the pre-exam check' });
  for (const name of CHECKS) await expect(table.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();
  // Debian's Chromium is current; the window is 1280×800; the server's clock is this machine's.
  await expect(table.getByRole('row', { name: /^Browser/ })).toContainText(/Pass\s*Chrome \d+: supported\./);
  await expect(table.getByRole('row', { name: /^Screen size/ })).toContainText('1280 × 800: large enough.');
  await expect(table.getByRole('row', { name: /^Clock/ })).toContainText(
    /Pass\s*Within [\d.]+ s of the exam server’s clock\./,
  );
  await expect(table.getByRole('row', { name: /^Storage/ })).toContainText(
    /Pass\s*Answers can be kept on this computer/,
  );
  // The e2e server is a central one: the page says to open it from the centre server on exam day.
  await expect(table.getByRole('row', { name: /^Exam server/ })).toContainText(
    /Warning\s*This page was opened from the central server \(\d+ ms\)/,
  );
  await expect(page.getByRole('status')).toContainText('This computer can be used, but look at the warnings below.');

  // A narrow window is seen at the next check, which the keyboard starts.
  await page.setViewportSize({ width: 1024, height: 700 });
  const again = page.getByRole('button', { name: 'Check again' });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('row', { name: /^Screen size/ })).toContainText(/Warning\s*1024 × 700: the exam works/);
});

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const language of ['en', 'tn'] as const) {
    test(`the pre-exam check passes axe, ${viewportName}, ${language}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, language);
      await page.goto('/centre/check');
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
      await expect(loadingIndicators(page)).toHaveCount(0);
      const found = await axeViolations(page, `/centre/check ${viewportName}`);
      if (language === 'tn') {
        // The browser's own name and the units of storage are not translated.
        found.push(...(await englishInTamil(page, '/centre/check', [/\b(?:Chrome|Chromium|Edge|Firefox|Safari)\b/g])));
        found.push(
          ...(await tamilGlyphsNotInNotoSansTamil(page, '/centre/check', ['main h1', 'main button', 'main td'])),
        );
      }
      expect(found).toEqual([]);
    });
  }
}
