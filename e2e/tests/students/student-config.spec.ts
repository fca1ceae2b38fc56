import { expect, test } from '@playwright/test';
import { axeViolations, VIEWPORTS } from '../../support/a11y';
import { signIn } from '../../support/login';
import { mailCount, waitForLink } from '../../support/outbox';

const HEADER = 'username,firstName,lastName,email,phone,dob,class,section,language';

test('a teacher uploads a roster CSV: a bad row is shown, the fixed file imports, the student sets a password and signs in', async ({ page }) => {
  const tag = Date.now().toString(36);
  const username = `e2e.${tag}`;
  const email = `${username}@example.com`;

  await page.goto('/login');
  await signIn(page, 'teacher');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/studentconfig');
  await expect(page.getByRole('heading', { name: 'Student Configuration' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Students' })).toBeVisible();

  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload students from a CSV file' });
  await expect(dialog.getByRole('link', { name: 'Download an example file' })).toBeVisible();
  const upload = (text: string) => dialog.locator('input[type="file"]').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

  // Row 3 has an impossible date and an unknown class: refused, nothing can be imported.
  await upload([HEADER, `${username},Nila,Vel,${email},,14-03-2008,12,A,en`, `bad.${tag},Bad,Row,,98765,31-02-2008,99,A,en`].join('\n'));
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('1 of 2 rows are ready.')).toBeVisible();
  const badRow = dialog.getByTestId('csv-row-3');
  await expect(badRow).toContainText('Please enter a valid date of birth');
  await expect(badRow).toContainText('No class of this name in the institute.');
  await expect(badRow).toContainText('Phone number is not valid');
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();

  // The fixed file imports as a job.
  await upload([HEADER, `${username},Nila,Vel,${email},,14-03-2008,12,A,en`].join('\n'));
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('1 of 1 rows are ready.')).toBeVisible();
  const before = mailCount(email);
  await dialog.getByRole('button', { name: 'Import 1 students' }).click();
  await expect(dialog.getByText('1 students imported.')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(username);
  await expect(page.getByRole('table', { name: 'Students' }).getByRole('cell', { name: username, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Students' }).getByText('Password not set')).toBeVisible();

  // The set-password mail arrives; the student sets a password and signs in.
  const link = await waitForLink(email, before, '/set-password');
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password').fill('Nila#2026');
  await page.getByLabel('Confirm the password').fill('Nila#2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, username, 'Nila#2026');
  await expect(page).toHaveURL(/\/academy\/courses/);
});

for (const language of ['en', 'tn'] as const) {
  test(`the students screens pass axe and fit a 390 px phone (${language})`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/login');
    await signIn(page, 'teacher');
    await expect(page).not.toHaveURL(/\/login/);
    await page.evaluate((value) => window.localStorage.setItem('language', value), language);
    const found: string[] = [];
    await page.goto('/studentconfig');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
    found.push(...(await axeViolations(page, `studentconfig ${language}`)));
    await page.getByRole('button', { name: language === 'en' ? 'Upload CSV' : 'CSV பதிவேற்று' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await axeViolations(page, `csv dialog ${language}`)));
    await page.keyboard.press('Escape');
    await page.goto('/resetstudentpassword');
    await expect(page.getByRole('combobox')).toBeVisible();
    found.push(...(await axeViolations(page, `resetstudentpassword ${language}`)));
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.removeItem('user_token'));
    await page.goto('/set-password?token=x');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.push(...(await axeViolations(page, `set-password ${language}`)));
    expect(found).toEqual([]);
  });
}
