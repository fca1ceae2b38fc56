import { expect, test, type Page } from '@playwright/test';
import { axeViolations, englishInTamil, useLanguage, VIEWPORTS } from '../../support/a11y';
import { openTest, signInStudent } from '../../support/exam';
import { signIn } from '../../support/login';

const PRACTICE = 'Practice set: putting stages in order';

async function typeInto(page: Page, name: string, text: string) {
  await page.getByRole('textbox', { name, exact: true }).click();
  await page.keyboard.type(text);
}

/** Moves each item up by keyboard (focus its Move up, press Enter) until the list is in `order`. */
async function putInOrder(page: Page, order: number[]) {
  const list = page.getByTestId('ordering-items');
  await expect(list.locator('li')).toHaveCount(order.length);
  const shown = () => list.locator('li').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-item-id'))));
  for (let target = 0; target < order.length; target++) {
    for (let at = (await shown()).indexOf(order[target]!); at > target; at--) {
      await list.locator(`li[data-item-id="${order[target]}"]`).getByRole('button').first().focus();
      await page.keyboard.press('Enter');
      await expect(list.locator('li').nth(at - 1)).toHaveAttribute('data-item-id', String(order[target]));
    }
  }
  expect(await shown()).toEqual(order);
}

test('a teacher authors an ordering question in English and Tamil, reorders an item by keyboard, previews it shuffled', async ({ page }) => {
  test.setTimeout(150_000);
  const violations: string[] = [];
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/login');
  await signIn(page, 'teacher');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Question Bank' }).click();
  await page.getByRole('button', { name: 'New question' }).click();
  await page.getByRole('combobox', { name: 'Kind of question' }).click();
  await page.getByRole('option', { name: 'Ordering' }).click();
  await typeInto(page, 'Question (English)', 'Put the stages of meiosis I in order.');
  await page.getByRole('switch', { name: 'Include the Tamil text' }).check();
  await typeInto(page, 'Question (Tamil)', 'குன்றல் பகுப்பு I இன் நிலைகளை வரிசைப்படுத்துக.');

  // Three items, typed out of order and one of them twice; the fourth starting item is removed.
  await page.getByRole('button', { name: 'Remove item 4' }).click();
  const items: [string, string][] = [
    ['Metaphase I', 'இடைநிலை I'],
    ['Prophase I', 'முன்நிலை I'],
    ['Prophase I', 'பின்நிலை I'],
  ];
  for (const [index, [en, tn]] of items.entries()) {
    await typeInto(page, `Item ${index + 1} (English)`, en);
    await typeInto(page, `Item ${index + 1} (Tamil)`, tn);
  }
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page.getByText('Two items are the same: each item must differ from the others.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Item 3 (English)', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Anaphase I');
  // Item 2 (Prophase I) moves up by keyboard: the correct order is top to bottom.
  await page.getByRole('button', { name: 'Move item 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Item 1 (English)', exact: true })).toHaveText('Prophase I');
  await expect(page.getByRole('textbox', { name: 'Item 1 (Tamil)', exact: true })).toHaveText('முன்நிலை I');
  violations.push(...(await axeViolations(page, 'ordering editor, 1280 px')));
  await page.setViewportSize(VIEWPORTS.phone);
  violations.push(...(await axeViolations(page, 'ordering editor, 390 px')));
  await page.setViewportSize(VIEWPORTS.desktop);

  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page).toHaveURL(/\/questionbank\?question=\d+$/);
  await expect(page.getByRole('textbox', { name: 'Item 1 (English)', exact: true })).toHaveText('Prophase I');
  await expect(page.getByRole('textbox', { name: 'Item 3 (English)', exact: true })).toHaveText('Anaphase I');

  // The preview shows the items as a student does: shuffled, each with Move up and Move down.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'As a student sees it in English' });
  await expect(preview.getByRole('button', { name: /^Move (up|down): / })).toHaveCount(6);
  const shown = await preview.getByTestId('ordering-items').locator('li').allTextContents();
  expect(shown.map((text) => text.replace(/^\d+\./, ''))).not.toEqual(['Prophase I', 'Metaphase I', 'Anaphase I']);
  await expect(page.getByRole('region', { name: 'As a student sees it in Tamil' })).toContainText('முன்நிலை I');
  violations.push(...(await axeViolations(page, 'ordering preview, 1280 px')));
  await page.setViewportSize(VIEWPORTS.phone);
  violations.push(...(await axeViolations(page, 'ordering preview, 390 px')));
  expect(violations).toEqual([]);
});

test('in Tamil, the ordering editor fits 390 px and 1280 px, passes axe and speaks Tamil', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  await useLanguage(page, 'tn');
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('teacher');
  await page.locator('input[name="password"]').fill('Demo@1234');
  await page.locator('input[name="password"]').press('Enter');
  await expect(page).toHaveURL(/\/academy\/courses$/);
  await page.goto('/questionbank?question=new');
  await page.getByRole('combobox', { name: 'கேள்வியின் வகை' }).click();
  await page.getByRole('option', { name: 'வரிசைப்படுத்துதல்' }).click();
  await expect(page.getByRole('heading', { name: 'சரியான வரிசையில் உருப்படிகள்' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'உருப்படி 2 ஐ மேலே நகர்த்து' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  found.push(...(await axeViolations(page, 'ordering editor in Tamil, 390 px')));
  found.push(...(await englishInTamil(page, 'ordering editor in Tamil, 390 px')));
  await page.setViewportSize(VIEWPORTS.desktop);
  found.push(...(await axeViolations(page, 'ordering editor in Tamil, 1280 px')));
  expect(found).toEqual([]);
});

test('a student puts the demo items in order by keyboard, hears each move, sees the correct order, at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(150_000);
  const violations: string[] = [];
  await page.setViewportSize(VIEWPORTS.phone);
  await signInStudent(page);
  await openTest(page, 'Biology: The cell', PRACTICE);

  // Question 1 (mitosis): the items are listed out of order (Anaphase, Prophase, Telophase, Metaphase: ids 1–4).
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await putInOrder(page, [2, 4, 1, 3]);
  await expect(page.getByTestId('ordering-announcement')).toContainText(/moved to position \d of 4\./);
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  violations.push(...(await axeViolations(page, 'ordering question, 390 px')));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('practice-answer')).toContainText('Correct');
  await expect(page.getByTestId('ordering-key').getByRole('listitem')).toHaveText(['Prophase', 'Metaphase', 'Anaphase', 'Telophase']);
  violations.push(...(await axeViolations(page, 'ordering reveal, 390 px')));
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  // Question 2 (levels of organisation), at 1280 px: the shown order kept as the answer, then the key in Tamil.
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Answer with this order' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ordering-announcement')).toHaveText('Order saved.');
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  violations.push(...(await axeViolations(page, 'ordering question, 1280 px')));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('ordering-key').getByRole('listitem')).toHaveText(['Cell', 'Tissue', 'Organ', 'Organ system']);
  await page.getByRole('button', { name: 'தமிழ்' }).click();
  await expect(page.getByTestId('ordering-key').getByRole('listitem')).toHaveText(['செல்', 'திசு', 'உறுப்பு', 'உறுப்பு மண்டலம்']);
  violations.push(...(await axeViolations(page, 'ordering reveal in Tamil, 1280 px')));

  // End the attempt so that the practice set starts afresh for the next run.
  await page.getByRole('button', { name: 'End test' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: PRACTICE }).getByRole('button', { name: 'OK' }).click();
  expect(violations).toEqual([]);
});
