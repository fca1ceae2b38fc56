import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { typeDate } from '../../../test/date-fields';
import { emptyNoteForm } from '../model/note-form';
import { NoteForm } from './note-form';

describe('NoteForm', { timeout: 30_000 }, () => {
  it('enables Create once something changed and submits title, checklist and reminder', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <NoteForm
        defaultValues={emptyNoteForm()}
        labels={[]}
        submitText="Create"
        isSubmitting={false}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Optics');
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add checklist' }));
    await user.type(screen.getByRole('textbox', { name: 'List item' }), 'Lenses{Enter}');
    await typeDate(user, screen.getByRole('group', { name: 'Reminder' }), '2026-11-25T18:30');
    await user.click(create);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      title: 'Optics',
      hasChecklist: true,
      checklist: [{ text: 'Lenses', checked: false }],
      reminder: '2026-11-25T18:30',
    });
  });

  it('enables Create after one single change (a paste), not only after typing', async () => {
    const user = userEvent.setup();
    render(
      <NoteForm
        defaultValues={emptyNoteForm()}
        labels={[]}
        submitText="Create"
        isSubmitting={false}
        onSubmit={vi.fn()}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.paste('Optics');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled());
  });
});
