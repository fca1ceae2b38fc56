import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StudentLoginForm } from './student-login-form';

describe('StudentLoginForm', () => {
  it('keeps Login disabled until the form is valid, showing the spec messages', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<StudentLoginForm />);
    const submit = screen.getByRole('button', { name: 'Login' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Email / Username / Phone'), 'ab');
    expect(await screen.findByText('You must enter email/username/phone')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(await screen.findByText('Password is too short - should be 4 chars minimum.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Email / Username / Phone'), 'c');
    await user.type(screen.getByLabelText('Password'), 'd');
    await expect.poll(() => (submit as HTMLButtonElement).disabled, { timeout: 5_000 }).toBe(false);
  });

  it('asks for the password when it is cleared', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<StudentLoginForm />);
    const password = screen.getByLabelText('Password');
    await user.type(password, 'x');
    await user.clear(password);
    expect(await screen.findByText('Please enter your password.')).toBeInTheDocument();
  });
});
