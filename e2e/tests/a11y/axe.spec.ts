import { expect, test, type Page } from '@playwright/test';
import { examLocales } from '../../../apps/web/src/features/exam/locales';
import { DEMO_PASSWORD } from '../../support/login';
import { axeViolations, createStudent, STUDENT_PASSWORD, useLanguage, VIEWPORTS, type Language } from '../../support/a11y';

/*
 * axe-core (default rules) on every student screen and main state, at 1280×800 and
 * 390×844, in English and Tamil. Each test walks its screens, collects every serious or critical
 * violation (and the moderate landmark and heading ones) and fails at the end with the full list.
 */

const exam = (language: Language) => examLocales[language];

async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page).toHaveURL(/\/academy\/courses$/);
}

/** Next (and, in practice, the Submit that follows a revealed answer) until the question number changes. */
async function nextQuestion(page: Page, language: Language) {
  const heading = page.getByTestId('question-number');
  const before = await heading.textContent();
  const footer = page.locator('footer');
  await footer.getByRole('button', { name: exam(language).footer.next, exact: true }).click();
  const submit = footer.getByRole('button', { name: exam(language).footer.submit, exact: true });
  await expect(async () => {
    if ((await heading.textContent()) !== before) return;
    if (await submit.isVisible()) await submit.click();
    expect(await heading.textContent()).not.toBe(before);
  }).toPass({ timeout: 30_000 });
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const language of ['en', 'tn'] as const) {
    test.describe(`axe, ${viewportName}, ${language}`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ page }) => {
        await useLanguage(page, language);
      });

      test('public screens', async ({ page }) => {
        const fontRequests: string[] = [];
        page.on('request', (request) => {
          if (/noto-sans-tamil/.test(request.url())) fontRequests.push(request.url());
        });
        const found: string[] = [];
        for (const path of ['/login', '/signup', '/forget-password', '/error']) {
          await page.goto(path);
          await expect(page.locator('h1')).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', language === 'tn' ? 'ta' : 'en');
          found.push(...(await axeViolations(page, path)));
        }
        // The self-hosted Tamil font loads only where Tamil is drawn.
        if (language === 'tn') {
          expect(fontRequests.length).toBeGreaterThan(0);
          expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Tamil"', 'தமிழ்'))).toBe(true);
        } else expect(fontRequests).toEqual([]);
        expect(found).toEqual([]);
      });

      test('workspace screens of the demo student', async ({ page }) => {
        test.setTimeout(180_000);
        const found: string[] = [];
        await signInAs(page, 'student', DEMO_PASSWORD);
        await expect(page.locator('h1')).toBeVisible();
        found.push(...(await axeViolations(page, 'courses')));

        await page.locator('a[href^="/academy/courses/topic/"]').first().click();
        await expect(page.locator('h1')).toBeVisible();
        found.push(...(await axeViolations(page, 'topics')));
        await page.locator('nav[aria-label] a[href*="/academy/courses/topic/"], ul a[href*="/academy/courses/topic/"]').nth(1).click();
        await expect(page.locator('[data-testid^="task-"]').first()).toBeVisible();
        found.push(...(await axeViolations(page, 'task list')));

        for (const path of ['/notes', '/bookmark', '/todo/all', '/calender', '/profile']) {
          await page.goto(path);
          await expect(page.locator('h1')).toBeVisible();
          await expect(page.getByRole('progressbar')).toHaveCount(0);
          found.push(...(await axeViolations(page, path)));
        }

        // The dialogs that hold typed work.
        await page.goto('/notes');
        await page.getByTestId('take-note').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'new note dialog')));
        await page.goto('/bookmark');
        await page.getByTestId('new-bookmark').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'new bookmark dialog')));
        await page.goto('/calender');
        await page.getByTestId('new-event').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'new event dialog')));
        expect(found).toEqual([]);
      });

      test('exam screens of a new student', async ({ page, request }) => {
        test.setTimeout(240_000);
        const found: string[] = [];
        const email = await createStudent(request, `${viewportName}-${language}`);
        await signInAs(page, email, STUDENT_PASSWORD);
        await page.locator('a[href^="/academy/courses/topic/"]').first().click();
        await page.locator('a[href*="/academy/courses/topic/"]').filter({ hasText: /Physics: Laws of motion/ }).click();
        await page.locator('a[href^="/instruction/practice/"]').first().click();
        await expect(page.locator('h1')).toBeVisible();
        found.push(...(await axeViolations(page, 'practice instructions')));
        await page.getByRole('button', { name: exam(language).instruction.start }).click();
        await expect(page.getByTestId('question')).toBeVisible();

        // Practice set 1: multiple choice, blanks, blanks, image, video, single choice.
        const kinds = ['multiple choice', 'blanks', 'one blank', 'image', 'video', 'single choice'];
        for (const [index, kind] of kinds.entries()) {
          found.push(...(await axeViolations(page, `practice: ${kind}`)));
          if (index === 0) {
            await page.getByRole('button', { name: exam(language).footer.hint }).click();
            await page.getByRole('button', { name: exam(language).footer.next, exact: true }).click();
            await expect(page.getByTestId('practice-answer')).toBeVisible();
            found.push(...(await axeViolations(page, 'practice: hint and revealed answer')));
            await page.getByRole('button', { name: exam(language).footer.submit, exact: true }).click();
            continue;
          }
          if (index < kinds.length - 1) await nextQuestion(page, language);
        }
        await page.getByRole('button', { name: exam(language).footer.endTest }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'practice: submit dialog')));
        await page.getByRole('dialog').getByRole('button', { name: exam(language).dialogs.submit }).click();
        await expect(page.getByTestId('result-score')).toBeVisible();
        found.push(...(await axeViolations(page, 'practice: result dialog')));

        // Practice set 2: comprehensive, programming, xlsx, docx, pptx, blanks on a picture.
        await page.goto('/academy/courses');
        await page.locator('a[href^="/academy/courses/topic/"]').first().click();
        await page.locator('a[href*="/academy/courses/topic/"]').filter({ hasText: /Biology: The cell/ }).click();
        await page.locator('a[href^="/instruction/practice/"]').first().click();
        await page.getByRole('button', { name: exam(language).instruction.start }).click();
        await expect(page.getByTestId('question')).toBeVisible();
        for (const kind of ['comprehensive', 'programming', 'xlsx', 'docx', 'pptx']) {
          if (kind === 'programming') await expect(page.locator('.cm-editor')).toBeVisible({ timeout: 20_000 });
          found.push(...(await axeViolations(page, `practice: ${kind}`)));
          await nextQuestion(page, language);
        }

        // The graded mock: instructions, the system-settings dialog, a question, the palette, submit, report.
        await page.goto('/academy/courses');
        await page.locator('a[href^="/academy/courses/topic/"]').first().click();
        await page.locator('a[href*="/academy/courses/topic/"]').filter({ hasText: /Mock tests/ }).click();
        await page.locator('a[href^="/instruction/test/"]').first().click();
        await expect(page.locator('h1')).toBeVisible();
        found.push(...(await axeViolations(page, 'graded instructions')));
        await page.getByRole('button', { name: exam(language).instruction.start }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'graded: system settings dialog')));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page.getByTestId('question').locator('input').first().check();
        found.push(...(await axeViolations(page, 'graded: question')));
        await page.getByRole('button', { name: exam(language).footer.mark }).click();
        await page.getByRole('button', { name: exam(language).openPalette }).click();
        if (viewportName === 'phone') await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'graded: palette')));
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: exam(language).footer.endTest }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'graded: submit dialog')));
        await page.getByRole('dialog').getByRole('button', { name: exam(language).dialogs.submit }).click();
        await page.getByRole('button', { name: exam(language).dialogs.viewFeedback }).click();
        await expect(page.getByTestId('chart-section-wise')).toBeVisible();
        await expect(page.getByTestId('report-question').first()).toBeVisible();
        found.push(...(await axeViolations(page, 'feedback report')));
        expect(found).toEqual([]);
      });
    });
  }
}
