import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SignupScreen } from './signup-screen';

describe('SignupScreen', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: true, message: '', body: [] }))));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec messages of every missing field on Next', { timeout: 20_000 }, async () => {
    renderWithProviders(<SignupScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(await screen.findByText('You must enter a email')).toBeInTheDocument();
    expect(screen.getByText('Please select your date of birth.')).toBeInTheDocument();
    expect(screen.getByText('Please enter mobile number.')).toBeInTheDocument();
    expect(screen.getByText('Please select campus.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
  });
});
