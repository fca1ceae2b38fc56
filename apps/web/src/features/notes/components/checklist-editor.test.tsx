import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { NoteFormValues } from '../model/note-form';
import { ChecklistEditor } from './checklist-editor';

type Items = NoteFormValues['checklist'];

function Harness({ initial = [] }: { initial?: Items }) {
  const [items, setItems] = useState<Items>(initial);
  return (
    <>
      <ChecklistEditor items={items} onChange={setItems} />
      <output data-testid="items">{JSON.stringify(items)}</output>
    </>
  );
}

const addButton = () => screen.getByRole('button', { name: 'Add item' });
const field = () => screen.getByRole('textbox', { name: 'List item' });
const items = () => JSON.parse(screen.getByTestId('items').textContent ?? '[]') as Items;

// MUI in jsdom is slow on a shared machine; the default 5 s is too tight for typing tests.
describe('ChecklistEditor', { timeout: 30_000 }, () => {
  it('keeps Add disabled until the field is edited and valid', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(addButton()).toBeDisabled();
    await user.type(field(), 'Revise optics');
    expect(addButton()).toBeEnabled();
  });

  it('validates on change: clearing the text shows the spec message and disables Add', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'x');
    expect(screen.queryByText('You must enter a label title')).not.toBeInTheDocument();
    await user.clear(field());
    expect(await screen.findByText('You must enter a label title')).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
    await user.type(field(), '   ');
    expect(addButton()).toBeDisabled();
  });

  it('adds a trimmed item (button or Enter), then resets the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), '  Revise optics  ');
    await user.click(addButton());
    await user.type(field(), 'Solve 20 MCQs{Enter}');
    expect(items()).toEqual([
      { text: 'Revise optics', checked: false },
      { text: 'Solve 20 MCQs', checked: false },
    ]);
    expect(field()).toHaveValue('');
    expect(addButton()).toBeDisabled();
  });

  it('checks and removes items', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={[
          { id: 'a', text: 'Physics', checked: false },
          { id: 'b', text: 'Botany', checked: false },
        ]}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Physics' }));
    expect(items()[0]).toEqual({ id: 'a', text: 'Physics', checked: true });
    await user.click(screen.getByRole('button', { name: 'Remove item: Botany' }));
    expect(items()).toEqual([{ id: 'a', text: 'Physics', checked: true }]);
  });
});
