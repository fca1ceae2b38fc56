import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../../support/login';

/** A local date-time as <input type="datetime-local"> takes it. */
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

/** The Mock tests topic of the English course, as a student opens it. */
async function openMockTests(page: Page) {
  await page.getByRole('link', { name: /NEET Complete Preparation/ }).first().click();
  await page.getByRole('link', { name: /Mock tests/ }).click();
  await expect(page.getByText('NEET Mock Test 1')).toBeVisible();
}

test('a teacher schedules a test for one class; only that class sees it in its tasks and calendar', async ({ browser }) => {
  const teacher = await signedIn(browser, 'teacher');
  await teacher.goto('/testschedule');
  await expect(teacher.getByRole('heading', { name: 'Test Schedule' })).toBeVisible();
  await teacher.getByRole('button', { name: 'Schedule a test' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Schedule a test' });
  await dialog.getByRole('combobox', { name: /Course/ }).click();
  await teacher.getByRole('option', { name: 'NEET Complete Preparation' }).click();
  await dialog.getByRole('combobox', { name: /^Test/ }).click();
  await teacher.getByRole('option', { name: 'Weekly Test 2' }).click();
  await expect(dialog.getByRole('combobox', { name: /Institute/ })).toHaveText('Sunrise Academy');
  await dialog.getByRole('combobox', { name: /^Class/ }).click();
  await teacher.getByRole('option', { name: '12' }).click();
  const now = Date.now();
  await dialog.getByLabel(/Opens at/).fill(localInput(new Date(now - 60 * 60_000)));
  await dialog.getByLabel(/Closes at/).fill(localInput(new Date(now + 2 * 24 * 60 * 60_000)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(teacher.getByText('Schedule saved')).toBeVisible();
  await expect(teacher.getByRole('row').filter({ hasText: 'Weekly Test 2' })).toContainText('Sunrise Academy · 12');

  // A student of class 12 sees it in the topic's tasks and in the calendar.
  const student = await signedIn(browser, 'student');
  await openMockTests(student);
  await expect(student.getByText('Weekly Test 2')).toBeVisible();
  await student.goto('/calender');
  await expect(student.locator('[data-testid="calendar-entry"][data-source="test"]').filter({ hasText: 'Weekly Test 2' }).first()).toBeVisible();

  // A student of class 11 of the same institute does not see it.
  const other = await signedIn(browser, 'schoolstudent11');
  // School students are greeted by their institute first.
  await other.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
  await openMockTests(other);
  await expect(other.getByText('Weekly Test 2')).toHaveCount(0);
  await other.goto('/calender');
  await expect(other.getByRole('grid').first()).toBeVisible();
  // Class 11's own windows (the demo's past unit tests) are there; this one is not.
  await expect(other.locator('[data-testid="calendar-entry"][data-source="test"]').filter({ hasText: 'Weekly Test 2' })).toHaveCount(0);

  // The window is removed again, so that later journeys find the demo calendar as seeded.
  await teacher.getByRole('button', { name: /^Delete: Weekly Test 2/ }).click();
  await teacher.getByRole('dialog', { name: 'Remove this entry?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(teacher.getByText('Schedule entry removed')).toBeVisible();
  await expect(teacher.getByRole('row').filter({ hasText: 'Weekly Test 2' })).toHaveCount(0);
});
