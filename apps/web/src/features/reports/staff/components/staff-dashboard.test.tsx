import type { StaffDashboard } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { StaffDashboardBody } from './staff-dashboard';

const window = { scheduleId: 1, taskId: 7, taskName: 'Weekly test', courseName: 'NEET Biology', instituteName: 'Sunrise', className: '12', sectionName: 'A', opensAt: '2026-11-24T04:30:00Z', closesAt: '2026-11-24T10:30:00Z' };
const data: StaffDashboard = {
  serverNow: '2026-11-24T06:00:00Z',
  todayTests: [window],
  upcomingTests: [],
  inProgress: [{ taskId: 9, taskName: 'Live mock', runningAttempts: 3 }],
  pendingMarking: { answers: 6, attempts: 3 },
  recentResults: [{ taskId: 5, taskName: 'Mock 1', attempts: 40, mean: 310.5, top: 650, total: 720, lastSubmittedAt: '2026-11-23T10:00:00Z' }],
  atRisk: [{ userId: 3, displayName: 'Deepa Murugan', fallingScores: [70, 55, 40], missedTests: [{ taskId: 8, taskName: 'Unit test 2', closedAt: '2026-11-20T10:00:00Z' }] }],
};

describe('StaffDashboardBody', () => {
  it('shows each panel with links to the live room, the marking queue and a test’s statistics', () => {
    renderWithProviders(<StaffDashboardBody data={data} />);
    expect(screen.getByTestId('dashboard-today')).toHaveTextContent('Weekly test · NEET Biology');
    expect(screen.getByTestId('dashboard-today')).toHaveTextContent('For 12 A');
    expect(screen.getByTestId('dashboard-upcoming')).toHaveTextContent('No test is scheduled for the next 7 days.');
    expect(screen.getByRole('link', { name: 'Open live room: Live mock' })).toHaveAttribute('href', '/examReport?test=9');
    expect(screen.getByTestId('dashboard-in-progress')).toHaveTextContent('3 students writing');
    expect(screen.getByTestId('dashboard-marking')).toHaveTextContent('6 answers in 3 attempts');
    expect(screen.getByRole('link', { name: 'Open the marking queue' })).toHaveAttribute('href', '/report?tab=Marking');
    const recent = within(screen.getByTestId('dashboard-recent')).getByRole('row', { name: /Mock 1/ });
    expect(recent).toHaveTextContent('310.5 / 720');
    expect(screen.getByRole('link', { name: 'Statistics: Mock 1' })).toHaveAttribute('href', '/examReport?test=5&view=statistics');
    expect(screen.getByTestId('dashboard-at-risk')).toHaveTextContent('Falling scores: 70 % → 55 % → 40 % · Missed: Unit test 2');
  });

  it('says so when nothing is running and nobody is at risk', () => {
    renderWithProviders(<StaffDashboardBody data={{ ...data, inProgress: [], atRisk: [], recentResults: [] }} />);
    expect(screen.getByTestId('dashboard-in-progress')).toHaveTextContent('No test is running now.');
    expect(screen.getByTestId('dashboard-at-risk')).toHaveTextContent('No student is at risk.');
    expect(screen.getByTestId('dashboard-recent')).toHaveTextContent('No test has been submitted yet.');
  });
});
