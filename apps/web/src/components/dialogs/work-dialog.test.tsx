import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { useReportDirty, WorkDialog } from './work-dialog';

function TypedForm() {
  const [text, setText] = useState('');
  useReportDirty(text !== '');
  return <input aria-label="Title" value={text} onChange={(event) => setText(event.target.value)} />;
}

function renderDialog(onClose = vi.fn()) {
  render(
    <WorkDialog isOpen onClose={onClose} title="New note">
      <TypedForm />
    </WorkDialog>,
  );
  return onClose;
}

const pressEscape = () => fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'Escape' });

describe('a dialog that holds typed work', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('closes on Escape at once while nothing was typed', () => {
    const onClose = renderDialog();
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('asks before Escape drops typed work; Keep editing keeps it, Discard closes', () => {
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lens formulas' } });
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
    const ask = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(ask).toHaveTextContent('What you typed here has not been saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveValue('Lens formulas');

    pressEscape();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('asks on a click outside too', () => {
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    const backdrop = document.querySelector('.MuiBackdrop-root')!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Discard your changes?' })).toBeInTheDocument();
  }, 20_000);

  it('asks in Tamil on a Tamil screen, from the texts every screen has', async () => {
    await i18n.changeLanguage('tn');
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    pressEscape();
    expect(screen.getByRole('dialog', { name: 'மாற்றங்களைக் கைவிடவா?' })).toHaveTextContent('இங்கே நீங்கள் தட்டச்சு செய்தது சேமிக்கப்படவில்லை.');
    expect(screen.getByRole('button', { name: 'தொடர்ந்து திருத்து' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'கைவிடு' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 20_000);
});
