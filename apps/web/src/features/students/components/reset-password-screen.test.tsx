import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { BALA, PRIYA } from '../../../test/student-fixtures';
import { stubApi, type StubbedAnswer, type StubbedCall } from '../../../test/stub-api';
import { ResetStudentPasswordScreen } from './reset-password-screen';

/** The list call finds students by the search; the reset call answers as `reset` says. */
function stubStudents(reset: (call: StubbedCall) => StubbedAnswer) {
  return stubApi((call) => {
    if (call.path === '/students/v1/list') {
      const search = (call.query.get('search') ?? '').toLowerCase();
      const items = [PRIYA, BALA].filter((s) => !search || `${s.firstName} ${s.lastName} ${s.username}`.toLowerCase().includes(search));
      return { body: { items, total: items.length } };
    }
    if (call.path === '/students/v1/resetPassword') return reset(call);
    return undefined;
  });
}

async function choosePriya(user: ReturnType<typeof userEvent.setup>, api: ReturnType<typeof stubApi>) {
  expect(screen.getByText('Choose a student above.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
  await user.type(screen.getByRole('combobox', { name: 'Find a student' }), 'pri');
  // The search goes to the server (after a pause in typing), which answers only the matches.
  await waitFor(() => expect(api.to('GET', '/students/v1/list').some((call) => call.query.get('search') === 'pri')).toBe(true));
  await waitFor(() => expect(screen.queryByRole('option', { name: 'Bala K (bala.k)' })).not.toBeInTheDocument());
  await user.click(await screen.findByRole('option', { name: 'Priya Raman (priya.r)' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ResetStudentPasswordScreen', { timeout: 60_000 }, () => {
  it('finds a student and sends a reset link, confirming what the server did', async () => {
    const api = stubStudents(() => ({ message: 'A reset link was sent to Priya Raman. Her sessions have ended.', body: null }));
    const user = userEvent.setup();
    renderWithProviders(<ResetStudentPasswordScreen />);
    await choosePriya(user, api);

    // The reset link is the default; the note says every session ends.
    expect(screen.getByRole('radio', { name: /^Send a reset link/ })).toBeChecked();
    expect(screen.getByText('Every open session of the student ends.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Temporary password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('A reset link was sent to Priya Raman. Her sessions have ended.')).toBeInTheDocument();
    expect(api.to('POST', '/students/v1/resetPassword').map((call) => call.body)).toEqual([{ id: PRIYA.id, mode: 'link' }]);
  });

  it('sets a temporary password only when it is long enough, then clears it', async () => {
    const api = stubStudents(() => ({ message: 'Temporary password set. Priya Raman must change it at the next sign-in.', body: null }));
    const user = userEvent.setup();
    renderWithProviders(<ResetStudentPasswordScreen />);
    await choosePriya(user, api);
    await user.click(screen.getByRole('radio', { name: /^Set a temporary password/ }));
    const password = screen.getByLabelText(/Temporary password/);
    const submit = screen.getByRole('button', { name: 'Reset password' });
    expect(submit).toBeDisabled();
    await user.type(password, 'abc');
    expect(screen.getByText('Password is too short - should be 4 chars minimum.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(password, 'd-2026');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Temporary password set. Priya Raman must change it at the next sign-in.')).toBeInTheDocument();
    expect(api.to('POST', '/students/v1/resetPassword').map((call) => call.body)).toEqual([{ id: PRIYA.id, mode: 'temporary', temporaryPassword: 'abcd-2026' }]);
    await waitFor(() => expect(password).toHaveValue(''));
  });

  it('shows the server’s refusal and keeps the typed password', async () => {
    const api = stubStudents(() => ({ status: 404, message: 'This student is not in your scope.', body: { code: 'STUDENTS_NOT_FOUND' } }));
    const user = userEvent.setup();
    renderWithProviders(<ResetStudentPasswordScreen />);
    await choosePriya(user, api);
    await user.click(screen.getByRole('radio', { name: /^Set a temporary password/ }));
    await user.type(screen.getByLabelText(/Temporary password/), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This student is not in your scope.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Temporary password/)).toHaveValue('secret-1');
    expect(api.to('POST', '/students/v1/resetPassword')).toHaveLength(1);
  });
});
