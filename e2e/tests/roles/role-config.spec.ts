import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, useLanguage, VIEWPORTS } from '../../support/a11y';
import { DEMO_PASSWORD, signIn } from '../../support/login';
import { loadingIndicators } from '../../support/loading';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
const REASON = 'Tests are scheduled by the office this term';

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/user/v1/login', { data: { username, password: DEMO_PASSWORD } });
  return (await res.json()).body.token as string;
}

async function schoolTeacherPermissions(request: APIRequestContext, token: string): Promise<string[]> {
  const config = await (await request.get('/api/roles/v1/config', { headers: { authorization: `Bearer ${token}` } })).json();
  return config.body.roles.find((r: { role: string }) => r.role === 'SchoolTeacher').permissions;
}

test('an admin takes Test Schedule from SchoolTeacher: the teacher’s menu loses it, /testschedule is refused, and the audit log shows the change', async ({ page, browser, request }) => {
  const adminToken = await tokenOf(request, 'clientadmin');
  const original = await schoolTeacherPermissions(request, adminToken);
  expect(original).toContain('schedules.manage');
  try {
    await page.goto('/login');
    await signIn(page, 'clientadmin');
    await expect(page).toHaveURL(/\/academy\/courses$/);
    await menu(page).filter({ hasText: 'Role Configuration' }).click();
    await expect(page).toHaveURL(/\/roleconfig$/);
    await expect(page).toHaveTitle(/Role Configuration/);

    const tab = page.getByRole('checkbox', { name: 'Test Schedule (whole tab) for School teacher' });
    await expect(tab).toBeChecked();
    await tab.uncheck();
    await expect(page.getByRole('status').filter({ hasText: '1 role changed' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Reason for the change (optional)' }).fill(REASON);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Role configuration saved. It applies from the next request.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No unsaved changes' })).toBeVisible();

    // The school teacher, in a browser of their own, signs in after the change.
    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    await teacher.goto('/login');
    await signIn(teacher, 'schoolteacher');
    await expect(teacher).toHaveURL(/\/academy\/courses$/);
    await expect(menu(teacher).filter({ hasText: 'Test Configuration' })).toBeVisible();
    await expect(menu(teacher).filter({ hasText: 'Test Schedule' })).toHaveCount(0);
    await teacher.goto('/testschedule');
    await expect(teacher).toHaveURL(/\/error$/);
    // The server agrees: the permission list it gives the teacher has no Test Schedule.
    const teacherToken = await tokenOf(request, 'schoolteacher');
    const info = await (await request.get('/api/teacher/v1/getUserInfo', { headers: { authorization: `Bearer ${teacherToken}` } })).json();
    expect(info.body.Details.Permissions.map((p: { TabName: string }) => p.TabName)).not.toContain('Test Schedule');
    await teacherContext.close();

    // The admin finds the change in the audit log, with its reason and what it took away.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/roleconfig\?tab=audit$/);
    const row = page.getByRole('row').filter({ hasText: REASON });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Roles changed');
    await expect(row).toContainText('Suresh');
    await expect(row).toContainText('SchoolTeacher');
    await expect(row).toContainText('schedules.manage');
  } finally {
    await request.post('/api/roles/v1/saveConfig', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { roles: [{ role: 'SchoolTeacher', permissions: original }] },
    });
  }
  expect(await schoolTeacherPermissions(request, adminToken)).toContain('schedules.manage');
});

test.describe('the back-office screens at 390 px', () => {
  test.use({ viewport: VIEWPORTS.phone });
  // Seven screens, each measured by axe and at two widths.
  test.setTimeout(240_000);

  async function signInAs(page: Page, username: string, landing: RegExp) {
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    await expect(page).toHaveURL(landing);
  }

  for (const language of ['en', 'tn'] as const) {
    test(`Role Configuration, Contact Us and Help in ${language}: no axe violations, nothing wider than the screen`, async ({ page, browser }) => {
      await useLanguage(page, language);
      const found: string[] = [];
      await signInAs(page, 'clientadmin', /\/academy\/courses$/);
      for (const path of ['/roleconfig', '/roleconfig?tab=classes', '/roleconfig?tab=audit', '/contactus', '/contactus?tab=inbox']) {
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        await expect(loadingIndicators(page)).toHaveCount(0);
        found.push(...(await axeViolations(page, `${language} ${path}`)));
      }
      const context = await browser.newContext({ viewport: VIEWPORTS.phone });
      const institution = await context.newPage();
      await useLanguage(institution, language);
      await signInAs(institution, 'institution', /\/reports$/);
      for (const path of ['/help', '/contactus']) {
        await institution.goto(path);
        await expect(institution.locator('h1')).toBeVisible();
        found.push(...(await axeViolations(institution, `${language} institution ${path}`)));
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
