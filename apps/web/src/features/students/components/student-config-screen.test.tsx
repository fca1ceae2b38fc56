import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectEscapeAsksBeforeDiscarding, expectEscapeCloses } from '../../../test/dismiss-checks';
import { renderWithProviders } from '../../../test/render-with-providers';
import { BALA, PLACES, PRIYA } from '../../../test/student-fixtures';
import { stubApi, type StubbedAnswer, type StubbedCall } from '../../../test/stub-api';
import { StudentConfigScreen } from './student-config-screen';

/** The roster (Priya active, Bala deactivated), the lookups, and each change answered by `change`. */
function stubRoster(change: (call: StubbedCall) => StubbedAnswer | undefined = () => undefined) {
  return stubApi((call) => {
    if (call.path === '/students/v1/list') return { body: { items: [PRIYA, BALA], total: 2 } };
    if (call.path === '/Common/v1/Institute') return { body: PLACES.institutes };
    if (call.path === '/Common/v1/Class') return { body: PLACES.classes };
    if (call.path === '/Common/v1/section') return { body: PLACES.sections[Number(call.query.get('classID'))] ?? [] };
    return change(call);
  });
}

async function renderRoster() {
  const user = userEvent.setup();
  renderWithProviders(<StudentConfigScreen />);
  const table = await screen.findByRole('table', { name: 'Students' });
  await within(table).findByText('priya.r');
  return { user, table };
}

