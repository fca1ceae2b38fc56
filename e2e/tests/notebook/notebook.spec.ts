import { expect, test, type Page } from '@playwright/test';
import { axeViolations, englishInTamil, useLanguage, VIEWPORTS } from '../../support/a11y';
import { signIn } from '../../support/login';

// A roster student (seed-students) no other journey signs in as, with the demo term of unit tests
// behind them (seed-demo-attempts): their wrong, changed and marked answers become notebook cards.
const STUDENT = 'sunrise.s150';

const filters = (page: Page) => page.getByRole('region', { name: /^(Filters|வடிகட்டிகள்)$/ });

test('a student opens the mistake notebook, filters it, files a mistake and keeps a note, in English and Tamil at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, STUDENT);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Mistake Notebook' })
    .click();
  await expect(page).toHaveURL(/\/notebook$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mistake notebook' })).toBeVisible();
  const cards = page.getByTestId('notebook-card');
  // The first open makes the cards of the whole demo term.
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('notebook-count')).toHaveText(/^\d+ cards?$/);
  // The demo term's answers are released: the first card shows the key beside the student's answer.
  await expect(cards.first()).toContainText('Your answer');
  found.push(...(await axeViolations(page, 'notebook, 1280 px')));

  // Filter by subject (the demo's test sections): the filters are native selects, each one Tab stop.
  const subjectSelect = filters(page).getByRole('combobox', { name: 'Subject' });
  const subjects = (
    await subjectSelect.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  expect(subjects.length).toBeGreaterThan(1);
  const subject = subjects[0]!;
  await subjectSelect.selectOption(subject);
  await expect(page).toHaveURL(new RegExp(`subject=${subject}`));
  await expect(cards.first()).toBeVisible();
  await expect(cards.getByRole('heading', { level: 2 }).first()).toHaveText(new RegExp(` · ${subject}$`));
  for (const title of await cards.getByRole('heading', { level: 2 }).allTextContents())
    expect(title).toMatch(new RegExp(` · ${subject}$`));
  const total = Number((await page.getByTestId('notebook-count').textContent())!.match(/\d+/)![0]);

  // File the first card as a misreading and keep a note on it.
  const card = cards.first();
  const heading = (await card.getByRole('heading', { level: 2 }).textContent())!;
  await card.getByRole('combobox', { name: 'Error type' }).selectOption('misread');
  await expect(page.getByText('Card updated').first()).toBeVisible();
  const note = `Read every option before choosing (${Date.now()})`;
  const noteField = card.getByRole('textbox', { name: 'Your note' });
  await noteField.fill(note);
  // From the note, Tab reaches Save note and Enter saves.
  await noteField.press('Tab');
  await expect(card.getByRole('button', { name: 'Save note' })).toBeFocused();
  // The save of the note itself (the error type's "Card updated" may still be on screen).
  const saved = page.waitForResponse((res) => res.url().includes('/notebook/v1/updateCard') && (res.request().postData() ?? '').includes(note));
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Card updated').first()).toBeVisible();

  // The error-type filter finds it, after a reload too.
  await filters(page).getByRole('combobox', { name: 'Error type' }).selectOption('misread');
  await expect(page).toHaveURL(new RegExp(`subject=${subject}&errorType=misread`));
  await page.reload();
  await expect(page.getByTestId('notebook-card').first()).toBeVisible();
  await expect(page.getByTestId('notebook-card').getByRole('heading', { level: 2, name: heading })).not.toHaveCount(0);
  const notes = () =>
    page
      .getByRole('textbox', { name: 'Your note' })
      .evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value));
  await expect.poll(notes).toContain(note);
  await expect(page.getByTestId('notebook-count')).toHaveText(/^\d+ cards?$/);
  expect(Number((await page.getByTestId('notebook-count').textContent())!.match(/\d+/)![0])).toBeLessThanOrEqual(total);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/notebook$/);

  await page.setViewportSize(VIEWPORTS.phone);
  await expect(cards.first()).toBeVisible();
  found.push(...(await axeViolations(page, 'notebook, 390 px')));

  await useLanguage(page, 'tn');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'தவறுக் குறிப்பேடு' })).toBeVisible();
  await expect(page.getByTestId('notebook-card').first()).toBeVisible();
  await expect(filters(page).getByRole('combobox', { name: 'பாடம்' })).toBeVisible();
  found.push(...(await axeViolations(page, 'notebook in Tamil, 390 px')));
  found.push(...(await englishInTamil(page, 'notebook in Tamil, 390 px', [new RegExp(note.replace(/[()]/g, '\\$&'))])));
  await page.setViewportSize(VIEWPORTS.desktop);
  found.push(...(await axeViolations(page, 'notebook in Tamil, 1280 px')));
  expect(found).toEqual([]);
});
