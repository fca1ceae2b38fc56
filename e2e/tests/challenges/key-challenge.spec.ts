import { expect, test } from '@playwright/test';
import { axeViolations, englishInTamil, useLanguage, VIEWPORTS } from '../../support/a11y';
import { openUnitTestReport, signInTo } from '../../support/challenges';

// A roster student with the demo term of unit tests behind them (seed-demo-attempts), whose
// answers are released; no other journey signs in as them. The teacher keeps the key, so no
// score of the shared demo changes.
const STUDENT = 'sunrise.s131';
const TEACHER = 'teacher';


test('a student challenges a released key and asks in the question’s thread; a teacher answers, pins it and keeps the key, by keyboard, in English and Tamil at 1280 and 390 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(540_000);
  const found: string[] = [];
  const stamp = Date.now();
  const reason = `Option C fits the data better (${stamp})`;
  const question = `Why is option B right here? (${stamp})`;
  const answer = `Because the units cancel only for B (${stamp})`;
  const own = [/\(\d+\)/];

  // The student opens a released feedback report.
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInTo(page, STUDENT);
  const taskId = await openUnitTestReport(page);

  // Challenge the key of question 1, by keyboard from the reason to the button.
  await page.getByRole('button', { name: 'Challenge key (question 1)', exact: true }).click();
  const challenge = page.getByRole('dialog', { name: 'Question 1: challenge the key' });
  const reasonField = challenge.getByRole('textbox', { name: 'Why is the key wrong?' });
  await reasonField.fill(reason);
  await reasonField.press('Tab');
  // The optional picture comes between the reason and the button.
  await expect(challenge.getByLabel('Picture (optional)')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(challenge.getByRole('button', { name: 'Send challenge' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(challenge.getByTestId('my-challenge')).toContainText('Waiting for the teachers');
  await expect(challenge.getByRole('button', { name: 'Send challenge' })).toHaveCount(0);
  found.push(...(await axeViolations(page, 'challenge dialog, 1280 px')));
  await page.keyboard.press('Escape');
  await expect(challenge).toBeHidden();

  // Ask in the question's thread.
  await page.getByRole('button', { name: 'Discuss (question 1)', exact: true }).click();
  const thread = page.getByRole('dialog', { name: 'Question 1: discussion' });
  await thread.getByRole('textbox', { name: 'Your question or answer' }).fill(question);
  await thread.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(thread.getByTestId('thread-post').filter({ hasText: question })).toBeVisible();
  found.push(...(await axeViolations(page, 'discussion, 1280 px')));
  await thread.getByRole('button', { name: 'Close' }).click();
  await expect(thread).toBeHidden();
  // On a phone (the page loaded at that width): both dialogs.
  await page.setViewportSize(VIEWPORTS.phone);
  await page.reload();
  await page.getByRole('button', { name: 'Discuss (question 1)', exact: true }).click();
  await expect(thread.getByTestId('thread-post').filter({ hasText: question })).toBeVisible();
  found.push(...(await axeViolations(page, 'discussion, 390 px')));
  await page.keyboard.press('Escape');
  await expect(thread).toBeHidden();
  await page.getByRole('button', { name: 'Challenge key (question 1)', exact: true }).click();
  await expect(challenge.getByTestId('my-challenge')).toBeVisible();
  found.push(...(await axeViolations(page, 'challenge dialog, 390 px')));
  await page.keyboard.press('Escape');

  // The teacher finds it beside the item statistics, answers, pins the answer and keeps the key.
  const staffContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const staff = await staffContext.newPage();
  await signInTo(staff, TEACHER);
  await staff.goto(`/examReport?test=${taskId}&view=challenges`);
  await expect(staff.getByRole('tab', { name: 'Key challenges', selected: true })).toBeVisible({ timeout: 30_000 });
  const card = staff.getByTestId('challenged-question').filter({ hasText: reason });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(/Attempts \d+ · facility/);
  await card.getByRole('button', { name: 'Discussion' }).click();
  const staffThread = staff.getByRole('dialog', { name: /: discussion$/ });
  await expect(staffThread.getByTestId('thread-post').filter({ hasText: question })).toBeVisible();
  await staffThread.getByRole('textbox', { name: 'Your question or answer' }).fill(answer);
  await staffThread.getByRole('button', { name: 'Post', exact: true }).click();
  const answerPost = staffThread.getByTestId('thread-post').filter({ hasText: answer });
  await answerPost.getByRole('button', { name: 'Pin as verified explanation' }).click();
  await expect(answerPost.getByText('Verified explanation', { exact: true })).toBeVisible();
  found.push(...(await axeViolations(staff, 'staff discussion, 1280 px')));
  await staffThread.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('radio', { name: 'Keep the key' })).toBeChecked();
  const note = card.getByRole('textbox', { name: 'Note to the challengers' });
  await note.fill(`B is right: see the pinned explanation (${stamp})`);
  await note.press('Tab');
  await expect(card.getByRole('button', { name: 'Record decision' })).toBeFocused();
  await staff.keyboard.press('Enter');
  await expect(staff.getByText('Decision recorded').first()).toBeVisible();
  await expect(card.getByText('Key kept')).toBeVisible();
  found.push(...(await axeViolations(staff, 'key challenges, 1280 px')));
  await staff.setViewportSize(VIEWPORTS.phone);
  found.push(...(await axeViolations(staff, 'key challenges, 390 px')));
  await useLanguage(staff, 'tn');
  await staff.reload();
  await expect(staff.getByRole('tab', { name: 'விடை ஆட்சேபனைகள்', selected: true })).toBeVisible({ timeout: 30_000 });
  await expect(staff.getByTestId('challenged-question').filter({ hasText: reason })).toBeVisible();
  found.push(...(await axeViolations(staff, 'key challenges in Tamil, 390 px')));
  found.push(...(await englishInTamil(staff, 'key challenges in Tamil, 390 px', own)));
  await staff.setViewportSize(VIEWPORTS.desktop);
  found.push(...(await axeViolations(staff, 'key challenges in Tamil, 1280 px')));
  await staffContext.close();

  // The student reads the decision and the pinned explanation, in Tamil.
  await useLanguage(page, 'tn');
  await page.reload();
  await page.getByRole('button', { name: 'விடையை ஆட்சேபி (கேள்வி 1)', exact: true }).click();
  const challengeTn = page.getByRole('dialog', { name: 'கேள்வி 1: விடையை ஆட்சேபி' });
  await expect(challengeTn.getByTestId('my-challenge')).toContainText('விடை மாற்றப்படவில்லை');
  found.push(...(await axeViolations(page, 'challenge dialog in Tamil, 390 px')));
  found.push(...(await englishInTamil(page, 'challenge dialog in Tamil, 390 px', own)));
  await page.keyboard.press('Escape');
  await expect(challengeTn).toBeHidden();
  await page.getByRole('button', { name: 'கலந்துரையாடு (கேள்வி 1)', exact: true }).click();
  const threadTn = page.getByRole('dialog', { name: 'கேள்வி 1: கலந்துரையாடல்' });
  await expect(threadTn.getByTestId('thread-post').first()).toContainText(answer);
  await expect(threadTn.getByTestId('thread-post').first()).toContainText('சரிபார்த்த விளக்கம்');
  found.push(...(await axeViolations(page, 'discussion in Tamil, 390 px')));
  await page.keyboard.press('Escape');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.reload();
  await page.getByRole('button', { name: 'கலந்துரையாடு (கேள்வி 1)', exact: true }).click();
  await expect(threadTn.getByTestId('thread-post').first()).toContainText(answer);
  found.push(...(await axeViolations(page, 'discussion in Tamil, 1280 px')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'விடையை ஆட்சேபி (கேள்வி 1)', exact: true }).click();
  await expect(challengeTn.getByTestId('my-challenge')).toBeVisible();
  found.push(...(await axeViolations(page, 'challenge dialog in Tamil, 1280 px')));
  expect(found).toEqual([]);
});
