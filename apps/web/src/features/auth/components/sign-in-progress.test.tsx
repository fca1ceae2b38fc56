import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StudentLoginForm } from './student-login-form';

const LOGIN = {
  token: 'temporary-token',
  ClientID: 'neetprep',
  userName: 'priya',
  userTypeName: 'Student',
  UserSessionID: 'session-1',
  email: null,
  displayName: 'Priya',
  photoURL: null,
  activeTestDetails: null,
  CourseID: null,
  TaskID: null,
  mustChangePassword: true,
};

/** A fetch whose answers wait until the test lets each one go. */
function heldFetch() {
  const releases: Array<() => void> = [];
  const fetchMock = vi.fn(
    (input: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        const body = String(input).includes('/user/v1/login') ? LOGIN : null;
        releases.push(() => resolve(new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200, headers: { 'content-type': 'application/json' } })));
      }),
  );
  return { fetchMock, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

afterEach(() => vi.unstubAllGlobals());

/** The live region beside the waiting button (polite, so it is no `status` role of its own). */
const pendingStatus = () => document.querySelector<HTMLElement>('[aria-live="polite"][data-pending-status]');

describe('buttons that wait on the server', () => {
  it('show progress on Login and on the forced change-password Continue, and say so to screen readers', { timeout: 60_000 }, async () => {
    const { fetchMock, releaseAll } = heldFetch();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<StudentLoginForm />);
    await user.type(screen.getByLabelText('Email / Username / Phone'), 'priya');
    await user.type(screen.getByLabelText('Password'), 'temp-42');
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).not.toHaveAttribute('aria-busy');
    await user.click(login);

    await expect.poll(() => login.getAttribute('aria-busy')).toBe('true');
    expect(within(login).getByRole('progressbar')).toBeInTheDocument();
    expect(login).toBeDisabled();
    expect(pendingStatus()).toHaveTextContent('Login: please wait…');

    releaseAll();
    expect(await screen.findByText(/Your password was reset by your institution/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'mine-42');
    await user.type(screen.getByLabelText('Confirm password'), 'mine-42');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(pendingStatus()).toBeEmptyDOMElement();
    await user.click(next);

    await expect.poll(() => next.getAttribute('aria-busy')).toBe('true');
    expect(within(next).getByRole('progressbar')).toBeInTheDocument();
    expect(pendingStatus()).toHaveTextContent('Continue: please wait…');
    releaseAll();
  });
});
