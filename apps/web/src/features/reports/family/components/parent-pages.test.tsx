import type { ChildGlance } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { ParentActivity, ParentHome } from './parent-pages';

const child: ChildGlance = {
  studentId: 7,
  displayName: 'Priya Raman',
  lastTest: {
    attemptId: 'a1',
    taskId: 3,
    courseId: 2,
    taskName: 'Mock 2',
    testType: 'test',
    submittedAt: '2026-01-02T10:00:00Z',
    isFirstAttempt: true,
    scored: 120,
    total: 720,
    percentage: 16.67,
    accuracy: 50,
    rank: 4,
    percentile: 62.5,
    candidates: 8,
    negativeMarksLost: 10,
    scoredSkippingWrong: 130,
    timeSpent: 3600,
  },
  trend: [10, 16.67],
  upcomingTests: [{ taskId: 9, taskName: 'Mock 3', courseName: 'NEET', opensAt: '2026-01-05T04:30:00Z', closesAt: '2026-01-05T08:30:00Z' }],
  overdueTodos: [{ id: 1, title: 'Revise optics', dueDate: '2026-01-01' }],
};

function stubServer(children: ChildGlance[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = String(input).includes('/reports/v1/digestSettings') ? { weeklyDigest: true } : { children };
      return new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('ParentHome', () => {
  it('shows each child’s last test with rank among candidates, trend, upcoming tests, overdue to-dos and links', async () => {
    stubServer([child]);
    renderWithProviders(<ParentHome />);
    const card = await screen.findByRole('region', { name: 'Priya Raman' });
    expect(card).toHaveTextContent('Mock 2: 120 / 720 · rank 4 of 8 · percentile 62.5');
    expect(card).toHaveTextContent('10 % → 16.67 %');
    expect(card).toHaveTextContent('Mock 3 (NEET)');
    expect(card).toHaveTextContent('Revise optics');
    expect(within(card).getByRole('link', { name: 'Dashboard of Priya Raman' })).toHaveAttribute('href', '/parent/dashboard?child=7');
    expect(within(card).getByRole('link', { name: 'Reports of Priya Raman' })).toHaveAttribute('href', '/parent/report?child=7');
    expect(await screen.findByRole('switch', { name: 'E-mail me a weekly summary of each child’s week' })).toBeChecked();
  });

  it('says so when no child is linked', async () => {
    stubServer([]);
    renderWithProviders(<ParentHome />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No student is linked');
  });
});

describe('ParentActivity', () => {
  it('lists the child’s active days with tests and study minutes, and the totals', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const isActivity = String(input).includes('/reports/v1/activity');
        const isEffort = String(input).includes('/reports/v1/effort');
        const days = Array.from({ length: 30 }, (_, i) => ({ date: `2026-01-${String(i + 1).padStart(2, '0')}`, tests: i === 4 ? 2 : 0, studySeconds: i === 9 ? 1500 : 0 }));
        const effort = {
          studentId: 7,
          weeks: [
            { weekStart: '2026-01-05', studySeconds: 0, lessonsCompleted: 0, tests: 0, meanPercentage: null },
            { weekStart: '2026-01-12', studySeconds: 1500, lessonsCompleted: 2, tests: 1, meanPercentage: 62.5 },
          ],
          subjects: [{ subject: 'Physics', weeks: [{ weekStart: '2026-01-05', questions: 0, accuracy: null }, { weekStart: '2026-01-12', questions: 8, accuracy: 75 }] }],
          courses: [],
        };
        const body = isActivity ? { studentId: 7, days } : isEffort ? effort : { children: [child] };
        return new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(<ParentActivity />, { path: '/parent/activity?child=7' });
    const section = await screen.findByTestId('child-activity');
    expect(section).toHaveTextContent('2 tests and 25 minutes of study in 30 days.');
    const table = within(section).getByRole('table', { name: 'Activity' });
    // Two active days, newest first; empty days are left out of the table.
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // Effort beside results, week by week, read only.
    const effort = await screen.findByTestId('effort-weeks');
    const rows = within(effort).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent(/25\s*2\s*1\s*62\.5 %/);
    expect(within(screen.getByTestId('effort-subjects')).getByRole('row', { name: /Physics/ })).toHaveTextContent('75 %');
  });
});
