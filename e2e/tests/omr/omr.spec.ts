import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { VIEWPORTS, axeViolations } from '../../support/a11y';
import { signIn } from '../../support/login';
import { phonePhoto, readPrintedSheets, rosterUsername, scannedBatch } from '../../support/omr';

// A graded demo test no other journey ranks students on, and two roster students (sunrise.sNNN)
// of class 12 that no other journey signs in as.
const TEST = 'Quick Check: timed sections';
const PRACTICE = 'Practice set: motion and circuits';

test.use({ viewport: VIEWPORTS.phone });

async function download(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return fs.readFile((await file.path())!);
}

test('a teacher prints sheets for a class, uploads the scanned batch, corrects a flagged bubble and publishes; the student sees the result', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  await page.goto('/login');
  await signIn(page, 'teacher');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/omrPdfUpload');

  await page.getByRole('combobox', { name: /Test/ }).click();
  await page.getByRole('option', { name: new RegExp(`— ${TEST}$`) }).click();
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  const printed = await readPrintedSheets(await download(page, 'Download sheets (PDF)'));
  const roster = printed.students.filter((s) => rosterUsername(s.name));
  expect(roster.length).toBeGreaterThan(10);
  // Two students near the end of the class list: one sheet clean, one with a faint mark on question 1.
  const [clean, faint] = roster.slice(-2) as [(typeof roster)[number], (typeof roster)[number]];
  const allB = Array.from({ length: printed.questionCount }, () => ({ option: 1, kind: 'clear' as const }));
  const batch = await scannedBatch(printed.testId, printed.questionCount, [
    { rollNumber: clean.rollNumber, plan: allB },
    { rollNumber: faint.rollNumber, plan: [{ option: 1, kind: 'faint' }, ...allB.slice(1)] },
  ]);

  await page.getByLabel('Scanned file').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: batch });
  await page.getByRole('button', { name: 'Upload and read' }).click();
  const table = page.getByRole('table', { name: '3. Review and publish' });
  const cleanRow = table.getByRole('row').filter({ hasText: clean.name });
  const faintRow = table.getByRole('row').filter({ hasText: faint.name });
  await expect(cleanRow).toContainText('Ready', { timeout: 60_000 });
  await expect(faintRow).toContainText('To check');
  found.push(...(await axeViolations(page, 'review list')));

  // The flagged bubble, as a crop of the paper; the teacher decides with the keyboard: B.
  await faintRow.getByRole('button', { name: /^Open sheet/ }).click();
  await expect(page.getByRole('img', { name: 'Question 1 as marked on the sheet' })).toBeVisible();
  const choices = page.getByRole('radiogroup', { name: 'Question 1 (read as None)' });
  await choices.getByRole('radio', { name: 'None' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(choices.getByRole('radio', { name: 'B' })).toBeChecked();
  await page.getByRole('button', { name: 'Confirm answers' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Answers saved.')).toBeVisible();
  await expect(faintRow).toContainText('Ready');
  found.push(...(await axeViolations(page, 'flagged bubble')));

  await page.getByRole('button', { name: 'Publish results' }).click();
  await expect(page.getByText(/Published: 2 new, 0 updated/)).toBeVisible();
  await expect(cleanRow).toContainText('Published');
  await expect(faintRow).toContainText('Published');
  // Publishing again counts nothing twice.
  await page.getByRole('button', { name: 'Publish results' }).click();
  await expect(page.getByText(/Published: 0 new, 0 updated, 2 unchanged/)).toBeVisible();

  // The student of the corrected sheet finds the paper test among their results, with a rank.
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const student = await context.newPage();
  await student.goto('/login');
  await signIn(student, rosterUsername(faint.name)!);
  await expect(student).toHaveURL(/\/academy\/courses$/);
  await student.goto('/report');
  const result = student.getByRole('link', { name: new RegExp(TEST) });
  await expect(result).toContainText(/\d+(\.\d+)? \/ \d+/);
  await result.click();
  await expect(student.getByTestId('report-stats')).toContainText('Rank');
  await context.close();
  expect(found).toEqual([]);
});

test('a student photographs their own practice sheet, sees what was read and has it marked', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  await page.goto('/login');
  await signIn(page, 'schoolstudent');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: 'OK' }).click();
  await page.goto('/omrPdfUpload');
  await expect(page.getByRole('heading', { name: 'OMR Upload' })).toBeVisible();

  await page.getByRole('combobox', { name: /Test/ }).click();
  await page.getByRole('option', { name: new RegExp(`— ${PRACTICE} \\(practice\\)$`) }).click();
  const printed = await readPrintedSheets(await download(page, 'Print my answer sheet (PDF)'));
  const mine = printed.students[0]!;
  // Questions of other kinds have no bubbles: the first two choice questions carry the checks.
  const [first, second] = Array.from({ length: printed.questionCount }, (_, q) => q).filter((q) => !printed.online.includes(q + 1));
  const plan = Array.from({ length: printed.questionCount }, (_, q) => (q === first ? { option: 2, kind: 'faint' as const } : { option: q % 4, kind: 'clear' as const }));
  const photo = await phonePhoto(printed.testId, printed.questionCount, mine.rollNumber, plan);

  await page.getByLabel('Photo or scan of your sheet').setInputFiles({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Read my sheet' }).click();
  const answers = page.getByRole('list', { name: 'Your answers' });
  await expect(answers.getByRole('listitem')).toHaveCount(printed.questionCount, { timeout: 30_000 });
  await expect(answers.getByRole('listitem').nth(first!)).toContainText('unclear');
  await expect(answers.getByRole('listitem').nth(second!)).toHaveText(`Q${second! + 1}: ${'ABCD'[second! % 4]}`);
  found.push(...(await axeViolations(page, 'student sheet read')));

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/Marked: you scored -?\d+(\.\d+)? of \d+/)).toBeVisible();
  found.push(...(await axeViolations(page, 'student sheet marked')));
  await page.getByRole('link', { name: 'Open the feedback report' }).click();
  await expect(page).toHaveURL(/\/report\?courseId=\d+&taskId=\d+&attemptId=/);
  await expect(page.getByTestId('report-stats')).toBeVisible();
  expect(found).toEqual([]);
});

