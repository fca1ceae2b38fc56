import { expect, test } from '@playwright/test';
import { VIEWPORTS, axeViolations, useLanguage } from '../../support/a11y';
import { DEMO_PASSWORD, signIn } from '../../support/login';

// A roster student (seed-students) no other journey signs in as, with the demo term of unit tests
// behind them (seed-demo-attempts): Reports & Analytics shows their figures, changed answers too.
const STUDENT = 'sunrise.s010';

interface Changed {
  questions: number;
  wrongToRight: number;
  rightToWrong: number;
  wrongToWrong: number;
  rightToRight: number;
  cleared: number;
}

test('a student reads their attempt quality, changed answers included, in English and Tamil', async ({ page, request }) => {
  const login = await request.post('/api/user/v1/login', { data: { username: STUDENT, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const token = (await login.json()).body.token as string;
  const dashboard = (await (await request.get('/api/reports/v1/dashboard', { headers: { authorization: `Bearer ${token}` } })).json()).body;
  expect(dashboard.attempts.length).toBeGreaterThanOrEqual(3);
  const changed = dashboard.quality.changed as Changed;
  expect(changed.questions).toBeGreaterThan(0);

  await page.goto('/login');
  await signIn(page, STUDENT);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/overall-dashboard');
  const quality = page.getByTestId('dashboard-quality');
  const table = quality.getByRole('table', { name: 'Changed answers' });
  await expect(table).toBeVisible();
  await expect(quality).toContainText(`You changed ${changed.questions} answer`);
  const rows: [string, keyof Changed][] = [
    ['Wrong to right', 'wrongToRight'],
    ['Right to wrong', 'rightToWrong'],
    ['Wrong to wrong', 'wrongToWrong'],
    ['Answered, then left blank', 'cleared'],
  ];
  for (const [label, key] of rows) await expect(table.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell')).toHaveText(String(changed[key]));
  expect(await axeViolations(page, 'overall dashboard')).toEqual([]);

  await useLanguage(page, 'tn');
  await page.setViewportSize(VIEWPORTS.phone);
  await page.reload();
  const tamil = page.getByTestId('dashboard-quality').getByRole('table', { name: 'மாற்றிய பதில்கள்' });
  await expect(tamil.getByRole('row', { name: /^தவறிலிருந்து சரிக்கு/ }).getByRole('cell')).toHaveText(String(changed.wrongToRight));
  expect(await axeViolations(page, 'overall dashboard, Tamil, phone')).toEqual([]);
});
