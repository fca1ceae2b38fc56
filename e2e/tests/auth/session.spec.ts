import { expect, test } from '@playwright/test';
import { signIn } from '../../support/login';

const STUDENT_MENU = ['Profile', 'Academy', 'Reports & Analytics', 'To-Do', 'Notes', 'Bookmarks', 'Mistake Notebook', 'Adaptive Test'];

test('logout revokes the token and returns to /login', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  const token = await page.evaluate(() => localStorage.getItem('user_token'));
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Account menu' }).click();
  // Logout reloads the page at the root (spec 000 §4), which then shows /login: wait for that
  // load, not just for the address the router may show before the reload.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user_token'))).toBeNull();

  const response = await page.request.get('/api/user/v1/getUserInfo', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(401);
});

test('a deep link to /profile opens after sign-in, and an unknown path goes to /error', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Priya');

  await page.goto('/no-such-page/at-all');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('an expired stored token is cleared with a warning', async ({ page }) => {
  await page.goto('/login');
  // A token whose exp (seconds) lies in the past.
  const payload = Buffer.from(JSON.stringify({ sub: '1', sid: 'x', role: 'Student', exp: 1_000, iat: 0 })).toString('base64url');
  await page.evaluate((token) => {
    localStorage.setItem('user_token', token);
    localStorage.setItem('user', JSON.stringify({ displayName: 'X', role: 'Student', UserSessionID: 'x' }));
  }, `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`);
  await page.goto('/academy/courses');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('access token expired')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_token'))).toBeNull();
});

test('switching to Tamil changes the login texts', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Students Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'தமிழ்' }).click();
  await expect(page.getByRole('tab', { name: 'மாணவர் உள்நுழைவு' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'பெற்றோர் உள்நுழைவு' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'உள்நுழை', exact: true })).toBeVisible();
  await expect(page.getByText('Students Login')).toHaveCount(0);
  // The choice survives a reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'மாணவர் உள்நுழைவு' })).toBeVisible();
});

// Last: it leaves a failed attempt on the student account.
test('a student signs in after a wrong password and sees the student shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  const submit = page.getByRole('button', { name: 'Login', exact: true });
  await expect(submit).toBeDisabled();

  await signIn(page, 'student', 'wrong-password');
  await expect(page.getByText('Invalid user or ppassword')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/academy\/courses$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(STUDENT_MENU);
  await expect(page.getByText(/Version 2\.1\.0/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_token'))).toMatch(/^ey/);
});

test('login shows the catalogue toasts for a network failure, a 500 and a 503', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/user/v1/login', (route) => route.abort('internetdisconnected'));
  await signIn(page, 'student');
  await expect(page.getByText('Please check your Internet Connection')).toBeVisible();

  await page.unroute('**/api/user/v1/login');
  await page.route('**/api/user/v1/login', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: false, message: 'Request failed with status code 500', body: null }) }),
  );
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Unhandled Exception!')).toBeVisible();

  await page.unroute('**/api/user/v1/login');
  await page.route('**/api/user/v1/login', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Server Timeout!')).toBeVisible();
});

test('the shell switches to Tamil, menu included', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'schoolstudent');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'தமிழ்' }).click();
  const nav = page.getByRole('navigation', { name: 'முதன்மை வழிசெலுத்தல்' });
  await expect(nav.getByRole('link').first()).toHaveText('கல்விக்கூடம்');
  await expect(page.getByText('நீட் தயாரிப்பு மூலம் இயக்கப்படுகிறது')).toBeVisible();
  await page.getByRole('button', { name: 'மொழியை மாற்று' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
});

test('a token the server refuses signs the user out to /login', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'schoolstudent');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  // Same expiry, broken signature: valid for the client's check, refused by the server.
  await page.evaluate(() => {
    const token = localStorage.getItem('user_token')!;
    localStorage.setItem('user_token', `${token.slice(0, token.lastIndexOf('.'))}.tampered`);
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Failed to login with token.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});