test('a student submits their own sheet of a paper test; the teacher’s scan of it wins and the review shows where they differ', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const PAPER = 'Quick Check: one-minute sections';
  await page.goto('/login');
  await signIn(page, 'schoolstudent');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: 'OK' }).click();
  await page.goto('/omrPdfUpload');
  await page.getByRole('combobox', { name: /Test/ }).click();
  await page.getByRole('option', { name: new RegExp(`— ${PAPER}$`) }).click();
  await expect(page.getByText(/if the two differ, the teacher’s scan counts/)).toBeVisible();

  // The teacher prints the class's sheets; the student photographs theirs (all B), the teacher scans it (question 1 read as C).
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const teacher = await context.newPage();
  await teacher.goto('/login');
  await signIn(teacher, 'schoolteacher');
  await expect(teacher).toHaveURL(/\/academy\/courses$/);
  await teacher.goto('/omrPdfUpload');
  await teacher.getByRole('combobox', { name: /Test/ }).click();
  await teacher.getByRole('option', { name: new RegExp(`— ${PAPER}$`) }).click();
  await teacher.getByRole('combobox', { name: 'Class' }).click();
  await teacher.getByRole('option', { name: '11', exact: true }).click();
  const printed = await readPrintedSheets(await download(teacher, 'Download sheets (PDF)'));
  const arun = printed.students.find((s) => s.name === 'Arun Kumar')!;
  const allB = Array.from({ length: printed.questionCount }, () => ({ option: 1, kind: 'clear' as const }));

  await page.getByLabel('Photo or scan of your sheet').setInputFiles({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(printed.testId, printed.questionCount, arun.rollNumber, allB) });
  await page.getByRole('button', { name: 'Read my sheet' }).click();
  await expect(page.getByRole('list', { name: 'Your answers' }).getByRole('listitem').first()).toHaveText('Q1: B', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Sent to your teacher.')).toBeVisible();

  const table = teacher.getByRole('table', { name: '3. Review and publish' });
  await teacher.reload();
  await teacher.getByRole('combobox', { name: /Test/ }).click();
  await teacher.getByRole('option', { name: new RegExp(`— ${PAPER}$`) }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Student’s upload' })).toContainText('Arun Kumar');
  const scan = await scannedBatch(printed.testId, printed.questionCount, [{ rollNumber: arun.rollNumber, plan: [{ option: 2, kind: 'clear' }, ...allB.slice(1)] }]);
  await teacher.getByLabel('Scanned file').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: scan });
  await teacher.getByRole('button', { name: 'Upload and read' }).click();
  const scanRow = table.getByRole('row').filter({ hasText: 'Scan, page 1' });
  await expect(scanRow).toContainText('Ready', { timeout: 60_000 });
  await expect(table.getByRole('row').filter({ hasText: 'Student’s upload' })).toContainText('Replaced');
  await scanRow.getByRole('button', { name: /^Open sheet/ }).click();
  const differs = teacher.getByRole('table', { name: 'Student’s own upload' });
  await expect(differs.getByRole('row')).toHaveCount(2);
  await expect(differs.getByRole('row').nth(1)).toHaveText('1CB');
  await teacher.getByRole('button', { name: 'Publish results' }).click();
  await expect(teacher.getByText(/Published: 1 new, 0 updated, 0 unchanged/)).toBeVisible();
  await context.close();
});
