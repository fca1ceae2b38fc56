import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportErrorDialog } from './report-error-dialog';

function dialog(props: { isOpen: boolean; mapId: number; onClose: () => void }) {
  return <ReportErrorDialog TestSessionID="attempt-1" {...props} />;
}

describe('the report-error dialog keeps typed work', () => {
  it('keeps the text for the same question after Escape, and clears it on Cancel', () => {
    const onClose = vi.fn();
    const { rerender } = render(dialog({ isOpen: true, mapId: 7, onClose }));
    fireEvent.change(screen.getByLabelText('What is wrong?'), { target: { value: 'Option C is misprinted' } });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(dialog({ isOpen: false, mapId: 7, onClose }));
    rerender(dialog({ isOpen: true, mapId: 7, onClose }));
    expect(screen.getByLabelText('What is wrong?')).toHaveValue('Option C is misprinted');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    rerender(dialog({ isOpen: false, mapId: 7, onClose }));
    rerender(dialog({ isOpen: true, mapId: 7, onClose }));
    expect(screen.getByLabelText('What is wrong?')).toHaveValue('');
  }, 20_000);

  it("does not show one question's draft on another", () => {
    const onClose = vi.fn();
    const { rerender } = render(dialog({ isOpen: true, mapId: 7, onClose }));
    fireEvent.change(screen.getByLabelText('What is wrong?'), { target: { value: 'Typo' } });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    rerender(dialog({ isOpen: false, mapId: 8, onClose }));
    rerender(dialog({ isOpen: true, mapId: 8, onClose }));
    expect(screen.getByLabelText('What is wrong?')).toHaveValue('');
  }, 20_000);
});
