import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render-with-providers';
import { emptyQuestionForm } from '../model/question-form';
import { QuestionEditorForm } from './question-editor-form';

// The statement and options use the rich-text editor (ProseMirror), loaded once before the tests;
// jsdom has no layout for ProseMirror to measure.
beforeAll(async () => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  await import('../../../components/rich-text/tiptap-editor');
  await i18n.loadNamespaces('richText');
});

beforeEach(() => {
  // The topic picker asks for courses; none here.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: true, message: '', body: [] }), { headers: { 'content-type': 'application/json' } })));
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onSubmit = vi.fn(), values = emptyQuestionForm()) {
  renderWithProviders(<QuestionEditorForm initialValues={values} isNew isEditable currentVersion={null} isSaving={false} onSubmit={onSubmit} />);
  return onSubmit;
}

describe('QuestionEditorForm', { timeout: 60_000 }, () => {
  it('shows the rules on their fields and saves nothing while the question is incomplete', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await screen.findByRole('textbox', { name: 'Question (English)' });
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    expect(await screen.findByText('Some fields need attention.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the question.')).toBeInTheDocument();
    // Focus goes to the first field with an error, not stays on the button (nor falls to the page).
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Question (English)' })).toHaveFocus());
    // The kind's own fields (here the options) load as a chunk of their own: waited for, not assumed.
    expect(await screen.findByText(/The correct answer must name one of the options/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a single-choice question once its statement, options and key are given', async () => {
    const user = userEvent.setup();
    const values = emptyQuestionForm();
    values.options = values.options.slice(0, 2);
    const onSubmit = renderForm(vi.fn(), values);
    const fill = async (name: string, text: string) => {
      await user.click(await screen.findByRole('textbox', { name }));
      await user.paste(text);
    };
    await fill('Question (English)', 'Which gas do plants take in?');
    await fill('Option A (English)', 'Oxygen');
    await fill('Option B (English)', 'Carbon dioxide');
    await user.click(screen.getByRole('radio', { name: 'Option B is correct' }));
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // The rich-text editor gives each option as HTML (a paragraph).
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ correct: [2], options: [{ answerID: 1, en: '<p>Oxygen</p>' }, { answerID: 2, en: '<p>Carbon dioxide</p>' }] });
  });

  it('warns before the browser leaves only once something was typed', async () => {
    const user = userEvent.setup();
    renderForm();
    const isLeaveHeld = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    await user.click(await screen.findByRole('textbox', { name: 'Question (English)' }));
    expect(isLeaveHeld()).toBe(false);
    await user.paste('Which gas do plants take in?');
    await waitFor(() => expect(isLeaveHeld()).toBe(true));
  });

  it('asks before a link drops typed work, and lets the move to the new question after its save through', async () => {
    const user = userEvent.setup();
    const values = emptyQuestionForm();
    values.options = values.options.slice(0, 2);
    // As the question bank page does: once the server answers, a created question opens at its own
    // address while the form is still dirty.
    let answerSave = () => {};
    function EditorPage() {
      const navigate = useNavigate();
      const [isSaving, setIsSaving] = useState(false);
      const handleSubmit = () => {
        setIsSaving(true);
        void new Promise<void>((resolve) => (answerSave = resolve)).then(() => navigate('/questionbank?question=7', { replace: true }));
      };
      return <QuestionEditorForm initialValues={values} isNew isEditable currentVersion={null} isSaving={isSaving} onSubmit={handleSubmit} />;
    }
    function Address() {
      const { pathname, search } = useLocation();
      return <p data-testid="address">{pathname + search}</p>;
    }
    renderWithProviders(
      <Routes>
        <Route
          path="/questionbank"
          element={
            <>
              <Link to="/academy/courses">Courses</Link>
              <Address />
              <EditorPage />
            </>
          }
        />
        <Route path="/academy/courses" element={<h1>Courses page</h1>} />
      </Routes>,
      { path: '/questionbank?question=new' },
    );
    const fill = async (name: string, text: string) => {
      await user.click(await screen.findByRole('textbox', { name }));
      await user.paste(text);
    };
    await fill('Question (English)', 'Which gas do plants take in?');
    await user.click(screen.getByRole('link', { name: 'Courses' }));
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Question (English)' })).toHaveTextContent('Which gas do plants take in?');

    await fill('Option A (English)', 'Oxygen');
    await fill('Option B (English)', 'Carbon dioxide');
    await user.click(screen.getByRole('radio', { name: 'Option B is correct' }));
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    await screen.findByRole('button', { name: 'Saving…' });
    await act(async () => answerSave());
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/questionbank?question=7'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('chooses JEE Advanced marking for a multiple-choice question by keyboard, which explains it and turns partial credit off', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(), emptyQuestionForm('multipleChoice'));
    const marking = await screen.findByRole('combobox', { name: 'Marking' }, { timeout: 10_000 });
    expect(screen.getByText('Full marks only for all the correct options and no other.')).toBeInTheDocument();
    marking.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Marking' })).toHaveTextContent('JEE Advanced'));
    expect(screen.getByText(/\+1 for each correct option chosen when no wrong one is/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Give part of the marks for part of the answer' })).toBeDisabled();
  });

  it('gives a fill-in-the-blank question one answer field per {0} marker', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(), emptyQuestionForm('text'));
    await user.click(await screen.findByRole('textbox', { name: 'Question (English)' }));
    await user.paste('Water is {0} and salt is {0}.');
    expect(await screen.findByRole('textbox', { name: 'Answer of blank 2' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Answer of blank 3' })).not.toBeInTheDocument();
  });

  it('shows the Tamil text in its own tab on a phone, switched on by its own control', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('tab', { name: 'Tamil' }));
    expect(screen.queryByRole('textbox', { name: 'Question (Tamil)' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Include the Tamil text'));
    expect(await screen.findByRole('textbox', { name: 'Question (Tamil)' })).toHaveAttribute('lang', 'ta');
  });
});
