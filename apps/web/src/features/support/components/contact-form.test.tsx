import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ContactForm } from './contact-form';

afterEach(() => vi.unstubAllGlobals());

describe('ContactForm', { timeout: 30_000 }, () => {
  it('says what is missing without calling the server, then sends subject, category and message', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = { id: 1, ...JSON.parse(String(init?.body)), status: 'new', replyNote: null, createdAt: '', updatedAt: '', senderUserId: 1, senderName: 'K', senderRole: 'SchoolTeacher', instituteName: null };
      return new Response(JSON.stringify({ status: true, message: 'Your message was sent to the administrators.', body }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Marks missing');
    await user.click(screen.getByRole('combobox', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Technical problem' }));
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Test 4 marks do not show.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ subject: 'Marks missing', category: 'technical', message: 'Test 4 marks do not show.' });
    // The form is emptied for the next message.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue(''));
  });
});
