import { expect, test } from '@playwright/test';
import { signIn } from '../../support/login';

test('a bookmark: an invalid link is refused, a valid one is created and opens in a new tab', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.getByRole('link', { name: 'Bookmarks' }).first().click();
  await expect(page).toHaveURL(/\/bookmark$/);

  await page.getByRole('button', { name: 'New bookmark' }).click();
  const form = page.getByRole('dialog', { name: 'New bookmark' });
  const create = form.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await form.getByLabel('Title').fill('NCERT Biology');
  await form.getByRole('textbox', { name: 'Link' }).fill('ncert biology textbook');
  await expect(form.getByText('Enter a valid url')).toBeVisible();
  await expect(create).toBeDisabled();
  await form.getByRole('textbox', { name: 'Link' }).fill('mailto:teacher@example.com');
  await expect(form.getByText('Enter a valid url')).toBeVisible();
  await expect(create).toBeDisabled();

  await form.getByRole('textbox', { name: 'Link' }).fill('https://ncert.nic.in/textbook.php?kebo1=0-22');
  await expect(form.getByText('Enter a valid url')).toBeHidden();
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('Bookmark created')).toBeVisible();
  await expect(form).toBeHidden();

  const card = page.getByTestId('bookmark-card').filter({ hasText: 'NCERT Biology' });
  await expect(card).toBeVisible();
  const link = card.getByRole('link', { name: /ncert\.nic\.in/ });
  await expect(link).toHaveAttribute('href', 'https://ncert.nic.in/textbook.php?kebo1=0-22');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // Archive moves it to the archive view.
  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('bookmark-card').filter({ hasText: 'NCERT Biology' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/bookmark\/archive$/);
  await expect(page.getByTestId('bookmark-card').filter({ hasText: 'NCERT Biology' })).toBeVisible();
});
