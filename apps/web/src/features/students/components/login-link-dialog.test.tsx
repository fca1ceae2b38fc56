import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { PRIYA } from '../../../test/student-fixtures';
import { LoginLinkDialog } from './login-link-dialog';


const EXPIRES = '2026-11-25T10:00:00.000Z';

afterEach(() => vi.unstubAllGlobals());

describe('LoginLinkDialog', { timeout: 60_000 }, () => {
  it('creates a one-time link for the student on request, shows it with its expiry, and copies it', async () => {
    const api = stubApi((call) => (call.path === '/user/v1/createLoginLink' ? { body: { SessionID: 'abc123', url: '/login?SessionID=abc123', expiresAt: EXPIRES } } : undefined));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const onClose = vi.fn();
    renderWithProviders(<LoginLinkDialog student={PRIYA} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Sign-in link for Priya Raman' });
    // Nothing is issued until asked.
    expect(api.calls).toEqual([]);
    expect(within(dialog).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const field = await within(dialog).findByLabelText('Sign-in link');
    expect(api.to('POST', '/user/v1/createLoginLink').map((call) => call.body)).toEqual([{ userId: 7 }]);
    const url = `${window.location.origin}/login?SessionID=abc123`;
    expect(field).toHaveValue(url);
    expect(field).toHaveAttribute('readonly');
    const expiry = new Date(EXPIRES).toLocaleString('en-IN');
    expect(dialog).toHaveTextContent(`This link signs Priya Raman in once. It expires at ${expiry}.`);
    expect(within(dialog).queryByRole('button', { name: 'Create link' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(1);
  });

  it('shows the server’s refusal and lets the staff member try again', async () => {
    let refuse = true;
    const api = stubApi((call) =>
      call.path !== '/user/v1/createLoginLink'
        ? undefined
        : refuse
          ? { status: 404, message: 'No such student in your institute.', body: { code: 'NOT_FOUND' } }
          : { body: { SessionID: 'again', url: '/login?SessionID=again', expiresAt: EXPIRES } },
    );
    const user = userEvent.setup();
    renderWithProviders(<LoginLinkDialog student={PRIYA} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Sign-in link for Priya Raman' });
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('No such student in your institute.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Sign-in link')).not.toBeInTheDocument();
    const create = within(dialog).getByRole('button', { name: 'Create link' });
    expect(create).toBeEnabled();
    refuse = false;
    await user.click(create);
    expect(await within(dialog).findByLabelText('Sign-in link')).toHaveValue(`${window.location.origin}/login?SessionID=again`);
    expect(api.to('POST', '/user/v1/createLoginLink')).toHaveLength(2);
  });
});
