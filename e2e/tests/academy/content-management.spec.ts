import { expect, test } from '@playwright/test';
import { signIn } from '../../support/login';

test('a teacher writes a lesson with a formula, publishes it, and the student sees the formula rendered', async ({ page, browser }) => {
  const course = `Kinematics ${Date.now()}`;
  await page.goto('/login');
  await signIn(page, 'teacher');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await expect(page.getByRole('heading', { name: 'Content Management' })).toBeVisible();

  // A course, published; a topic; a lesson whose text holds a formula, published.
  await page.getByRole('button', { name: 'New course' }).click();
  const courseDialog = page.getByRole('dialog', { name: 'New course' });
  await courseDialog.getByLabel('Course name').fill(course);
  await courseDialog.getByLabel(/^Published/).check();
  await courseDialog.getByRole('button', { name: 'Save' }).click();
  await expect(courseDialog).toBeHidden();
  await page.getByRole('link', { name: course }).click();
  await expect(page).toHaveURL(/\/academy\/courses\?course=\d+$/);

  await page.getByRole('button', { name: 'New topic' }).click();
  const topicDialog = page.getByRole('dialog', { name: 'New topic' });
  await topicDialog.getByLabel('Topic name').fill('Motion in a straight line');
  await topicDialog.getByLabel('Description').fill('Distance, displacement and');
  // A stray Escape half-way through the description asks instead of dropping it; Keep editing is the default.
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(topicDialog.getByLabel('Description')).toHaveValue('Distance, displacement and');
  await topicDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Motion in a straight line' })).toBeVisible();

  await page.getByRole('button', { name: 'New lesson: Motion in a straight line' }).click();
  const lessonDialog = page.getByRole('dialog', { name: 'New lesson' });
  await lessonDialog.getByLabel('Name').fill('Equations of motion');
  const editor = lessonDialog.getByRole('textbox', { name: 'Lesson text' });
  await editor.click();
  await page.keyboard.type('The first equation: ');
  await lessonDialog.getByRole('button', { name: 'Insert formula' }).click();
  const formulaDialog = page.getByRole('dialog', { name: 'Insert formula' });
  await formulaDialog.getByLabel(/Formula \(TeX/).fill('v = u + at');
  await expect(formulaDialog.locator('.katex')).toBeVisible();
  await formulaDialog.getByRole('button', { name: 'Insert' }).click();
  await expect(editor).toContainText('$v = u + at$');
  await lessonDialog.getByLabel(/^Published/).check();
  await lessonDialog.getByRole('button', { name: 'Save' }).click();
  await expect(lessonDialog).toBeHidden();
  await expect(page.getByText('Equations of motion')).toBeVisible();

  // The student, in their own session, opens the lesson and sees the formula typeset.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await student.goto('/login');
  await signIn(student, 'student');
  await expect(student).toHaveURL(/\/academy\/courses$/);
  await student.getByRole('link', { name: new RegExp(course) }).click();
  await student.getByRole('link', { name: /Motion in a straight line/ }).click();
  await student.getByRole('link', { name: 'Study' }).click();
  const lesson = student.getByTestId('lesson-text');
  await expect(lesson.locator('.katex')).toBeVisible();
  await expect(lesson.locator('annotation')).toHaveText('v = u + at');
  await expect(lesson).not.toContainText('$v');
  await studentContext.close();
});
