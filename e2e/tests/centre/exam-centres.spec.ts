import { expect, test } from '@playwright/test';
import { settled, signInAs } from '../../support/login';
import { axeViolations, englishInTamil, tamilGlyphsNotInNotoSansTamil, useLanguage, VIEWPORTS, type Language } from '../../support/a11y';
import { chooseByKeyboard } from '../../support/select';

/*
 * Exam Centres on the central server (docs/centre.md), as the client administrator: a pairing code
 * made by keyboard and shown once, a centre paired with it through the centre's own call, and an
 * invigilator code issued for the demo school's scheduled weekly test at that centre. Then the
 * screen at 1280×800 and 390×844 in English and Tamil: axe finds nothing serious, and in Tamil no
 * interface text is left in English.
 */

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const SCHOOL = 'Kaveri Higher Secondary School';

test('the client administrator pairs a centre with a code made by keyboard and issues an invigilator code', async ({ page, request }) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'en');
  await signInAs(page, 'clientadmin');
  // Reached from the admin menu.
  await page.getByRole('link', { name: 'Exam Centres' }).click();
  await expect(page).toHaveURL(/\/centres$/);
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Exam centres', level: 1 })).toBeVisible();

  // A pairing code for the demo school, by keyboard only.
  await chooseByKeyboard(page, page.getByRole('combobox', { name: /Institute/ }), new RegExp(SCHOOL));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Create pairing code' })).toBeFocused();
  await page.keyboard.press('Enter');
  const codeField = page.getByRole('textbox', { name: 'Pairing code' });
  await expect(codeField).toHaveValue(CODE);
  const code = await codeField.inputValue();
  await expect(page.getByRole('status').filter({ hasText: 'Pairing code for' })).toContainText(`${SCHOOL}, valid until`);
  await expect(page.getByRole('status').filter({ hasText: 'Pairing code for' })).toContainText('It is shown only now');

  // The centre's own call pairs it (a centre server makes it from its Exam Centre screen); a second use is refused.
  const name = `Lab ${Date.now() % 100_000}`;
  const paired = await request.post('/api/centre/v1/pair', { data: { code, name } });
  expect(paired.ok(), await paired.text()).toBe(true);
  const replay = await request.post('/api/centre/v1/pair', { data: { code, name: `${name} again` } });
  expect(replay.status()).toBe(400);
  expect((await replay.json()).body.code).toBe('CENTRE_PAIRING_CODE_INVALID');

  await page.reload();
  await settled(page);
  const row = page.getByRole('table', { name: 'Paired exam centres' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(SCHOOL);
  await expect(row).toContainText('None yet');

  // An invigilator code for the school's scheduled weekly test at this centre, said to be issued before staging.
  await expect(page.getByText(/Issue invigilator codes before the centre stages the exam/)).toBeVisible();
  await chooseByKeyboard(page, page.getByRole('combobox', { name: /Centre/ }), new RegExp(`^${name} \\(`));
  await chooseByKeyboard(page, page.getByRole('combobox', { name: /Exam/ }), /Weekly Test \d+ — opens/);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Issue invigilator code' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Invigilator code' })).toHaveValue(CODE);
  await expect(page.getByRole('status').filter({ hasText: 'Invigilator code for' })).toContainText(`at ${name}. It is shown only now`);
  // The list counts it against the exam.
  await expect(page.getByRole('combobox', { name: /Exam/ })).toContainText('(1 code issued)');
});

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const language of ['en', 'tn'] as const) {
    test(`the Exam Centres screen passes axe, ${viewportName}, ${language}`, async ({ page }) => {
      test.setTimeout(120_000);
      test.info().annotations.push({ type: 'viewport', description: viewportName });
      await page.setViewportSize(viewport);
      await useLanguage(page, language as Language);
      await signInAs(page, 'clientadmin');
      await page.goto('/centres');
      await settled(page);
      const found: string[] = [];
      const check = async (state: string) => {
        found.push(...(await axeViolations(page, state)));
        if (language === 'tn') {
          found.push(...(await englishInTamil(page, state)));
          found.push(...(await tamilGlyphsNotInNotoSansTamil(page, state, ['main h1', 'main h2', 'main button'], false)));
        }
      };
      await check('/centres');
      // With a code on screen.
      await chooseByKeyboard(page, page.locator('main [role="combobox"]').first(), new RegExp(SCHOOL));
      await page.locator('main form button[type="submit"]').first().click();
      await expect(page.getByRole('status').getByRole('textbox')).toHaveValue(CODE);
      await check('/centres with a pairing code');
      expect(found).toEqual([]);
    });
  }
}
