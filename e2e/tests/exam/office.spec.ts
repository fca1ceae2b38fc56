import { expect, test, type Locator, type Page } from '@playwright/test';
import { examLocales } from '../../../apps/web/src/features/exam/locales';
import { officeLocales } from '../../../apps/web/src/features/office/locales';
import { axeViolations, createStudent, STUDENT_PASSWORD, useLanguage, VIEWPORTS, type Language } from '../../support/a11y';

/*
 * The office question screen against the real server and evaluator: the spreadsheet question of
 * the demo practice set "writing, programming and office files" (Sheet1 holds five marks in A2:A6;
 * A7 must total them with a formula). Each test signs up its own student, so the demo student's
 * attempts stay as the other specs expect them.
 */

const TOPIC = /Biology: The cell/;
const TASK = 'Practice set: writing, programming and office files';

async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page).toHaveURL(/\/academy\/courses$/);
}

/** Courses → the course → the cell topic → the practice set → Start: question 1 of the player. */
async function openPracticeSet(page: Page, language: Language) {
  await page.locator('a[href^="/academy/courses/topic/"]').first().click();
  await page.locator('a[href*="/academy/courses/topic/"]').filter({ hasText: TOPIC }).click();
  await page.locator('li', { hasText: TASK }).locator('a[href^="/instruction/practice/"]').click();
  await page.getByRole('button', { name: examLocales[language].instruction.start }).click();
  await expect(page.getByTestId('question')).toBeVisible();
}

/** Practice moves on with Next (which reveals the answer) then Submit, until question `number`. */
async function goToQuestion(page: Page, language: Language, number: number) {
  const texts = examLocales[language].footer;
  const heading = page.getByTestId('question-number');
  const footer = page.locator('footer');
  for (;;) {
    const current = Number(/\d+/.exec((await heading.textContent()) ?? '')?.[0]);
    if (current >= number) return;
    await footer.getByRole('button', { name: texts.next, exact: true }).click();
    await footer.getByRole('button', { name: texts.submit, exact: true }).click();
    await expect(heading).not.toHaveText(new RegExp(`\\b${current}\\b`));
  }
}

/** Selects a cell of column A by keyboard: a click on A1, then the arrow keys (the grid is a canvas). */
async function selectCellA(page: Page, sheet: Locator, row: number) {
  await sheet.locator('.fortune-cell-area').click({ position: { x: 30, y: 8 } });
  await expect(sheet.locator('.fortune-name-box')).toHaveText('A1');
  for (let i = 1; i < row; i += 1) await page.keyboard.press('ArrowDown');
  await expect(sheet.locator('.fortune-name-box')).toHaveText(`A${row}`);
}

