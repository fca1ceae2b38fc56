import type { LiveStudent } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { actionsFor, connectionOf, filterStudents, formatRemaining, parseMinutes, remainingSecondsAt, serverClockOf, serverNowAt, sortStudents, summarise } from './live-room';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const iso = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

function student(overrides: Partial<LiveStudent>): LiveStudent {
  return {
    userId: 1,
    studentName: 'Asha',
    attemptId: 'a1',
    state: 'running',
    startedAt: iso(-600),
    deadlineAt: iso(600),
    remainingSeconds: 600,
    activeSectionIndex: null,
    answeredCount: 3,
    lastSeenAt: iso(-10),
    tabChangeWarnings: 0,
    submittedAt: null,
    submitReason: null,
    ...overrides,
  };
}

describe('the server clock between polls', () => {
  it('carries the server time forward by the browser’s elapsed time, never backwards', () => {
    const clock = serverClockOf({ serverNow: iso(0) }, 5_000);
    expect(serverNowAt(clock, 8_000)).toBe(NOW + 3_000);
    // A browser clock that jumped back does not rewind the server's.
    expect(serverNowAt(clock, 1_000)).toBe(NOW);
  });

  it('counts remaining time down from the server’s deadline', () => {
    const s = student({ deadlineAt: iso(90) });
    expect(remainingSecondsAt(s, NOW)).toBe(90);
    expect(remainingSecondsAt(s, NOW + 30_500)).toBe(59);
    expect(remainingSecondsAt(s, NOW + 200_000)).toBe(0);
    expect(remainingSecondsAt(student({ state: 'submitted' }), NOW)).toBe(0);
    expect(formatRemaining(59)).toBe('00:59');
    expect(formatRemaining(3_725)).toBe('1:02:05');
  });
});

describe('connection state', () => {
  it('is online within the active window, idle up to five times it, offline after, none before any sign', () => {
    expect(connectionOf(student({ lastSeenAt: iso(-60) }), NOW)).toBe('online');
    expect(connectionOf(student({ lastSeenAt: iso(-61) }), NOW)).toBe('idle');
    expect(connectionOf(student({ lastSeenAt: iso(-301) }), NOW)).toBe('offline');
    expect(connectionOf(student({ lastSeenAt: null }), NOW)).toBe('none');
    expect(connectionOf(student({ state: 'submitted' }), NOW)).toBe('none');
  });
});

describe('actions, order and summary', () => {
  it('offers extend and submit for a running attempt, reopen for a finished one, nothing before a start', () => {
    expect(actionsFor(student({}), NOW)).toEqual(['extend', 'forceSubmit']);
    expect(actionsFor(student({ state: 'submitted' }), NOW)).toEqual(['reopen']);
    // Past its deadline on the server's clock, the attempt is over even before the next poll says so.
    expect(actionsFor(student({}), NOW, iso(-1))).toEqual(['reopen']);
    expect(actionsFor(student({ state: 'notStarted', attemptId: null }), NOW)).toEqual([]);
  });

  it('lists running students first (least time left first), then those not started, then the finished', () => {
    const rows = [
      student({ userId: 1, studentName: 'Zara', state: 'submitted' }),
      student({ userId: 2, studentName: 'Bala', state: 'notStarted', attemptId: null }),
      student({ userId: 3, studentName: 'Chitra', deadlineAt: iso(900) }),
      student({ userId: 4, studentName: 'Dev', deadlineAt: iso(120) }),
      student({ userId: 5, studentName: 'Anu', state: 'notStarted', attemptId: null }),
    ];
    expect(sortStudents(rows, NOW).map((s) => s.userId)).toEqual([4, 3, 5, 2, 1]);
    expect(summarise(rows, NOW)).toEqual({ running: 2, notStarted: 2, submitted: 1, online: 2, quiet: 0 });
    expect(summarise([student({ lastSeenAt: iso(-400) })], NOW)).toMatchObject({ online: 0, quiet: 1 });
  });

  it('filters by name and state', () => {
    const rows = [student({ userId: 1, studentName: 'Asha Kumar' }), student({ userId: 2, studentName: 'Bala', state: 'submitted' })];
    expect(filterStudents(rows, { text: 'kum', state: 'all' }).map((s) => s.userId)).toEqual([1]);
    expect(filterStudents(rows, { text: '', state: 'submitted' }).map((s) => s.userId)).toEqual([2]);
  });

  it('accepts whole minutes from 1 to the maximum', () => {
    expect(parseMinutes('10', 600)).toBe(10);
    expect(parseMinutes(' 5 ', 600)).toBe(5);
    for (const bad of ['0', '601', '2.5', '-3', 'ten', '']) expect(parseMinutes(bad, 600), bad).toBeNull();
  });
});
