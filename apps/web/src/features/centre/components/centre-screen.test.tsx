import type { CentreStatus, LocalStagedExam } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore, type SessionUser } from '../../../lib/session-store';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { CentreScreen } from './centre-screen';

const signIn = (role: SessionUser['role']) =>
  sessionStore.set({ displayName: 'Lab staff', role, userName: 'lab', UserSessionID: 's-1', email: null, photoURL: null, CourseID: null, TaskID: null, activeTestDetails: null });

const unpaired: CentreStatus = { isPaired: false, centreId: null, instituteId: null, instituteName: null, name: null, centralUrl: 'https://exams.example.org', pairedAt: null, lastStagedAt: null, exams: [] };

const exam: LocalStagedExam = {
  scheduleId: 7,
  title: 'NEET mock 3',
  opensAt: '2026-06-01T04:30:00Z',
  closesAt: '2026-06-01T08:00:00Z',
  durationMinutes: 180,
  stagedAt: '2026-05-30T10:00:00Z',
  students: 42,
  isUnlocked: false,
  unlockedAt: null,
  unlockMethod: null,
  canUnlockByCode: true,
};

const paired: CentreStatus = { ...unpaired, isPaired: true, centreId: 3, instituteId: 2, instituteName: 'Government HSS, Salem', name: 'Lab 1', pairedAt: '2026-05-20T06:00:00Z', lastStagedAt: '2026-05-30T10:00:00Z', exams: [exam] };

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('CentreScreen', { timeout: 60_000 }, () => {
  it('pairs an unpaired centre with a code, showing the server’s refusal in its words first', async () => {
    signIn('InstituteAdmin');
    let isPaired = false;
    let pairTries = 0;
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/centre/v1/local/status') return { body: isPaired ? paired : unpaired };
      if (method === 'POST' && path === '/centre/v1/local/pair') {
        pairTries += 1;
        if (pairTries === 1) return { status: 503, message: 'The central server cannot be reached. Unlock with the invigilator code instead.', body: { code: 'CENTRE_CENTRAL_UNREACHABLE' } };
        isPaired = true;
        return { body: paired };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<CentreScreen />);
    expect(await screen.findByRole('heading', { name: 'Pair this centre' })).toBeInTheDocument();
    expect(screen.getByText('https://exams.example.org', { selector: 'code' }).parentElement).toHaveTextContent(/^Central server: https:\/\/exams\.example\.org$/);
    const pair = screen.getByRole('button', { name: 'Pair' });
    expect(pair).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Pairing code/ }), 'abcd efgh jkmn');
    await user.type(screen.getByRole('textbox', { name: /Centre name/ }), 'Lab 1');
    await user.keyboard('{Enter}');
    // A 503 of the centre domain says what it means, not "Server Timeout!".
    expect(await screen.findByText('The central server cannot be reached. Unlock with the invigilator code instead.')).toBeInTheDocument();
    await user.click(pair);
    expect(await screen.findByRole('button', { name: 'Stage now' })).toBeInTheDocument();
    expect(screen.getByText(/^Paired as/)).toHaveTextContent(/^Paired as “Lab 1” with Government HSS, Salem on /);
    expect(api.to('POST', '/centre/v1/local/pair').map((call) => call.body)).toEqual([
      { code: 'abcd efgh jkmn', name: 'Lab 1' },
      { code: 'abcd efgh jkmn', name: 'Lab 1' },
    ]);
  });

  it('tells an invigilator that only the administrator pairs the centre', async () => {
    signIn('Teacher');
    stubApi(({ path }) => (path === '/centre/v1/local/status' ? { body: unpaired } : undefined));
    renderWithProviders(<CentreScreen />);
    expect(await screen.findByText('Only an administrator of this centre can pair it. Ask them to sign in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pair' })).not.toBeInTheDocument();
  });

  it('gives the pairing form to a teacher whose role holds the Exam Centres tab (an exam coordinator, decision 080)', async () => {
    signIn('SchoolTeacher');
    stubApi(({ path }) => {
      if (path === '/centre/v1/local/status') return { body: unpaired };
      if (path === '/teacher/v1/getUserInfo') return { body: { Details: { Permissions: [{ TabName: 'Exam Centre', url: '/centre' }, { TabName: 'Exam Centres', url: '/centres' }] } } };
      return undefined;
    });
    renderWithProviders(<CentreScreen />);
    expect(await screen.findByRole('button', { name: 'Pair' })).toBeInTheDocument();
    expect(screen.queryByText(/Only an administrator of this centre can pair it/)).not.toBeInTheDocument();
  });

  it('stages now, and unlocks online or with an invigilator code, showing each refusal', async () => {
    signIn('Teacher');
    const api = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/centre/v1/local/status') return { body: paired };
      if (path === '/centre/v1/local/stage') return { body: { ...paired, lastStagedAt: '2026-05-31T10:00:00Z' } };
      if (path === '/centre/v1/local/unlock') {
        const { code } = body as { code?: string };
        if (code === undefined) return { status: 409, message: 'This exam has not started yet: its paper stays locked until the start.', body: { code: 'CENTRE_EXAM_NOT_STARTED' } };
        if (code !== 'K7QM-2XPB-9TRD') return { status: 400, message: 'This invigilator code does not unlock this exam at this centre.', body: { code: 'CENTRE_UNLOCK_CODE_WRONG' } };
        return { body: { ...exam, isUnlocked: true, unlockedAt: '2026-06-01T04:31:00Z', unlockMethod: 'code' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<CentreScreen />);
    const card = await screen.findByRole('article', { name: 'NEET mock 3' });
    expect(card).toHaveTextContent('180 min');
    expect(card).toHaveTextContent('42 students');
    expect(within(card).getByText('Locked')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stage now' }));
    await waitFor(() => expect(api.to('POST', '/centre/v1/local/stage')).toHaveLength(1));

    await user.click(within(card).getByRole('button', { name: 'Unlock from the central server' }));
    expect(await within(card).findByText('This exam has not started yet: its paper stays locked until the start.')).toBeInTheDocument();

    const codeField = within(card).getByRole('textbox', { name: /Invigilator code/ });
    await user.type(codeField, 'AAAA-BBBB-CCCC{Enter}');
    expect(await within(card).findByText('This invigilator code does not unlock this exam at this centre.')).toBeInTheDocument();
    await user.clear(codeField);
    await user.type(codeField, 'K7QM-2XPB-9TRD{Enter}');
    expect(await within(card).findByText(/Unlocked with an invigilator code/)).toBeInTheDocument();
    // Unlocked by code, the window is on this centre's clock, and the screen says so.
    expect(within(card).getByTestId('centre-exam-clock')).toHaveTextContent(/^Window on this centre’s clock: a code carries no time/);
    expect(within(card).queryByRole('button', { name: 'Unlock with code' })).not.toBeInTheDocument();
    expect(api.to('POST', '/centre/v1/local/unlock').map((call) => call.body)).toEqual([{ scheduleId: 7 }, { scheduleId: 7, code: 'AAAA-BBBB-CCCC' }, { scheduleId: 7, code: 'K7QM-2XPB-9TRD' }]);
  });

  it('says when no code was issued for an exam, so that it opens only from the central server', async () => {
    signIn('InstituteAdmin');
    stubApi(({ path }) => (path === '/centre/v1/local/status' ? { body: { ...paired, exams: [{ ...exam, canUnlockByCode: false }] } } : undefined));
    renderWithProviders(<CentreScreen />);
    const card = await screen.findByRole('article', { name: 'NEET mock 3' });
    expect(within(card).getByText(/No invigilator code was issued for this exam/)).toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: /Invigilator code/ })).not.toBeInTheDocument();
  });
});
