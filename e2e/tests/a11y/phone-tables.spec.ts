import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../../support/login';
import { useLanguage } from '../../support/a11y';
import { loadingIndicators } from '../../support/loading';

/*
 * The back office's tables on a phone (390 × 844) and at 400 % zoom (1280 × 800 is then 320 × 200
 * CSS pixels), in English and Tamil: the pager's buttons stay on the screen (no scroll box of their
 * own), "Rows per page" shows where focus is, and on the short zoomed screen the top bar scrolls
 * away instead of covering the page.
 */

const SIZES = { phone: { width: 390, height: 844 }, zoom400: { width: 320, height: 200 } } as const;
const TABLE_SCREENS = ['/studentconfig', '/examReport', '/coursemapping'];

/** Where the pager and the page stand against the screen's right edge. */
async function pagerLayout(page: Page) {
  return page.evaluate(() => {
    const pager = document.querySelector('.MuiTablePagination-root') as HTMLElement;
    const buttons = Array.from(pager.querySelectorAll('.MuiTablePagination-actions button')).map((button) => button.getBoundingClientRect().right);
    return {
      screen: document.documentElement.clientWidth,
      page: document.documentElement.scrollWidth,
      pagerHidden: pager.scrollWidth - pager.clientWidth,
      rightmostButton: Math.max(...buttons),
      buttons: buttons.length,
    };
  });
}

for (const [sizeName, size] of Object.entries(SIZES)) {
  for (const language of ['en', 'tn'] as const) {
    test(`tables at ${sizeName}, ${language}: pager on the screen, focus shown on Rows per page`, async ({ page }) => {
      test.setTimeout(180_000);
      await useLanguage(page, language);
      await page.setViewportSize(SIZES.phone);
      await signInAs(page, 'teacher');
      await page.setViewportSize(size);
      for (const path of TABLE_SCREENS) {
        await page.goto(path);
        const pager = page.locator('.MuiTablePagination-root').first();
        await expect(pager).toBeAttached({ timeout: 30_000 });
        // The table's rows loaded: a pager drawn again under the keyboard would lose its focus.
        await expect(page.getByRole('table').first()).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
        await expect(loadingIndicators(page)).toHaveCount(0, { timeout: 30_000 });
        const layout = await pagerLayout(page);
        expect(layout.buttons, path).toBe(4);
        expect(layout.pagerHidden, `${path}: the pager scrolls inside itself`).toBeLessThanOrEqual(1);
        expect(layout.rightmostButton, `${path}: a paging button past the screen's edge`).toBeLessThanOrEqual(layout.screen);
        expect(layout.page, `${path}: the page is wider than the screen`).toBeLessThanOrEqual(layout.screen);

        // Reached by keyboard, "Rows per page" draws a visible outline.
        const rowsPerPage = pager.getByRole('combobox');
        await rowsPerPage.focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        await expect(rowsPerPage).toBeFocused();
        const outline = await rowsPerPage.evaluate((element) => {
          const style = getComputedStyle(element);
          return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
        });
        expect(outline.style, `${path}: focus indicator`).not.toBe('none');
        expect(outline.width).toBeGreaterThanOrEqual(2);
      }

      const bar = await page.locator('header').first().evaluate((header) => ({ position: getComputedStyle(header).position, height: header.getBoundingClientRect().height }));
      if (sizeName === 'zoom400') {
        // The bar would take over a fifth of a 200 px screen: here it scrolls away with the page.
        expect(bar.position).toBe('static');
        await page.mouse.wheel(0, 400);
        await expect.poll(() => page.locator('header').first().evaluate((header) => header.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
      } else {
        expect(bar.position).toBe('sticky');
      }
    });
  }
}
