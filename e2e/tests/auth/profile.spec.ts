import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../support/login';
import { smsCount, waitForSmsCode } from '../../support/outbox';

async function confirmParentPhone(page: Page, phone: string) {
  await page.getByLabel('Parent name').fill('Meena Raman');
  await page.getByLabel('Guardian 1').fill('Raman K');
  await page.getByLabel('Email').fill('parent@example.com');
  await page.getByLabel('Phone number').fill(phone);
  const before = smsCount(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('button', { name: /Resend OTP in \d+ s/ })).toBeDisabled();
  await page.getByLabel('OTP').fill(await waitForSmsCode(phone, before));
}

test('a student edits the profile and confirms the parent details with a code', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'schoolstudent');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
  await page.goto('/profile');

  const address = page.getByLabel('Address');
  await expect(address).toHaveValue(/Anna Salai/);
  await expect(address).toBeDisabled();
  await page.getByRole('button', { name: 'Edit' }).click();
  await address.fill('5 Marina Beach Road, Chennai 600005');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Address')).toHaveValue('5 Marina Beach Road, Chennai 600005');
  // Shown day first; the form still holds the API's 23-08-2009.
  await expect(page.locator('input[name="DOB"]')).toHaveValue('23/08/2009');

  await page.getByRole('tab', { name: 'Parents Info' }).click();
  await confirmParentPhone(page, '9876543210');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Phone number verified')).toBeVisible();
});

test('registration goes from Students Info to Parents Info and on to the academy', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/register?tab=0');
  await expect(page.getByRole('tab', { name: 'Students Info', selected: true })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/register\?tab=1$/);
  await confirmParentPhone(page, '9123456780');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/academy\/courses$/);
});