/** Picks an option of a select of the form, by the select's label. */
async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => vi.spyOn(window, 'confirm'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StudentConfigScreen', { timeout: 60_000 }, () => {
  it('adds a student in the roster’s institute and confirms with the server’s message', async () => {
    const api = stubRoster((call) => (call.path === '/students/v1/create' ? { message: 'Student created. A set-password link was sent.', body: { ...PRIYA, id: 9 } } : undefined));
    const { user } = await renderRoster();
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a student' });
    await user.type(within(dialog).getByLabelText(/^Username/), 'meena.s');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Meena');
    await user.type(within(dialog).getByLabelText(/^Mobile/), '9876543210');
    await user.type(within(dialog).getByLabelText(/^Roll number/), '2026000123');
    await choose(user, dialog, 'Class', '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Student created. A set-password link was sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a student' })).not.toBeInTheDocument());
    expect(api.to('POST', '/students/v1/create').map((call) => call.body)).toEqual([
      expect.objectContaining({ username: 'meena.s', firstName: 'Meena', phone: '9876543210', rollNumber: '2026000123', instituteId: 1, classId: 11, language: 'en' }),
    ]);
  });

  it('closes the student form on Escape at once while nothing was typed', async () => {
    stubRoster();
    const { user } = await renderRoster();
    await user.click(screen.getByRole('button', { name: 'Edit: Priya Raman' }));
    await expectEscapeCloses(user, screen.getByRole('dialog', { name: 'Edit student' }));
  });

  it('asks before Escape drops a half-typed student; Keep editing keeps it, Discard closes', async () => {
    const api = stubRoster();
    const { user } = await renderRoster();
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a student' });
    const firstName = () => within(dialog).getByLabelText(/^First name/);
    await user.type(firstName(), 'Meena');
    await expectEscapeAsksBeforeDiscarding(user, dialog, firstName, 'Meena');
    expect(api.to('POST', '/students/v1/create')).toEqual([]);
  });

  it('keeps the form open with the server’s refusal of a taken username', async () => {
    const api = stubRoster((call) => (call.path === '/students/v1/create' ? { status: 409, message: 'This username is already taken.', body: { code: 'STUDENTS_USERNAME_TAKEN' } } : undefined));
    const { user } = await renderRoster();
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a student' });
    await user.type(within(dialog).getByLabelText(/^Username/), 'priya.r');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Priya');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'other@example.com');
    await choose(user, dialog, 'Class', '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add a student' })).toBeInTheDocument();
    expect(api.to('POST', '/students/v1/create')).toHaveLength(1);
  });

  it('edits a student and moves them to another class and section', async () => {
    const api = stubRoster((call) => (call.path === '/students/v1/update' ? { message: 'Student moved to 12 – B.', body: { ...PRIYA, classId: 12, sectionId: 122 } } : undefined));
    const { user } = await renderRoster();
    await user.click(screen.getByRole('button', { name: 'Edit: Priya Raman' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit student' });
    expect(within(dialog).getByLabelText(/^Username/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^First name/)).toHaveValue('Priya');
    await user.clear(within(dialog).getByLabelText(/^Last name/));
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Raman K');
    await user.type(within(dialog).getByLabelText(/^Roll number/), '42');
    await choose(user, dialog, 'Class', '12');
    await choose(user, dialog, 'Section', 'B');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Student moved to 12 – B.')).toBeInTheDocument();
    expect(api.to('POST', '/students/v1/update').map((call) => call.body)).toEqual([
      expect.objectContaining({ id: PRIYA.id, firstName: 'Priya', lastName: 'Raman K', rollNumber: '42', classId: 12, sectionId: 122 }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit student' })).not.toBeInTheDocument());
  });

  it('deactivates only after the confirmation, reactivates at once, and shows a refusal', async () => {
    let refuse = false;
    const api = stubRoster((call) => {
      if (call.path !== '/students/v1/setActive') return undefined;
      if (refuse) return { status: 404, message: 'This student is not in your scope.', body: { code: 'STUDENTS_NOT_FOUND' } };
      const isActive = (call.body as { isActive: boolean }).isActive;
      return { message: isActive ? 'Student reactivated.' : 'Student deactivated.', body: { ...PRIYA, isActive } };
    });
    const { user } = await renderRoster();
    // Each row offers only the change its state allows.
    expect(screen.getByRole('button', { name: 'Reactivate: Priya Raman' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deactivate: Bala K' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign-in link: Bala K' })).toBeDisabled();

    vi.mocked(window.confirm).mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Deactivate: Priya Raman' }));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('Deactivate Priya Raman?'));
    expect(api.to('POST', '/students/v1/setActive')).toEqual([]);

    vi.mocked(window.confirm).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Deactivate: Priya Raman' }));
    expect(await screen.findByText('Student deactivated.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reactivate: Bala K' }));
    expect(await screen.findByText('Student reactivated.')).toBeInTheDocument();
    expect(window.confirm).toHaveBeenCalledTimes(2);
    expect(api.to('POST', '/students/v1/setActive').map((call) => call.body)).toEqual([
      { id: PRIYA.id, isActive: false },
      { id: BALA.id, isActive: true },
    ]);

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Reactivate: Bala K' }));
    expect(await screen.findByText('This student is not in your scope.')).toBeInTheDocument();
  });

  it('links a parent by e-mail, shows the linked parent, and shows a refusal', async () => {
    let parents: { userId: number; email: string | null; name: string }[] = [];
    const api = stubRoster((call) => {
      if (call.path === '/students/v1/get') return { body: { ...PRIYA, parents } };
      if (call.path !== '/students/v1/linkParent') return undefined;
      const { email } = call.body as { email: string };
      if (email === 'bala@example.com') return { status: 409, message: 'This e-mail belongs to an account that is not a parent.', body: { code: 'STUDENTS_PARENT_EMAIL_TAKEN' } };
      parents = [{ userId: 30, email, name: 'Lakshmi' }];
      return { message: 'Parent linked.', body: { ...PRIYA, parents } };
    });
    const { user } = await renderRoster();
    await user.click(screen.getByRole('button', { name: 'Parents: Priya Raman' }));
    const dialog = screen.getByRole('dialog', { name: 'Parents of Priya Raman' });
    expect(await within(dialog).findByText('No parent is linked.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Parent e-mail/), 'bala@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Link parent' }));
    expect(await screen.findByText('This e-mail belongs to an account that is not a parent.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Parent e-mail/)).toHaveValue('bala@example.com');

    await user.clear(within(dialog).getByLabelText(/^Parent e-mail/));
    await user.type(within(dialog).getByLabelText(/^Parent e-mail/), 'lakshmi@example.com');
    await user.type(within(dialog).getByLabelText(/^Parent name/), 'Lakshmi');
    await user.click(within(dialog).getByRole('button', { name: 'Link parent' }));
    expect(await screen.findByText('Parent linked.')).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Parents' });
    expect(list).toHaveTextContent('Lakshmi');
    expect(list).toHaveTextContent('lakshmi@example.com');
    expect(within(dialog).getByLabelText(/^Parent e-mail/)).toHaveValue('');
    expect(api.to('POST', '/students/v1/linkParent').map((call) => call.body)).toEqual([
      { id: PRIYA.id, email: 'bala@example.com', parentName: null },
      { id: PRIYA.id, email: 'lakshmi@example.com', parentName: 'Lakshmi' },
    ]);
  });
});
