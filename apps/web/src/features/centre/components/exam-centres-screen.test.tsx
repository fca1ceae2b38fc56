import type { CentreList } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { ExamCentresScreen } from './exam-centres-screen';

const list: CentreList = {
  institutes: [
    { id: 2, name: 'Government HSS, Salem' },
    { id: 4, name: 'Model School, Erode' },
  ],
  items: [
    {
      centreId: 3,
      name: 'Lab 1',
      instituteId: 2,
      instituteName: 'Government HSS, Salem',
      pairedAt: '2026-05-20T06:00:00Z',
      lastContactAt: '2026-05-30T10:00:00Z',
      stagedExams: [{ scheduleId: 7, title: 'NEET mock 3', opensAt: '2026-06-01T04:30:00Z', stagedAt: '2026-05-30T10:00:00Z', keyReleasedAt: null, invigilatorCodes: 0 }],
      upcomingExams: [
        { scheduleId: 7, title: 'NEET mock 3', opensAt: '2026-06-01T04:30:00Z', closesAt: '2026-06-01T08:00:00Z', invigilatorCodes: 0 },
        { scheduleId: 9, title: 'Biology unit test', opensAt: '2026-06-03T04:30:00Z', closesAt: '2026-06-03T06:00:00Z', invigilatorCodes: 1 },
      ],
      sync: { lastSyncAt: '2026-05-30T11:00:00Z', counts: { complete: 41, pending: 2, damaged: 1, refused: 0 } },
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('ExamCentresScreen', { timeout: 60_000 }, () => {
  it('makes a pairing code for the chosen institute and shows it once with its expiry', async () => {
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/centre/v1/list') return { body: list };
      if (method === 'POST' && path === '/centre/v1/createPairingCode') return { body: { code: 'ABCD-EFGH-JKMN', instituteId: 4, expiresAt: '2026-05-31T10:15:00Z' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExamCentresScreen />);
    const create = await screen.findByRole('button', { name: 'Create pairing code' });
    // A client administrator chooses the institute first.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Institute/ })).toBeInTheDocument());
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: /Institute/ }));
    await user.click(await screen.findByRole('option', { name: 'Model School, Erode' }));
    await user.click(create);
    const field = await screen.findByRole('textbox', { name: 'Pairing code' });
    expect(field).toHaveValue('ABCD-EFGH-JKMN');
    expect(screen.getByRole('status')).toHaveTextContent(/Pairing code for Model School, Erode, valid until .*2026.* It is shown only now/);
    expect(api.to('POST', '/centre/v1/createPairingCode').map((call) => call.body)).toEqual([{ instituteId: 4 }]);
  });

  it('lists the paired centres and issues an invigilator code for a coming exam, saying to issue it before staging', async () => {
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/centre/v1/list') return { body: list };
      if (method === 'POST' && path === '/centre/v1/issueInvigilatorCode') return { body: { code: 'K7QM-2XPB-9TRD', centreId: 3, scheduleId: 9, issuedAt: '2026-05-31T10:00:00Z' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExamCentresScreen />);
    const table = await screen.findByRole('table', { name: 'Paired exam centres' });
    const row = await within(table).findByRole('row', { name: /Lab 1/ });
    expect(row).toHaveTextContent('Government HSS, Salem');
    expect(row).toHaveTextContent(/NEET mock 3: Staged/);
    // Each centre's sync, as the central server last saw it.
    expect(row).toHaveTextContent(/Last sync .*2026/);
    expect(row).toHaveTextContent('41 complete · 2 pending · 1 damaged · 0 refused');
    expect(screen.getByText(/Issue invigilator codes before the centre stages the exam/)).toBeInTheDocument();

    const issue = screen.getByRole('button', { name: 'Issue invigilator code' });
    expect(issue).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: /Exam/ }));
    await user.click(await screen.findByRole('option', { name: /Biology unit test .*\(1 code issued\)/ }));
    await user.click(issue);
    expect(await screen.findByRole('textbox', { name: 'Invigilator code' })).toHaveValue('K7QM-2XPB-9TRD');
    expect(screen.getByRole('status')).toHaveTextContent('Invigilator code for “Biology unit test” at Lab 1.');
    expect(api.to('POST', '/centre/v1/issueInvigilatorCode').map((call) => call.body)).toEqual([{ centreId: 3, scheduleId: 9 }]);
  });

  it('shows the empty state and no code section before any centre is paired, and the server’s refusal of a code', async () => {
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/centre/v1/list') return { body: { items: [], institutes: [{ id: 2, name: 'Government HSS, Salem' }] } };
      if (path === '/centre/v1/createPairingCode') return { status: 404, message: 'The record was not found.', body: { code: 'NOT_FOUND' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExamCentresScreen />);
    expect(await screen.findByText('No centre is paired yet. Create a pairing code to pair the first one.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invigilator codes' })).not.toBeInTheDocument();
    // An institute administrator's one institute needs no choice.
    expect(screen.queryByRole('combobox', { name: /Institute/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create pairing code' }));
    expect(await screen.findByText('The record was not found.')).toBeInTheDocument();
  });

  it('lists a centre’s damaged attempts by keyboard and asks for a fresh copy of one, showing the server’s refusal of another', async () => {
    const damaged = (id: string, reason: string) => ({ centreAttemptId: id, centralAttemptId: null, scheduleId: 7, userId: 11, state: 'damaged', reason, received: 0, recordCount: 12, resendRequestedAt: null, updatedAt: '2026-05-30T11:00:00Z' });
    let asked = false;
    const api = stubApi(({ method, path, query, body: sent }) => {
      if (method === 'GET' && path === '/centre/v1/list') return { body: list };
      if (method === 'GET' && path === '/centre/v1/syncState') {
        expect(query.get('centreId')).toBe('3');
        const items = [damaged('attempt-aaaa-1', 'altered'), damaged('attempt-bbbb-2', 'truncated')];
        return {
          body: {
            centreId: 3,
            name: 'Lab 1',
            lastSyncAt: '2026-05-30T11:00:00Z',
            counts: { complete: 41, pending: asked ? 3 : 2, damaged: asked ? 0 : 1, refused: 0 },
            items: asked ? [{ ...items[0], state: 'pending', reason: null, resendRequestedAt: '2026-05-31T10:00:00Z' }, items[1]] : items,
          },
        };
      }
      if (method === 'POST' && path === '/centre/v1/requestResend') {
        const body = sent as { centreAttemptId: string };
        if (body.centreAttemptId === 'attempt-bbbb-2') return { status: 409, message: 'Only a damaged attempt can be asked for again.', body: { code: 'CENTRE_SYNC_NOT_DAMAGED' } };
        asked = true;
        return { body: { centreId: 3, centreAttemptId: body.centreAttemptId, state: 'pending', resendRequestedAt: '2026-05-31T10:00:00Z' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExamCentresScreen />);
    const open = await screen.findByRole('button', { name: '1 damaged attempt' });
    open.focus();
    await user.keyboard('{Enter}');
    const section = await screen.findByRole('region', { name: 'Damaged attempts from Lab 1' });
    const listed = await within(section).findByRole('list', { name: 'Damaged attempts' });
    expect(within(listed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Attempt attempt-aaaa-1: altered \(since .*2026.*\)Ask for a fresh copy$/),
      expect.stringMatching(/^Attempt attempt-bbbb-2: truncated/),
    ]);
    within(section).getByRole('button', { name: 'Ask for a fresh copy', description: /attempt-aaaa-1/ }).focus();
    await user.keyboard('{Enter}');
    expect(await within(section).findByRole('status')).toHaveTextContent('Asked: the centre sends attempt attempt-aaaa-1 again, whole, on its next sync.');
    expect(api.to('POST', '/centre/v1/requestResend').map((call) => call.body)).toEqual([{ centreId: 3, centreAttemptId: 'attempt-aaaa-1' }]);
    // The sync view is asked again: the first attempt now waits for the centre.
    expect(await within(section).findByText('One attempt asked for again is waiting for the centre’s next sync.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { description: /attempt-aaaa-1/ })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Ask for a fresh copy', description: /^Attempt attempt-bbbb-2: truncated/ }));
    expect(await within(section).findByText('Only a damaged attempt can be asked for again.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Damaged attempts from Lab 1' })).not.toBeInTheDocument();
  });
});
