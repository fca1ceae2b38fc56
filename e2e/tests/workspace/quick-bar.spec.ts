import { expect, test } from '@playwright/test';
import { signIn } from '../../support/login';

test('the quick bar on the academy page adds a note and a bookmark and finds them', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);

  await page.getByRole('button', { name: 'Quick bar' }).click();
  await page.getByRole('button', { name: 'Add note' }).click();
  const noteForm = page.getByRole('dialog', { name: 'New note' });
  await noteForm.getByLabel('Title').fill('Quick Idea About Enzymes');
  await noteForm.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Note created')).toBeVisible();
  await expect(noteForm).toBeHidden();
  await expect(page).toHaveURL(/\/academy\/courses$/);

  // The shortcut opens it too.
  await page.keyboard.press('Control+k');
  await page.getByRole('button', { name: 'Add bookmark' }).click();
  const bookmarkForm = page.getByRole('dialog', { name: 'New bookmark' });
  await bookmarkForm.getByLabel('Title').fill('Enzyme kinetics video');
  await bookmarkForm.getByRole('textbox', { name: 'Link' }).fill('https://example.org/enzymes');
  await bookmarkForm.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Bookmark created')).toBeVisible();

  await page.getByRole('button', { name: 'Quick bar' }).click();
  const search = page.getByRole('textbox', { name: 'Search notes, bookmarks and to-dos' });
  await search.fill('enzyme');
  await expect(page.getByTestId('search-result').filter({ hasText: 'Quick Idea About Enzymes' })).toBeVisible();
  await expect(page.getByTestId('search-result').filter({ hasText: 'Enzyme kinetics video' })).toBeVisible();
  await search.fill('no such thing anywhere');
  await expect(page.getByText('No results..')).toBeVisible();
  await search.fill('ENZYME KINETICS');
  await page.getByTestId('search-result').filter({ hasText: 'Enzyme kinetics video' }).click();
  await expect(page).toHaveURL(/\/bookmark\/\d+$/);
  await expect(page.getByRole('dialog', { name: 'Edit bookmark' }).getByLabel('Title')).toHaveValue(
    'Enzyme kinetics video',
  );
});
