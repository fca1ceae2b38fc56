import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../support/login';
import { mailCount, waitForCode } from '../../support/outbox';
import { typeDate } from '../../support/date-field';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('signup: details, then the e-mailed code, then sign in with the new account', async ({ page }) => {
  const email = `new.student.${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('You must enter a email')).toBeVisible();

  await page.getByLabel(/^Name/).fill('Kavya Sundar');
  await page.getByLabel(/^Email/).fill(email);
  await typeDate(page.getByRole('group', { name: /^Date of birth/ }), '2008-05-01');
  await page.getByLabel(/^Mobile/).fill('9012345678');
  await choose(page, 'Campus', 'Coimbatore Campus');
  await choose(page, 'Department', 'Life Sciences');
  await choose(page, 'Degree', 'B.Sc. Zoology');
  await page.getByLabel(/^Year of passing/).fill('2026');
  await page.getByLabel(/^Password/).fill('kavya-pass');
  const before = mailCount(email);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend OTP in \d+ s/ })).toBeDisabled();
  await page.getByLabel('One-time code').fill(await waitForCode(email, before));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, 'kavya-pass');
  await expect(page).toHaveURL(/\/academy\/courses$/);
});
