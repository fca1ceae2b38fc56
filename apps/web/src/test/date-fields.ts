import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Types a YYYY-MM-DD or YYYY-MM-DDTHH:mm value into a date field, as a user does: the first
 * section (the day) is chosen and the digits follow day first.
 */
export async function typeDate(user: UserEvent, field: HTMLElement, value: string) {
  const [date = '', time = ''] = value.split('T');
  const [year = '', month = '', day = ''] = date.split('-');
  const first = within(field).getAllByRole('spinbutton')[0]!;
  // The first click on a filled field selects it whole; the second picks the day.
  await user.click(first);
  await user.click(first);
  await user.keyboard(`${day}${month}${year}${time.replace(':', '')}`);
}
