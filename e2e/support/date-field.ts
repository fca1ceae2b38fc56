import type { Locator } from '@playwright/test';

/**
 * Types a YYYY-MM-DD or YYYY-MM-DDTHH:mm value into one of the app's date fields (a group of
 * day, month, year, hour and minute sections), as a user does: click the day, type the digits.
 */
export async function typeDate(field: Locator, value: string) {
  const [date = '', time = ''] = value.split('T');
  const [year = '', month = '', day = ''] = date.split('-');
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(`${day}${month}${year}${time.replace(':', '')}`, { delay: 20 });
}
