import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../../support/login';

async function signedInSchoolStudent(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  // School students are greeted by their institute first.
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
  await page.getByRole('link', { name: /NEET Complete Preparation/ }).first().click();
  await page.getByRole('link', { name: /Mock tests/ }).click();
  await expect(page.getByText('NEET Mock Test 1')).toBeVisible();
  return page;
}

test('Kaveri’s weekly test, scheduled for Kaveri 11-B, is Kaveri’s only: a Sunrise class-11 student never sees it (decision 038)', async ({ browser }) => {
  const kaveri = await signedInSchoolStudent(browser, 'schoolstudent');
  await expect(kaveri.getByText('Weekly Test 1')).toBeVisible();

  const sunrise = await signedInSchoolStudent(browser, 'schoolstudent11');
  await expect(sunrise.getByText('Weekly Test 1')).toHaveCount(0);
});
