import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../test/render-with-providers';
import { LeaveGuard } from './leave-guard';

/** A page form in small: a field, a link away, a Back that goes back in history, and a save that then moves on. */
function TypedPage() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  // As the question editor does: a new question's save moves to its own address while the form is still dirty.
  async function handleSave() {
    setIsSaving(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    void navigate('/saved');
  }

  return (
    <>
      <LeaveGuard hasUnsavedWork={text !== '' && !isSaving} />
      <h1>Form page</h1>
      <input aria-label="Title" value={text} onChange={(event) => setText(event.target.value)} />
      <Link to="/other">Other page</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => void handleSave()}>
        Save
      </button>
    </>
  );
}

function renderPages() {
  const page = (title: string, extra?: ReactNode) => (
    <>
      <h1>{title}</h1>
      {extra}
    </>
  );
  renderWithProviders(
    <Routes>
      <Route path="/" element={page('Start page', <Link to="/form">Open the form</Link>)} />
      <Route path="/form" element={<TypedPage />} />
      <Route path="/other" element={page('Other page')} />
      <Route path="/saved" element={page('Saved page')} />
    </Routes>,
  );
}

/** Opens the form from the start page, so that going back has somewhere to go. */
async function openForm(user: ReturnType<typeof userEvent.setup>) {
  renderPages();
  await user.click(screen.getByRole('link', { name: 'Open the form' }));
  await screen.findByRole('heading', { name: 'Form page' });
}

const heading = (name: string) => screen.findByRole('heading', { name });

describe('LeaveGuard', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lets a link go at once while nothing was typed', async () => {
    const user = userEvent.setup();
    await openForm(user);
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await heading('Other page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 20_000);

  it('asks before a link drops typed work; Stay keeps the page and the text, Leave goes', async () => {
    const user = userEvent.setup();
    await openForm(user);
    await user.type(screen.getByLabelText('Title'), 'Lens formulas');
    await user.click(screen.getByRole('link', { name: 'Other page' }));

    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(ask).toHaveTextContent('Your changes are not saved. If you leave, they are lost.');
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Form page' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Lens formulas');

    await user.click(screen.getByRole('link', { name: 'Other page' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await heading('Other page')).toBeInTheDocument();
  }, 20_000);

  it('asks before going back in history too, and Escape stays', async () => {
    const user = userEvent.setup();
    await openForm(user);
    await user.type(screen.getByLabelText('Title'), 'x');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).toHaveValue('x');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    // By keyboard: Tab from Stay to Leave, Enter.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Leave' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await heading('Start page')).toBeInTheDocument();
  }, 20_000);

  it('does not hold the move a save makes while the form is still dirty', async () => {
    const user = userEvent.setup();
    await openForm(user);
    await user.type(screen.getByLabelText('Title'), 'Lens formulas');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await heading('Saved page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 20_000);

  it('asks in Tamil on a Tamil screen', async () => {
    await i18n.changeLanguage('tn');
    const user = userEvent.setup();
    await openForm(user);
    await user.type(screen.getByLabelText('Title'), 'x');
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    const ask = await screen.findByRole('dialog', { name: 'இந்தப் பக்கத்திலிருந்து வெளியேறவா?' });
    expect(ask).toHaveTextContent('உங்கள் மாற்றங்கள் சேமிக்கப்படவில்லை. வெளியேறினால் அவை இழக்கப்படும்.');
    expect(screen.getByRole('button', { name: 'இங்கேயே இரு' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'வெளியேறு' }));
    expect(await heading('Other page')).toBeInTheDocument();
  }, 20_000);
});
