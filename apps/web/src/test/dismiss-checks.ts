import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

type User = ReturnType<typeof userEvent.setup>;

/** Escape on a dialog in which nothing was changed closes it at once, without asking. */
export async function expectEscapeCloses(user: User, dialog: HTMLElement) {
  await user.keyboard('{Escape}');
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
}

/**
 * Escape after typing asks first: Keep editing (the default) goes back to the form with the text
 * still there; Escape again and Discard closes the dialog.
 */
export async function expectEscapeAsksBeforeDiscarding(user: User, dialog: HTMLElement, field: () => HTMLElement, typed: string) {
  await user.keyboard('{Escape}');
  const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
  expect(within(ask).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
  expect(dialog).toBeInTheDocument();
  await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
  expect(dialog).toBeInTheDocument();
  expect(field()).toHaveValue(typed);

  await user.keyboard('{Escape}');
  await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}
