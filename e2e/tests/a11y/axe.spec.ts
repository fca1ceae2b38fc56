import { expect, test, type Page } from '@playwright/test';
import { examLocales } from '../../../apps/web/src/features/exam/locales';
import { profileLocales } from '../../../apps/web/src/features/profile/locales';
import { DEMO_PASSWORD } from '../../support/login';
import { mailCount, waitForCode } from '../../support/outbox';
import { axeViolations, createStudent, STUDENT_PASSWORD, useLanguage, VIEWPORTS, type Language } from '../../support/a11y';
import { typeDate } from '../../support/date-field';
import { loadingIndicators } from '../../support/loading';

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

// Each walk signs in on its own and only reads (or makes its own student): the walks of this
// file are spread over the workers instead of queuing on one.
test.describe.configure({ mode: 'parallel' });

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const language of ['en', 'tn'] as const) {
    test.describe(`axe, ${viewportName}, ${language}`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ page }) => {
        await useLanguage(page, language);
      });

      test('public screens', async ({ page, request }) => {
        test.setTimeout(120_000);
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

        // Signup's second step: the e-mailed code (the code itself is not needed to see the step).
        const email = `a11y.signup.${viewportName}.${language}.${Date.now()}@example.com`;
        await page.goto('/signup');
        await page.locator('input[name="Name"]').fill('Kavya Sundar');
        await page.locator('input[name="Email"]').fill(email);
        await typeDate(page.getByRole('group', { name: language === 'tn' ? /^பிறந்த/ : /^Date of birth/ }), '2008-05-01');
        await page.locator('input[name="Mobile"]').fill(`9${String(Date.now()).slice(-9)}`);
        for (const index of [0, 1, 2]) {
          await page.getByRole('combobox').nth(index).click();
          await page.getByRole('option').first().click();
        }
        await page.locator('input[name="YearOfPassing"]').fill('2026');
        await page.locator('input[name="password"]').fill('kavya-pass');
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('input[name="otp"]')).toBeVisible();
        found.push(...(await axeViolations(page, 'signup: code')));

        // Forgot password, the later steps: the code, then the new password (a fresh account's).
        const student = await createStudent(request, `reset-${viewportName}-${language}`);
        await page.goto('/forget-password');
        const before = mailCount(student);
        await page.locator('input[name="username"]').fill(student);
        await page.locator('form button[type="submit"]').click();
        await expect(page).toHaveURL(/\/verify$/);
        await expect(page.locator('input[name="passcode"]')).toBeVisible();
        found.push(...(await axeViolations(page, 'forgot password: code')));
        await page.locator('input[name="passcode"]').fill(await waitForCode(student, before));
        await page.locator('form button[type="submit"]').click();
        await expect(page).toHaveURL(/\/change-password$/);
        await expect(page.locator('input[name="confirmPassword"]')).toBeVisible();
        found.push(...(await axeViolations(page, 'forgot password: new password')));
        expect(found).toEqual([]);
      });

      test('more screens and states of the demo student', async ({ page }) => {
        test.setTimeout(180_000);
        const found: string[] = [];
        await signInAs(page, 'student', DEMO_PASSWORD);
        await expect(page.locator('h1')).toBeVisible();

        // The quick bar (Ctrl+K) and the notification panel, over the courses page.
        // The shortcut works once the shell has its key handler (just after the first paint).
        await expect(async () => {
          if ((await page.getByRole('dialog').count()) === 0) await page.keyboard.press('Control+k');
          await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1000 });
        }).toPass({ timeout: 15_000 });
        found.push(...(await axeViolations(page, 'quick bar')));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page.locator('header button:has([data-testid="notification-dot"])').click();
        await expect(page.locator('.MuiDrawer-paper [role="region"]')).toBeVisible();
        found.push(...(await axeViolations(page, 'notification panel')));
        await page.keyboard.press('Escape');

        // A lesson.
        await page.locator('a[href^="/academy/courses/topic/"]').first().click();
        await page.locator('a[href*="/academy/courses/topic/"]').filter({ hasText: /Physics: Laws of motion/ }).click();
        await page.locator('a[href^="/lesson/"]').first().click();
        await expect(page.locator('h1')).toBeVisible();
        await expect(loadingIndicators(page)).toHaveCount(0);
        found.push(...(await axeViolations(page, 'lesson')));

        for (const path of ['/courseschedule', '/calender?view=week', '/calender?view=day']) {
          await page.goto(path);
          await expect(page.locator('h1')).toBeVisible();
          await expect(loadingIndicators(page)).toHaveCount(0);
          found.push(...(await axeViolations(page, path)));
        }

        // A label's notes, and a to-do's detail.
        await page.goto('/notes');
        await page.locator('a[href^="/apps/notes/labels/"]').first().click();
        await expect(page).toHaveURL(/\/apps\/notes\/labels\//);
        await expect(loadingIndicators(page)).toHaveCount(0);
        found.push(...(await axeViolations(page, 'notes of a label')));
        await page.goto('/todo/all');
        await page.getByTestId('todo-item').first().getByRole('link').first().click();
        await expect(page.getByTestId('todo-detail')).toBeVisible();
        found.push(...(await axeViolations(page, 'to-do detail')));

        // Profile editing.
        await page.goto('/profile');
        await page.getByRole('button', { name: profileLocales[language].edit, exact: true }).click();
        await expect(page.getByRole('button', { name: profileLocales[language].edit, exact: true })).toHaveCount(0);
        found.push(...(await axeViolations(page, 'profile: editing')));
        expect(found).toEqual([]);
      });

      test('workspace screens of the demo student', async ({ page }) => {
        test.setTimeout(180_000);
        const found: string[] = [];
        await signInAs(page, 'student', DEMO_PASSWORD);
        await expect(page.locator('h1')).toBeVisible();
        // Measured once the page has loaded what it shows, as every other state of the walk is.
        await expect(loadingIndicators(page)).toHaveCount(0);
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
          await expect(loadingIndicators(page)).toHaveCount(0);
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

      test('practice screens of a new student', async ({ page, request }) => {
        test.setTimeout(180_000);
        const found: string[] = [];
        const email = await createStudent(request, `${viewportName}-${language}-practice`);
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
        expect(found).toEqual([]);
      });

      test('exam screens of a new student', async ({ page, request }) => {
        test.setTimeout(180_000);
        const found: string[] = [];
        const email = await createStudent(request, `${viewportName}-${language}`);
        await signInAs(page, email, STUDENT_PASSWORD);

        // The graded mock: instructions, the system-settings dialog, a question, the palette, submit, report.
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
        await page.locator('footer').getByRole('button', { name: exam(language).footer.reportError }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'graded: report error dialog')));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // Offline: the banner says the answers wait on this device.
        await page.context().setOffline(true);
        await page.getByTestId('question').locator('input').nth(1).check();
        await expect(page.getByTestId('offline-banner')).toBeVisible();
        found.push(...(await axeViolations(page, 'graded: offline banner')));
        await page.context().setOffline(false);
        await expect(page.getByTestId('offline-banner')).toHaveCount(0);
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

        // A test with tab-away monitoring and timed sections: the warning, then the section end.
        await page.goto('/academy/courses');
        await page.locator('a[href^="/academy/courses/topic/"]').first().click();
        await page.locator('a[href*="/academy/courses/topic/"]').filter({ hasText: /Mock tests/ }).click();
        await page.locator('li', { hasText: 'Quick Check: timed sections' }).locator('a[href^="/instruction/test/"]').click();
        await page.getByRole('button', { name: exam(language).instruction.start }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page.evaluate(() => {
          window.dispatchEvent(new Event('blur'));
          window.dispatchEvent(new Event('focus'));
        });
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await axeViolations(page, 'timed: tab-away warning')));
        await page.getByRole('dialog').getByRole('button').last().click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // Next to the end of the first section asks before finishing it early.
        await expect(async () => {
          if ((await page.getByRole('dialog').count()) === 0) await page.locator('footer').getByRole('button', { name: exam(language).footer.next, exact: true }).click();
          await expect(page.getByRole('dialog')).toBeVisible({ timeout: 500 });
        }).toPass({ timeout: 30_000 });
        found.push(...(await axeViolations(page, 'timed: section end dialog')));
        expect(found).toEqual([]);
      });
    });
  }
}
