import { expect, type Locator, type Page } from '@playwright/test';

/** Chooses an option of a MUI select by keyboard: focus, open with the arrow key, walk down to it, Enter. */
export async function chooseByKeyboard(page: Page, select: Locator, option: RegExp) {
  await select.focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const focused = listbox.locator('[role="option"]:focus');
  await expect(focused).toHaveCount(1);
  const count = await listbox.getByRole('option').count();
  for (let i = 0; i < count && !option.test((await focused.textContent()) ?? ''); i += 1) await page.keyboard.press('ArrowDown');
  await expect(focused).toHaveText(option);
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
}
