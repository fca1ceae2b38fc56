import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', { timeout: 30_000 }, () => {
  it('closes before acting on confirm and only closes on cancel', () => {
    const calls: string[] = [];
    const onClose = vi.fn(() => calls.push('close'));
    const onConfirm = vi.fn(() => calls.push('confirm'));
    render(
      <ConfirmDialog
        isOpen
        text="Delete this item?"
        cancelText="Cancel"
        confirmText="Delete"
        onClose={onClose}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByText('Delete this item?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls).toEqual(['close', 'close', 'confirm']);
  });
});
