import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { PRIYA } from '../../../test/student-fixtures';
import { ParentsDialog } from './parents-dialog';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('ParentsDialog', { timeout: 60_000 }, () => {
  it('links a parent by e-mail, the e-mail required and checked by the schema', async () => {
    const api = stubApi((call) => (call.path === '/students/v1/linkParent' ? { body: null } : undefined));
    const user = userEvent.setup();
    renderWithProviders(<ParentsDialog student={PRIYA} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Parents of Priya Raman' });
    const email = within(dialog).getByRole('textbox', { name: 'Parent e-mail' });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveFocus();
    await user.type(email, 'not-an-address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(i18n.t('emailInvalid', { ns: 'messages' }));

    await user.clear(email);
    await user.type(email, 'amma@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Parent name (optional)' }), 'Lakshmi');
    await user.click(within(dialog).getByRole('button', { name: 'Link parent' }));
    await vi.waitFor(() => expect(api.to('POST', '/students/v1/linkParent').map((call) => call.body)).toEqual([{ id: 7, email: 'amma@example.com', parentName: 'Lakshmi' }]));
  });

  it('speaks Tamil', async () => {
    stubApi(() => undefined);
    await i18n.changeLanguage('tn');
    renderWithProviders(<ParentsDialog student={PRIYA} onClose={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'பெற்றோர் மின்னஞ்சல்' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'பெற்றோர் பெயர் (விருப்பத்தேர்வு)' })).toBeInTheDocument();
  });
});
