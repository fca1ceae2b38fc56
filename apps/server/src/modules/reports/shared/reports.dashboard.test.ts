import { describe, expect, it } from 'vitest';
import type { SummaryQuestion } from '../../../db/schema/reports.js';
import { buildStudentDashboard, changeKind, topTimes } from './reports.dashboard.js';
import type { SummaryRow } from './reports.repository.js';

const q = (mapId: number, section: string, status: string, timeSpent: number, topics = [section]): SummaryQuestion => ({
  mapId,
  section,
  topics,
  status,
  marks: 4,
  negativeMarks: 1,
  marksAwarded: status === 'correct' ? 4 : status === 'wrong' ? -1 : 0,
  timeSpent,
});

function row(attemptId: string, userId: number, taskId: number, questions: SummaryQuestion[], extra: Partial<SummaryRow> = {}): SummaryRow {
  const count = (status: string) => questions.filter((x) => x.status === status).length;
  const scored = questions.reduce((s, x) => s + x.marksAwarded, 0);
  return {
    attemptId,
    userId,
    taskId,
    courseId: 7,
    testType: 'test',
    isFirstAttempt: true,
    scored,
    total: questions.length * 4,
    correct: count('correct'),
    partial: 0,
    wrong: count('wrong'),
    skipped: count('unanswered'),
    pending: 0,
    negativeMarksLost: count('wrong'),
    timeSpent: 600,
    sections: [],
    questions,
    submittedAt: new Date(`2026-01-0${taskId}T10:00:00Z`),
    updatedAt: new Date(),
    ...extra,
  };
}

describe('topTimes', () => {
  it('averages the time of the top 10 % (at least one) over those who answered', () => {
    const rows = [row('a', 1, 1, [q(1, 'P', 'correct', 40)]), row('b', 2, 1, [q(1, 'P', 'wrong', 10)])];
    expect(topTimes(rows)).toEqual(new Map([[1, 40]]));
    expect(topTimes([row('a', 1, 1, [q(1, 'P', 'unanswered', 0)])])).toEqual(new Map());
  });
});

describe('changeKind', () => {
  it('compares the first answer with the final one, only for changed answers', () => {
    const base = q(1, 'P', 'correct', 10);
    expect(changeKind(base)).toBeNull();
    expect(changeKind({ ...base, changes: 0, firstStatus: 'wrong' })).toBeNull();
    expect(changeKind({ ...base, changes: 1, firstStatus: 'wrong' })).toBe('wrongToRight');
    expect(changeKind({ ...base, changes: 2, firstStatus: 'correct' })).toBe('rightToRight');
    expect(changeKind({ ...base, status: 'wrong', changes: 1, firstStatus: 'correct' })).toBe('rightToWrong');
    expect(changeKind({ ...base, status: 'wrong', changes: 1, firstStatus: 'wrong' })).toBe('wrongToWrong');
    // A partial answer is not right: partial first, then wrong, is wrong to wrong.
    expect(changeKind({ ...base, status: 'wrong', changes: 1, firstStatus: 'partial' })).toBe('wrongToWrong');
    expect(changeKind({ ...base, status: 'unanswered', changes: 1, firstStatus: 'correct' })).toBe('cleared');
  });
});

