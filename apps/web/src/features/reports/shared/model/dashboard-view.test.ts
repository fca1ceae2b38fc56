import type { StudentDashboard } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { headline, subjectView } from './dashboard-view';

const figures = { questions: 4, correct: 2, partial: 0, wrong: 1, skipped: 1, scored: 7, total: 16, negativeMarksLost: 1, secondsPerQuestion: 30, topSecondsPerQuestion: 20 };
const attempt = (percentage: number, percentile: number, rank: number) => ({
  attemptId: `a${rank}`,
  taskId: 1,
  courseId: 1,
  taskName: 'Mock',
  testType: 'test',
  submittedAt: '2026-01-01T00:00:00Z',
  isFirstAttempt: true,
  scored: 1,
  total: 4,
  percentage,
  accuracy: 50,
  rank,
  percentile,
  candidates: 10,
  negativeMarksLost: 0,
  scoredSkippingWrong: 1,
  timeSpent: 60,
});
const dashboard: StudentDashboard = {
  studentId: 1,
  attempts: [attempt(40, 60, 5), attempt(55, 80, 3)],
  subjects: [
    { subject: 'Physics', accuracy: 50, ...figures },
    { subject: 'Biology', accuracy: 75, ...figures },
  ],
  topics: [
    { subject: 'Physics', topic: 'Optics', accuracy: 70, ...figures },
    { subject: 'Physics', topic: 'Motion', accuracy: 20, ...figures },
    { subject: 'Biology', topic: 'Cells', accuracy: 75, ...figures },
  ],
  weakestTopics: [{ subject: 'Physics', topic: 'Motion', accuracy: 20, questions: 4, courseId: 1 }],
  practise: [],
  quality: { correctInTime: 0, correctSlow: 0, wrongFast: 0, wrongOther: 0, skipped: 0, changed: { questions: 3, wrongToRight: 2, rightToWrong: 1, wrongToWrong: 0, rightToRight: 0, cleared: 0 } },
  negativeMarking: { marksLost: 0, wrongAnswers: 0, scored: 2, scoredSkippingWrong: 2 },
};

describe('headline', () => {
  it('averages the percentage, takes the best percentile and the latest rank with its candidates', () => {
    expect(headline(dashboard)).toEqual({ tests: 2, averagePercentage: 47.5, bestPercentile: 80, latestRank: { rank: 3, total: 10 } });
    expect(headline({ ...dashboard, attempts: [] })).toBeNull();
  });
});

describe('subjectView', () => {
  it('gives the chosen subject’s topics weakest first, and the first subject when none is chosen', () => {
    expect(subjectView(dashboard, 'Physics')!.topics.map((t) => t.topic)).toEqual(['Motion', 'Optics']);
    expect(subjectView(dashboard, null)!.subject.subject).toBe('Physics');
    expect(subjectView(dashboard, 'Biology')!.weakest).toEqual([]);
    expect(subjectView({ ...dashboard, subjects: [] }, null)).toBeNull();
  });
});
