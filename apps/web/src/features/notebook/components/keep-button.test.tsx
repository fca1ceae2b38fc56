import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render-with-providers';
import { KeepInNotebookButton } from './keep-button';

/** A server holding which questions of attempt A1 are kept; addCard and removeCard change it. */
function stubServer(initiallyKept: number[]) {
  const kept = new Set(initiallyKept);
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as { questionTaskMapID: number }) : null;
      calls.push({ path: url.pathname, body });
      let answer: unknown = null;
      if (url.pathname.endsWith('/notebook/v1/kept')) answer = { attemptId: url.searchParams.get('attemptId'), questionTaskMapIDs: [...kept] };
      if (url.pathname.endsWith('/addCard')) kept.add(body!.questionTaskMapID);
      if (url.pathname.endsWith('/removeCard')) {
        kept.delete(body!.questionTaskMapID);
        answer = { attemptId: 'A1', questionTaskMapID: body!.questionTaskMapID, inNotebook: false };
      }
      return new Response(JSON.stringify({ status: true, message: 'Done', body: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('KeepInNotebookButton', () => {
  it('keeps a question by keyboard, shows it kept, and takes it back on a second press', async () => {
    const calls = stubServer([]);
    const user = userEvent.setup();
    renderWithProviders(<KeepInNotebookButton attemptId="A1" mapId={41} number={3} />);
    const button = await screen.findByRole('button', { name: 'Keep in notebook (question 3)' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('Keep in notebook');
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveTextContent('Kept in notebook');
    expect(button).toHaveAccessibleName('Kept in notebook (question 3)');
    expect(calls.find((c) => c.path.endsWith('/addCard'))?.body).toEqual({ attemptId: 'A1', questionTaskMapID: 41 });
    await waitFor(() => expect(button).toBeEnabled());
    await user.keyboard(' ');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(calls.find((c) => c.path.endsWith('/removeCard'))?.body).toEqual({ attemptId: 'A1', questionTaskMapID: 41 });
  });

  it('shows a question kept earlier as kept, in Tamil', async () => {
    stubServer([41]);
    await i18n.changeLanguage('tn');
    renderWithProviders(<KeepInNotebookButton attemptId="A1" mapId={41} number={3} />);
    const button = await screen.findByRole('button', { name: /^குறிப்பேட்டில் சேர் \(கேள்வி 3\)$|^குறிப்பேட்டில் சேர்க்கப்பட்டது \(கேள்வி 3\)$/ });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveAccessibleName('குறிப்பேட்டில் சேர்க்கப்பட்டது (கேள்வி 3)');
    expect(button).toHaveTextContent('குறிப்பேட்டில் சேர்க்கப்பட்டது');
  });
});