describe('buildStudentDashboard', () => {
  // Task 1, four candidates. Top scorer (user 2) sets the yardstick: 20 s on q1, 40 s on q2.
  // m1's q2 was answered right first, then changed to a wrong answer.
  const me1 = row('m1', 1, 1, [
    q(1, 'Physics', 'correct', 50, ['Optics']),
    { ...q(2, 'Physics', 'wrong', 10, ['Optics']), changes: 1, firstStatus: 'correct' },
    q(3, 'Biology', 'unanswered', 0, ['Cells']),
  ]);
  const top = row('t1', 2, 1, [q(1, 'Physics', 'correct', 20), q(2, 'Physics', 'correct', 40), q(3, 'Biology', 'correct', 30)]);
  const mid = row('x1', 3, 1, [q(1, 'Physics', 'correct', 30)]);
  const low = row('y1', 4, 1, []);
  // My retake of task 1: not a first attempt. 8 marks, above everyone but the top scorer's 12.
  // In the retake, q1 went wrong → (changed twice) → right, and q3 was answered wrongly, then cleared.
  const retake = row('m2', 1, 1, [
    { ...q(1, 'Physics', 'correct', 15, ['Optics']), changes: 2, firstStatus: 'wrong' },
    q(2, 'Physics', 'correct', 30, ['Optics']),
    { ...q(3, 'Biology', 'unanswered', 0, ['Cells']), changes: 1, firstStatus: 'wrong' },
  ], {
    isFirstAttempt: false,
    submittedAt: new Date('2026-01-05T10:00:00Z'),
  });
  const hidden = row('h1', 1, 2, [{ ...q(9, 'Physics', 'wrong', 5), changes: 3, firstStatus: 'wrong' }]);
  const tasks = new Map([
    [1, { name: 'Mock 1', scoreVisible: true }],
    [2, { name: 'Hidden', scoreVisible: false }],
  ]);
  const d = buildStudentDashboard({ studentId: 1, mine: [me1, retake, hidden], firstAttempts: [me1, top, mid, low, hidden], tasks });

  it('trends every visible attempt with rank and percentile among first attempts', () => {
    // First attempt: scores 3 (me), 12, 4, 0 → rank 3, 2 of 4 at or below → 50.
    // Retake 8 against 12, 4, 0 → rank 2, 3 of 4 → 75.
    expect(d.attempts.map((a) => [a.attemptId, a.scored, a.rank, a.percentile, a.candidates])).toEqual([
      ['m1', 3, 3, 50, 4],
      ['m2', 8, 2, 75, 4],
    ]);
    expect(d.attempts[0]).toMatchObject({ taskName: 'Mock 1', accuracy: 50, percentage: 25, negativeMarksLost: 1, scoredSkippingWrong: 4 });
  });

  it('gives subject and topic accuracy with time against the top 10 %', () => {
    // Physics: 4 questions over both attempts, 3 correct, 1 wrong; my time 50, 10, 15, 30 → 26.25 s; top 20, 40, 20, 40 → 30.
    expect(d.subjects).toEqual([
      expect.objectContaining({ subject: 'Physics', questions: 4, correct: 3, wrong: 1, accuracy: 75, secondsPerQuestion: 26.25, topSecondsPerQuestion: 30, negativeMarksLost: 1 }),
      expect.objectContaining({ subject: 'Biology', questions: 2, skipped: 2, accuracy: 0, secondsPerQuestion: 0, topSecondsPerQuestion: null }),
    ]);
    expect(d.topics.find((t) => t.topic === 'Optics')).toMatchObject({ subject: 'Physics', accuracy: 75 });
    expect(d.weakestTopics).toEqual([{ subject: 'Biology', topic: 'Cells', accuracy: 0, questions: 2, courseId: 7 }]);
  });

  it('lists where each weakest topic was missed, newest test first, to practise', () => {
    // Cells was left blank in m1 and in the retake m2; the hidden-score test does not count.
    expect(d.practise).toEqual([
      {
        subject: 'Biology',
        topic: 'Cells',
        attempts: [
          { attemptId: 'm2', taskName: 'Mock 1', missed: 1 },
          { attemptId: 'm1', taskName: 'Mock 1', missed: 1 },
        ],
      },
    ]);
  });

  it('sorts answers into correct but slow, wrong and fast, and skipped', () => {
    // m1: q1 correct 50 s > 1.5 × 20 → slow; q2 wrong 10 s < 0.5 × 40 → fast; q3 skipped.
    // m2: q1 15 s and q2 30 s correct in time; q3 skipped.
    // Changed: m1 q2 right → wrong; m2 q1 wrong → right, m2 q3 wrong → blank. The hidden test's change is left out.
    expect(d.quality).toEqual({
      correctInTime: 2,
      correctSlow: 1,
      wrongFast: 1,
      wrongOther: 0,
      skipped: 2,
      changed: { questions: 3, wrongToRight: 1, rightToWrong: 1, wrongToWrong: 0, rightToRight: 0, cleared: 1 },
    });
  });

  it('adds up marks lost to negative marking and the score without the wrong answers', () => {
    expect(d.negativeMarking).toEqual({ marksLost: 1, wrongAnswers: 1, scored: 11, scoredSkippingWrong: 12 });
  });

  it('is empty for a student without attempts', () => {
    const none = buildStudentDashboard({ studentId: 5, mine: [], firstAttempts: [], tasks: new Map() });
    expect(none).toMatchObject({ attempts: [], subjects: [], topics: [], weakestTopics: [], negativeMarking: { marksLost: 0, scored: 0 } });
  });
});
