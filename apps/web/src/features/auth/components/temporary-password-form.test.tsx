import { screen } from '@testing-library/react';
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

afterEach(() => vi.unstubAllGlobals());

describe('sign-in with a temporary password', () => {
  it('asks for a new password before the session starts, sending the change with the new sign-in’s token', { timeout: 60_000 }, async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const body = String(input).includes('/user/v1/login') ? LOGIN : null;
      return new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<StudentLoginForm />);
    await user.type(screen.getByLabelText('Email / Username / Phone'), 'priya');
    await user.type(screen.getByLabelText('Password'), 'temp-42');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(/Your password was reset by your institution/)).toBeInTheDocument();
    expect(window.localStorage.getItem('user_token')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'mine-42');
    await user.type(screen.getByLabelText('Confirm password'), 'mine-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await expect.poll(() => fetchMock.mock.calls.some(([url]) => String(url).includes('/user/v1/changePassword'))).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/user/v1/changePassword'))! as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer temporary-token');
    expect(JSON.parse(String(init.body))).toEqual({ currentPassword: 'temp-42', password: 'mine-42' });
  });
});
