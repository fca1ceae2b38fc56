import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { LiveRoomActionDialog } from './live-room-action-dialog';

describe('LiveRoomActionDialog', () => {
  it('refuses a bad number of minutes with focus on the field, which its error describes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<LiveRoomActionDialog action="extend" studentName="Nila" isBusy={false} onClose={vi.fn()} onConfirm={onConfirm} />);
    const minutes = await screen.findByTestId('live-minutes');
    await user.clear(minutes);
    await user.type(minutes, 'ten');
    await user.click(screen.getByTestId('live-reason'));
    await user.keyboard('Bus was late');
    await user.click(screen.getByRole('button', { name: 'Extend time' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(minutes).toHaveFocus();
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(minutes).toHaveAccessibleDescription(/minutes/i);
  });

  it('refuses an empty reason with focus on the reason', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LiveRoomActionDialog action="extend" studentName="Nila" isBusy={false} onClose={vi.fn()} onConfirm={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Extend time' }));
    expect(screen.getByTestId('live-reason')).toHaveFocus();
  });
});
