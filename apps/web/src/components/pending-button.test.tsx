import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { PendingButton } from './pending-button';

/** The live region beside the waiting button (polite, so it is no `status` role of its own). */
const pendingStatus = () => document.querySelector<HTMLElement>('[aria-live="polite"][data-pending-status]');

describe('PendingButton', () => {
  it('keeps keyboard focus while it waits, and a press meanwhile sends nothing', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <PendingButton isPending={false} onClick={onClick}>
        Publish
      </PendingButton>,
    );
    const button = screen.getByRole('button', { name: 'Publish' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <PendingButton isPending onClick={onClick}>
        Publish
      </PendingButton>,
    );
    // A disabled button would drop focus to the page (a keyboard user starts again from the top).
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not submit its form again while the answer is awaited', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <PendingButton isPending type="submit">
          Save
        </PendingButton>
      </form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is an ordinary button while nothing waits, and a busy one with a spinner and a spoken status while it does', async () => {
    const { rerender } = render(<PendingButton isPending={false}>Save</PendingButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(pendingStatus()).toBeEmptyDOMElement();

    rerender(<PendingButton isPending>Save</PendingButton>);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    // The label stays visible beside the spinner.
    expect(button).toHaveTextContent('Save');
    expect(pendingStatus()).toHaveTextContent('Save: please wait…');

    await i18n.changeLanguage('tn');
    rerender(<PendingButton isPending pendingName="சேமி">{<span>சேமி</span>}</PendingButton>);
    expect(pendingStatus()).toHaveTextContent('சேமி: காத்திருக்கவும்…');
    await i18n.changeLanguage('en');
  });
});
