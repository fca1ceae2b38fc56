import type { StudentDashboard } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { DashboardBody } from './student-dashboard';

const figures = { partial: 0, scored: 7, total: 16, negativeMarksLost: 1, secondsPerQuestion: 30, topSecondsPerQuestion: 20 };
const data: StudentDashboard = {
  studentId: 1,
  attempts: [
    {
      attemptId: 'a1',
      taskId: 3,
      courseId: 2,
      taskName: 'Mock 1',
      testType: 'test',
      submittedAt: '2026-01-01T10:00:00Z',
      isFirstAttempt: true,
      scored: 3,
      total: 12,
      percentage: 25,
      accuracy: 50,
      rank: 2,
      percentile: 50,
      candidates: 2,
      negativeMarksLost: 1,
      scoredSkippingWrong: 4,
      timeSpent: 600,
    },
  ],
  subjects: [{ subject: 'Physics', questions: 2, correct: 1, wrong: 1, skipped: 0, accuracy: 50, ...figures }],
  topics: [{ subject: 'Physics', topic: 'Optics', questions: 2, correct: 1, wrong: 1, skipped: 0, accuracy: 50, ...figures }],
  weakestTopics: [{ subject: 'Physics', topic: 'Optics', accuracy: 50, questions: 2, courseId: 2 }],
  practise: [{ subject: 'Physics', topic: 'Optics', attempts: [{ attemptId: 'a1', taskName: 'Mock 1', missed: 1 }] }],
  quality: { correctInTime: 1, correctSlow: 0, wrongFast: 1, wrongOther: 0, skipped: 0, changed: { questions: 3, wrongToRight: 2, rightToWrong: 1, wrongToWrong: 0, rightToRight: 0, cleared: 0 } },
  negativeMarking: { marksLost: 1, wrongAnswers: 1, scored: 3, scoredSkippingWrong: 4 },
};

describe('DashboardBody', () => {
  it('shows rank with its candidates, a table for each chart, lesson links and the negative-marking sum', () => {
    renderWithProviders(<DashboardBody data={data} />);
    expect(screen.getByTestId('dashboard-stats')).toHaveTextContent('2 of 2');
    const trend = within(screen.getByTestId('dashboard-trend')).getByRole('table', { name: /trend across tests/i });
    expect(within(trend).getByRole('link', { name: 'Mock 1' })).toHaveAttribute('href', '/report?courseId=2&taskId=3&attemptId=a1');
    expect(trend).toHaveTextContent('3 / 12');
    expect(screen.getByRole('link', { name: 'Open Physics' })).toHaveAttribute('href', '/subject-dashboard?subject=Physics');
    expect(screen.getByRole('link', { name: 'Study Optics' })).toHaveAttribute('href', '/academy/courses/topic/2');
    expect(within(screen.getByTestId('dashboard-quality')).getByRole('row', { name: /wrong and fast/i })).toHaveTextContent('1');
    const changed = within(screen.getByTestId('dashboard-quality')).getByRole('table', { name: 'Changed answers' });
    expect(screen.getByTestId('dashboard-quality')).toHaveTextContent('You changed 3 answers after first answering them.');
    expect(within(changed).getByRole('row', { name: /wrong to right/i })).toHaveTextContent('2');
    expect(within(changed).getByRole('row', { name: /right to wrong/i })).toHaveTextContent('1');
    expect(within(screen.getByTestId('dashboard-practise')).getByRole('link', { name: 'Mock 1: 1 question missed' })).toHaveAttribute('href', '/report?courseId=2&taskId=3&attemptId=a1');
    expect(screen.getByTestId('dashboard-negative')).toHaveTextContent('You lost 1 marks to 1 wrong answers. Had you skipped them, your tests would total 4 instead of 3.');
  });

  it('leaves the test names unlinked where reports cannot be opened, and says when there is nothing yet', () => {
    const { unmount } = renderWithProviders(<DashboardBody data={data} reportHref={null} />);
    expect(screen.queryByRole('link', { name: 'Mock 1' })).toBeNull();
    unmount();
    renderWithProviders(<DashboardBody data={{ ...data, attempts: [] }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No submitted tests');
  });

  it('speaks of the student, not "you", to a parent or staff member reading a student’s page', () => {
    renderWithProviders(<DashboardBody data={data} isOwn={false} />);
    const time = within(screen.getByTestId('dashboard-time')).getByRole('table');
    expect(within(time).getByRole('columnheader', { name: 'Student (s)' })).toBeInTheDocument();
    expect(within(time).queryByRole('columnheader', { name: 'You (s)' })).toBeNull();
    expect(screen.getByTestId('dashboard-quality')).toHaveTextContent('The student changed 3 answers after first answering them.');
    expect(screen.getByTestId('dashboard-negative')).toHaveTextContent('The student lost 1 marks to 1 wrong answers.');
  });
});
