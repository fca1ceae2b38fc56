import type { CentreRoom, CentreRoomStudent } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { CentreRoomScreen } from './centre-room-screen';

const student = (
  values: Partial<CentreRoomStudent> & Pick<CentreRoomStudent, 'userId' | 'name' | 'state'>,
): CentreRoomStudent => ({
  rollNumber: null,
  username: `s${values.userId}`,
  attemptId: values.state === 'notStarted' ? null : `attempt-${values.userId}`,
  startedAt: values.state === 'notStarted' ? null : '2026-06-01T04:31:00Z',
  lastSaveAt: null,
  lastSeenAt: null,
  answeredCount: 0,
  submittedAt: null,
  submitReason: null,
  credits: [],
  sync: null,
  ...values,
});

const room: CentreRoom = {
  scheduleId: 7,
  title: 'NEET mock 3',
  opensAt: '2026-06-01T04:30:00Z',
  closesAt: '2026-06-01T08:00:00Z',
  durationMinutes: 180,
  isUnlocked: true,
  serverNow: '2026-06-01T05:00:00Z',
  offlineAfterSeconds: 60,
  counts: { rostered: 4, notStarted: 1, running: 1, offline: 1, submitted: 1 },
  sync: { lastSyncAt: null, counts: { complete: 0, pending: 0, damaged: 1, refused: 0 }, sealed: 1 },
  students: [
    student({
      userId: 11,
      name: 'Kavya R',
      state: 'running',
      rollNumber: 'R-11',
      lastSaveAt: '2026-06-01T04:59:40Z',
      answeredCount: 12,
      credits: [{ seconds: 42.3, cause: 'crash or power cut', from: null, to: null }],
    }),
    student({ userId: 12, name: 'Arun S', state: 'offline', lastSeenAt: '2026-06-01T04:57:00Z', answeredCount: 3 }),
    student({
      userId: 13,
      name: 'Meena K',
      state: 'submitted',
      submitReason: 'timeout',
      answeredCount: 180,
      sync: { state: 'damaged', reason: 'truncated' },
    }),
    student({ userId: 14, name: 'Selvi P', state: 'notStarted' }),
  ],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('CentreRoomScreen', { timeout: 60_000 }, () => {
  it('shows who is in, offline, submitted and not started, with last save, credits and sync, and syncs on demand', async () => {
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/centre/v1/local/room') return { body: room };
      if (method === 'POST' && path === '/centre/v1/local/sync')
        return {
          body: { lastSyncAt: '2026-06-01T05:00:05Z', counts: room.sync.counts, running: 2, batches: 1, items: [] },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<CentreRoomScreen scheduleId={7} />);
    const table = await screen.findByRole('table', { name: 'Students of this exam' });
    expect(api.to('GET', '/centre/v1/local/room')[0]!.query.get('scheduleId')).toBe('7');
    // One sealed attempt is one attempt.
    expect(screen.getByText(/^1 attempt sealed: 0 complete, 0 pending, 1 damaged, 0 refused\.$/)).toBeInTheDocument();

    const counts = screen.getByLabelText('Students');
    expect(within(counts).getByText('Offline').nextSibling).toHaveTextContent('1');
    expect(within(counts).getByText('On the roster').nextSibling).toHaveTextContent('4');
    expect(
      screen.getByText(/Offline: no save and no clock sync from the student’s computer for 60 seconds/),
    ).toBeInTheDocument();

    const kavya = within(table).getByRole('row', { name: /Kavya R/ });
    expect(kavya).toHaveTextContent('R-11');
    expect(kavya).toHaveTextContent('In');
    expect(kavya).toHaveTextContent('42 s (crash or power cut)');
    expect(kavya).toHaveTextContent('12');
    const arun = within(table).getByRole('row', { name: /Arun S/ });
    expect(arun).toHaveTextContent(/Offline.*heard from/);
    expect(arun).toHaveTextContent('No save yet');
    const meena = within(table).getByRole('row', { name: /Meena K/ });
    expect(meena).toHaveTextContent(/Submitted.*time up/);
    expect(meena).toHaveTextContent('Damaged: truncated');
    expect(within(table).getByRole('row', { name: /Selvi P/ })).toHaveTextContent('Not started');

    expect(screen.getByText('Not synced yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(api.to('POST', '/centre/v1/local/sync')).toHaveLength(1));
    // The dashboard asks again after a sync.
    await waitFor(() => expect(api.to('GET', '/centre/v1/local/room').length).toBeGreaterThanOrEqual(2));
  });

  it('reads in Tamil', async () => {
    await i18n.changeLanguage('tn');
    stubApi(({ method, path }) => (method === 'GET' && path === '/centre/v1/local/room' ? { body: room } : undefined));
    renderWithProviders(<CentreRoomScreen scheduleId={7} />);
    const table = await screen.findByRole('table', { name: 'இந்தத் தேர்வின் மாணவர்கள்' });
    expect(within(table).getByRole('row', { name: /Arun S/ })).toHaveTextContent('இணைப்பில் இல்லை');
    expect(screen.getByRole('button', { name: 'இப்போதே ஒத்திசை' })).toBeInTheDocument();
  });

  it('says plainly when the exam is not this centre’s', async () => {
    stubApi(({ path }) =>
      path === '/centre/v1/local/room'
        ? { status: 404, message: 'This exam is not staged for this centre.', body: { code: 'CENTRE_EXAM_NOT_FOUND' } }
        : undefined,
    );
    renderWithProviders(<CentreRoomScreen scheduleId={99} />);
    expect(await screen.findByText('This exam is not staged for this centre.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Exam Centre' })).toBeInTheDocument();
  });
});
