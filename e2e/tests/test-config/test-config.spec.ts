import { expect, test } from '@playwright/test';
import { VIEWPORTS, axeViolations, useLanguage } from '../../support/a11y';
import { signIn } from '../../support/login';

test('a teacher creates a test with a picked and a drawn section, publishes it and previews it', async ({ page }) => {
  const name = `Config test ${Date.now()}`;
  // React reports errors it recovered from (e.g. #520) in the console: none while authoring and previewing.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto('/login');
  await signIn(page, 'teacher');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/testconfig');
  await expect(page.getByRole('heading', { name: 'Test configuration' })).toBeVisible();

  await page.getByRole('button', { name: 'New test', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'New test' });
  await create.getByRole('textbox', { name: 'Test name' }).fill(name);
  await create.getByRole('combobox', { name: 'Course' }).click();
  await page.getByRole('option', { name: 'NEET Complete Preparation' }).click();
  await create.getByRole('combobox', { name: 'Topic' }).click();
  await page.getByRole('option', { name: 'Mock tests' }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/testconfig\?test=\d+$/);
  await expect(page.getByText('Add at least one section.')).toBeVisible();

  // Section 1: a question picked from the bank.
  await page.getByRole('button', { name: 'Add section' }).click();
  const first = page.getByRole('region', { name: 'Section 1: Section 1' });
  await first.getByRole('textbox', { name: 'Section name (English)' }).fill('Physics');
  const physics = page.getByRole('region', { name: 'Section 1: Physics' });
  await physics.getByRole('button', { name: 'Add questions' }).click();
  const picker = page.getByRole('dialog', { name: 'Add questions from the bank' });
  await picker.getByRole('searchbox', { name: 'Search the question bank' }).fill('Planck');
  // The search's own results, not the list from before it (a click on that list can be lost as it is replaced).
  const results = picker.getByRole('list', { name: 'Add questions from the bank' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(results.getByRole('listitem').filter({ hasNotText: 'Planck' })).toHaveCount(0);
  await picker.getByRole('button', { name: /^Add: .*Planck/ }).first().click();
  await expect(picker.getByRole('button', { name: /^Added: .*Planck/ }).first()).toBeDisabled();
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(physics.getByRole('listitem')).toHaveCount(1);

  // Section 2: three questions drawn from the mock tests' topic for each attempt.
  await page.getByRole('button', { name: 'Add section' }).click();
  const second = page.getByRole('region', { name: 'Section 2: Section 2' });
  await second.getByRole('combobox', { name: 'Questions' }).click();
  await page.getByRole('option', { name: 'Random draw for each attempt' }).click();
  await second.getByRole('spinbutton', { name: 'Questions to draw' }).fill('3');
  await second.getByRole('combobox', { name: 'Topics (none: any)' }).click();
  await page.getByRole('option', { name: 'Mock tests' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save sections' }).click();
  await expect(page.getByText('This test can be published.')).toBeVisible();
  await expect(page.getByText(/matching questions in the bank/)).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to draft' })).toBeVisible();

  await page.getByRole('button', { name: 'Preview as a student' }).click();
  const preview = page.getByRole('dialog', { name: `Preview: ${name}` });
  await expect(preview.getByRole('tab', { name: 'Physics (1)' })).toBeVisible();
  await expect(preview.getByText(/Planck/)).toBeVisible();
  await preview.getByRole('tab', { name: 'Section 2 (3)' }).click();
  await expect(preview.getByRole('heading', { name: /^Question \d/ })).toHaveCount(3);
  await preview.getByRole('button', { name: 'Close' }).click();
  expect(consoleErrors).toEqual([]);

  const editorUrl = page.url();
  await page.getByRole('button', { name: 'All tests' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Published');

  // On a phone, in English and in Tamil: no serious accessibility violation, nothing wider than the screen.
  await page.setViewportSize(VIEWPORTS.phone);
  const found = [...(await axeViolations(page, 'list en'))];
  await page.goto(editorUrl);
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
  found.push(...(await axeViolations(page, 'editor en')));
  await useLanguage(page, 'tn');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'பிரிவுகள்' })).toBeVisible();
  found.push(...(await axeViolations(page, 'editor tn')));
  expect(found).toEqual([]);
});