async function typeInCell(page: Page, sheet: Locator, row: number, text: string) {
  await selectCellA(page, sheet, row);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function evaluate(page: Page, panel: Locator) {
  await panel.getByRole('tab', { name: 'Evaluate' }).click();
  await panel.getByRole('button', { name: 'Evaluate', exact: true }).click();
  const overlay = page.getByTestId('office-processing');
  await expect(overlay).toContainText('Processing your file');
  await expect(overlay.getByTestId('office-countdown')).toHaveText(/Evaluating… 1[0-5] s/);
  const result = page.getByRole('dialog', { name: 'RESULT' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(overlay).toHaveCount(0);
  return result;
}

test('spreadsheet question: fill cells in the browser, evaluate, fix a cell, evaluate again for full marks', async ({ page, request }) => {
  test.setTimeout(240_000);
  const spreadsheetChunks: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/spreadsheet-editor-[^/]+\.js$/.test(req.url())) spreadsheetChunks.push(req.url());
  });
  const email = await createStudent(request, 'office');
  await signInAs(page, email, STUDENT_PASSWORD);
  await openPracticeSet(page, 'en');
  await goToQuestion(page, 'en', 3);
  await expect(page.getByTestId('question')).toContainText('Use a formula in A7 to calculate the total.');

  const panel = page.getByTestId('office-panel');
  // No solution while the question is open.
  await expect(panel.getByRole('tablist', { name: 'Work on the file' }).getByRole('tab')).toHaveText(['Editor', 'Evaluate']);
  const sheet = panel.getByRole('region', { name: 'Spreadsheet: your working copy' });
  await expect(sheet).toBeVisible({ timeout: 60_000 });
  // The spreadsheet engine came with this question, not with the player.
  expect(spreadsheetChunks).toHaveLength(1);
  const found = await axeViolations(page, 'office: spreadsheet question');

  // A7 with a formula that forgets A6 and SUM: the total is wrong.
  await typeInCell(page, sheet, 7, '=A2+A3+A4+A5');
  await expect(panel.getByTestId('office-save-status')).toHaveText('All changes saved', { timeout: 20_000 });

  let result = await evaluate(page, panel);
  const percentage = result.getByTestId('office-percentage');
  await expect(percentage).toHaveText(/^\d{1,2}\.\d{2}%$/);
  await expect(percentage).toHaveAttribute('data-colour', /red|orange/);
  await expect(result.getByRole('list', { name: 'Not matched' }).getByRole('listitem')).not.toHaveCount(0);
  await expect(result.getByRole('list', { name: 'Not matched' })).toContainText('A7');
  await expect(result).not.toContainText('Congrats, you scored full marks.');
  found.push(...(await axeViolations(page, 'office: RESULT popup')));
  await result.getByRole('button', { name: 'OK' }).click();
  await expect(result).toBeHidden();
  await expect(panel.getByTestId('office-last-result')).toContainText('Percentage matched:');

  // Fix A7, evaluate again: full marks, in green.
  await panel.getByRole('tab', { name: 'Editor' }).click();
  await typeInCell(page, sheet, 7, '=SUM(A2:A6)');
  await expect(panel.getByTestId('office-save-status')).toHaveText('All changes saved', { timeout: 20_000 });
  result = await evaluate(page, panel);
  await expect(result.getByTestId('office-percentage')).toHaveText('100.00%');
  await expect(result.getByTestId('office-percentage')).toHaveAttribute('data-colour', 'green');
  await expect(result.getByText('Congrats, you scored full marks.')).toBeVisible();
  await expect(result.getByRole('list')).toHaveCount(0);
  await result.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');

  // A reload goes on from the last save: the formula is in A7.
  await page.reload();
  await expect(page.getByTestId('question-number')).toContainText('Question 3 of');
  await expect(sheet).toBeVisible({ timeout: 60_000 });
  await selectCellA(page, sheet, 7);
  await expect(sheet.locator('.fortune-fx-input')).toHaveText('=SUM(A2:A6)');
  await expect(page.getByTestId('office-last-result')).toContainText('100.00%');

  // Practice: Next reveals the answer, which closes the copy and opens the solution (a read-only
  // sheet and its file).
  await page.locator('footer').getByRole('button', { name: 'Next', exact: true }).click();
  await expect(sheet).toBeVisible({ timeout: 60_000 });
  await panel.getByRole('tab', { name: 'Evaluate' }).click();
  await expect(panel.getByRole('button', { name: 'Evaluate', exact: true })).toBeDisabled();
  await panel.getByRole('tab', { name: 'Solution' }).click();
  await expect(panel.getByTestId('office-solution').getByRole('region', { name: 'Solution' })).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download the solution file' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // End the practice set: nothing is left open.
  await page.locator('footer').getByRole('button', { name: 'End test' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: TASK }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/academy\/courses$/);
  expect(found).toEqual([]);
});

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`office screen, ${viewportName}`, () => {
    test.use({ viewport });

    test('Question drawer, keyboard and axe, in Tamil and English', async ({ page, request }) => {
      test.setTimeout(240_000);
      const found: string[] = [];
      await useLanguage(page, 'tn');
      const email = await createStudent(request, `office-${viewportName}`);
      await signInAs(page, email, STUDENT_PASSWORD);
      await openPracticeSet(page, 'tn');
      const tn = officeLocales.tn;
      const panel = page.getByTestId('office-panel');

      // The spreadsheet question: FortuneSheet's toolbar in Tamil, and the evaluated rubric in Tamil.
      await goToQuestion(page, 'tn', 3);
      const sheet = panel.getByRole('region', { name: tn.sheet.label });
      await expect(sheet).toBeVisible({ timeout: 60_000 });
      const toolbar = sheet.getByRole('toolbar', { name: 'கருவிப்பட்டை' });
      await expect(toolbar.getByRole('button', { name: 'செயல்தவிர்' })).toBeVisible();
      await expect(toolbar.getByRole('button', { name: 'மீண்டும் செய்' })).toBeVisible();
      // (A phone's narrow toolbar folds the later items away; the web test checks each one.)
      await expect(toolbar.getByRole('button', { name: /^(Undo|Redo|Bold)/ })).toHaveCount(0);
      found.push(...(await axeViolations(page, 'office: spreadsheet question (tn)')));
      // The start file as it is: A7 has no formula yet.
      await panel.getByRole('tab', { name: tn.tabs.evaluate }).click();
      await panel.getByRole('button', { name: tn.evaluate.button, exact: true }).click();
      const result = page.getByRole('dialog', { name: tn.result.title });
      await expect(result).toBeVisible({ timeout: 60_000 });
      const unmatched = result.getByRole('list', { name: tn.result.unmatched });
      await expect(unmatched).toContainText('A7 சூத்திரம்');
      await expect(unmatched).not.toContainText('formula');
      found.push(...(await axeViolations(page, 'office: RESULT popup (tn)')));
      await result.getByRole('button', { name: tn.result.ok }).click();
      await expect(result).toBeHidden();

      // A document question: download and upload, in Tamil.
      await goToQuestion(page, 'tn', 4);
      await expect(panel.getByRole('button', { name: `உங்கள் ${tn.kinds.docx} கோப்பைப் பதிவிறக்கு` })).toBeVisible();
      found.push(...(await axeViolations(page, 'office: document question (tn)')));

      // The Question button by keyboard: the drawer (650 px, or the whole width on a phone) with the question and its Help.
      const questionButton = panel.getByRole('button', { name: tn.question.open, exact: true });
      await questionButton.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: tn.question.title });
      await expect(drawer).toBeVisible();
      const width = (await page.getByTestId('office-question-drawer').boundingBox())!.width;
      expect(width).toBeCloseTo(viewport.width < 650 ? viewport.width : 650, 0);
      const help = drawer.getByRole('button', { name: tn.question.help });
      await help.focus();
      await page.keyboard.press('Enter');
      await expect(help).toHaveAttribute('aria-expanded', 'true');
      // The Tamil text of this question has no instructions of its own: the kind's general help.
      await expect(drawer.getByTestId('office-help')).toHaveText(tn.question.helpDocx);
      found.push(...(await axeViolations(page, 'office: question drawer (tn)')));
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(questionButton).toBeFocused();

      // A refused upload shows the server's reason (here: not a Word document).
      await page.getByTestId('office-upload-input').setInputFiles({ name: 'notes.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('not a zip at all') });
      // (The server's message, in Tamil: the file is damaged, or not a Word document.)
      await expect(panel.getByTestId('office-file-notice')).toContainText('கோப்பு');

      // The Evaluate tab, reached with the arrow keys.
      await panel.getByRole('tab', { name: tn.tabs.editor }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(panel.getByRole('tab', { name: tn.tabs.evaluate })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('button', { name: tn.evaluate.button, exact: true })).toBeVisible();
      found.push(...(await axeViolations(page, 'office: evaluate tab (tn)')));
      expect(found).toEqual([]);
    });
  });
}
