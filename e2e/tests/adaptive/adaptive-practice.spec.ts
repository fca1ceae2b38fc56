import { expect, test, type Page } from '@playwright/test';
import { adaptiveLocales } from '../../../apps/web/src/features/adaptive/locales';
import { axeViolations, createStudent, englishInTamil, STUDENT_PASSWORD, useLanguage, VIEWPORTS, type Language } from '../../support/a11y';
import { settled } from '../../support/login';

async function signInWith(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}

/** Chooses the first option and submits with the keyboard alone; returns the session as the server answered it. */
async function answerByKeyboard(page: Page): Promise<{ status: string; answered: number }> {
  const first = page.getByRole('radio').first();
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/adaptive/v1/answer')), page.keyboard.press('Enter')]);
  expect(response.status()).toBe(200);
  const body = (await response.json()).body as { status: string; answered: number; item: unknown };
  // The key never reaches the browser: no field of the answer names one (question texts may say "solution").
  const keys: string[] = [];
  JSON.stringify(body, (key: string, value: unknown) => (keys.push(key), value));
  expect(keys.filter((key) => /correctAnswer|explanation|solution|hidden|discrimination|difficulty/i.test(key))).toEqual([]);
  return body;
}

for (const language of ['en', 'tn'] as Language[]) {
  test(`adaptive practice: a whole-syllabus test to its score band, reload, keyboard and axe at 1280 and 390 px (${language})`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const texts = adaptiveLocales[language];
    const found: string[] = [];
    await useLanguage(page, language);
    await page.setViewportSize(VIEWPORTS.desktop);
    const email = await createStudent(request, `adaptive-${language}`);
    await signInWith(page, email, STUDENT_PASSWORD);

    const check = async (state: string) => {
      for (const viewport of Object.values(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        found.push(...(await axeViolations(page, `${state} at ${viewport.width} px (${language})`)));
        if (language === 'tn') found.push(...(await englishInTamil(page, `${state} at ${viewport.width} px`)));
      }
      await page.setViewportSize(VIEWPORTS.desktop);
    };

    await page.goto('/adaptive');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await check('adaptive: start');

    // Start the whole-syllabus test by keyboard.
    const whole = page.getByRole('button', { name: new RegExp(texts.wholeSyllabus.replace(/\s*\(\{\{count\}\}.*$/, '')) });
    await whole.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/adaptive\?sessionId=\d+$/);
    const question = (n: number) => page.getByRole('heading', { level: 2, name: texts.questionOf.replace('{{n}}', String(n)).replace('{{max}}', '30') });
    await expect(question(1)).toBeVisible();
    await check('adaptive: question');

    let session = await answerByKeyboard(page);
    expect(session.answered).toBe(1);
    await expect(question(2)).toBeFocused();
    await expect(page.getByRole('status')).toContainText(/./);

    // A reload continues the same session at the same question.
    await page.reload();
    await expect(question(2)).toBeVisible({ timeout: 30_000 });

    while (session.status === 'active') {
      session = await answerByKeyboard(page);
      expect(session.answered).toBeLessThanOrEqual(30);
    }
    await expect(page.getByRole('heading', { level: 2, name: texts.resultTitle })).toBeFocused();
    await expect(page.getByText(new RegExp(`${texts.score.replace(/\{\{score\}\}.*$/, '')}\\d+ / 720`))).toBeVisible();
    await check('adaptive: result');

    // Back to the start page: the finished test is listed.
    await page.getByRole('link', { name: texts.back }).click();
    await expect(page.getByRole('link', { name: texts.wholeSyllabusName })).toBeVisible();
    expect(found).toEqual([]);
  });
}
