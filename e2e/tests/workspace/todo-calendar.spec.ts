import { expect, test } from '@playwright/test';
import { signIn } from '../../support/login';

/** Today in the browser's own time zone, as the calendar cells name their dates. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

test('a to-do due today shows under today and in the calendar', async ({ page }) => {
  // A title of its own, so a retry never meets the to-do of an earlier try.
  const title = `Revise genetics chapter ${Date.now()}`;
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);

  await page.goto('/todo');
  await expect(page).toHaveURL(/\/todo\/all$/);
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page).toHaveURL(/\/todo\/today$/);
  // Navigation renders in a transition: wait for the Today list before typing into it.
  await expect(page.getByRole('heading', { name: 'To-Do · Today' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add a to-do' }).fill(title);
  await page.getByRole('textbox', { name: 'Add a to-do' }).press('Enter');
  await expect(page.getByText('To-do created')).toBeVisible();
  const item = page.getByTestId('todo-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('due-chip')).toHaveText('Today');

  // Star it; it shows under Starred too.
  await item.getByRole('button', { name: 'Star' }).click();
  await page.getByRole('link', { name: 'Starred' }).click();
  await expect(page.getByTestId('todo-item').filter({ hasText: title })).toBeVisible();

  // The due-today filter lists it as well, and the detail pane opens from the list.
  await page.goto('/todo/filter/today');
  await page.getByTestId('todo-item').filter({ hasText: title }).getByRole('link').click();
  await expect(page).toHaveURL(/\/todo\/filter\/today\/\d+$/);
  await expect(page.getByTestId('todo-detail').getByLabel('Title')).toHaveValue(title);

  // The calendar shows it on today's cell, as a read-only to-do entry that opens the item.
  await page.goto('/calender');
  const todayCell = page.locator(`[role="gridcell"][data-date="${localToday()}"]`);
  const entry = todayCell.getByTestId('calendar-entry').filter({ hasText: title });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('data-source', 'todo');
  await entry.click();
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/todo\/all\/\d+$/);
  await expect(page.getByTestId('todo-detail').getByLabel('Title')).toHaveValue(title);

  // Completing it moves it to Completed and out of Today.
  const done = page.getByTestId('todo-item').filter({ hasText: title }).getByRole('checkbox');
  await done.click();
  await expect(done).toBeChecked();
  await page.getByRole('link', { name: 'Completed' }).click();
  await expect(page.getByTestId('todo-item').filter({ hasText: title })).toBeVisible();
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page.getByTestId('todo-item').filter({ hasText: title })).toBeVisible();
});

test('calendar: create, move between views and delete an own event', async ({ page }) => {
  const title = `Group study ${Date.now()}`;
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/calender');
  // The cell's top right corner, beside the day's number: entries of the day fill the rest.
  const today = page.locator(`[role="gridcell"][data-date="${localToday()}"]`);
  const box = (await today.boundingBox())!;
  await today.click({ position: { x: box.width - 8, y: 8 } });
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  const entry = page.getByTestId('calendar-entry').filter({ hasText: title });
  await expect(entry).toHaveAttribute('data-source', 'event');

  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByTestId('calendar-entry').filter({ hasText: title })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('calendar-entry').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('button', { name: 'Today' }).click();
  await page.getByTestId('calendar-entry').filter({ hasText: title }).click();
  const editor = page.getByRole('dialog', { name: 'Edit event' });
  await editor.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted')).toBeVisible();
  await expect(page.getByTestId('calendar-entry').filter({ hasText: title })).toHaveCount(0);
});
