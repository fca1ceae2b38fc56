import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Types a YYYY-MM-DD or YYYY-MM-DDTHH:mm value into a date field, as a user does: a click on the
 * first section (the day), then the digits day first, one key at a time.
 */
export async function typeDate(user: UserEvent, field: HTMLElement, value: string) {
  const [date = '', time = ''] = value.split('T');
  const [year = '', month = '', day = ''] = date.split('-');
  await user.click(within(field).getAllByRole('spinbutton')[0]!);
  for (const digit of `${day}${month}${year}${time.replace(':', '')}`) await user.keyboard(digit);
}
