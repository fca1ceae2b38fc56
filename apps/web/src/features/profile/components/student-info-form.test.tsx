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

  it('shows a placed student’s institute, class and section as set by the institute, not to be changed', { timeout: 20_000 }, async () => {
    const info = {
      id: 7,
      userName: 'nila',
      userTypeName: 'Student' as const,
      firstName: 'Nila',
      middleName: null,
      lastName: 'M',
      DOB: '05-03-2008',
      email: 'nila@example.com',
      mobile: '9876543210',
      city: 'Coimbatore',
      address: '3 Gandhi Street',
      state: 1,
      languageId: 1,
      interestedCourse: [],
      classID: 12,
      instituteID: 1,
      sectionID: 121,
      photoURL: null,
    };
    const { unmount } = renderWithProviders(<StudentInfoForm info={info} submitLabel="Save" onSubmit={vi.fn()} />);
    expect(await screen.findByText('Set by your institute. Please ask your institute to change it.')).toBeInTheDocument();
    for (const name of [/Institute/, /Class/, /Section/]) expect(screen.getByRole('combobox', { name })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('combobox', { name: /City/ })).not.toHaveAttribute('aria-disabled');
    unmount();
    // A student without an institute yet (self-registration) chooses one.
    renderWithProviders(<StudentInfoForm info={{ ...info, instituteID: null, classID: null, sectionID: null }} submitLabel="Save" onSubmit={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: /Institute/ })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText('Set by your institute. Please ask your institute to change it.')).not.toBeInTheDocument();
  });
});
