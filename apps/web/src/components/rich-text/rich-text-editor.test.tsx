import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { loadMath } from './math';
import { RichTextEditor } from './rich-text-editor';

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Lesson text"
      value={value}
      onChange={(html) => {
        setValue(html);
        onChange?.(html);
      }}
    />
  );
}

// ProseMirror measures the page to scroll the selection into view; jsdom has no layout.
beforeAll(async () => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint ??= () => null;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= emptyRect;
  Element.prototype.getClientRects = Element.prototype.getClientRects ?? noRects;
  // The editor's and KaTeX's chunks are loaded once, before the first test's clock starts (on a
  // busy runner their first import alone can take most of a test's time).
  await import('./tiptap-editor');
  await loadMath();
  await i18n.loadNamespaces('richText');
}, 60_000);

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

// Typing into ProseMirror through jsdom is slow on a busy machine.
describe('RichTextEditor', { timeout: 30_000 }, () => {
  it('shows a labelled toolbar whose buttons are reachable and named', async () => {
    render(<Harness initial="<p>Hello</p>" />);
    const toolbar = await screen.findByRole('toolbar', { name: /Formatting: Lesson text/ }, { timeout: 10_000 });
    for (const name of ['Bold', 'Italic', 'Underline', 'Subscript', 'Superscript', 'Heading', 'Bulleted list', 'Numbered list', 'Link', 'Upload image', 'Upload video', 'Insert formula']) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Lesson text' })).toHaveTextContent('Hello');
  });

  it('is one Tab stop with arrow keys between its buttons (the toolbar pattern), then Tab goes on to the text', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Harness initial="<p>Hello</p>" />
      </>,
    );
    const toolbar = await screen.findByRole('toolbar', { name: /Formatting: Lesson text/ }, { timeout: 10_000 });
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Underline' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: 'Preview' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}');
    // One Tab leaves the toolbar for the text; Shift+Tab comes back to the button last used.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Lesson text' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveFocus();
    expect(within(toolbar).getAllByRole('button').filter((button) => button.tabIndex === 0)).toHaveLength(1);
  });

  it('reports nothing until the user edits, even when it normalises the saved content', async () => {
    const onChange = vi.fn();
    // Plain text, as an import saves it: the editor shows it as a paragraph.
    render(<Harness initial="Which gas do plants take in?" onChange={onChange} />);
    await screen.findByRole('toolbar', { name: /Formatting: Lesson text/ }, { timeout: 10_000 });
    expect(screen.getByRole('textbox', { name: 'Lesson text' })).toHaveTextContent('Which gas do plants take in?');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('applies bold to the selection and reports the HTML', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>Hello</p>" onChange={onChange} />);
    const toolbar = await screen.findByRole('toolbar', {}, { timeout: 10_000 });
    const textbox = screen.getByRole('textbox', { name: 'Lesson text' });
    // Select all the text, then press Bold from the keyboard.
    await userEvent.click(textbox);
    await userEvent.keyboard('{Control>}a{/Control}');
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    bold.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>Hello</strong></p>'), { timeout: 10_000 });
    expect(bold).toHaveAttribute('aria-pressed', 'true');
  });

  it('inserts a formula typed in the dialog, with a preview', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Insert formula' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Formula \(TeX/), '\\ce{{H2O}');
    await waitFor(() => expect(dialog.querySelector('.katex')).not.toBeNull(), { timeout: 10_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>$\\ce{H2O}$</p>'), { timeout: 10_000 });
  });

  it('does not submit a form around the editor when the formula dialog is submitted', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Harness />
      </form>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Insert formula' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Formula \(TeX/), 'x^2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows its labels in Tamil', async () => {
    await i18n.changeLanguage('tn');
    render(<Harness />);
    expect(await screen.findByRole('button', { name: 'தடித்த எழுத்து' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'சூத்திரத்தைச் செருகு' })).toBeInTheDocument();
  });
});
