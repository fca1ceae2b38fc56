import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_PORT } from '../../playwright.config';

// A school server reached by its LAN name over plain HTTP: not localhost, so Chromium treats it
// as an ordinary insecure origin. The name resolves to this machine inside this browser only.
const LAN_NAME = 'schoolserver.lan';
test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`] },
});

test('the app opens over plain HTTP under a LAN name, and nothing is fetched over https', async ({ page }) => {
  const httpsRequests: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https:')) httpsRequests.push(request.url());
  });
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));

  const response = await page.goto(`http://${LAN_NAME}:${E2E_PORT}/login`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(response?.headers()['strict-transport-security']).toBeUndefined();

  await expect(page.getByLabel('Email / Username / Phone')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(new URL(page.url()).protocol).toBe('http:');
  expect(httpsRequests).toEqual([]);
  expect(failed).toEqual([]);
});
