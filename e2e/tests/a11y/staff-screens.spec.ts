import { expect, test, type Page } from '@playwright/test';
import { settled, signInAs } from '../../support/login';
import { axeViolations, cutLabels, englishInTamil, tamilGlyphsNotInNotoSansTamil, useLanguage, VIEWPORTS, type Language } from '../../support/a11y';

/*
 * The staff, Institution and parent screens at 1280×800 and 390×844, in English and Tamil:
 * axe-core (with the experimental label-content-name-mismatch rule on) finds no serious or
 * critical violation; no interface text is cut short with "…"; in Tamil no interface text is
 * left in English (user data aside), and
 * every Tamil glyph of the menu, product name, headings, buttons and tables is drawn by the
 * shipped Noto Sans Tamil (CDP reports the font that actually rendered it).
 */

/** Everything the screen is checked for, in this language: axe, and in Tamil the English left and the fonts. */
async function check(page: Page, language: Language, state: string): Promise<string[]> {
  const found = await axeViolations(page, state);
  found.push(...(await cutLabels(page, state)));
  if (language === 'tn') {
    found.push(...(await englishInTamil(page, state)));
    found.push(...(await tamilGlyphsNotInNotoSansTamil(page, state, ['main h1', 'main button', 'main th', 'main td'], false)));
  }
  return found;
}

/** The side bar: open on a phone (it slides in), then checked for the product name and the menu's font. */
async function checkSideBar(page: Page, language: Language, viewportName: string, state: string): Promise<string[]> {
  if (language !== 'tn') return [];
  const nav = page.locator('nav[aria-label]').first();
  if (viewportName === 'phone') {
    await page.locator('header button').first().click();
    await expect(nav).toBeVisible();
  }
  const found = await tamilGlyphsNotInNotoSansTamil(page, `${state}: side bar`, ['nav[aria-label] p', 'nav[aria-label] a']);
  if (viewportName === 'phone') {
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  }
  return found;
}

// Each walk signs in on its own and only reads (or makes its own student): the walks of this
// file are spread over the workers instead of queuing on one.
test.describe.configure({ mode: 'parallel' });

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const language of ['en', 'tn'] as const) {
    test.describe(`staff screens, ${viewportName}, ${language}`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ page }) => {
        await useLanguage(page, language);
      });

      test('teacher', async ({ page }) => {
        test.setTimeout(300_000);
        const found: string[] = [];
        await signInAs(page, 'teacher');

        await page.goto('/dashboard');
        await settled(page);
        await expect(page.getByTestId('dashboard-in-progress').getByRole('link').first()).toBeVisible();
        found.push(...(await check(page, language, 'dashboard')));
        // Here each kind must be there: a heading and a table's cells.
        if (language === 'tn') found.push(...(await tamilGlyphsNotInNotoSansTamil(page, 'dashboard', ['main h1', 'main th'])));
        found.push(...(await checkSideBar(page, language, viewportName, 'dashboard')));

        // The live room of the seeded running test.
        await page.getByTestId('dashboard-in-progress').getByRole('link').first().click();
        await expect(page).toHaveURL(/\/examReport\?test=\d+$/);
        await settled(page);
        await expect(page.getByRole('row').nth(1)).toBeVisible();
        found.push(...(await check(page, language, 'live room')));

        for (const path of ['/examReport', '/questionbank', '/testconfig', '/studentconfig', '/report?tab=Comprehensive']) {
          await page.goto(path);
          await settled(page);
          found.push(...(await check(page, language, path)));
        }

        // The question editor: a new question, then a seeded one.
        await page.goto('/questionbank?question=new');
        await settled(page);
        found.push(...(await check(page, language, 'question editor: new')));
        // And here a button.
        if (language === 'tn') found.push(...(await tamilGlyphsNotInNotoSansTamil(page, 'question editor', ['main button'])));
        found.push(...(await checkSideBar(page, language, viewportName, 'question editor')));
        await page.goto('/questionbank');
        await settled(page);
        await page.locator('main table tbody tr td button.MuiButton-text').first().click();
        await expect(page).toHaveURL(/question=\d+/);
        await settled(page);
        found.push(...(await check(page, language, 'question editor: seeded')));

        // Marking: the demo's written test.
        await page.goto('/report?tab=Marking');
        await settled(page);
        await page.getByTestId('filter-test').locator('..').click();
        await page.getByRole('option', { name: 'Written answers: cells and energy' }).click();
        await expect(page.getByTestId('marking-panel')).toBeVisible();
        found.push(...(await check(page, language, 'marking')));

        // OMR: a test chosen, its review.
        await page.goto('/omrPdfUpload');
        await settled(page);
        await page.getByRole('combobox').first().click();
        await page.getByRole('option').first().click();
        await expect(page.getByRole('listbox')).toHaveCount(0);
        found.push(...(await check(page, language, 'OMR review')));
        expect(found).toEqual([]);
      });

      test('client admin: role configuration', async ({ page }) => {
        test.setTimeout(120_000);
        await signInAs(page, 'clientadmin');
        await page.goto('/roleconfig');
        await settled(page);
        expect(await check(page, language, '/roleconfig')).toEqual([]);
      });

      test('institution: reports', async ({ page }) => {
        test.setTimeout(120_000);
        await signInAs(page, 'institution');
        await page.goto('/reports');
        await settled(page);
        const found = await check(page, language, '/reports');
        found.push(...(await checkSideBar(page, language, viewportName, '/reports')));
        expect(found).toEqual([]);
      });

      test('parent: home', async ({ page }) => {
        test.setTimeout(120_000);
        await signInAs(page, 'parent');
        await page.goto('/parent/home');
        await settled(page);
        const found = await check(page, language, '/parent/home');
        found.push(...(await checkSideBar(page, language, viewportName, '/parent/home')));
        expect(found).toEqual([]);
      });
    });
  }
}
