import { expect, test, type Browser, type Page } from '@playwright/test';
import { openTest } from '../../support/exam';
import { signIn } from '../../support/login';
import { typeDate } from '../../support/date-field';

/** A local date-time as the date-time fields' value: YYYY-MM-DDTHH:mm. */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  return page;
}

test('a teacher imports questions, builds a two-section test, schedules it for a class; that class takes it, another class never sees it', async ({ browser }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const testName = `Class mock ${run}`;
  const header = 'kind,title_en,statement_en,option_a_en,option_b_en,option_c_en,option_d_en,correct,marks,negative_marks,difficulty';
  const rows = [
    `singleChoice,Kinetic energy ${run},A 2 kg body moves at 3 m/s (${run}). Its kinetic energy is,3 J,6 J,9 J,18 J,C,4,1,easy`,
    `singleChoice,Enzyme ${run},Which enzyme fixes carbon dioxide in the Calvin cycle (${run})?,RuBisCO,Amylase,Pepsin,Lipase,A,4,1,easy`,
  ];

  // 1. The teacher imports two questions into the bank.
  const teacher = await signedIn(browser, 'teacher');
  await teacher.goto('/questionbank');
  await teacher.getByRole('button', { name: 'Import' }).click();
  await teacher.getByTestId('import-file').setInputFiles({ name: 'mock.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await teacher.getByRole('button', { name: 'Check the file' }).click();
  await expect(teacher.getByRole('status').first()).toContainText('2 questions, 2 valid, 0 with errors');
  await teacher.getByRole('button', { name: 'Import 2 questions' }).click();
  await expect(teacher.getByText('2 questions imported.')).toBeVisible();

  // 2. A graded test with two sections, one imported question each, published.
  await teacher.goto('/testconfig');
  await teacher.getByRole('button', { name: 'New test', exact: true }).click();
  const create = teacher.getByRole('dialog', { name: 'New test' });
  await create.getByRole('textbox', { name: 'Test name' }).fill(testName);
  await create.getByRole('combobox', { name: 'Course' }).click();
  await teacher.getByRole('option', { name: 'NEET Complete Preparation' }).click();
  await create.getByRole('combobox', { name: 'Topic' }).click();
  await teacher.getByRole('option', { name: 'Mock tests' }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(teacher).toHaveURL(/\/testconfig\?test=\d+$/);
  // Focus goes to the new test's heading, not to the page's body (a keyboard user would start again from the top).
  await expect(teacher.getByRole('heading', { level: 1, name: new RegExp(testName) })).toBeFocused();
  for (const [index, subject, search] of [
    [1, 'Physics', `Kinetic energy ${run}`],
    [2, 'Botany', `Enzyme ${run}`],
  ] as const) {
    await teacher.getByRole('button', { name: 'Add section' }).click();
    await teacher.getByRole('region', { name: `Section ${index}: Section ${index}` }).getByRole('textbox', { name: 'Section name (English)' }).fill(subject);
    const section = teacher.getByRole('region', { name: `Section ${index}: ${subject}` });
    await section.getByRole('button', { name: 'Add questions' }).click();
    const picker = teacher.getByRole('dialog', { name: 'Add questions from the bank' });
    await picker.getByRole('searchbox', { name: 'Search the question bank' }).fill(run);
    await picker.getByRole('button', { name: new RegExp(`^Add: .*${search.split(' ')[0]}`) }).first().click();
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByRole('listitem')).toHaveCount(1);
  }
  await teacher.getByRole('button', { name: 'Save sections' }).focus();
  await teacher.keyboard.press('Enter');
  await expect(teacher.getByText('This test can be published.')).toBeVisible();
  await expect(teacher.getByRole('button', { name: 'Save sections' })).toBeFocused();
  await teacher.getByRole('button', { name: 'Publish' }).focus();
  await teacher.keyboard.press('Enter');
  await expect(teacher.getByText('Published', { exact: true })).toBeVisible();
  // The same button, now "Back to draft", keeps focus while and after the server answers.
  await expect(teacher.getByRole('button', { name: 'Back to draft' })).toBeFocused();

  // 3. Scheduled for class 12 of Sunrise Academy, open now.
  await teacher.goto('/testschedule');
  await teacher.getByRole('button', { name: 'Schedule a test' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Schedule a test' });
  await dialog.getByRole('combobox', { name: /Course/ }).click();
  await teacher.getByRole('option', { name: 'NEET Complete Preparation' }).click();
  await dialog.getByRole('combobox', { name: /^Test/ }).click();
  await teacher.getByRole('option', { name: testName }).click();
  await dialog.getByRole('combobox', { name: /^Class/ }).click();
  await teacher.getByRole('option', { name: '12' }).click();
  await typeDate(dialog.getByRole('group', { name: /Opens at/ }), localInput(new Date(Date.now() - 60 * 60_000)));
  await typeDate(dialog.getByRole('group', { name: /Closes at/ }), localInput(new Date(Date.now() + 24 * 60 * 60_000)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(teacher.getByText('Schedule saved')).toBeVisible();

  // 4. A student of class 12 takes it: both sections, then the result. (A demo student with no
  // other test in progress: one graded test runs at a time.)
  const student = await signedIn(browser, 'ganesh');
  await openTest(student, 'Mock tests', testName);
  await student.getByRole('dialog', { name: 'Change System Settings' }).getByRole('button', { name: 'Close' }).click();
  await expect(student.getByRole('tab', { name: /Physics/ })).toBeVisible();
  await student.getByLabel('9 J').check();
  await expect(student.getByTestId('save-status')).toHaveText('All answers saved');
  await student.getByRole('tab', { name: /Botany/ }).click();
  await student.getByLabel('RuBisCO').check();
  await expect(student.getByTestId('save-status')).toHaveText('All answers saved');
  await student.getByRole('button', { name: 'End test' }).click();
  await student.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  await expect(student.getByRole('dialog', { name: testName }).getByTestId('result-score')).toContainText('8 / 8');

  // 5. A student of class 11 of the same institute never sees it.
  const other = await signedIn(browser, 'schoolstudent11');
  await other.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
  await other.getByRole('link', { name: /NEET Complete Preparation/ }).first().click();
  await other.getByRole('link', { name: /Mock tests/ }).click();
  await expect(other.getByText('NEET Mock Test 1')).toBeVisible();
  await expect(other.getByText(testName)).toHaveCount(0);

  // The window is removed again, so that later journeys find the demo calendar as seeded.
  await teacher.reload();
  await teacher.getByRole('button', { name: new RegExp(`^Delete: ${testName}`) }).click();
  await teacher.getByRole('dialog', { name: 'Remove this entry?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(teacher.getByText('Schedule entry removed')).toBeVisible();
});
