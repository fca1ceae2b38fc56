import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StudentInfoForm } from './student-info-form';

const LOOKUPS: Record<string, unknown> = {
  '/api/Common/v1/state': [{ id: 1, name: 'Tamil Nadu', code: 'TN' }],
  '/api/Common/v1/city': [{ id: 'coimbatore', name: 'Coimbatore' }, { id: 'chennai', name: 'Chennai' }],
  '/api/Common/v1/Institute': [],
  '/api/Common/v1/Language': [{ id: 1, name: 'English', code: 'en' }],
  '/api/courses/v1/listSimple': [],
};

describe('StudentInfoForm', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify({ status: true, message: '', body: LOOKUPS[url.split('?')[0]!] ?? [] }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec messages for the required fields and does not submit', { timeout: 20_000 }, async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<StudentInfoForm info={undefined} submitLabel="Next" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Please enter your name.')).toHaveLength(2);
    expect(screen.getByText('Please select your date of birth.')).toBeInTheDocument();
    expect(screen.getByText('Please enter Address.')).toBeInTheDocument();
    expect(screen.getByText('Please select city.')).toBeInTheDocument();
    expect(screen.getByText('Please select state.')).toBeInTheDocument();
    expect(screen.getByText('Please enter mobile number.')).toBeInTheDocument();
    expect(screen.getByText('Please select medium of instruction.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed phone number', { timeout: 20_000 }, async () => {
    renderWithProviders(<StudentInfoForm info={undefined} submitLabel="Next" onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Phone number is not valid')).toBeInTheDocument();
  });
});
