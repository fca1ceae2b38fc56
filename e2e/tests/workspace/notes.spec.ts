import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../support/login';
import { typeDate } from '../../support/date-field';

async function signInStudent(page: Page) {
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);
}

test('a labelled note with a checklist and a reminder: create, find by label and by search, archive', async ({
  page,
}) => {
  await signInStudent(page);
  await page.getByRole('link', { name: 'Notes' }).first().click();
  await expect(page).toHaveURL(/\/notes$/);

  // A label of the student's own.
  await page.getByRole('button', { name: 'Edit labels' }).click();
  await page.getByRole('textbox', { name: 'Create new label' }).fill('Physics Revision');
  await page.getByRole('button', { name: 'Create label' }).click();
  await expect(page.getByText('Label created')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  // The new-note form.
  await page.getByRole('button', { name: 'Take a note…' }).click();
  const form = page.getByRole('dialog', { name: 'New note' });
  const create = form.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await form.getByLabel('Title').fill('Lens and mirror cheat sheet');
  await form.getByLabel('Description').fill('Formulas for the mock test');
  await form.getByRole('button', { name: 'Add checklist' }).click();
  const item = form.getByRole('textbox', { name: 'List item' });
  const addItem = form.getByRole('button', { name: 'Add item' });
  await expect(addItem).toBeDisabled();
  await item.fill('x');
  await item.fill('');
  await expect(form.getByText('You must enter a label title')).toBeVisible();
  await expect(addItem).toBeDisabled();
  await item.fill('Lens formula');
  await addItem.click();
  await item.fill('Mirror formula');
  await item.press('Enter');
  await expect(form.getByRole('checkbox', { name: 'Lens formula' })).toBeVisible();
  await form.getByRole('checkbox', { name: 'Lens formula' }).check();
  await form.getByRole('combobox', { name: 'Labels' }).click();
  await page.getByRole('option', { name: 'Physics Revision' }).click();
  await typeDate(form.getByRole('group', { name: 'Reminder' }), '2026-12-01T09:30');
  await create.click();
  await expect(page.getByText('Note created')).toBeVisible();
  await expect(form).toBeHidden();

  const card = page.getByTestId('note-card').filter({ hasText: 'Lens and mirror cheat sheet' });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('reminder-chip')).toHaveText('Dec 1, 2026, 09:30');
  await expect(card.getByRole('checkbox', { name: 'Lens formula' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Mirror formula' })).not.toBeChecked();
  await expect(card.getByText('Physics Revision')).toBeVisible();

  // By label: the label view at /apps/notes/labels/{handle}/{id}.
  await page.getByRole('link', { name: 'Physics Revision' }).click();
  await expect(page).toHaveURL(/\/apps\/notes\/labels\/physics-revision\/\d+$/);
  await expect(page.getByTestId('note-card').filter({ hasText: 'Lens and mirror cheat sheet' })).toBeVisible();

  // By search, case-insensitively, from the quick bar; the result opens the note.
  await page.getByRole('button', { name: 'Quick bar' }).click();
  await page.getByRole('textbox', { name: 'Search notes, bookmarks and to-dos' }).fill('CHEAT SHEET');
  await page.getByTestId('search-result').filter({ hasText: 'Lens and mirror cheat sheet' }).click();
  await expect(page).toHaveURL(/\/notes\/\d+$/);
  const editor = page.getByRole('dialog', { name: 'Edit note' });
  await expect(editor.getByLabel('Title')).toHaveValue('Lens and mirror cheat sheet');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/notes$/);

  // Archive: it leaves the notes and shows in the archive.
  await page
    .getByTestId('note-card')
    .filter({ hasText: 'Lens and mirror cheat sheet' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Lens and mirror cheat sheet' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/notes\/archive$/);
  await expect(page.getByTestId('note-card').filter({ hasText: 'Lens and mirror cheat sheet' })).toBeVisible();

  // It stays archived after a reload (the server kept it).
  await page.reload();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Lens and mirror cheat sheet' })).toBeVisible();
});

test('a note created in the archive view is created archived', async ({ page }) => {
  await signInStudent(page);
  await page.goto('/notes/archive');
  await page.getByRole('button', { name: 'Take a note…' }).click();
  const form = page.getByRole('dialog', { name: 'New note' });
  await form.getByLabel('Title').fill('Straight to the archive');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Note created')).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Straight to the archive' })).toBeVisible();
  await page.goto('/notes');
  await expect(page.getByTestId('notes-grid').or(page.getByText('Notes you add appear here')).first()).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Straight to the archive' })).toHaveCount(0);
});
