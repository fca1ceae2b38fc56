import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../config/i18n';
import { PendingButton } from './pending-button';

/** The live region beside the waiting button (polite, so it is no `status` role of its own). */
const pendingStatus = () => document.querySelector<HTMLElement>('[aria-live="polite"][data-pending-status]');

describe('PendingButton', () => {
  it('is an ordinary button while nothing waits, and a busy one with a spinner and a spoken status while it does', async () => {
    const { rerender } = render(<PendingButton isPending={false}>Save</PendingButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(pendingStatus()).toBeEmptyDOMElement();

    rerender(<PendingButton isPending>Save</PendingButton>);
    expect(button).toBeDisabled();
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
